/**
 * Pure functions of the state. Those that build new objects take the parts they need, so a
 * component can memoise them on those parts (zustand re-renders on every new reference).
 */
import type { CurrentBroadcasterView, IngestOverview, IngestServer, StreamStatus } from '../../../shared/ipc/contract';
import { formatConnection, formatDateTime, formatLatency } from '../lib/format';
import { formatViewers } from '../lib/live-format';
import { idleAction } from './action-runner';
import type { ActionId, ActionStatus, SidestageState } from './types';

export const selectAction =
  (id: ActionId) =>
  (state: SidestageState): ActionStatus =>
    state.actions[id] ?? idleAction;

/**
 * Whose channel the panels show: main's one rule (`AuthState.currentBroadcaster`). While a sign-in
 * is renewed it is still the last account, with `canCallApi` false: its data stays on screen and
 * actions wait for the sign-in. Null: nobody is signed in (or main has not answered yet).
 */
export const selectCurrentBroadcaster = (state: Pick<SidestageState, 'auth'>): CurrentBroadcasterView | null => state.auth?.currentBroadcaster ?? null;

/** The platform can be called for the current broadcaster now (signed in). */
export const selectCanCallApi = (state: SidestageState): boolean => state.auth?.currentBroadcaster?.canCallApi ?? false;

/**
 * The stream status the status bar shows: the current broadcaster's, kept while their sign-in is
 * renewed (main's rule); none while nobody is signed in.
 */
export const selectShownStreamStatus = (state: SidestageState): StreamStatus | null => (selectCurrentBroadcaster(state) ? state.streamStatus : null);

/**
 * Whether what main last said is known to be current: this page is connected to main. While it is
 * not (the dock lost Sidestage), a figure main read, as the viewer count, may no longer be true: it
 * goes or says its age, wherever it is shown.
 */
export const selectMainConnected = (state: SidestageState): boolean => state.connection === 'connected';

/**
 * The viewer count in words wherever the stream's status shows it ("1,873 viewers", "—" before
 * the platform gave one); null when none is shown: not live, nobody signed in, or main out of reach.
 */
export const selectShownViewers = (state: SidestageState): string | null => {
  const status = selectShownStreamStatus(state);
  return status?.live && selectMainConnected(state) ? formatViewers(status.viewerCount) : null;
};

/** The status bar's account item. */
export const selectAccountLabel = (state: SidestageState): string => {
  const auth = state.auth;
  if (!auth) return 'Loading…';
  if (auth.status === 'signedIn' && auth.account) return auth.account.login;
  if (auth.status === 'needsSignIn') return auth.account ? `${auth.account.login} (sign in again)` : 'Sign in again';
  if (auth.status === 'signingIn') return 'Signing in…';
  return 'Signed out';
};

/** "Demo" for the built-in emulator, otherwise what main calls the platform. */
export const selectModeLabel = (state: SidestageState): string => {
  const info = state.appInfo;
  if (!info) return '…';
  return info.mode === 'demo' ? 'Demo' : info.platformLabel;
};

export const selectConnectionLabel = (state: SidestageState): string => formatConnection(state.connection);

/** Token storage warning, when tokens are not really encrypted at rest. */
export const selectTokenStorageWarning = (state: SidestageState): string | null => {
  const storage = state.appInfo?.tokenStorage;
  if (!storage || storage.secure) return null;
  return (
    storage.warning ??
    'This system offers no secure storage: your sign-in is kept on disk without real encryption.'
  );
};

/** The server in use: the user's choice, or main's recommendation while they made none (null). */
export function effectiveServerId(overview: IngestOverview | null): number | null {
  if (!overview) return null;
  return overview.selectedId ?? overview.recommendedId;
}

export interface IngestRow {
  id: number;
  name: string;
  host: string;
  latency: string;
  status: IngestServer['probe']['status'];
  recommended: boolean;
  /** In use according to main (chosen, or recommended while nothing is chosen). */
  selected: boolean;
  /** What the radio shows: the pending choice while main has not answered, else the selection. */
  checked: boolean;
}

export function ingestRows(overview: IngestOverview | null, pendingSelectId: number | null): IngestRow[] {
  if (!overview) return [];
  const inUse = effectiveServerId(overview);
  const shown = pendingSelectId ?? inUse;
  return overview.servers.map((server) => ({
    id: server.id,
    name: server.name,
    host: server.host,
    latency: formatLatency(server.probe),
    status: server.probe.status,
    // Only a measured server is recommended: before any test main falls back to the directory's
    // first entry, which is a default, not a recommendation.
    recommended: server.id === overview.recommendedId && server.probe.status === 'ok',
    selected: server.id === inUse,
    checked: server.id === shown,
  }));
}

export const selectSelectedServer = (state: SidestageState): IngestServer | null => {
  const id = effectiveServerId(state.ingest);
  return state.ingest?.servers.find((server) => server.id === id) ?? null;
};

/** True once at least one server answered a latency test. */
export const selectHasMeasured = (state: SidestageState): boolean => state.ingest?.servers.some((server) => server.probe.status === 'ok') ?? false;

/** True while the user has chosen no server and main follows its recommendation. */
export const selectFollowsRecommendation = (state: SidestageState): boolean =>
  state.ingest !== null && state.ingest.selectedId === null && state.ingest.recommendedId !== null;

/** Why the list is not fresh from the directory, or null when it is. */
export function ingestSourceNote(overview: IngestOverview | null): string | null {
  if (!overview) return null;
  const why = overview.directoryError ? ` The directory could not be read: ${overview.directoryError}` : '';
  switch (overview.source) {
    case 'directory':
      return overview.directoryError ? `The list may be out of date. ${why.trim()}` : null;
    case 'cache':
      return `Showing the saved list${overview.fetchedAt ? ` from ${formatDateTime(overview.fetchedAt)}` : ''}.${why}`;
    case 'fallback':
      return `Showing the built-in list.${why}`;
  }
}

/** The switches as the user last set them, pending answers included. */
export const selectIngestOptions = (state: SidestageState): { secure: boolean; bandwidthTest: boolean } | null => {
  if (!state.ingest) return null;
  return {
    secure: state.pendingOptions.secure ?? state.ingest.secure,
    bandwidthTest: state.pendingOptions.bandwidthTest ?? state.ingest.bandwidthTest,
  };
};

export const selectStreamUrl = (state: SidestageState): string => state.revealedUrl ?? state.ingest?.maskedUrl ?? '';

export const selectIsProbing = (state: SidestageState): boolean =>
  Boolean(state.ingest?.probing) || (state.actions['ingest.probe']?.pending ?? false);

/** The channel's title: one fact, main's channel info; the stream status's copy only until that is read. */
export const selectChannelTitle = (state: SidestageState): string => state.channelInfo?.title ?? state.streamStatus?.title ?? '';

/** The channel's category, from the same fact as the title. */
export const selectChannelCategory = (state: SidestageState): string => state.channelInfo?.categoryName ?? state.streamStatus?.categoryName ?? '';

/** Fakes of the store's dependencies, for its tests. */
import { vi } from 'vitest';
import type {
  BotAccountState,
  AppInfo,
  AuthState,
  ChatRulesState,
  ChatUserCard,
  HeldMessagesState,
  ShieldModeState,
  UnbanRequestsState,
  BannedAccountsState,
  ModLogState,
  AutomationsState,
  DataRecoveryNotice,
  EventName,
  EventPayload,
  HotkeysState,
  IngestOverview,
  IpcError,
  ObsState,
  IpcResult,
  LiveView,
  BroadcastStory,
  BroadcastStoryList,
  SidestageBridge,
  Theme,
} from '../../../shared/ipc/contract';
import { withCurrentBroadcaster } from '../../../shared/domain/current-broadcaster';
import { defaultLiveView, signedOutAuthState } from '../../../shared/ipc/contract';
import type { ConnectionSource, ConnectionState } from '../lib/dock-bridge';
import { createSidestageStore, startMirroring } from '../store/create-store';
import type { StoreDeps } from '../store/types';

export const appInfo: AppInfo = {
  version: '0.1.0',
  mode: 'demo',
  transport: 'dock',
  platformLabel: 'Emulator',
  tokenStorage: { kind: 'encrypted-file', secure: true, warning: null },
  savedClientId: null,
  clientIdFromEnvironment: false,
  demoForced: false,
  restartRequired: false,
};

export const signedOut: AuthState = signedOutAuthState;

/** The bot account signed out, for a client with a secret (its lines would wear the chat-bot badge). */
export const botSignedOut: BotAccountState = { status: 'signedOut', account: null, scopes: [], missingScopes: [], pending: null, lastValidatedAt: null, error: null, speaksWithBadge: true };

export const signedIn: AuthState = withCurrentBroadcaster(
  {
    status: 'signedIn',
    account: { id: '1001', login: 'demo', displayName: 'Demo', broadcasterType: 'affiliate', profileImageUrl: '' },
    scopes: ['channel:read:stream_key'],
    missingScopes: [],
    pending: null,
    lastValidatedAt: '2030-01-01T10:00:00Z',
    error: null,
  },
  null,
);

export const overview: IngestOverview = {
  servers: [
    { id: 1, name: 'EU: Frankfurt', host: 'fra.example:1935', serverUrl: 'rtmp://fra.example/app', probe: { status: 'ok', medianMs: 12, rounds: 3 } },
    { id: 2, name: 'EU: Paris', host: 'par.example:1935', serverUrl: 'rtmp://par.example/app', probe: { status: 'untested' } },
    { id: 3, name: 'US: Ashburn', host: 'iad.example:1935', serverUrl: 'rtmp://iad.example/app', probe: { status: 'unreachable', reason: 'connection refused' } },
  ],
  selectedId: 1,
  recommendedId: 1,
  source: 'directory',
  fetchedAt: '2030-01-01T10:00:00Z',
  directoryError: null,
  probing: false,
  probedAt: null,
  secure: false,
  bandwidthTest: false,
  maskedUrl: 'rtmp://fra.example/app/live_1001_••••',
  streamKeyError: null,
};

/** The desktop app's hotkeys out of the box: the marker's only. */
export const hotkeysState: HotkeysState = {
  hotkeys: [{ action: 'marker', label: 'Drop a marker', accelerator: 'CommandOrControl+Alt+M', registered: true, error: null, lastFiredAt: null }],
  testingUntil: null,
  unavailable: null,
};

/** Shield Mode off, read. */
export const shieldOff: ShieldModeState = { known: true, active: false, lastActivatedAt: null, by: null, error: null, suggestion: null };
/** Automations as main reports them once read: none yet, not paused. */
export const automationsState = (revision = 1, extra: Partial<AutomationsState> = {}): AutomationsState => ({
  revision,
  loaded: true,
  problem: null,
  paused: false,
  automations: [],
  statuses: [],
  runs: [],
  templates: [{ id: 'hydrate', name: 'Hydrate!', description: 'x' }],
  testMode: 'simulation',
  hotkeysUnavailable: null,
  variables: [],
  ...extra,
});

/** OBS as main first reports it: off, at the default address, no password saved. */
export const obsOff: ObsState = {
  enabled: false,
  host: '127.0.0.1',
  port: 4455,
  passwordSaved: false,
  status: 'off',
  statusText: 'Not connected to OBS',
  obsVersion: null,
  websocketVersion: null,
  nextRetryAt: null,
  retries: 0,
  streamState: 'unknown',
  streamStateSince: null,
  health: null,
  streamProblem: null,
  autoMarkerOnReconnect: false,
};

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });
export const fail = (error: IpcError): IpcResult<never> => ({ ok: false, error });

/** A promise the test settles by hand, to see the store while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export function fakeBridge() {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const bridge = {
    app: {
      getInfo: vi.fn(async () => ok(appInfo)),
      setPlatform: vi.fn(async ({ clientId }: { clientId: string | null }) => ok({ ...appInfo, savedClientId: clientId, restartRequired: clientId !== null })),
    },
    auth: {
      getState: vi.fn(async () => ok(signedOut)),
      signIn: vi.fn(async (_arg?: unknown) => ok(signedOut)),
      cancelSignIn: vi.fn(async () => ok(signedOut)),
      signOut: vi.fn(async () => ok(signedOut)),
    },
    bot: {
      getState: vi.fn(async () => ok(botSignedOut)),
      signIn: vi.fn(async (_arg?: unknown) => ok(botSignedOut)),
      cancelSignIn: vi.fn(async () => ok(botSignedOut)),
      signOut: vi.fn(async () => ok(botSignedOut)),
    },
    ingest: {
      getOverview: vi.fn(async () => ok(overview)),
      refresh: vi.fn(async () => ok(overview)),
      probe: vi.fn(async () => ok(overview)),
      select: vi.fn(async (_arg: { serverId: number }) => ok(overview)),
      setOptions: vi.fn(async (_arg: { secure?: boolean; bandwidthTest?: boolean }) => ok(overview)),
      revealStreamKey: vi.fn(async (_arg: { purpose: 'reveal' | 'copy' }) =>
        ok({ streamKey: 'live_1001_secret', url: 'rtmp://fra.example/app/live_1001_secret' }),
      ),
    },
    events: {
      getStatus: vi.fn(async () => ok({ state: 'connected' as const, sessionId: 's', connectedAt: null, lastMessageAt: null, subscriptions: [], error: null })),
      reconnect: vi.fn(),
    },
    hotkeys: {
      getState: vi.fn(async () => ok(hotkeysState)),
      set: vi.fn(async (_arg: { action: string; accelerator: string }) => ok(hotkeysState)),
      clear: vi.fn(async (_arg: { action: string }) => ok(hotkeysState)),
      startTest: vi.fn(async () => ok(hotkeysState)),
    },
    appearance: {
      get: vi.fn(async () => ok({ theme: 'system' as Theme })),
      set: vi.fn(async (arg: { theme?: Theme }) => ok({ theme: arg.theme ?? ('system' as Theme) })),
    },
    liveView: {
      get: vi.fn(async () => ok<LiveView>(defaultLiveView)),
      set: vi.fn(async (changes: Partial<LiveView>) => ok<LiveView>({ ...defaultLiveView, ...changes })),
    },
    broadcastStory: {
      list: vi.fn(async () => ok<BroadcastStoryList>({ broadcasts: [], liveId: null, unavailable: null })),
      get: vi.fn(async (_arg: { id: string }): Promise<IpcResult<BroadcastStory>> => ({ ok: false, error: { code: 'invalid_argument', message: 'No such broadcast.' } })),
    },
    data: {
      getNotices: vi.fn(async () => ok([] as DataRecoveryNotice[])),
      dismissNotice: vi.fn(async (_arg: { id: string }) => ok([] as DataRecoveryNotice[])),
    },
    shieldMode: {
      getState: vi.fn(async () => ok(shieldOff)),
      set: vi.fn(async ({ active }: { active: boolean }) => ok({ ...shieldOff, active })),
      dismissSuggestion: vi.fn(async () => ok(shieldOff)),
    },
    heldMessages: {
      getState: vi.fn(async () => ok<HeldMessagesState>({ messages: [], dropped: 0 })),
      resolve: vi.fn(async (_arg: { messageId: string; action: 'allow' | 'deny' }) => ok({ message: 'Allowed.' })),
    },
    unbanRequests: {
      getState: vi.fn(async () => ok<UnbanRequestsState>({ loaded: true, requests: [], error: null })),
      refresh: vi.fn(async () => ok<UnbanRequestsState>({ loaded: true, requests: [], error: null })),
      resolve: vi.fn(async (_arg: { requestId: string; status: 'approved' | 'denied'; note?: string }) => ok({ message: 'Resolved.' })),
    },
    chatRules: {
      get: vi.fn(async () => ok<ChatRulesState>({ autoMod: null, blockedTerms: null, error: null })),
      refresh: vi.fn(async () => ok<ChatRulesState>({ autoMod: null, blockedTerms: null, error: null })),
      setAutoModLevel: vi.fn(async (_arg: { level: number }) => ok<ChatRulesState>({ autoMod: null, blockedTerms: null, error: null })),
      addBlockedTerm: vi.fn(async (_arg: { text: string }) => ok<ChatRulesState>({ autoMod: null, blockedTerms: null, error: null })),
      removeBlockedTerm: vi.fn(async (_arg: { id: string }) => ok<ChatRulesState>({ autoMod: null, blockedTerms: null, error: null })),
    },
    bannedAccounts: {
      getState: vi.fn(async () => ok<BannedAccountsState>({ loaded: true, accounts: [], truncated: false, error: null })),
      refresh: vi.fn(async () => ok<BannedAccountsState>({ loaded: true, accounts: [], truncated: false, error: null })),
      unban: vi.fn(async (_arg: { login: string }) => ok({ message: 'Unbanned.' })),
    },
    modLog: {
      getState: vi.fn(async () => ok<ModLogState>({ entries: [], liveBroadcastId: null, unavailable: null })),
    },
    chatUsers: {
      getCard: vi.fn(async (_arg: { userId: string }): Promise<IpcResult<ChatUserCard>> => fail({ code: 'unavailable', message: 'not scripted' })),
      act: vi.fn(async (_arg: { userId: string; action: string }): Promise<IpcResult<{ message: string; card: ChatUserCard | null }>> => ok({ message: 'Done.', card: null })),
      warn: vi.fn(async (_arg: { userId: string; reason: string }): Promise<IpcResult<{ message: string; card: ChatUserCard | null }>> => ok({ message: 'Warned.', card: null })),
      setSuspicious: vi.fn(async (_arg: { userId: string; status: string }): Promise<IpcResult<{ message: string; card: ChatUserCard | null }>> => ok({ message: 'Done.', card: null })),
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => {
        set.delete(listener as (payload: never) => void);
      };
    },
  };
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    for (const listener of listeners.get(event) ?? []) (listener as (payload: EventPayload<E>) => void)(payload);
  };
  const listenerCount = () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0);
  // The fake's functions accept what the real ones do; the cast only drops vi.fn's extra members.
  return { bridge: bridge as typeof bridge & SidestageBridge, emit, listenerCount };
}

export function fakeConnection(initial: ConnectionState = 'connecting') {
  let state = initial;
  const listeners = new Set<(state: ConnectionState) => void>();
  const resyncs = new Set<() => void>();
  const connection: ConnectionSource = {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onResync: (listener) => {
      resyncs.add(listener);
      return () => resyncs.delete(listener);
    },
  };
  return {
    connection,
    set(next: ConnectionState) {
      state = next;
      for (const listener of listeners) listener(next);
    },
    resync() {
      for (const listener of resyncs) listener();
    },
  };
}

export function fakeDeps(overrides: Partial<StoreDeps> = {}) {
  const { bridge, emit, listenerCount } = fakeBridge();
  const connection = fakeConnection();
  const openUrl = vi.fn<(url: string) => void>();
  const writeClipboard = vi.fn<(text: string) => Promise<void>>(async () => {});
  const deps: StoreDeps = {
    bridge,
    transport: 'dock',
    connection: connection.connection,
    openUrl,
    writeClipboard,
    copyFeedbackMs: 1_000,
    ...overrides,
  };
  return { deps, bridge, emit, listenerCount, connection, openUrl, writeClipboard };
}

/** A store over fakeDeps() that follows main as the app's does: the fakes, the store, and how to stop following. */
export function mirroredStore(overrides: Partial<StoreDeps> = {}) {
  const fakes = fakeDeps(overrides);
  const store = createSidestageStore(fakes.deps);
  const stop = startMirroring(store, fakes.deps);
  return { ...fakes, store, stop };
}

/** Lets pending promise callbacks run (microtasks only, so it works under fake timers). */
export async function flush(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}

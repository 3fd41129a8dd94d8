import { describe, expect, it } from 'vitest';
import { createSidestageStore } from './create-store';
import {
  ingestRows,
  selectHasMeasured,
  ingestSourceNote,
  selectAccountLabel,
  selectConnectionLabel,
  selectFollowsRecommendation,
  selectIngestOptions,
  selectIsProbing,
  selectModeLabel,
  selectShownViewers,
  selectSelectedServer,
  selectStreamUrl,
  selectTokenStorageWarning,
} from './selectors';
import { appInfo, fakeDeps, overview, signedIn, signedOut } from '../test-support/store-fakes';
import type { SidestageState } from './types';
import type { StreamStatus } from '../../../shared/ipc/contract';

function state(patch: Partial<SidestageState> = {}): SidestageState {
  return { ...createSidestageStore(fakeDeps().deps).getState(), ...patch };
}

describe('status bar selectors', () => {
  it('shows the login, or "Signed out"', () => {
    expect(selectAccountLabel(state({ auth: signedIn }))).toBe('demo');
    expect(selectAccountLabel(state({ auth: signedOut }))).toBe('Signed out');
    expect(selectAccountLabel(state({ auth: { ...signedIn, status: 'needsSignIn' } }))).toBe('demo (sign in again)');
  });

  it('shows "Demo" in demo mode and the platform label otherwise', () => {
    expect(selectModeLabel(state({ appInfo }))).toBe('Demo');
    expect(selectModeLabel(state({ appInfo: { ...appInfo, mode: 'platform', platformLabel: 'Twitch' } }))).toBe('Twitch');
  });

  it('names the connection state', () => {
    expect(selectConnectionLabel(state({ connection: 'disconnected' }))).toBe('Disconnected');
  });

  it('shows the viewer count only while it is known to be current: live, signed in, and main in reach', () => {
    const live: StreamStatus = { live: true, streamId: 's1', startedAt: '2026-01-01T10:00:00Z', viewerCount: 1873, title: 'T', categoryId: '1', categoryName: 'C', checkedAt: null, error: null };
    expect(selectShownViewers(state({ auth: signedIn, streamStatus: live, connection: 'connected' }))).toBe('1,873 viewers');
    expect(selectShownViewers(state({ auth: signedIn, streamStatus: { ...live, viewerCount: null }, connection: 'connected' }))).toBe('—');
    // The dock lost main: the count it last said goes with it, at once.
    expect(selectShownViewers(state({ auth: signedIn, streamStatus: live, connection: 'connecting' }))).toBeNull();
    expect(selectShownViewers(state({ auth: signedIn, streamStatus: live, connection: 'disconnected' }))).toBeNull();
    expect(selectShownViewers(state({ auth: signedIn, streamStatus: { ...live, live: false }, connection: 'connected' }))).toBeNull();
    expect(selectShownViewers(state({ auth: signedOut, streamStatus: live, connection: 'connected' }))).toBeNull();
  });
});

describe('token storage warning', () => {
  it('is null when storage is secure', () => {
    expect(selectTokenStorageWarning(state({ appInfo }))).toBeNull();
  });

  it('uses main’s words, or its own when main gives none', () => {
    const insecure = { ...appInfo, tokenStorage: { kind: 'encrypted-file' as const, secure: false, warning: 'basic_text' } };
    expect(selectTokenStorageWarning(state({ appInfo: insecure }))).toBe('basic_text');
    expect(
      selectTokenStorageWarning(state({ appInfo: { ...insecure, tokenStorage: { ...insecure.tokenStorage, warning: null } } })),
    ).toMatch(/without real encryption/);
  });
});

describe('ingest selectors', () => {
  it('builds rows with latency text, recommendation and selection', () => {
    const rows = ingestRows({ ...overview, recommendedId: 1 }, null);
    expect(rows.map((row) => [row.name, row.latency, row.recommended, row.selected, row.checked])).toEqual([
      ['EU: Frankfurt', '12 ms', true, true, true],
      ['EU: Paris', 'not measured', false, false, false],
      ['US: Ashburn', 'unreachable: connection refused', false, false, false],
    ]);
  });

  it('recommends no server before any was measured', () => {
    const unmeasured = { ...overview, recommendedId: 2, servers: overview.servers.map((server) => ({ ...server, probe: { status: 'untested' as const } })) };
    expect(ingestRows(unmeasured, null).some((row) => row.recommended)).toBe(false);
    expect(ingestRows({ ...overview, recommendedId: 2 }, null).some((row) => row.recommended)).toBe(false);
    expect(selectHasMeasured(state({ ingest: unmeasured }))).toBe(false);
    expect(selectHasMeasured(state({ ingest: overview }))).toBe(true);
  });

  it('checks the pending choice while main has not answered', () => {
    const rows = ingestRows(overview, 3);
    expect(rows.find((row) => row.checked)?.id).toBe(3);
    expect(rows.find((row) => row.selected)?.id).toBe(1);
  });

  it('treats the recommended server as in use while the user has chosen none', () => {
    const following = { ...overview, selectedId: null, recommendedId: 2 };
    const rows = ingestRows(following, null);
    expect(rows.filter((row) => row.checked).map((row) => row.id)).toEqual([2]);
    expect(rows.filter((row) => row.selected).map((row) => row.id)).toEqual([2]);
    expect(selectSelectedServer(state({ ingest: following }))?.name).toBe('EU: Paris');
    expect(selectFollowsRecommendation(state({ ingest: following }))).toBe(true);
    expect(selectFollowsRecommendation(state({ ingest: overview }))).toBe(false);
  });

  it('has no rows without an overview', () => {
    expect(ingestRows(null, null)).toEqual([]);
  });

  it('explains a list from the cache or the built-in fallback', () => {
    expect(ingestSourceNote(overview)).toBeNull();
    expect(ingestSourceNote({ ...overview, source: 'fallback', fetchedAt: null, directoryError: 'timeout' })).toBe(
      'Showing the built-in list. The directory could not be read: timeout',
    );
    expect(ingestSourceNote({ ...overview, source: 'cache', directoryError: 'HTTP 503' })).toMatch(
      /^Showing the saved list from .+\. The directory could not be read: HTTP 503$/,
    );
  });

  it('shows the switches as the user set them while main has not answered', () => {
    expect(selectIngestOptions(state())).toBeNull();
    expect(selectIngestOptions(state({ ingest: overview, pendingOptions: { bandwidthTest: true } }))).toEqual({
      secure: false,
      bandwidthTest: true,
    });
  });

  it('shows the masked URL unless revealed', () => {
    expect(selectStreamUrl(state())).toBe('');
    expect(selectStreamUrl(state({ ingest: overview }))).toBe(overview.maskedUrl);
    expect(selectStreamUrl(state({ ingest: overview, revealedUrl: 'rtmp://x/app/key' }))).toBe('rtmp://x/app/key');
  });

  it('finds the selected server', () => {
    expect(selectSelectedServer(state({ ingest: overview }))?.name).toBe('EU: Frankfurt');
    expect(selectSelectedServer(state({ ingest: { ...overview, selectedId: null, recommendedId: null } }))).toBeNull();
  });

  it('is probing while main says so or the probe call is in flight', () => {
    expect(selectIsProbing(state({ ingest: overview }))).toBe(false);
    expect(selectIsProbing(state({ ingest: { ...overview, probing: true } }))).toBe(true);
    expect(selectIsProbing(state({ actions: { 'ingest.probe': { pending: true, error: null } } }))).toBe(true);
  });
});

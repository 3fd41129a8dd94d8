import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthState, IngestOverview } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { mirrorIngest } from './ingest-slice';
import { selectAction } from './selectors';
import {
  appInfo,
  deferred,
  fail,
  fakeDeps,
  flush,
  ok,
  overview,
  signedIn,
  signedOut,
} from '../test-support/store-fakes';

function setup(overrides: Parameters<typeof fakeDeps>[0] = {}) {
  const fakes = fakeDeps(overrides);
  const store = createSidestageStore(fakes.deps);
  return { ...fakes, store };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startMirroring', () => {
  it('loads app info and auth state, and follows the connection state', async () => {
    const { store, deps, connection } = setup();
    startMirroring(store, deps);
    await flush();
    expect(store.getState().appInfo).toEqual(appInfo);
    expect(store.getState().auth).toEqual(signedOut);
    expect(store.getState().connection).toBe('connecting');
    connection.set('connected');
    expect(store.getState().connection).toBe('connected');
  });

  it('mirrors auth:changed and ingest:changed events', async () => {
    const { store, deps, emit } = setup();
    startMirroring(store, deps);
    await flush();
    emit('auth:changed', signedIn);
    expect(store.getState().auth?.status).toBe('signedIn');
    const probing: IngestOverview = { ...overview, probing: true };
    emit('ingest:changed', probing);
    expect(store.getState().ingest?.probing).toBe(true);
  });

  it('re-reads auth and the overview on resync', async () => {
    const { store, deps, bridge, connection } = setup();
    bridge.auth.getState.mockResolvedValue(ok(signedIn));
    startMirroring(store, deps);
    await flush();
    expect(bridge.ingest.getOverview).toHaveBeenCalledTimes(1);
    connection.resync();
    await flush();
    expect(bridge.auth.getState).toHaveBeenCalledTimes(2);
    expect(bridge.ingest.getOverview).toHaveBeenCalledTimes(2);
  });

  it('stops listening when stopped', async () => {
    const { store, deps, listenerCount } = setup();
    const stop = startMirroring(store, deps);
    // auth and ingest, plus whatever other features mirror (live controls: five events).
    expect(listenerCount()).toBeGreaterThanOrEqual(2);
    stop();
    expect(listenerCount()).toBe(0);
  });
});

describe('app actions', () => {
  it('saves a client ID for the next start and shows that a restart is needed', async () => {
    const { store, bridge } = setup();
    await store.getState().setPlatform('abcdefghij0123456789abcdefghij');
    expect(bridge.app.setPlatform).toHaveBeenCalledWith({ clientId: 'abcdefghij0123456789abcdefghij' });
    expect(store.getState().appInfo).toMatchObject({ savedClientId: 'abcdefghij0123456789abcdefghij', restartRequired: true });
  });

  it('shows why a client ID was refused, and keeps the old info', async () => {
    const { store, bridge } = setup();
    await store.getState().loadAppInfo();
    bridge.app.setPlatform.mockResolvedValueOnce(fail({ code: 'invalid_argument', message: 'A client ID is 30 lower-case letters and digits.' }));
    await store.getState().setPlatform('nope');
    expect(selectAction('app.setPlatform')(store.getState()).error).toBe('A client ID is 30 lower-case letters and digits.');
    expect(store.getState().appInfo).toEqual(appInfo);
  });
});

describe('per-action errors and retry', () => {
  it('records the failure in words and retries with the same call', async () => {
    const { store, bridge } = setup();
    bridge.app.getInfo.mockResolvedValueOnce(
      fail({ code: 'unavailable', message: 'Sidestage is not reachable: Failed to fetch' }),
    );
    await store.getState().loadAppInfo();
    // Transport words never reach the broadcaster: the code's words with what to do instead.
    expect(selectAction('app.load')(store.getState())).toEqual({
      pending: false,
      error: 'Sidestage’s background service is not answering: is the dock still running? Start it again, then reload this page.',
    });

    await store.getState().retry('app.load');
    expect(store.getState().appInfo).toEqual(appInfo);
    expect(selectAction('app.load')(store.getState()).error).toBeNull();
  });

  it('marks an action pending while its call is in flight', async () => {
    const { store, bridge } = setup();
    const answer = deferred<Awaited<ReturnType<typeof bridge.ingest.refresh>>>();
    bridge.ingest.refresh.mockReturnValueOnce(answer.promise);
    const running = store.getState().refreshIngest();
    expect(selectAction('ingest.refresh')(store.getState()).pending).toBe(true);
    answer.resolve(ok(overview));
    await running;
    expect(selectAction('ingest.refresh')(store.getState()).pending).toBe(false);
    expect(store.getState().ingest).toEqual(overview);
  });

  it('lets the user dismiss an error', async () => {
    const { store, bridge } = setup();
    bridge.auth.signOut.mockResolvedValueOnce(fail({ code: 'internal', message: 'Boom' }));
    await store.getState().signOut();
    expect(selectAction('auth.signOut')(store.getState()).error).toBe('Boom');
    store.getState().dismissError('auth.signOut');
    expect(selectAction('auth.signOut')(store.getState()).error).toBeNull();
  });

  it('returns the same idle object for actions never run (stable for selectors)', () => {
    const { store } = setup();
    expect(selectAction('ingest.probe')(store.getState())).toBe(selectAction('ingest.select')(store.getState()));
  });
});

describe('auth actions', () => {
  const loopbackPending = (openedBy: 'main' | 'renderer'): AuthState => ({
    ...signedOut,
    status: 'signingIn',
    pending: {
      flow: 'loopback',
      authorizeUrl: 'http://127.0.0.1:5000/oauth2/authorize?client_id=x',
      openedBy,
      expiresAt: '2030-01-01T10:05:00Z',
    },
  });

  it('opens the consent page itself when main could not (dock mode)', async () => {
    const { store, bridge, openUrl } = setup();
    bridge.auth.signIn.mockResolvedValueOnce(ok(loopbackPending('renderer')));
    await store.getState().signIn('loopback');
    expect(bridge.auth.signIn).toHaveBeenCalledWith({ flow: 'loopback' });
    expect(openUrl).toHaveBeenCalledWith('http://127.0.0.1:5000/oauth2/authorize?client_id=x');
    expect(store.getState().auth?.status).toBe('signingIn');
  });

  it('does not open the page when main already did', async () => {
    const { store, bridge, openUrl } = setup();
    bridge.auth.signIn.mockResolvedValueOnce(ok(loopbackPending('main')));
    await store.getState().signIn('loopback');
    expect(openUrl).not.toHaveBeenCalled();
  });

  it('starts the device flow and shows its code', async () => {
    const { store, bridge, openUrl } = setup();
    bridge.auth.signIn.mockResolvedValueOnce(
      ok({
        ...signedOut,
        status: 'signingIn',
        pending: { flow: 'device', userCode: 'ABCD-EFGH', verificationUri: 'http://127.0.0.1:5000/activate', expiresAt: 'x' },
      }),
    );
    await store.getState().signIn('device');
    expect(bridge.auth.signIn).toHaveBeenCalledWith({ flow: 'device' });
    expect(store.getState().auth?.pending).toMatchObject({ flow: 'device', userCode: 'ABCD-EFGH' });
    expect(openUrl).not.toHaveBeenCalled();
  });

  it('treats a cancelled sign-in as an answer, not an error', async () => {
    const { store, bridge } = setup();
    bridge.auth.signIn.mockResolvedValueOnce(fail({ code: 'cancelled', message: 'Sign-in was cancelled' }));
    await store.getState().signIn('loopback');
    expect(selectAction('auth.signIn')(store.getState()).error).toBeNull();
  });

  it('shows a failed sign-in start', async () => {
    const { store, bridge } = setup();
    bridge.auth.signIn.mockResolvedValueOnce(fail({ code: 'network_error', message: 'The platform is unreachable.' }));
    await store.getState().signIn('loopback');
    expect(selectAction('auth.signIn')(store.getState()).error).toBe('The platform is unreachable.');
  });

  it('loads the ingest overview when the account becomes signed in, once', async () => {
    const { store, bridge, deps } = setup();
    mirrorIngest(store, deps);
    store.getState().applyAuth(signedIn);
    store.getState().applyAuth({ ...signedIn, lastValidatedAt: '2030-01-01T11:00:00Z' });
    await flush();
    expect(bridge.ingest.getOverview).toHaveBeenCalledTimes(1);
    expect(store.getState().ingest).toEqual(overview);
  });

  it('forgets a revealed stream URL on sign-out', async () => {
    const { store } = setup();
    store.getState().applyAuth(signedIn);
    await flush();
    await store.getState().revealStreamUrl();
    expect(store.getState().revealedUrl).not.toBeNull();
    await store.getState().signOut();
    expect(store.getState().auth?.status).toBe('signedOut');
    expect(store.getState().revealedUrl).toBeNull();
  });

  it('cancels a pending sign-in through main', async () => {
    const { store, bridge } = setup();
    await store.getState().cancelSignIn();
    expect(bridge.auth.cancelSignIn).toHaveBeenCalledTimes(1);
    expect(store.getState().auth).toEqual(signedOut);
  });
});

describe('ingest actions', () => {
  async function signedInStore(overrides: Parameters<typeof fakeDeps>[0] = {}) {
    const fakes = setup(overrides);
    mirrorIngest(fakes.store, fakes.deps);
    fakes.store.getState().applyAuth(signedIn);
    await flush();
    return fakes;
  }

  it('shows the chosen server as checked until main answers, then main’s answer', async () => {
    const { store, bridge } = await signedInStore();
    const answer = deferred<Awaited<ReturnType<typeof bridge.ingest.select>>>();
    bridge.ingest.select.mockReturnValueOnce(answer.promise);
    const running = store.getState().selectServer(2);
    expect(store.getState().pendingSelectId).toBe(2);
    expect(bridge.ingest.select).toHaveBeenCalledWith({ serverId: 2 });
    answer.resolve(ok({ ...overview, selectedId: 2 }));
    await running;
    expect(store.getState().pendingSelectId).toBeNull();
    expect(store.getState().ingest?.selectedId).toBe(2);
  });

  it('reverts a failed selection and keeps the error with a retry of the same server', async () => {
    const { store, bridge } = await signedInStore();
    bridge.ingest.select.mockResolvedValueOnce(fail({ code: 'internal', message: 'Could not save the setting' }));
    await store.getState().selectServer(3);
    expect(store.getState().pendingSelectId).toBeNull();
    expect(store.getState().ingest?.selectedId).toBe(1);
    expect(selectAction('ingest.select')(store.getState()).error).toBe('Could not save the setting');

    bridge.ingest.select.mockResolvedValueOnce(ok({ ...overview, selectedId: 3 }));
    await store.getState().retry('ingest.select');
    expect(bridge.ingest.select).toHaveBeenLastCalledWith({ serverId: 3 });
    expect(store.getState().ingest?.selectedId).toBe(3);
  });

  it('applies only the latest of overlapping selections', async () => {
    const { store, bridge } = await signedInStore();
    const first = deferred<Awaited<ReturnType<typeof bridge.ingest.select>>>();
    const second = deferred<Awaited<ReturnType<typeof bridge.ingest.select>>>();
    bridge.ingest.select.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const a = store.getState().selectServer(2);
    const b = store.getState().selectServer(3);
    second.resolve(ok({ ...overview, selectedId: 3 }));
    await b;
    first.resolve(ok({ ...overview, selectedId: 2 }));
    await a;
    expect(store.getState().ingest?.selectedId).toBe(3);
  });

  it('sets RTMPS and the bandwidth test separately, so neither failure hides the other', async () => {
    const { store, bridge } = await signedInStore();
    bridge.ingest.setOptions
      .mockResolvedValueOnce(fail({ code: 'internal', message: 'RTMPS failed' }))
      .mockResolvedValueOnce(ok({ ...overview, bandwidthTest: true }));
    await Promise.all([store.getState().setSecure(true), store.getState().setBandwidthTest(true)]);
    expect(bridge.ingest.setOptions).toHaveBeenCalledWith({ secure: true });
    expect(bridge.ingest.setOptions).toHaveBeenCalledWith({ bandwidthTest: true });
    expect(selectAction('ingest.setSecure')(store.getState()).error).toBe('RTMPS failed');
    expect(store.getState().ingest?.bandwidthTest).toBe(true);
    expect(store.getState().pendingOptions).toEqual({ secure: undefined, bandwidthTest: undefined });
  });

  it('reveals the full URL on request and forgets it on hide', async () => {
    const { store, bridge } = await signedInStore();
    await store.getState().revealStreamUrl();
    expect(bridge.ingest.revealStreamKey).toHaveBeenCalledWith({ purpose: 'reveal' });
    expect(store.getState().revealedUrl).toBe('rtmp://fra.example/app/live_1001_secret');
    store.getState().hideStreamUrl();
    expect(store.getState().revealedUrl).toBeNull();
  });

  it('forgets the revealed URL when the selection or options change, or the panel is left', async () => {
    const { store } = await signedInStore();
    await store.getState().revealStreamUrl();
    store.getState().applyIngest({ ...overview, probing: true });
    expect(store.getState().revealedUrl).not.toBeNull();
    store.getState().applyIngest({ ...overview, secure: true });
    expect(store.getState().revealedUrl).toBeNull();

    await store.getState().revealStreamUrl();
    store.getState().setActivePanel('ingest');
    store.getState().setActivePanel('account');
    expect(store.getState().revealedUrl).toBeNull();
  });

  it('copies the server URL and shows "Copied" for a while', async () => {
    vi.useFakeTimers();
    const { store, writeClipboard } = await signedInStore();
    await store.getState().copyServerUrl();
    expect(writeClipboard).toHaveBeenCalledWith('rtmp://fra.example/app');
    expect(store.getState().copied?.target).toBe('server');
    vi.advanceTimersByTime(1_000);
    expect(store.getState().copied).toBeNull();
  });

  it('copies the recommended server while the user has chosen none', async () => {
    const { store, writeClipboard } = await signedInStore();
    store.getState().applyIngest({ ...overview, selectedId: null, recommendedId: 2 });
    await store.getState().copyServerUrl();
    expect(writeClipboard).toHaveBeenCalledWith('rtmp://par.example/app');
  });

  it('copies the stream key through an explicit copy request and never stores it', async () => {
    const { store, bridge, writeClipboard } = await signedInStore();
    await store.getState().copyStreamKey();
    expect(bridge.ingest.revealStreamKey).toHaveBeenCalledWith({ purpose: 'copy' });
    expect(writeClipboard).toHaveBeenCalledWith('live_1001_secret');
    expect(store.getState().copied?.target).toBe('streamKey');
    expect(JSON.stringify(store.getState())).not.toContain('secret');
  });

  it('copies the whole stream URL (server and key) for single-URL encoders, never storing it', async () => {
    const { store, bridge, writeClipboard } = await signedInStore();
    await store.getState().copyStreamUrl();
    expect(bridge.ingest.revealStreamKey).toHaveBeenCalledWith({ purpose: 'copy' });
    expect(writeClipboard).toHaveBeenCalledWith('rtmp://fra.example/app/live_1001_secret');
    expect(store.getState().copied?.target).toBe('streamUrl');
    expect(store.getState().revealedUrl).toBeNull();
    expect(JSON.stringify(store.getState())).not.toContain('secret');
  });

  it('reports a clipboard failure in words', async () => {
    const { store } = await signedInStore({
      writeClipboard: async () => Promise.reject(new Error('Document is not focused.')),
    });
    await store.getState().copyStreamKey();
    expect(selectAction('ingest.copyStreamKey')(store.getState()).error).toBe(
      'Could not write to the clipboard: Document is not focused.',
    );
    expect(store.getState().copied).toBeNull();
  });

  it('reports a failed reveal (e.g. a missing scope) without touching the field', async () => {
    const { store, bridge } = await signedInStore();
    bridge.ingest.revealStreamKey.mockResolvedValueOnce(
      fail({ code: 'api_error', message: 'Missing scope channel:read:stream_key', status: 401 }),
    );
    await store.getState().revealStreamUrl();
    expect(store.getState().revealedUrl).toBeNull();
    expect(selectAction('ingest.reveal')(store.getState()).error).toBe('Missing scope channel:read:stream_key');
  });

  it('probes and refreshes through main', async () => {
    const { store, bridge } = await signedInStore();
    bridge.ingest.probe.mockResolvedValueOnce(ok({ ...overview, probedAt: '2030-01-01T10:01:00Z' }));
    await store.getState().probeIngest();
    expect(store.getState().ingest?.probedAt).toBe('2030-01-01T10:01:00Z');
    await store.getState().refreshIngest();
    expect(bridge.ingest.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('resync', () => {
  it('reloads app info only when it is missing', async () => {
    const { store, bridge, deps, connection } = setup();
    bridge.app.getInfo.mockResolvedValueOnce(fail({ code: 'unavailable', message: 'Sidestage is not reachable' }));
    startMirroring(store, deps);
    await flush();
    expect(store.getState().appInfo).toBeNull();
    connection.resync();
    await flush();
    expect(bridge.app.getInfo).toHaveBeenCalledTimes(2);
    expect(store.getState().appInfo).toEqual(appInfo);
    connection.resync();
    await flush();
    expect(bridge.app.getInfo).toHaveBeenCalledTimes(2);
  });
});

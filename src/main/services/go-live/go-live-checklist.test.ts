import { describe, expect, it, vi } from 'vitest';
import type {
  AuthState,
  ChatSettingsState,
  EventsStatus,
  IngestOverview,
  MarkersOverview,
  ObsOutputSettings,
  ObsState,
  ObsStreamTarget,
  TestStreamState,
} from '../../../shared/ipc/contract';
import { Emitter } from '../../../shared/primitives/emitter';
import { signedInAuthState } from '../../test-support/auth-states';
import { createFakeClock } from '../../test-support/fake-clock';
import { AppError } from '../app-error';
import { silentLogger } from '../logger';
import { GoLiveChecklist, type GoLiveHotkeyState } from './go-live-checklist';

const scopes = ['channel:read:stream_key', 'channel:manage:broadcast'];

/** A value behind an Emitter, as each service exposes its state. */
function source<T>(initial: T) {
  const emitter = new Emitter<T>();
  let value = initial;
  return {
    get: () => value,
    on: (listener: (value: T) => void) => emitter.on(listener),
    set(next: Partial<T>) {
      value = { ...value, ...next };
      emitter.fire(value);
    },
    listeners: () => (emitter as unknown as { listeners: Set<unknown> }).listeners?.size,
  };
}

function overview(partial: Partial<IngestOverview> = {}): IngestOverview {
  return {
    servers: [
      { id: 1, name: 'Frankfurt', host: 'fra:1935', serverUrl: 'rtmp://fra.example/app', probe: { status: 'ok', medianMs: 23.4, rounds: 3 } },
      { id: 2, name: 'Paris', host: 'par:1935', serverUrl: 'rtmp://par.example/app', probe: { status: 'untested' } },
      { id: 3, name: 'Oslo', host: 'osl:1935', serverUrl: 'rtmp://osl.example/app', probe: { status: 'unreachable', reason: 'timed out' } },
    ],
    selectedId: 1,
    recommendedId: 1,
    source: 'directory',
    fetchedAt: null,
    directoryError: null,
    probing: false,
    probedAt: null,
    secure: false,
    bandwidthTest: false,
    maskedUrl: 'rtmp://fra.example/app/live_1234••••',
    streamKeyError: null,
    ...partial,
  };
}

const sameTarget: ObsStreamTarget = { match: 'same', differences: [], server: 'rtmp://fra.example/app', serverName: 'Frankfurt', obsService: 'rtmp_custom', obsServer: 'rtmp://fra.example/app' };
const goodOutput: ObsOutputSettings = { mode: 'simple', encoder: 'x264', videoBitrateKbps: 4500, keyframeIntervalSeconds: 2, outputWidth: 1280, outputHeight: 720, fps: 60 };

const idleTestStream: TestStreamState = {
  available: true,
  ffmpegInstalled: true,
  status: 'stopped',
  statusText: 'No test stream',
  serverName: null,
  publishingSince: null,
  problem: null,
  profile: '1280x720, 30 fps, 2,500 kbps H.264, keyframes every 2 s, AAC',
};

function setup(options: { testStream?: TestStreamState } = {}) {
  const clock = createFakeClock();
  const testStream = options.testStream ? source<TestStreamState>(options.testStream) : null;
  const auth = source<AuthState>({ ...signedInAuthState, scopes });
  const ingestChanges = new Emitter<IngestOverview>();
  let ingestOverview = overview();
  const obs = source<ObsState>({ status: 'connected', statusText: 'Connected', obsVersion: '30.1.0' } as ObsState);
  const events = source<EventsStatus>({
    state: 'connected',
    sessionId: 's',
    connectedAt: null,
    lastMessageAt: null,
    subscriptions: [
      { type: 'stream.online', status: 'enabled', error: null },
      { type: 'stream.offline', status: 'enabled', error: null },
    ],
    error: null,
  });
  const markers = source<MarkersOverview>({ lastResult: null } as MarkersOverview);
  const hotkey = source<GoLiveHotkeyState>({ accelerator: 'F9', registered: true, error: null });
  const chat = source<ChatSettingsState>({ presets: [{ id: 'calm', label: 'Calm start', description: 'slow mode 10 s' }], pendingRevert: null, error: null } as unknown as ChatSettingsState);
  let startPresetId: string | null = null;
  let target: ObsStreamTarget = sameTarget;
  let output: ObsOutputSettings | Error = goodOutput;
  const calls = {
    signIn: vi.fn(async () => undefined),
    connect: vi.fn(async () => undefined),
    probe: vi.fn(async () => ingestOverview),
    send: vi.fn(async (_overwrite: boolean) => ({ outcome: 'sent' as const, target: sameTarget })),
    applyPreset: vi.fn(async (_id: string) => undefined),
    getOverview: vi.fn(async () => ingestOverview),
    checkStreamTarget: vi.fn(async () => target),
  };
  const checklist = new GoLiveChecklist({
    auth: { getState: auth.get, onChange: auth.on, signIn: calls.signIn },
    ingest: { getOverview: calls.getOverview, probe: calls.probe, onChange: (l) => ingestChanges.on(l) },
    obs: {
      getState: obs.get,
      onChange: obs.on,
      connect: calls.connect,
      checkStreamTarget: calls.checkStreamTarget,
      sendStreamTarget: calls.send,
      getOutputSettings: async () => {
        if (output instanceof Error) throw output;
        return output;
      },
    },
    testStream: testStream ? { getState: testStream.get, onChange: testStream.on } : null,
    events: { getStatus: events.get, onStatusChange: events.on },
    markers: { getOverview: markers.get, onChange: markers.on },
    hotkey: { getState: hotkey.get, onChange: hotkey.on },
    chatSettings: { getState: chat.get, onChange: chat.on, applyPreset: calls.applyPreset },
    startPreset: { get: () => startPresetId, set: (id) => (startPresetId = id) },
    requiredScopes: scopes,
    requiredEventTypes: ['stream.online', 'stream.offline'],
    dockMode: false,
    logger: silentLogger,
    clock,
    recheckMs: 5000,
  });
  return {
    checklist,
    clock,
    auth,
    obs,
    testStream,
    events,
    markers,
    hotkey,
    chat,
    calls,
    ingestChanges,
    setOverview: (o: IngestOverview) => (ingestOverview = o),
    setTarget: (t: ObsStreamTarget) => (target = t),
    setOutput: (o: ObsOutputSettings | Error) => (output = o),
    setStartPreset: (id: string | null) => (startPresetId = id),
  };
}

const byId = (state: { items: { id: string }[] }, id: string) => state.items.find((i) => i.id === id) as ReturnType<GoLiveChecklist['getState']>['items'][number];

describe('GoLiveChecklist', () => {
  it('is ready when every required item is ok, with each reason in words', async () => {
    const t = setup();
    const state = await t.checklist.recheck();
    expect(state.ready).toBe(true);
    expect(state.summary).toBe('Ready to go live');
    expect(byId(state, 'signIn')).toMatchObject({ state: 'ok', required: true, fix: null });
    expect(byId(state, 'streamKey')).toMatchObject({ state: 'ok', reason: 'The stream key is fetched and OBS holds the current one.' });
    expect(byId(state, 'obsServer')).toMatchObject({ state: 'ok', reason: 'OBS streams to Frankfurt, reachable in 23 ms.' });
    expect(byId(state, 'obsOutput')).toMatchObject({ state: 'ok', required: false });
    expect(byId(state, 'vodStorage').state).toBe('unknown');
    expect(byId(state, 'vodStorage').reason).toMatch(/only when a marker is made while live/);
    expect(byId(state, 'eventSub').state).toBe('ok');
    expect(byId(state, 'markerHotkey')).toMatchObject({ state: 'ok', reason: 'F9 drops a marker.' });
    expect(byId(state, 'chatPreset')).toMatchObject({ state: 'not-applicable', required: false });
  });

  it('is not ready before the first check, and names what blocks it', async () => {
    const t = setup();
    expect(t.checklist.getState()).toMatchObject({ ready: false, summary: 'Not checked yet', checkedAt: null });
    t.auth.set({ status: 'signedOut', account: null });
    const state = await t.checklist.recheck();
    expect(state.ready).toBe(false);
    expect(state.summary).toBe('Waiting on: Signed in');
  });

  it('names the missing scopes and offers to sign in again', async () => {
    const t = setup();
    t.auth.set({ scopes: ['channel:read:stream_key'] });
    const state = await t.checklist.recheck();
    expect(byId(state, 'signIn')).toMatchObject({ state: 'problem', fix: { action: 'signIn' } });
    expect(byId(state, 'signIn').reason).toContain('channel:manage:broadcast');
    t.auth.set({ status: 'needsSignIn', error: 'the grant was revoked' });
    expect(byId(await t.checklist.recheck(), 'signIn').reason).toBe('The sign-in needs renewing: the grant was revoked');
  });

  it('stream key: not fetched, fetch error, old key in OBS (fix: Send to OBS), OBS not connected', async () => {
    const t = setup();
    t.setOverview(overview({ maskedUrl: null }));
    expect(byId(await t.checklist.recheck(), 'streamKey')).toMatchObject({ state: 'problem', fix: null });
    t.setOverview(overview({ streamKeyError: 'Missing scope channel:read:stream_key' }));
    expect(byId(await t.checklist.recheck(), 'streamKey').reason).toBe('The stream key could not be fetched: Missing scope channel:read:stream_key');
    t.setOverview(overview());
    t.setTarget({ ...sameTarget, match: 'different', differences: ['a different stream key'] });
    const stale = byId(await t.checklist.recheck(), 'streamKey');
    expect(stale).toMatchObject({ state: 'problem', reason: 'OBS holds a different stream key, not the current one.', fix: { action: 'sendToObs' } });
    t.setTarget({ ...sameTarget, match: 'empty', obsServer: null });
    expect(byId(await t.checklist.recheck(), 'streamKey')).toMatchObject({ state: 'problem', reason: 'OBS has no stream key yet.' });
    t.obs.set({ status: 'not-running', statusText: 'OBS not running at 127.0.0.1:4455' });
    const state = await t.checklist.recheck();
    expect(byId(state, 'streamKey').state).toBe('unknown');
    expect(byId(state, 'obsConnected')).toMatchObject({ state: 'problem', reason: 'OBS not running at 127.0.0.1:4455', fix: { action: 'connectObs' } });
    expect(byId(state, 'obsServer').state).toBe('unknown');
    expect(byId(state, 'obsOutput').state).toBe('unknown');
  });

  it('never carries the stream key', async () => {
    const t = setup();
    t.setTarget({ ...sameTarget, match: 'different', differences: ['a different stream key'] });
    const state = await t.checklist.recheck();
    expect(JSON.stringify(state)).not.toMatch(/live_\d/);
  });

  it('a wrong OBS password offers the OBS panel, not a connect that would fail the same way; too old has no fix', async () => {
    const t = setup();
    t.obs.set({ status: 'wrong-password', statusText: 'Wrong OBS password' });
    expect(byId(await t.checklist.recheck(), 'obsConnected')).toMatchObject({ state: 'problem', fix: { action: 'openObsPanel' } });
    t.obs.set({ status: 'too-old', statusText: 'OBS too old' });
    expect(byId(await t.checklist.recheck(), 'obsConnected')).toMatchObject({ state: 'problem', fix: null });
  });

  it('OBS server: not a directory server, untested (fix: test), unreachable (fix: Send to OBS), unreadable', async () => {
    const t = setup();
    t.setTarget({ ...sameTarget, match: 'different', differences: ['another server (rtmp://elsewhere/app)'], obsServer: 'rtmp://elsewhere/app' });
    expect(byId(await t.checklist.recheck(), 'obsServer')).toMatchObject({
      state: 'problem',
      reason: "OBS streams to rtmp://elsewhere/app, which is not one of the platform's ingest servers.",
      fix: { action: 'sendToObs' },
    });
    t.setTarget({ ...sameTarget, match: 'different', differences: ['the Twitch service instead of a custom server'], obsService: 'Twitch', obsServer: 'auto' });
    expect(byId(await t.checklist.recheck(), 'obsServer')).toMatchObject({
      state: 'problem',
      reason: 'OBS uses its Twitch service (server "auto"), not one of the directory\'s servers by address.',
      fix: { action: 'sendToObs' },
    });
    t.setTarget({ ...sameTarget, obsServer: 'rtmp://par.example/app/' });
    expect(byId(await t.checklist.recheck(), 'obsServer')).toMatchObject({ state: 'unknown', fix: { action: 'probeIngest' } });
    t.setTarget({ ...sameTarget, obsServer: 'rtmp://osl.example/app' });
    expect(byId(await t.checklist.recheck(), 'obsServer')).toMatchObject({ state: 'problem', fix: { action: 'sendToObs' } });
    t.calls.checkStreamTarget.mockRejectedValueOnce(new AppError('timeout', 'OBS did not answer within 10 s.'));
    expect(byId(await t.checklist.recheck(), 'obsServer')).toMatchObject({ state: 'unknown', reason: "OBS's stream settings could not be read: OBS did not answer within 10 s." });
  });

  it('OBS output settings: advice in words, never required, no fix', async () => {
    const t = setup();
    t.setOutput({ ...goodOutput, encoder: 'jim_hevc_nvenc', videoBitrateKbps: 8000 });
    const item = byId(await t.checklist.recheck(), 'obsOutput');
    expect(item).toMatchObject({ state: 'problem', required: false, fix: null });
    expect(item.reason).toContain('is not H.264');
    expect(item.reason).toContain('above the 6,000 kbps');
    t.setOutput(new AppError('unavailable', 'OBS refused GetVideoSettings'));
    expect(byId(await t.checklist.recheck(), 'obsOutput').state).toBe('unknown');
  });

  it('VOD storage: a problem once a marker was refused for it, ok once a marker was made', async () => {
    const t = setup();
    t.markers.set({ lastResult: { at: '', ok: false, message: 'VOD storage is off: markers need past broadcasts to be stored.' } });
    expect(byId(await t.checklist.recheck(), 'vodStorage').state).toBe('problem');
    t.markers.set({ lastResult: { at: '', ok: true, message: 'Marker at 0:12:03' } });
    expect(byId(await t.checklist.recheck(), 'vodStorage').state).toBe('ok');
  });

  it('EventSub: not connected, a failed subscription, one not asked for yet', async () => {
    const t = setup();
    t.events.set({ state: 'error', error: 'the socket closed (1006)' });
    expect(byId(await t.checklist.recheck(), 'eventSub')).toMatchObject({ state: 'problem', reason: 'Live events are not connected: the socket closed (1006)' });
    t.events.set({
      state: 'connected',
      error: null,
      subscriptions: [
        { type: 'stream.online', status: 'enabled', error: null },
        { type: 'stream.offline', status: 'enabled', error: null },
        { type: 'channel.channel_points_custom_reward_redemption.add', status: 'failed', error: 'missing scope' },
      ],
    });
    expect(byId(await t.checklist.recheck(), 'eventSub')).toMatchObject({
      state: 'problem',
      reason: 'Subscriptions not working: channel.channel_points_custom_reward_redemption.add (failed: missing scope).',
    });
    t.events.set({ subscriptions: [{ type: 'stream.online', status: 'enabled', error: null }] });
    const state = await t.checklist.recheck();
    expect(byId(state, 'eventSub')).toMatchObject({ state: 'unknown', reason: 'Waiting for subscriptions: stream.offline.' });
    expect(state.ready).toBe(false);
  });

  it('marker hotkey: not registered is a problem in the app, not applicable in the dock', async () => {
    const t = setup();
    t.hotkey.set({ registered: false, error: 'taken by another program' });
    expect(byId(await t.checklist.recheck(), 'markerHotkey')).toMatchObject({ state: 'problem', reason: 'F9 is not registered: taken by another program; choose another in Settings.' });
    const dock = setup();
    (dock.checklist as unknown as { options: { dockMode: boolean } }).options.dockMode = true;
    expect(byId(await dock.checklist.recheck(), 'markerHotkey')).toMatchObject({ state: 'not-applicable', reason: expect.stringContaining('dock') });
  });

  it('chat preset: not applied (fix: apply it), applied, gone; setStartPreset refuses an unknown preset', async () => {
    const t = setup();
    await expect(t.checklist.setStartPreset('nope')).rejects.toThrow('There is no chat preset with that name.');
    let state = await t.checklist.setStartPreset('calm');
    expect(state.startPresetId).toBe('calm');
    expect(byId(state, 'chatPreset')).toMatchObject({ state: 'problem', fix: { action: 'applyChatPreset' } });
    state = await t.checklist.fix('applyChatPreset');
    expect(t.calls.applyPreset).toHaveBeenCalledWith('calm');
    t.chat.set({ pendingRevert: { presetId: 'calm', label: 'Calm start', dueAt: '' } });
    expect(byId(await t.checklist.recheck(), 'chatPreset').state).toBe('ok');
    t.chat.set({ presets: [] });
    expect(byId(await t.checklist.recheck(), 'chatPreset')).toMatchObject({ state: 'problem', fix: null });
  });

  it('each fix calls the right service, then checks again', async () => {
    const t = setup();
    await t.checklist.fix('signIn');
    expect(t.calls.signIn).toHaveBeenCalledWith('loopback');
    await t.checklist.fix('connectObs');
    expect(t.calls.connect).toHaveBeenCalledTimes(1);
    await t.checklist.fix('probeIngest');
    expect(t.calls.probe).toHaveBeenCalledTimes(1);
    const before = t.calls.getOverview.mock.calls.length;
    const state = await t.checklist.fix('sendToObs');
    expect(t.calls.send).toHaveBeenCalledWith(true);
    expect(t.calls.getOverview.mock.calls.length).toBe(before + 1);
    expect(state.checkedAt).not.toBeNull();
    await expect(t.checklist.fix('applyChatPreset')).rejects.toThrow('No chat preset is chosen');
  });

  it('re-checks on input changes and every few seconds while open, and not once closed', async () => {
    const t = setup();
    const seen: boolean[] = [];
    t.checklist.onChange((s) => seen.push(s.ready));
    // Closed: changes do not make it check.
    t.obs.set({ status: 'not-running', statusText: 'OBS not running' });
    expect(t.calls.getOverview).not.toHaveBeenCalled();

    expect((await t.checklist.openChecklist()).open).toBe(true);
    expect(t.calls.getOverview).toHaveBeenCalledTimes(1);
    expect(t.checklist.getState().ready).toBe(false);

    t.obs.set({ status: 'connected', statusText: 'Connected' });
    await vi.waitFor(() => expect(t.checklist.getState().ready).toBe(true));

    const afterChange = t.calls.getOverview.mock.calls.length;
    t.clock.advance(5000);
    await vi.waitFor(() => expect(t.calls.getOverview.mock.calls.length).toBe(afterChange + 1));
    t.ingestChanges.fire(overview());
    await vi.waitFor(() => expect(t.calls.getOverview.mock.calls.length).toBe(afterChange + 2));

    const closed = t.checklist.closeChecklist();
    expect(closed.open).toBe(false);
    await vi.waitFor(() => expect(t.checklist.getState().checking).toBe(false));
    const atClose = t.calls.getOverview.mock.calls.length;
    t.clock.advance(60_000);
    t.auth.set({ scopes: [] });
    t.obs.set({ status: 'not-running' });
    await Promise.resolve();
    expect(t.calls.getOverview.mock.calls.length).toBe(atClose);
    expect(t.clock.pendingTimers()).toBe(0);
    expect(seen).toContain(true);
  });

  it('opened again after a close, follows its inputs again', async () => {
    const t = setup();
    await t.checklist.openChecklist();
    t.checklist.closeChecklist();
    await t.checklist.openChecklist();
    const opened = t.calls.getOverview.mock.calls.length;
    t.auth.set({ scopes: [] });
    await vi.waitFor(() => expect(byId(t.checklist.getState(), 'signIn').state).toBe('problem'));
    expect(t.calls.getOverview.mock.calls.length).toBe(opened + 1);
    t.checklist.dispose();
    expect(t.clock.pendingTimers()).toBe(0);
  });

  it('while open, timed checks reuse the OBS reads (the key comparison) for 30 s; health-only OBS changes do not check', async () => {
    const t = setup();
    await t.checklist.openChecklist();
    expect(t.calls.checkStreamTarget).toHaveBeenCalledTimes(1);
    const overviews = t.calls.getOverview.mock.calls.length;
    // OBS's state changes while live without its connection changing.
    t.obs.set({ streamState: 'started' });
    t.obs.set({ streamState: 'started', statusText: 'Connected' });
    await Promise.resolve();
    expect(t.calls.getOverview.mock.calls.length).toBe(overviews);
    t.clock.advance(5000);
    await vi.waitFor(() => expect(t.calls.getOverview.mock.calls.length).toBe(overviews + 1));
    expect(t.calls.checkStreamTarget).toHaveBeenCalledTimes(1);
    // An explicit check reads OBS again, and so does an ingest change.
    await t.checklist.recheck();
    expect(t.calls.checkStreamTarget).toHaveBeenCalledTimes(2);
    t.ingestChanges.fire(overview());
    await vi.waitFor(() => expect(t.calls.checkStreamTarget).toHaveBeenCalledTimes(3));
    // After 30 s a timed check reads again.
    t.clock.advance(30_000);
    await vi.waitFor(() => expect(t.calls.checkStreamTarget).toHaveBeenCalledTimes(4));
    t.checklist.closeChecklist();
  });

  it('a check asked for while one runs makes exactly one more run, with the newer inputs', async () => {
    const t = setup();
    let release: () => void = () => {};
    t.calls.getOverview.mockImplementationOnce(() => new Promise<IngestOverview>((resolve) => (release = () => resolve(overview()))));
    const first = t.checklist.recheck();
    expect(t.checklist.getState().checking).toBe(true);
    t.auth.set({ status: 'signedOut', account: null });
    const second = t.checklist.recheck();
    const third = t.checklist.recheck();
    release();
    const [a, b, c] = await Promise.all([first, second, third]);
    expect(t.calls.getOverview).toHaveBeenCalledTimes(2);
    for (const state of [a, b, c]) expect(byId(state, 'signIn').state).toBe('problem');
    expect(t.checklist.getState().checking).toBe(false);
  });
});

describe('GoLiveChecklist in demo mode with the test stream', () => {
  const obsOff = { status: 'off', statusText: 'Not connected to OBS', obsVersion: null } as Partial<ObsState>;

  it('accepts the test stream as the encoder when OBS is not connected, and is ready', async () => {
    const t = setup({ testStream: idleTestStream });
    t.obs.set(obsOff);
    const state = await t.checklist.recheck();
    expect(byId(state, 'obsConnected')).toMatchObject({ label: 'Encoder', state: 'ok', reason: 'OBS is not connected: in demo mode the test stream (ffmpeg) is the encoder.' });
    expect(byId(state, 'streamKey')).toMatchObject({ state: 'ok', reason: 'The stream key is fetched; the test stream publishes with it.' });
    expect(byId(state, 'obsServer')).toMatchObject({ state: 'ok', reason: 'The test stream publishes to Frankfurt, reachable in 23 ms.' });
    expect(byId(state, 'obsOutput')).toMatchObject({ state: 'not-applicable' });
    expect(t.calls.checkStreamTarget).not.toHaveBeenCalled();
    expect(state).toMatchObject({ ready: true, summary: 'Ready to go live' });
  });

  it('without the test stream (outside demo mode) OBS not connected blocks, as before', async () => {
    const t = setup();
    t.obs.set(obsOff);
    const state = await t.checklist.recheck();
    expect(byId(state, 'obsConnected')).toMatchObject({ label: 'OBS connected', state: 'problem' });
    expect(state.ready).toBe(false);
  });

  it('ffmpeg missing: the encoder is a problem that says so, with Connect to OBS as the fix', async () => {
    const t = setup({ testStream: { ...idleTestStream, ffmpegInstalled: false } });
    t.obs.set(obsOff);
    const state = await t.checklist.recheck();
    expect(byId(state, 'obsConnected')).toMatchObject({
      state: 'problem',
      reason: 'OBS is not connected, and ffmpeg is not installed for a test stream: install it, or use OBS.',
      fix: { action: 'connectObs' },
    });
    expect(state.ready).toBe(false);
  });

  it('the selected server untested: the probe is the fix; re-checks when the test stream learns ffmpeg is missing', async () => {
    const t = setup({ testStream: idleTestStream });
    t.obs.set(obsOff);
    t.setOverview(overview({ selectedId: 2 }));
    await t.checklist.openChecklist();
    expect(byId(t.checklist.getState(), 'obsServer')).toMatchObject({ state: 'unknown', fix: { action: 'probeIngest' } });
    t.testStream!.set({ ffmpegInstalled: false });
    await vi.waitFor(() => expect(byId(t.checklist.getState(), 'obsConnected').state).toBe('problem'));
    t.checklist.dispose();
  });

  it('OBS turned on but not running is the problem told, unless the test stream is publishing', async () => {
    const t = setup({ testStream: idleTestStream });
    t.obs.set({ status: 'not-running', statusText: 'OBS not running at 127.0.0.1:4455', obsVersion: null });
    let state = await t.checklist.recheck();
    expect(byId(state, 'obsConnected')).toMatchObject({ label: 'OBS connected', state: 'problem', fix: { action: 'connectObs' } });
    expect(state.ready).toBe(false);
    t.testStream!.set({ status: 'publishing' });
    state = await t.checklist.recheck();
    expect(byId(state, 'obsConnected')).toMatchObject({ label: 'Encoder', state: 'ok', reason: 'OBS not running at 127.0.0.1:4455: in demo mode the test stream (ffmpeg) is the encoder.' });
    expect(state.ready).toBe(true);
  });

  it('OBS connected wins over the test stream: OBS is checked', async () => {
    const t = setup({ testStream: idleTestStream });
    const state = await t.checklist.recheck();
    expect(byId(state, 'obsConnected')).toMatchObject({ label: 'OBS connected', state: 'ok' });
    expect(t.calls.checkStreamTarget).toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../../test-support/recording-logger';
import { freePort } from '../../test-support/free-port';
import { RecordingNotifier } from '../../test-support/recording-notifier';
import { MemorySettingsStore, type Settings } from '../settings/settings-store';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { startFakeObs, type FakeObsOptions, type FakeObsServer } from '../../test-support/obs-fake-server';
import { MemoryObsPasswordStore } from './obs-password-store';
import { ObsService, type ObsServiceOptions } from './obs-service';

const password = 'hunter2-obs-password';
const target = { server: 'rtmp://127.0.0.1:1935/app', serverName: 'Local', key: 'live_42_newsecretkey' };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fakeObs(options: FakeObsOptions = { password }): Promise<FakeObsServer> {
  const server = await startFakeObs(options);
  cleanups.push(() => server.close());
  return server;
}

interface Harness {
  obs: ObsService;
  clock: FakeClock;
  notifier: RecordingNotifier;
  logger: ReturnType<typeof recordingLogger>;
  settings: MemorySettingsStore;
  markers: string[];
}

function service(port: number, options: { password?: string | null; settings?: Partial<Settings>; extra?: Partial<ObsServiceOptions> } = {}): Harness {
  const clock = createFakeClock();
  const notifier = new RecordingNotifier();
  const logger = recordingLogger();
  const markers: string[] = [];
  const settings = new MemorySettingsStore({ 'obs.port': port, 'obs.host': '127.0.0.1', ...options.settings });
  const obs = new ObsService({
    settings,
    passwords: new MemoryObsPasswordStore(options.password === undefined ? password : options.password),
    logger,
    clock,
    notifier,
    getIngestTarget: async () => target,
    dropMarker: async (description) => void markers.push(description),
    health: { droppedPercent: 5, quietMs: 30_000 },
    pollMs: 2000,
    ...options.extra,
  });
  cleanups.push(() => obs.dispose());
  return { obs, clock, notifier, logger, settings, markers };
}

async function connected(h: Harness): Promise<void> {
  await h.obs.connect();
  await vi.waitFor(() => expect(h.obs.getState()).toMatchObject({ status: 'connected', streamState: 'stopped' }));
}

describe('ObsService: the connection', () => {
  it('connects with the password, says the versions, and never shows or logs the password', async () => {
    const fake = await fakeObs();
    const h = service(fake.port);
    await connected(h);
    const state = h.obs.getState();
    expect(state).toMatchObject({ enabled: true, passwordSaved: true, obsVersion: '30.0.0', websocketVersion: '5.3.0' });
    expect(state.statusText).toBe('Connected to OBS 30.0.0 (obs-websocket 5.3.0)');
    expect(JSON.stringify(state)).not.toContain(password);
    expect(JSON.stringify(h.logger.lines)).not.toContain(password);
  });

  it('says "wrong password" when OBS refuses it, and does not retry with the same password', async () => {
    const fake = await fakeObs();
    const h = service(fake.port, { password: 'not-it' });
    await h.obs.connect();
    await vi.waitFor(() => expect(h.obs.getState().status).toBe('wrong-password'));
    expect(h.obs.getState()).toMatchObject({ statusText: expect.stringMatching(/^Wrong password/), nextRetryAt: null });
    expect(h.clock.pendingTimers()).toBe(0);
    // A new password connects at once.
    await h.obs.setPassword(password);
    await vi.waitFor(() => expect(h.obs.getState().status).toBe('connected'));
  });

  it('asks for the password when OBS needs one and none is saved', async () => {
    const fake = await fakeObs();
    const h = service(fake.port, { password: null });
    await h.obs.connect();
    await vi.waitFor(() => expect(h.obs.getState().status).toBe('wrong-password'));
    expect(h.obs.getState().statusText).toMatch(/asks for a password/);
  });

  it('says "OBS too old" for obs-websocket 4 (no subprotocol) and for a version below 5', async () => {
    const v4 = await fakeObs({ noSubprotocol: true });
    const a = service(v4.port);
    await a.obs.connect();
    await vi.waitFor(() => expect(a.obs.getState().status).toBe('too-old'));
    expect(a.obs.getState().statusText).toMatch(/^OBS too old/);

    const old = await fakeObs({ obsWebSocketVersion: '4.9.1' });
    const b = service(old.port, { password: null });
    await b.obs.connect();
    await vi.waitFor(() => expect(b.obs.getState().status).toBe('too-old'));
    expect(b.obs.getState().statusText).toContain('4.9.1');
  });

  it('says "OBS not running" when the connection is refused, retries with the backoff, and connects once OBS is up', async () => {
    const port = await freePort();
    const h = service(port);
    await h.obs.connect();
    await vi.waitFor(() => expect(h.obs.getState().status).toBe('not-running'));
    expect(h.obs.getState()).toMatchObject({ statusText: `OBS not running (nothing answers at 127.0.0.1:${port})`, retries: 1 });
    expect(Date.parse(h.obs.getState().nextRetryAt!) - h.clock.now()).toBe(1000);
    h.clock.advance(1000);
    await vi.waitFor(() => expect(h.obs.getState().retries).toBe(2));
    // The second wait doubles.
    expect(Date.parse(h.obs.getState().nextRetryAt!) - h.clock.now()).toBe(2000);
    await fakeObs({ password, port });
    h.clock.advance(2000);
    await vi.waitFor(() => expect(h.obs.getState().status).toBe('connected'));
    expect(h.obs.getState()).toMatchObject({ retries: 0, nextRetryAt: null });
  });

  it('reconnects after OBS drops the connection, and Disconnect stops every retry', async () => {
    const fake = await fakeObs();
    const h = service(fake.port);
    await connected(h);
    fake.dropClients();
    await vi.waitFor(() => expect(h.obs.getState().status).toBe('not-running'));
    expect(h.obs.getState().streamState).toBe('unknown');
    h.clock.advance(1000);
    await vi.waitFor(() => expect(h.obs.getState().status).toBe('connected'));
    expect(fake.connectionCount()).toBe(2);

    fake.dropClients();
    await vi.waitFor(() => expect(h.obs.getState().status).toBe('not-running'));
    await h.obs.disconnect();
    expect(h.obs.getState()).toMatchObject({ status: 'off', enabled: false, nextRetryAt: null });
    expect(h.clock.pendingTimers()).toBe(0);
  });

  it('gives up on an OBS that never says Hello after the timeout, in words, and retries', async () => {
    const fake = await fakeObs({ silent: true });
    const h = service(fake.port, { extra: { timeoutMs: 5000 } });
    await h.obs.connect();
    await vi.waitFor(() => expect(fake.connectionCount()).toBe(1));
    h.clock.advance(5000);
    await vi.waitFor(() => expect(h.obs.getState().status).toBe('unreachable'));
    expect(h.obs.getState().statusText).toBe(`OBS at 127.0.0.1:${fake.port} did not answer within 5 s.`);
    expect(h.obs.getState().nextRetryAt).not.toBeNull();
  });

  it('connects at start only when the connection was left on', async () => {
    const fake = await fakeObs();
    const off = service(fake.port);
    await off.obs.start();
    expect(off.obs.getState().status).toBe('off');
    const on = service(fake.port, { settings: { 'obs.enabled': true } });
    await on.obs.start();
    await vi.waitFor(() => expect(on.obs.getState().status).toBe('connected'));
  });
});

describe('ObsService: Send to OBS', () => {
  it('asks before overwriting another service and key, never quoting a key, then sends and reads back', async () => {
    const fake = await fakeObs();
    const h = service(fake.port);
    await connected(h);
    const first = await h.obs.sendStreamTarget();
    expect(first.outcome).toBe('needs-confirmation');
    expect(first.target).toMatchObject({ match: 'different', obsService: 'Twitch' });
    expect(first.target.differences).toContain('a different stream key');
    expect(JSON.stringify(first)).not.toMatch(/live_old_secret|newsecretkey/);
    expect(fake.requests.some((r) => r.type === 'SetStreamServiceSettings')).toBe(false);

    const sent = await h.obs.sendStreamTarget(true);
    expect(sent).toMatchObject({ outcome: 'sent', target: { match: 'same' } });
    expect(fake.streamService).toEqual({ streamServiceType: 'rtmp_custom', streamServiceSettings: { server: target.server, key: target.key, use_auth: false } });
    expect(await h.obs.sendStreamTarget()).toMatchObject({ outcome: 'already' });
    expect(JSON.stringify(h.logger.lines)).not.toContain(target.key);
  });

  it('names another server, and writes at once into an empty custom service', async () => {
    const fake = await fakeObs();
    const h = service(fake.port);
    await connected(h);
    fake.streamService = { streamServiceType: 'rtmp_custom', streamServiceSettings: { server: 'rtmp://elsewhere/app', key: target.key } };
    expect(await h.obs.checkStreamTarget()).toMatchObject({ match: 'different', differences: ['another server (rtmp://elsewhere/app)'] });
    fake.streamService = { streamServiceType: 'rtmp_custom', streamServiceSettings: {} };
    expect(await h.obs.sendStreamTarget()).toMatchObject({ outcome: 'sent' });
  });

  it('refuses in words when not connected', async () => {
    const h = service(await freePort());
    await expect(h.obs.sendStreamTarget()).rejects.toThrow(/Not connected to OBS/);
  });
});

describe('ObsService: streaming and health', () => {
  it('starts and stops the stream, follows OBS events, and samples health while live', async () => {
    const fake = await fakeObs();
    const h = service(fake.port);
    await connected(h);
    await h.obs.startStream();
    await vi.waitFor(() => expect(h.obs.getState().streamState).toBe('started'));
    await expect(h.obs.startStream()).rejects.toThrow('OBS is already streaming.');
    await vi.waitFor(() => expect(h.obs.getState().health).not.toBeNull());
    fake.streamStatus = { ...fake.streamStatus, outputBytes: 1_500_000, outputTotalFrames: 60, outputDuration: 2000 };
    h.clock.advance(2000);
    // 1.5 MB in 2 s = 6,000 kbps.
    await vi.waitFor(() => expect(h.obs.getState().health).toMatchObject({ bitrateKbps: 6000, cpuPercent: 12.5, droppedPercent: 0, problem: null }));
    await h.obs.stopStream();
    await vi.waitFor(() => expect(h.obs.getState()).toMatchObject({ streamState: 'stopped', health: null }));
    expect(h.clock.pendingTimers()).toBe(0);
    await expect(h.obs.stopStream()).rejects.toThrow('OBS is not streaming.');
    expect(h.notifier.shown).toHaveLength(0);
  });

  it('says so when OBS stops before the stream started (server refused or unreachable), until the next start', async () => {
    const fake = await fakeObs();
    const h = service(fake.port);
    await connected(h);
    fake.handlers.StartStream = () => {
      setImmediate(() => {
        fake.emit('StreamStateChanged', { outputActive: false, outputState: 'OBS_WEBSOCKET_OUTPUT_STARTING' });
        fake.emit('StreamStateChanged', { outputActive: false, outputState: 'OBS_WEBSOCKET_OUTPUT_STOPPED' });
      });
      return {};
    };
    await h.obs.startStream();
    await vi.waitFor(() => expect(h.obs.getState()).toMatchObject({ streamState: 'stopped', streamProblem: expect.stringMatching(/^OBS stopped before the stream started/) }));
    delete fake.handlers.StartStream;
    await h.obs.startStream();
    await vi.waitFor(() => expect(h.obs.getState()).toMatchObject({ streamState: 'started', streamProblem: null }));
  });

  it('a Start that OBS ignores (no event, no output) ends as "not started" after the limit, and Start works again', async () => {
    const fake = await fakeObs();
    const h = service(fake.port, { extra: { startTimeoutMs: 20_000 } });
    await connected(h);
    fake.handlers.StartStream = () => ({});
    await h.obs.startStream();
    expect(h.obs.getState().streamState).toBe('starting');
    h.clock.advance(19_999);
    expect(h.obs.getState().streamState).toBe('starting');
    h.clock.advance(1);
    await vi.waitFor(() => expect(h.obs.getState()).toMatchObject({ streamState: 'stopped', streamProblem: expect.stringMatching(/^OBS did not start the stream within 20 s/) }));
    delete fake.handlers.StartStream;
    await h.obs.startStream();
    await vi.waitFor(() => expect(h.obs.getState()).toMatchObject({ streamState: 'started', streamProblem: null }));
  });

  it('a start whose events were missed but whose output runs is shown as started when the limit passes', async () => {
    const fake = await fakeObs();
    const h = service(fake.port, { extra: { startTimeoutMs: 20_000 } });
    await connected(h);
    fake.handlers.StartStream = () => {
      fake.streamStatus = { ...fake.streamStatus, outputActive: true };
      return {};
    };
    await h.obs.startStream();
    h.clock.advance(20_000);
    await vi.waitFor(() => expect(h.obs.getState()).toMatchObject({ streamState: 'started', streamProblem: null }));
  });

  it('notifies dropped frames over the threshold once per episode, not at every sample', async () => {
    const fake = await fakeObs();
    const h = service(fake.port);
    await connected(h);
    fake.streamStatus = { ...fake.streamStatus, outputActive: true };
    fake.emit('StreamStateChanged', { outputActive: true, outputState: 'OBS_WEBSOCKET_OUTPUT_STARTED' });
    await vi.waitFor(() => expect(h.obs.getState().health).not.toBeNull());
    let frames = 0;
    let dropped = 0;
    const step = async (sent: number, lost: number) => {
      frames += sent;
      dropped += lost;
      fake.streamStatus = { ...fake.streamStatus, outputTotalFrames: frames, outputSkippedFrames: dropped };
      const before = fake.requests.filter((r) => r.type === 'GetStats').length;
      h.clock.advance(2000);
      await vi.waitFor(() => expect(fake.requests.filter((r) => r.type === 'GetStats').length).toBe(before + 1));
      await vi.waitFor(() => expect(h.obs.getState().health?.totalFrames).toBe(frames));
    };
    await step(50, 10); // 16.7 % dropped
    await step(50, 10);
    await step(60, 0);
    expect(h.notifier.shown).toHaveLength(1);
    expect(h.notifier.shown[0]!.notification.body).toMatch(/dropped 16\.7% of frames/);
    // Quiet for 30 s ends the episode; the next problem is told again.
    for (let i = 0; i < 15; i++) await step(60, 0);
    await step(50, 10);
    expect(h.notifier.shown).toHaveLength(2);
  });

  it('tells a reconnect once and drops a marker when OBS is back, only with the option on', async () => {
    const fake = await fakeObs();
    const h = service(fake.port);
    await connected(h);
    fake.emit('StreamStateChanged', { outputActive: true, outputState: 'OBS_WEBSOCKET_OUTPUT_STARTED' });
    fake.emit('StreamStateChanged', { outputActive: false, outputState: 'OBS_WEBSOCKET_OUTPUT_RECONNECTING' });
    fake.emit('StreamStateChanged', { outputActive: false, outputState: 'OBS_WEBSOCKET_OUTPUT_RECONNECTING' });
    fake.emit('StreamStateChanged', { outputActive: true, outputState: 'OBS_WEBSOCKET_OUTPUT_RECONNECTED' });
    await vi.waitFor(() => expect(h.obs.getState().streamState).toBe('started'));
    expect(h.notifier.shown.map((s) => s.notification.body)).toEqual(['OBS lost its connection to the ingest server and is reconnecting.']);
    expect(h.markers).toEqual([]);

    h.obs.setOptions({ autoMarkerOnReconnect: true });
    fake.emit('StreamStateChanged', { outputActive: false, outputState: 'OBS_WEBSOCKET_OUTPUT_RECONNECTING' });
    await vi.waitFor(() => expect(h.obs.getState().streamState).toBe('reconnecting'));
    fake.emit('StreamStateChanged', { outputActive: true, outputState: 'OBS_WEBSOCKET_OUTPUT_RECONNECTED' });
    await vi.waitFor(() => expect(h.markers).toEqual(['OBS reconnected after a drop']));
    // Still the same episode: no second notification.
    expect(h.notifier.shown).toHaveLength(1);
  });
});

describe('ObsService: one request for other features (call)', () => {
  it("sends any obs-websocket request over the one connection, says OBS's refusal with its code, and refuses in words when not connected", async () => {
    const notConnected = service(await freePort());
    await expect(notConnected.obs.call('GetSceneList')).rejects.toThrow(/Not connected to OBS/);

    const fake = await fakeObs();
    fake.handlers.GetSceneList = () => ({ data: { currentProgramSceneName: 'Game', scenes: [{ sceneName: 'Game', sceneIndex: 0 }] } });
    fake.handlers.SetCurrentProgramScene = () => ({ status: { result: false, code: 600, comment: 'No source was found by the name of `Gone`.' } });
    const h = service(fake.port);
    await connected(h);
    await expect(h.obs.call('GetSceneList')).resolves.toMatchObject({ currentProgramSceneName: 'Game' });
    const refused = await h.obs.call('SetCurrentProgramScene', { sceneName: 'Gone' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ message: expect.stringMatching(/^OBS refused SetCurrentProgramScene: No source was found/), details: { status: 600 } });
    expect(fake.requests.map((r) => r.type)).toEqual(expect.arrayContaining(['GetSceneList', 'SetCurrentProgramScene']));
  });
});

/**
 * The go-live checklist through composition, in demo mode (dock transport), driven only through
 * the IPC router: signed in to the in-process emulator, OBS (a small obs-websocket 5 server)
 * connected through obs:*, then the checklist's own fixes (Send to OBS, test the servers) turn it
 * ready. The stream key never appears in anything the renderer receives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, GoLiveState } from '../../../shared/ipc/contract';
import type { Sidestage } from '../../composition';
import { startDemoSidestage, type DemoSidestage } from '../../test-support/demo-sidestage';
import { startFakeObs, type FakeObsServer } from '../../test-support/obs-fake-server';
import { waitUntil } from '../../test-support/wait-until';
import { MemorySettingsStore } from '../settings/settings-store';

let demo: DemoSidestage;
let sidestage: Sidestage;
let fakeObs: FakeObsServer;

const call = <T>(channel: Channel, arg?: unknown) => demo.call<T>(channel, arg);
const item = (state: GoLiveState, id: string) => state.items.find((i) => i.id === id)!;

beforeAll(async () => {
  fakeObs = await startFakeObs({});
  fakeObs.handlers.GetProfileParameter = (data) => ({
    data: { parameterValue: ({ 'Output/Mode': 'Simple', 'SimpleOutput/VBitrate': '4500', 'SimpleOutput/StreamEncoder': 'x264' } as Record<string, string>)[`${String(data?.parameterCategory)}/${String(data?.parameterName)}`] ?? null },
  });
  fakeObs.handlers.GetVideoSettings = () => ({ data: { fpsNumerator: 60, fpsDenominator: 1, baseWidth: 1280, baseHeight: 720, outputWidth: 1280, outputHeight: 720 } });
  demo = await startDemoSidestage({ name: 'go-live', settings: new MemorySettingsStore({ 'obs.host': '127.0.0.1', 'obs.port': fakeObs.port }) });
  sidestage = demo.sidestage;
});

afterAll(async () => {
  await demo?.dispose();
  await fakeObs?.close();
});

describe('go-live checklist in demo mode', () => {
  it('starts not ready, and turns ready through sign-in, OBS and its own fixes', async () => {
    let state = await call<GoLiveState>('goLive:open');
    expect(state.open).toBe(true);
    expect(state.ready).toBe(false);
    expect(item(state, 'signIn')).toMatchObject({ state: 'problem', fix: { action: 'signIn' } });
    expect(item(state, 'markerHotkey').state).toBe('not-applicable');

    // The sign-in fix, as the renderer's button would run it.
    await call('goLive:fix', { action: 'signIn' });
    await waitUntil(() => item(sidestage.goLive.getState(), 'signIn').state === 'ok', 10_000, 'signed in');

    await call('obs:connect');
    // Before OBS is on, the demo's test stream is the encoder (item "Encoder"); OBS's own item once connected.
    expect(item(sidestage.goLive.getState(), 'obsConnected')).toMatchObject({ label: 'Encoder', state: 'ok' });
    await waitUntil(() => item(sidestage.goLive.getState(), 'obsConnected').label === 'OBS connected' && item(sidestage.goLive.getState(), 'obsConnected').state === 'ok', 10_000, 'OBS connected');
    await waitUntil(() => item(sidestage.goLive.getState(), 'streamKey').state === 'problem', 10_000, 'the stream key checked against OBS');
    // The fake OBS starts as a fresh OBS set up for the platform by hand: its service, an old key.
    expect(item(sidestage.goLive.getState(), 'streamKey')).toMatchObject({ reason: 'OBS holds a different stream key, not the current one.', fix: { action: 'sendToObs' } });
    expect(item(sidestage.goLive.getState(), 'obsServer')).toMatchObject({ state: 'problem', fix: { action: 'sendToObs' } });

    state = await call<GoLiveState>('goLive:fix', { action: 'sendToObs' });
    expect(item(state, 'streamKey').state).toBe('ok');
    if (item(state, 'obsServer').state !== 'ok') state = await call<GoLiveState>('goLive:fix', { action: 'probeIngest' });
    expect(item(state, 'obsServer')).toMatchObject({ state: 'ok', reason: expect.stringMatching(/reachable in \d+ ms/) });
    expect(item(state, 'obsOutput')).toMatchObject({ state: 'ok', reason: 'H.264 encoder (x264), keyframes every 2 s, 4,500 kbps at 720p60.' });

    await waitUntil(() => item(sidestage.goLive.getState(), 'eventSub').state === 'ok', 15_000, 'EventSub subscriptions enabled');
    await waitUntil(() => sidestage.goLive.getState().ready, 10_000, 'ready');
    expect(sidestage.goLive.getState().summary).toBe('Ready to go live');

    // OBS quits: the checklist sees it while open.
    await fakeObs.close();
    await waitUntil(() => !sidestage.goLive.getState().ready, 10_000, 'not ready once OBS is gone');
    expect((await call<GoLiveState>('goLive:close')).open).toBe(false);

    const key = String((fakeObs.streamService.streamServiceSettings as { key?: unknown } | null)?.key ?? '');
    expect(key.length).toBeGreaterThan(8);
    expect(JSON.stringify(demo.received)).not.toContain(key);
  }, 60_000);
});

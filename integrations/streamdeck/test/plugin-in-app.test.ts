/**
 * The "done when", for the Stream Deck: the built plugin, run by the stand-in Stream Deck
 * host, against the whole main process (demo mode, the in-process platform emulator) with no stand-in
 * between them. It pairs from a key's inspector, the broadcaster approves through the app's IPC; the
 * Drop marker key puts a marker on the platform, and the Shield Mode key turns Shield Mode on and
 * goes red.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControlApiState } from '../../../src/shared/ipc/contract';
import { markersOf } from '../../../src/emulator/domain/markers';
import { startDemoSidestage, type DemoSidestage } from '../../../src/main/test-support/demo-sidestage';
import { waitUntil } from '../../../src/main/test-support/wait-until';
import { StreamDeckHost, type PluginMessage } from './support/stream-deck-host';

const QUICK = 'com.sidestage.deck.quick-action';

// Wide margins: the plugin is built and started as a process, on a busy 2-core CI box.
describe('the Stream Deck plugin in the app', { timeout: 60_000 }, () => {
  let demo: DemoSidestage;
  let host: StreamDeckHost;
  let port: number;

  beforeAll(async () => {
    demo = await startDemoSidestage({ name: 'streamdeck' });
    await demo.signIn();
    const control = await demo.call<ControlApiState>('control:getState');
    port = Number(new URL(control.origin!).port);
    host = await StreamDeckHost.start();
  }, 60_000);
  afterAll(async () => {
    await host?.stop();
    await demo?.dispose();
  }, 60_000);

  const payloadOf = (m: PluginMessage) => (m.payload ?? {}) as Record<string, unknown>;

  it('pairs, drops a marker on the platform and turns Shield Mode on, its key red', async () => {
    const marker = host.appear(QUICK, { action: 'marker' });
    const shield = host.appear(QUICK, { action: 'shieldMode' });
    const from = host.received.length;
    host.inspect(QUICK, marker, { request: 'setPort', port });
    host.send({ action: QUICK, event: 'sendToPlugin', context: marker, payload: { request: 'pair' } });
    const waiting = await host.waitFor((m) => m.event === 'sendToPropertyInspector' && payloadOf(m).pairing === 'waiting', 'the pairing code', from);
    const { requests } = await demo.call<ControlApiState>('control:getState');
    expect(requests).toEqual([expect.objectContaining({ name: 'Stream Deck', code: payloadOf(waiting).code })]);
    await demo.call('control:approve', { id: requests[0]!.id, scopes: ['read', 'actions', 'moderation'] });
    await host.waitFor((m) => m.event === 'sendToPropertyInspector' && payloadOf(m).pairing === 'paired', 'paired', from);

    const emulator = demo.sidestage.emulator!;
    const markers = () => markersOf(emulator.state, { userId: demo.broadcasterId }, emulator.state.users.get(demo.broadcasterId)!).markers.length;
    await demo.sim.streamOnline(demo.broadcasterId);
    await demo.sidestage.live.stream.refresh();
    // A marker needs the broadcast live in the app (as the deck's state says it).
    const state = () => fetch(`http://127.0.0.1:${port}/api/v1/state`, { headers: { authorization: `Bearer ${String(host.globalSettings.token)}` } });
    await waitUntil(async () => ((await (await state()).json()) as { live: boolean }).live, 30_000, 'live in the state');
    const before = markers();
    const press = host.received.length;
    host.keyDown(QUICK, marker, { action: 'marker' });
    let refused = false;
    await waitUntil(
      () => {
        refused = host.received.slice(press).some((m) => m.event === 'showAlert' && m.context === marker);
        return refused || markers() === before + 1;
      },
      30_000,
      'the marker on the platform',
      10,
    );
    if (refused) throw new Error(`The marker key showed an alert; the plugin's log:\n${await host.log()}`);

    const pressed = host.received.length;
    host.keyDown(QUICK, shield, { action: 'shieldMode' });
    await host.waitFor((m) => m.event === 'setState' && m.context === shield && payloadOf(m).state === 1, 'the Shield Mode key red', pressed, 30_000);
    expect(host.received.slice(from).some((m) => m.event === 'showAlert')).toBe(false);
  });
});

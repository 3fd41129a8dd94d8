/**
 * The Stream Deck plugin (`npm run bench -- streamdeck`), each figure beside its baseline in the
 * same run, interleaved:
 * - a key press: the stand-in Stream Deck host sends the built plugin `keyDown`, until the real
 *   control server runs the quick action; beside the same POST /api/v1/actions/marker sent straight
 *   from this process. The difference is the plugin's share (Stream Deck's socket, the SDK, the plugin).
 * - a state change (Shield Mode on, off): from the change until the host has the key's `setState`;
 *   beside a socket of this process on the same event socket receiving the frame.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { Emitter } from '../src/shared/primitives/emitter';
import { silentLogger } from '../src/main/services/logger';
import { ControlClients } from '../src/main/services/control/control-clients';
import { ControlPairing } from '../src/main/services/control/control-pairing';
import type { ControlState } from '../src/main/services/control/control-schemas';
import { ControlServer } from '../src/main/services/control/control-server';
import { fakeControlDeck } from '../src/main/test-support/fake-control-deck';
import { StreamDeckHost } from '../integrations/streamdeck/test/support/stream-deck-host';
import { waitUntil } from '../src/main/test-support/wait-until';
import { ms, percentile } from './support/stats';

const QUICK = 'com.sidestage.deck.quick-action';

export async function run(options: { presses: number; changes: number }): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-streamdeck-'));
  const clients = await ControlClients.open({ dataDir: dir, logger: silentLogger });
  const changes = new Emitter<void>();
  let state: ControlState = { signedIn: true, live: true, startedAt: null, viewers: 10, shieldMode: false, chatModes: null, nextAdAt: null, adEndsAt: null, alerts: { paused: false, waiting: 0 } };
  let onPress: (() => void) | null = null;
  const server = new ControlServer({
    clients,
    pairing: new ControlPairing(),
    logger: silentLogger,
    deck: fakeControlDeck().ports,
    ports: {
      runAction: async () => {
        onPress?.();
        return { done: true, message: 'Done.' };
      },
      actionLabel: (a) => a,
      readState: () => state,
      onStateChange: (l) => changes.on(l),
    },
  });
  const port = await server.listen(0);
  const { token } = await clients.add('Bench', ['read', 'actions', 'moderation']);
  const host = await StreamDeckHost.start({ port, token });
  const direct = new WebSocket(`ws://127.0.0.1:${port}/api/v1/events`, { headers: { authorization: `Bearer ${token}` } });
  try {
    await new Promise((resolve) => direct.once('open', resolve));
    const marker = host.appear(QUICK, { action: 'marker' });
    const shield = host.appear(QUICK, { action: 'shieldMode' });
    await host.waitFor((m) => m.event === 'setState' && m.context === shield, 'the Shield Mode key drawn');
    const untilPressed = () => new Promise<void>((resolve) => (onPress = resolve));

    const viaPlugin = async () => {
      const start = performance.now();
      const pressed = untilPressed();
      host.keyDown(QUICK, marker, { action: 'marker' });
      await pressed;
      return performance.now() - start;
    };
    const straight = async () => {
      const start = performance.now();
      const pressed = untilPressed();
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/actions/marker`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
      await pressed;
      const took = performance.now() - start;
      await res.arrayBuffer();
      return took;
    };
    const plugin: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < 30; i++) {
      await viaPlugin();
      await straight();
    }
    for (let i = 0; i < options.presses; i++) {
      plugin.push(await viaPlugin());
      baseline.push(await straight());
    }
    console.log(`\nStream Deck plugin: a key press until the control server runs the action (${options.presses} presses, interleaved)`);
    console.log(`  keyDown via the plugin   p50 ${ms(percentile(plugin, 50))}  p99 ${ms(percentile(plugin, 99))}`);
    console.log(`  the POST straight        p50 ${ms(percentile(baseline, 50))}  p99 ${ms(percentile(baseline, 99))}`);
    console.log(`  the plugin's share       p99 ${ms(percentile(plugin, 99) - percentile(baseline, 99))}`);

    const keyTurned: number[] = [];
    const frameArrived: number[] = [];
    for (let i = 0; i < options.changes; i++) {
      const on = i % 2 === 0;
      const from = host.received.length;
      const start = performance.now();
      let frameAt = 0;
      const frame = new Promise<void>((resolve) =>
        direct.once('message', () => {
          frameAt = performance.now();
          resolve();
        }),
      );
      state = { ...state, shieldMode: on };
      changes.fire();
      await frame;
      await host.waitFor((m) => m.event === 'setState' && m.context === shield && (m.payload as { state: number }).state === (on ? 1 : 0), 'the key turned', from);
      keyTurned.push(performance.now() - start);
      frameArrived.push(frameAt - start);
    }
    console.log(`\nStream Deck plugin: Shield Mode turned until the key's setState (${options.changes} changes)`);
    console.log(`  the key's setState       p50 ${ms(percentile(keyTurned, 50))}  p99 ${ms(percentile(keyTurned, 99))}`);
    console.log(`  the frame, straight      p50 ${ms(percentile(frameArrived, 50))}  p99 ${ms(percentile(frameArrived, 99))}`);
    await waitUntil(() => host.running, 1_000, 'the plugin still running');
  } finally {
    direct.terminate();
    await host.stop();
    await server.dispose();
    await clients.settled();
    await rm(dir, { recursive: true, force: true });
  }
}

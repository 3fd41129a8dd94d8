/**
 * The control API (`npm run bench -- control`), each figure beside its baseline in the same run:
 * - a button press: a paired client's POST /api/v1/actions/marker through the real control server
 *   (Host/Origin guard, token hash check, scope, route) until its answer, beside a bare node:http
 *   handler that reads the same header and calls the same function; the app's share is the difference.
 * - a state change (Shield Mode on) to 20 connected clients: from the change until the last of them
 *   has the frame, beside a bare `ws` server sending the same frame to 20 clients; and the heap
 *   before and after the changes (memory flat).
 * The press calls a port that answers at once: the platform request is not part of the app's share.
 */
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { Emitter } from '../src/shared/primitives/emitter';
import { silentLogger } from '../src/main/services/logger';
import { ControlClients } from '../src/main/services/control/control-clients';
import { ControlPairing } from '../src/main/services/control/control-pairing';
import type { ControlState } from '../src/main/services/control/control-schemas';
import { ControlServer } from '../src/main/services/control/control-server';
import { fakeControlDeck } from '../src/main/test-support/fake-control-deck';
import { ms, percentile } from './support/stats';

const baseState: ControlState = { signedIn: true, live: true, startedAt: null, viewers: 10, shieldMode: false, chatModes: null, nextAdAt: null, adEndsAt: null, alerts: { paused: false, waiting: 0 } };

export async function run(options: { presses: number; changes: number; clients: number }): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-control-'));
  const clients = await ControlClients.open({ dataDir: dir, logger: silentLogger });
  const changes = new Emitter<void>();
  let state = baseState;
  let pressed = 0;
  const server = new ControlServer({
    clients,
    pairing: new ControlPairing(),
    deck: fakeControlDeck().ports,
    logger: silentLogger,
    ports: { runAction: async () => (pressed++, { done: true, message: 'Done.' }), actionLabel: (a) => a, readState: () => state, onStateChange: (l) => changes.on(l) },
  });
  const port = await server.listen(0);
  const { token } = await clients.add('Bench', ['read', 'actions', 'moderation']);
  const bare = createServer((req, res) => {
    req.resume();
    if (req.headers.authorization !== `Bearer ${token}`) return void res.writeHead(401).end();
    pressed++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ action: 'marker', done: true, message: 'Done.' }));
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as { port: number }).port;
  try {
    const press = async (url: string): Promise<number> => {
      const start = performance.now();
      const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`press answered ${res.status}`);
      return performance.now() - start;
    };
    const app: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < 50; i++) {
      await press(`http://127.0.0.1:${port}/api/v1/actions/marker`);
      await press(`http://127.0.0.1:${barePort}/api/v1/actions/marker`);
    }
    // Interleaved, so that the machine's load falls on both alike.
    for (let i = 0; i < options.presses; i++) {
      app.push(await press(`http://127.0.0.1:${port}/api/v1/actions/marker`));
      baseline.push(await press(`http://127.0.0.1:${barePort}/api/v1/actions/marker`));
    }
    if (pressed !== 2 * (options.presses + 50)) throw new Error(`${pressed} presses reached the action, not ${2 * (options.presses + 50)}`);
    console.log(`\ncontrol API: button press over HTTP (${options.presses} presses, interleaved)`);
    console.log(`  control server   p50 ${ms(percentile(app, 50))}  p99 ${ms(percentile(app, 99))}`);
    console.log(`  bare node:http   p50 ${ms(percentile(baseline, 50))}  p99 ${ms(percentile(baseline, 99))}`);
    console.log(`  the app's share  p99 ${ms(percentile(app, 99) - percentile(baseline, 99))} (target <= 5 ms)`);

    // Fan-out: the control server's sockets, and a bare ws server's, 20 clients each.
    const bareSockets = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => bareSockets.once('listening', () => resolve()));
    const bareWsPort = (bareSockets.address() as { port: number }).port;
    const open = (url: string, headers: Record<string, string>) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(url, { headers });
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
    const appClients = await Promise.all(Array.from({ length: options.clients }, () => open(`ws://127.0.0.1:${port}/api/v1/events`, { authorization: `Bearer ${token}` })));
    const bareClients = await Promise.all(Array.from({ length: options.clients }, () => open(`ws://127.0.0.1:${bareWsPort}/`, {})));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the first frames
    const fanOut = async (sockets: WebSocket[], send: () => void): Promise<number> => {
      const start = performance.now();
      await Promise.all([Promise.all(sockets.map((ws) => new Promise((resolve) => ws.once('message', resolve)))), Promise.resolve().then(send)]);
      return performance.now() - start;
    };
    const appFan: number[] = [];
    const bareFan: number[] = [];
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < options.changes; i++) {
      appFan.push(
        await fanOut(appClients, () => {
          state = { ...state, shieldMode: i % 2 === 0 };
          changes.fire();
        }),
      );
      const frame = JSON.stringify({ topic: 'state', state });
      bareFan.push(await fanOut(bareClients, () => bareSockets.clients.forEach((ws) => ws.send(frame))));
    }
    global.gc?.();
    const heapAfter = process.memoryUsage().heapUsed;
    console.log(`\ncontrol API: a state change to ${options.clients} connected clients (${options.changes} changes)`);
    console.log(`  control server   p50 ${ms(percentile(appFan, 50))}  p99 ${ms(percentile(appFan, 99))} (target <= 20 ms)`);
    console.log(`  bare ws server   p50 ${ms(percentile(bareFan, 50))}  p99 ${ms(percentile(bareFan, 99))}`);
    console.log(`  heap before ${(heapBefore / 1e6).toFixed(1)} MB, after ${(heapAfter / 1e6).toFixed(1)} MB${global.gc ? '' : ' (without --expose-gc: garbage included)'}`);
    for (const ws of [...appClients, ...bareClients]) ws.terminate();
    await new Promise<void>((resolve) => bareSockets.close(() => resolve()));
  } finally {
    await server.dispose();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    await clients.settled();
    await rm(dir, { recursive: true, force: true });
  }
}

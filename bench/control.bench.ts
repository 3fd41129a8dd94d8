/**
 * The control API (`npm run bench -- control`), each figure beside its baseline in the same run:
 * - a button press: a paired client's POST /api/v1/actions/marker through the real control server
 *   (Host/Origin guard, token hash check, scope, route) until its answer, beside a bare node:http
 *   handler that reads the same header and calls the same function; the app's share is the difference.
 * - a state change (Shield Mode on) to 20 connected clients: from the change until the last of them
 *   has the frame, beside a bare `ws` server sending the same frame to 20 clients; and the heap
 *   before and after the changes (memory flat).
 * - a button press as a WebSocket message ({"action": "marker"} on the event socket until its answer
 *   frame), beside a bare `ws` server that parses the same message and answers the same frame.
 * - memory with 20 clients over `memorySeconds` (BENCH_CONTROL_MEMORY_SECONDS, default 600: ten
 *   minutes) of events: each client hears the state, the channel's events and the alert queue; the
 *   heap after a forced GC at the start, the middle and the end.
 * The press calls a port that answers at once: the platform request is not part of the app's share.
 */
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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

/** A full garbage collection, with or without --expose-gc (V8's flag turned on for a fresh context). */
function collectGarbage(): void {
  if (!global.gc) {
    setFlagsFromString('--expose-gc');
    global.gc = runInNewContext('gc') as typeof global.gc;
  }
  global.gc!();
}

function heapAfterGc(): string {
  collectGarbage();
  return `${(process.memoryUsage().heapUsed / 1e6).toFixed(1)} MB`;
}

export async function run(options: { presses: number; changes: number; clients: number; memorySeconds: number; eventsPerSecond: number }): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-control-'));
  const clients = await ControlClients.open({ dataDir: dir, logger: silentLogger });
  const changes = new Emitter<void>();
  let state = baseState;
  let pressed = 0;
  const deck = fakeControlDeck();
  const server = new ControlServer({
    clients,
    pairing: new ControlPairing(),
    deck: deck.ports,
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
    collectGarbage();
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
    collectGarbage();
    const heapAfter = process.memoryUsage().heapUsed;
    console.log(`\ncontrol API: a state change to ${options.clients} connected clients (${options.changes} changes)`);
    console.log(`  control server   p50 ${ms(percentile(appFan, 50))}  p99 ${ms(percentile(appFan, 99))} (target <= 20 ms)`);
    console.log(`  bare ws server   p50 ${ms(percentile(bareFan, 50))}  p99 ${ms(percentile(bareFan, 99))}`);
    console.log(`  heap before ${(heapBefore / 1e6).toFixed(1)} MB, after ${(heapAfter / 1e6).toFixed(1)} MB (after a forced GC)`);

    // A press as a socket message: the control server's socket, and a bare ws server that parses and answers alike.
    bareSockets.on('connection', (ws) =>
      ws.on('message', (data) => {
        const { action, requestId } = JSON.parse(String(data)) as { action: string; requestId: string };
        pressed++;
        ws.send(JSON.stringify({ topic: 'action', requestId, action, done: true, message: 'Done.' }));
      }),
    );
    const appPresser = appClients[0]!;
    const barePresser = await open(`ws://127.0.0.1:${bareWsPort}/`, {});
    const socketPress = (ws: WebSocket, i: number): Promise<number> =>
      new Promise((resolve, reject) => {
        const requestId = `p${i}`;
        const start = performance.now();
        const onMessage = (data: WebSocket.RawData) => {
          const answer = JSON.parse(String(data)) as { topic: string; requestId?: string; done?: boolean };
          if (answer.topic !== 'action' || answer.requestId !== requestId) return;
          ws.off('message', onMessage);
          if (!answer.done) reject(new Error('the press was not done'));
          else resolve(performance.now() - start);
        };
        ws.on('message', onMessage);
        ws.send(JSON.stringify({ action: 'marker', requestId }));
      });
    const appWs: number[] = [];
    const bareWs: number[] = [];
    // Paced under the socket's flood limit (40 frames in 10 s): each round waits out its window.
    const perWindow = 35;
    for (let i = 0; i < options.presses; i++) {
      if (i > 0 && i % perWindow === 0) await new Promise((resolve) => setTimeout(resolve, 10_050));
      appWs.push(await socketPress(appPresser, i));
      bareWs.push(await socketPress(barePresser, i));
      if (appWs.length >= 140) break;
    }
    console.log(`\ncontrol API: button press as a WebSocket message (${appWs.length} presses, interleaved; the socket allows 40 frames in 10 s)`);
    console.log(`  control server   p50 ${ms(percentile(appWs, 50))}  p99 ${ms(percentile(appWs, 99))}`);
    console.log(`  bare ws server   p50 ${ms(percentile(bareWs, 50))}  p99 ${ms(percentile(bareWs, 99))}`);
    console.log(`  the app's share  p99 ${ms(percentile(appWs, 99) - percentile(bareWs, 99))} (target <= 5 ms)`);
    barePresser.terminate();

    // Memory: every client hears the state, the events and the alerts, for memorySeconds of events.
    for (const ws of appClients) ws.send(JSON.stringify({ subscribe: ['state', 'events', 'alerts'] }));
    let received = 0;
    for (const ws of appClients) ws.on('message', () => received++);
    const heaps: string[] = [`start ${heapAfterGc()}`];
    const started = performance.now();
    const totalMs = options.memorySeconds * 1000;
    let sent = 0;
    let middleTaken = false;
    while (performance.now() - started < totalMs) {
      const tick = performance.now();
      for (let k = 0; k < options.eventsPerSecond / 10; k++) {
        sent++;
        deck.emitEvent({ kind: 'follow', id: `follow-${sent}`, at: new Date().toISOString(), source: 'live', user: { id: `u${sent}`, login: `viewer${sent}`, name: `Viewer ${sent}` } });
        state = { ...state, viewers: sent, shieldMode: sent % 2 === 0 };
        changes.fire();
        deck.alerts.waiting = sent % 7;
        deck.fireAlerts();
      }
      if (!middleTaken && performance.now() - started >= totalMs / 2) {
        middleTaken = true;
        heaps.push(`middle ${heapAfterGc()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (performance.now() - tick))));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    heaps.push(`end ${heapAfterGc()}`);
    console.log(`\ncontrol API: memory with ${options.clients} clients over ${options.memorySeconds} s (${sent} rounds of an event, a state change and an alert change; ${received} frames received)`);
    console.log(`  heap after GC: ${heaps.join(', ')}`);
    console.log(`  sockets still open: ${appClients.filter((ws) => ws.readyState === WebSocket.OPEN).length} of ${options.clients}`);

    for (const ws of [...appClients, ...bareClients]) ws.terminate();
    await new Promise<void>((resolve) => bareSockets.close(() => resolve()));
  } finally {
    await server.dispose();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    await clients.settled();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * EventSub fan-out: events published in the emulator delivered to 10 WebSocket sessions (one
 * subscription each), in a burst (events per second) and at a steady pace (delivery latency p50/p99),
 * beside a bare `ws` server sending frames of the same size to 10 sockets, in one run.
 */
import { request } from 'undici';
import WebSocket, { WebSocketServer } from 'ws';
import { eventSubOf } from '../src/emulator/eventsub/eventsub-state';
import { startBenchEmulator, type BenchEmulator } from './support/emulator-setup';
import { ms, percentile } from './support/stats';

const SOCKETS = 10;
const BURST_ROUNDS = 3;

interface Receiver {
  received: number;
  latencies: number[];
  sockets: WebSocket[];
}

function receive(receiver: Receiver, data: WebSocket.RawData): void {
  const frame = JSON.parse(String(data)) as { metadata?: { message_type?: string }; payload?: { event?: { sent_at?: number } } };
  const sentAt = frame.payload?.event?.sent_at;
  if (typeof sentAt !== 'number') return;
  receiver.received += 1;
  receiver.latencies.push(performance.now() - sentAt);
}

async function emulatorReceivers(bench: BenchEmulator): Promise<Receiver> {
  const receiver: Receiver = { received: 0, latencies: [], sockets: [] };
  for (let i = 0; i < SOCKETS; i += 1) {
    const user = await bench.sim.createUser({ login: `fanout_viewer_${i}` });
    const headers = await bench.headersFor([], user.id);
    const socket = new WebSocket(`${bench.emulator.url.replace('http', 'ws')}/ws?keepalive_timeout_seconds=600`);
    const sessionId = await new Promise<string>((resolve, reject) => {
      socket.once('message', (data) => resolve((JSON.parse(String(data)) as { payload: { session: { id: string } } }).payload.session.id));
      socket.once('error', reject);
    });
    const res = await request(`${bench.emulator.url}/helix/eventsub/subscriptions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'stream.online', version: '1', condition: { broadcaster_user_id: bench.broadcasterId }, transport: { method: 'websocket', session_id: sessionId } }),
    });
    if (res.statusCode !== 202) throw new Error(`subscription answered ${res.statusCode}: ${await res.body.text()}`);
    await res.body.dump();
    socket.on('message', (data) => receive(receiver, data));
    receiver.sockets.push(socket);
  }
  return receiver;
}

async function bareReceivers(server: WebSocketServer, port: number): Promise<Receiver> {
  const receiver: Receiver = { received: 0, latencies: [], sockets: [] };
  for (let i = 0; i < SOCKETS; i += 1) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.on('message', (data) => receive(receiver, data));
    receiver.sockets.push(socket);
  }
  while (server.clients.size < SOCKETS) await new Promise((resolve) => setImmediate(resolve));
  return receiver;
}

/** Publishes `count` events in batches, yielding to I/O between them, and waits for every delivery. */
async function drive(receiver: Receiver, publish: (sentAt: number) => void, count: number, perSecond: number | null): Promise<number> {
  receiver.received = 0;
  receiver.latencies = [];
  const started = performance.now();
  const batch = perSecond ? Math.max(1, Math.round(perSecond / 100)) : 200;
  for (let sent = 0; sent < count; ) {
    for (let i = 0; i < batch && sent < count; i += 1, sent += 1) publish(performance.now());
    if (perSecond) {
      const due = started + (sent / perSecond) * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    } else {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const deadline = performance.now() + 60_000;
  while (receiver.received < count * SOCKETS) {
    if (performance.now() > deadline) throw new Error(`only ${receiver.received} of ${count * SOCKETS} deliveries arrived`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

function report(name: string, receiver: Receiver, elapsedMs: number, count: number): void {
  const deliveries = count * SOCKETS;
  console.log(`  ${name.padEnd(30)} ${(deliveries / (elapsedMs / 1000)).toFixed(0).padStart(7)} deliveries/s   p50 ${ms(percentile(receiver.latencies, 50))}   p99 ${ms(percentile(receiver.latencies, 99))}`);
}

export async function run(options: { burstEvents: number; pacedEvents: number; pacedPerSecond: number }): Promise<void> {
  const bench = await startBenchEmulator();
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    const emu = await emulatorReceivers(bench);
    const bare = await bareReceivers(server, port);
    const publishToEmulator = (sentAt: number) =>
      eventSubOf(bench.emulator.state).notifications.publish({ type: 'stream.online', broadcasterUserId: bench.broadcasterId, event: { broadcaster_user_id: bench.broadcasterId, type: 'live', sent_at: sentAt } });
    // The baseline sends a frame of the platform's shape, so both move the same bytes.
    const publishBare = (sentAt: number) => {
      const frame = JSON.stringify({
        metadata: { message_id: crypto.randomUUID(), message_type: 'notification', message_timestamp: new Date().toISOString(), subscription_type: 'stream.online', subscription_version: '1' },
        payload: { subscription: { id: crypto.randomUUID(), status: 'enabled', type: 'stream.online', version: '1', cost: 0, condition: { broadcaster_user_id: bench.broadcasterId }, transport: { method: 'websocket', session_id: 'x'.repeat(36) }, created_at: new Date().toISOString() }, event: { broadcaster_user_id: bench.broadcasterId, type: 'live', sent_at: sentAt } },
      });
      for (const client of server.clients) client.send(frame);
    };

    // Unmeasured warm-up of both sides (JIT of the senders and of the shared receivers), so that
    // whichever goes first does not pay for compiling the code both use.
    for (let i = 0; i < 2; i += 1) {
      await drive(emu, publishToEmulator, 500, null);
      await drive(bare, publishBare, 500, null);
    }
    console.log(`${SOCKETS} sessions, one stream.online subscription each`);
    // Bursts alternate between the two, so that a machine shared with other work slows both alike;
    // each line is all its rounds together.
    console.log(`burst of ${options.burstEvents} events, ${BURST_ROUNDS} rounds each, alternating:`);
    const bursts = { emu: { elapsed: 0, latencies: [] as number[] }, bare: { elapsed: 0, latencies: [] as number[] } };
    for (let round = 0; round < BURST_ROUNDS; round += 1) {
      bursts.emu.elapsed += await drive(emu, publishToEmulator, options.burstEvents, null);
      bursts.emu.latencies = bursts.emu.latencies.concat(emu.latencies);
      bursts.bare.elapsed += await drive(bare, publishBare, options.burstEvents, null);
      bursts.bare.latencies = bursts.bare.latencies.concat(bare.latencies);
    }
    report('emulator', { ...emu, latencies: bursts.emu.latencies }, bursts.emu.elapsed, options.burstEvents * BURST_ROUNDS);
    report('baseline: bare ws server', { ...bare, latencies: bursts.bare.latencies }, bursts.bare.elapsed, options.burstEvents * BURST_ROUNDS);
    console.log(`steady ${options.pacedPerSecond} events/s, ${options.pacedEvents} events (delivery latency):`);
    report('emulator', emu, await drive(emu, publishToEmulator, options.pacedEvents, options.pacedPerSecond), options.pacedEvents);
    report('baseline: bare ws server', bare, await drive(bare, publishBare, options.pacedEvents, options.pacedPerSecond), options.pacedEvents);
    for (const socket of [...emu.sockets, ...bare.sockets]) socket.terminate();
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await bench.close();
  }
}

/**
 * Automations, two figures beside their baselines in one run, the whole app in demo mode (its
 * in-process emulator, EventSub, the channel-event stream, the run ledger on disk, OBS over
 * obs-websocket to a small obs-websocket server that timestamps what it receives):
 *
 * 1. Event frame received (the EventSub frame's arrival on the app's socket) to the first action's
 *    request received by OBS, with 100 automations defined (100 chat commands: each event is
 *    checked against all of them and fires one), beside a bare handler on the same frames that
 *    parses them and sends the same OBS request over its own connection. The app's path includes
 *    the exactly-once record written before the request (the run log's journal line).
 * 2. 50 events a second for `BENCH_AUTOMATIONS_SECONDS` (default 60) across the 100 automations,
 *    with an EventSub reconnect in the middle: the deepest queue seen, the heap's growth after a
 *    forced GC, actions lost and actions done twice.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { OBSWebSocket } from 'obs-websocket-js/json';
import WebSocket from 'ws';
import { RateLimiter } from '../src/emulator/domain/stores/rate-limiter';
import { createSimulationClient, type SimulationClient } from '../src/emulator/simulation-client';
import { createSidestage, type Sidestage } from '../src/main/composition';
import { MemoryTokenStore } from '../src/main/services/auth/token-store';
import { silentLogger } from '../src/main/services/logger';
import { MemorySettingsStore } from '../src/main/services/settings/settings-store';
import { startFakeObs, type FakeObsServer } from '../src/main/test-support/obs-fake-server';
import { waitUntil } from '../src/main/test-support/wait-until';
import type { AutomationInput, Channel, IpcResult } from '../src/shared/ipc/contract';
import { ms, percentile } from './support/stats';

const trusted = { trusted: true, description: 'bench' };
const automationsDefined = 100;
const textSource = 'Bench text';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

interface App {
  sidestage: Sidestage;
  sim: SimulationClient;
  broadcasterId: string;
  viewerIds: string[];
  /** Arrival of the frame carrying each token (performance.now()). */
  arrived: Map<string, number>;
  /** The bare handler, when on: gets each frame's raw text. */
  bare: { handler: ((raw: string) => void) | null };
  call<T>(channel: Channel, arg?: unknown): Promise<T>;
  dispose(): Promise<void>;
}

const tokenOf = (raw: string) => /bench-\d+-\d+/.exec(raw)?.[0] ?? null;

async function startApp(dataDir: string, obs: FakeObsServer): Promise<App> {
  const arrived = new Map<string, number>();
  const bare: App['bare'] = { handler: null };
  const sidestage = await createSidestage({
    transport: 'dock',
    dataDir,
    version: 'bench',
    env: {},
    tokenStore: new MemoryTokenStore(),
    settings: new MemorySettingsStore({ 'obs.host': '127.0.0.1', 'obs.port': obs.port }),
    openUrl: async (url) => {
      await fetch(url);
      return true;
    },
    logger: silentLogger,
    // The first 'message' listeners of the socket: the frame's arrival, and the bare baseline.
    eventSubSocketFactory: (url) => {
      const socket = new WebSocket(url, { maxPayload: 1024 * 1024, handshakeTimeout: 15_000 });
      socket.on('message', (data: WebSocket.RawData) => {
        const at = performance.now();
        const raw = data.toString();
        const token = tokenOf(raw);
        if (token) arrived.set(token, at);
        bare.handler?.(raw);
      });
      return socket;
    },
  });
  const emulator = sidestage.emulator!;
  // An 800-points bucket is spent by a load test in a second: the bench measures the answered path.
  emulator.state.rateLimiter = new RateLimiter(1_000_000_000);
  const sim = createSimulationClient({ baseUrl: emulator.url, timeoutMs: 10_000 });
  const call = async <T>(channel: Channel, arg?: unknown): Promise<T> => {
    const result = (await sidestage.router.dispatch(channel, arg, trusted)) as IpcResult<T>;
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value;
  };
  await sim.settings({ auto_approve: true });
  let signedIn = false;
  const off = sidestage.router.onEvent((event, payload) => {
    if (event === 'auth:changed') signedIn = (payload as { status: string }).status === 'signedIn';
  });
  await call('auth:signIn', { flow: 'loopback' });
  await waitUntil(() => signedIn, 10_000, 'signed in');
  off();
  await call('obs:connect');
  await waitUntil(() => sidestage.obs.getState().status === 'connected', 15_000, 'OBS connected');
  const demo = emulator.demo!;
  return {
    sidestage,
    sim,
    broadcasterId: demo.broadcaster.id,
    viewerIds: demo.viewers.map((v) => v.id),
    arrived,
    bare,
    call,
    dispose: () => sidestage.dispose(),
  };
}

function commandAutomation(n: number): AutomationInput {
  return {
    name: `Bench command ${n}`,
    enabled: true,
    trigger: { kind: 'chatCommand', command: `!cmd${n}`, allowed: ['everyone'] },
    conditions: { onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 0, rules: [] },
    actions: [{ kind: 'obsSetText', inputName: textSource, text: '{args}' }],
    queue: 'overlap',
    alsoMissed: false,
    stopOnError: false,
  };
}

async function defineAutomations(app: App): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < automationsDefined; n++) ids.push((await app.call<{ id: string }>('automations:save', { automation: commandAutomation(n) })).id);
  for (const deadline = Date.now() + 15_000; ; ) {
    const { subscriptions } = await app.sim.eventSubSubscriptions();
    if (subscriptions.some((s) => s.type === 'channel.chat.message' && s.status === 'enabled')) break;
    if (Date.now() > deadline) throw new Error('EventSub never subscribed to chat');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return ids;
}

/** OBS's receipts of SetInputSettings, by the token in the text. */
function recordObs(obs: FakeObsServer): { received: Map<string, number[]> } {
  const received = new Map<string, number[]>();
  obs.handlers.SetInputSettings = (data) => {
    const at = performance.now();
    const text = String((data?.inputSettings as { text?: unknown } | undefined)?.text ?? '');
    const token = tokenOf(text);
    if (token) received.set(token, [...(received.get(token) ?? []), at]);
    return {};
  };
  return { received };
}

/** Sends `count` chat commands at `perSecond`, each `!cmdN bench-<round>-<i>`; answers the tokens. */
async function paced(app: App, round: number, count: number, perSecond: number, during?: (i: number) => void): Promise<string[]> {
  const tokens: string[] = [];
  const started = Date.now();
  const sends: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const token = `bench-${round}-${i}`;
    tokens.push(token);
    during?.(i);
    sends.push(app.sim.sendChatMessage({ broadcaster_id: app.broadcasterId, user_id: app.viewerIds[i % app.viewerIds.length]!, text: `!cmd${i % automationsDefined} ${token}` }));
  }
  await Promise.all(sends);
  return tokens;
}

async function drained(received: Map<string, number[]>, tokens: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (tokens.some((t) => !received.has(t)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

function latencies(arrived: Map<string, number>, received: Map<string, number[]>, tokens: string[]): number[] {
  return tokens.flatMap((t) => {
    const a = arrived.get(t);
    const r = received.get(t)?.[0];
    return a !== undefined && r !== undefined ? [r - a] : [];
  });
}

const line = (label: string, values: number[], of: number) =>
  `${label}: p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}, max ${ms(Math.max(...values))} (${values.length} of ${of} events)`;

/** Figure 1: the app, then the bare handler, on the same frames' path. */
async function frameToRequest(events: number): Promise<{ app: number[]; bare: number[] }> {
  const obs = await startFakeObs();
  const { received } = recordObs(obs);
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-automations-'));
  const app = await startApp(dataDir, obs);
  const baselineObs = new OBSWebSocket();
  try {
    const ids = await defineAutomations(app);
    // Warm-up (JIT, first writes), not counted.
    await drained(received, await paced(app, 0, 50, 20), 10_000);
    const appTokens = await paced(app, 1, events, 20);
    await drained(received, appTokens, 20_000);
    const appLatencies = latencies(app.arrived, received, appTokens);

    // The baseline: automations off, a bare handler sends the same request on the same frames.
    for (const id of ids) await app.call('automations:setEnabled', { id, enabled: false });
    await baselineObs.connect(`ws://127.0.0.1:${obs.port}`);
    app.bare.handler = (raw) => {
      if (!raw.includes('"channel.chat.message"')) return;
      const frame = JSON.parse(raw) as { payload?: { event?: { message?: { text?: string } } } };
      const text = frame.payload?.event?.message?.text ?? '';
      if (!text.startsWith('!cmd')) return;
      void baselineObs.call('SetInputSettings', { inputName: textSource, inputSettings: { text: text.slice(text.indexOf(' ') + 1) } }).catch(() => {});
    };
    await drained(received, await paced(app, 2, 50, 20), 10_000);
    const bareTokens = await paced(app, 3, events, 20);
    await drained(received, bareTokens, 20_000);
    return { app: appLatencies, bare: latencies(app.arrived, received, bareTokens) };
  } finally {
    app.bare.handler = null;
    await baselineObs.disconnect().catch(() => {});
    await app.dispose();
    await obs.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function run(options: { events?: number; sustainSeconds?: number; perSecond?: number } = {}): Promise<void> {
  const events = options.events ?? 500;
  const seconds = options.sustainSeconds ?? 60;
  const perSecond = options.perSecond ?? 50;
  const load = () => loadavg()[0]!.toFixed(1);

  console.log(`Automations: ${automationsDefined} defined (chat commands; each event checked against all of them, firing one), OBS over obs-websocket; load average ${load()} at the start`);
  console.log('1. EventSub frame received -> the first action\'s request received by OBS (SetInputSettings), 20 events/s');
  const figure = await frameToRequest(events);
  console.log(`  ${line(`Sidestage (the exactly-once record written first; data folder in ${tmpdir()})`, figure.app, events)}`);
  console.log(`  ${line('baseline: a bare handler on the frame', figure.bare, events)}`);
  const share = (p: number) => ms(percentile(figure.app, p) - percentile(figure.bare, p));
  console.log(`  the app's share: ${share(50)} at p50, ${share(99)} at p99 (load average ${load()})`);

  // Figure 2: sustained load.
  const obs = await startFakeObs();
  const { received } = recordObs(obs);
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-automations-load-'));
  const app = await startApp(dataDir, obs);
  try {
    await defineAutomations(app);
    await drained(received, await paced(app, 10, 100, 50), 10_000);
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    let deepest = 0;
    const automations = app.sidestage.automations.service;
    if (!automations) throw new Error(`automations are off: ${app.sidestage.automations.getState().problem}`);
    const sampler = setInterval(() => (deepest = Math.max(deepest, automations.queueDepth())), 50);
    const total = seconds * perSecond;
    const started = Date.now();
    const tokens = await paced(app, 11, total, perSecond, (i) => {
      // An EventSub reconnect (session_reconnect) half way through.
      if (i === Math.floor(total / 2)) void app.sim.addFault({ reconnect_websockets: true }).catch(() => {});
    });
    const sentIn = (Date.now() - started) / 1000;
    await drained(received, tokens, 30_000);
    clearInterval(sampler);
    gc();
    const heapAfter = process.memoryUsage().heapUsed;
    const done = tokens.filter((t) => received.has(t)).length;
    const twice = tokens.filter((t) => (received.get(t)?.length ?? 0) > 1).length;
    const lateness = latencies(app.arrived, received, tokens);
    console.log(`2. ${perSecond} events/s for ${seconds} s (${total} events sent in ${sentIn.toFixed(1)} s) across ${automationsDefined} automations, an EventSub reconnect half way`);
    console.log(`  Sidestage: deepest queue ${deepest} runs; heap ${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB growth after GC; ${total - done} lost, ${twice} done twice; ${line('frame to request', lateness, total)} (load average ${load()})`);
    console.log(`  baseline: 0 lost, 0 twice, no queue and no record (a bare handler keeps nothing; figure 1 has its latency)`);
  } finally {
    await app.dispose();
    await obs.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

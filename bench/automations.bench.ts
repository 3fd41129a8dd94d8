/**
 * Automations, two figures beside their baselines in one run, the whole app in demo mode (its
 * in-process emulator, EventSub, the channel-event stream, the run ledger on disk, OBS over
 * obs-websocket to a small obs-websocket server that timestamps what it receives):
 *
 * 1. Event frame received (the EventSub frame's arrival on the app's socket) to the first action's
 *    request received by OBS, with 200 automations defined (200 chat commands: each event is
 *    checked against all of them and fires one; half of them add to a variable, branch on it and
 *    fill live fields before their OBS request), beside a bare handler on the same frames that
 *    parses them and sends the same OBS request over its own connection. The app's path includes
 *    the exactly-once record written before the request (the run log's journal line).
 * 2. 50 events a second for `BENCH_AUTOMATIONS_SECONDS` (default 60) across the 200 automations,
 *    with an EventSub reconnect in the middle: the deepest queue seen, the heap's growth after a
 *    forced GC, actions lost and actions done twice, and the bytes this process wrote to disk per
 *    run (Linux's `/proc/self/io` `write_bytes`: the run log, the handled record, the cooldowns and
 *    every other file; sockets are not in it).
 */
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { OBSWebSocket } from 'obs-websocket-js/json';
import { createSimulationClient } from '../src/emulator/simulation-client';
import type { DemoSidestage } from '../src/main/test-support/demo-sidestage';
import { startFakeObs, type FakeObsServer } from '../src/main/test-support/obs-fake-server';
import { waitUntil } from '../src/main/test-support/wait-until';
import type { AutomationInput } from '../src/shared/ipc/contract';
import { heapAfterGc, startBenchApp } from './support/demo-app';
import { withoutRateLimit } from './support/emulator-setup';
import { ms, percentile } from './support/stats';

const automationsDefined = 200;
const textSource = 'Bench text';

interface App extends DemoSidestage {
  viewerIds: string[];
  /** Arrival of the frame carrying each token (performance.now()). */
  arrived: Map<string, number>;
  /** The bare handler, when on: gets each frame's raw text. */
  bare: { handler: ((raw: string) => void) | null };
}

/** Bytes this process has sent to the storage layer so far (Linux), or null where that is not known. */
function bytesWritten(): number | null {
  try {
    const line = readFileSync('/proc/self/io', 'utf8').split('\n').find((l) => l.startsWith('write_bytes:'));
    return line ? Number(line.split(':')[1]) : null;
  } catch {
    return null;
  }
}

const tokenOf = (raw: string) => /bench-\d+-\d+/.exec(raw)?.[0] ?? null;

async function startApp(obs: FakeObsServer): Promise<App> {
  const arrived = new Map<string, number>();
  const bare: App['bare'] = { handler: null };
  const demo = await startBenchApp({
    name: 'automations',
    settings: { 'obs.host': '127.0.0.1', 'obs.port': obs.port },
    // The frame's arrival, and the bare baseline.
    onFrame: (raw) => {
      const at = performance.now();
      const token = tokenOf(raw);
      if (token) arrived.set(token, at);
      bare.handler?.(raw);
    },
  });
  const emulator = demo.sidestage.emulator!;
  withoutRateLimit(emulator);
  await demo.call('obs:connect');
  await waitUntil(() => demo.sidestage.obs.getState().status === 'connected', 15_000, 'OBS connected');
  return {
    ...demo,
    // Answers of a load test's pace.
    sim: createSimulationClient({ baseUrl: emulator.url, timeoutMs: 10_000 }),
    viewerIds: emulator.demo!.viewers.map((v) => v.id),
    arrived,
    bare,
  };
}

/** The counter half of the automations add to (a variable in use: its journal line is in the bytes per run). */
const benchCounter = 'bench_runs';

/**
 * Half the automations (odd n) count in a variable and then branch on it, their OBS text filled
 * with live fields: the first action's request then comes after the variable's journal line, the
 * branch's comparison and the live fields; the other half set the text at once.
 */
function commandAutomation(n: number): AutomationInput {
  const plain: AutomationInput['actions'] = [{ kind: 'obsSetText', inputName: textSource, text: '{args}' }];
  const branched: AutomationInput['actions'] = [
    { kind: 'variable', name: benchCounter, op: 'add', value: '', by: 1 },
    {
      kind: 'if',
      rules: [{ field: 'variable', name: benchCounter, op: 'atLeast', value: 0 }],
      then: [{ kind: 'obsSetText', inputName: textSource, text: '{args} {uptime} {game} {viewers} {time} {random:a|b|c} {var.bench_runs}' }],
      else: [{ kind: 'chatMessage', text: 'never' }],
    },
  ];
  return {
    name: `Bench command ${n}`,
    enabled: true,
    trigger: { kind: 'chatCommand', command: `!cmd${n}`, minRole: 'everyone' },
    conditions: { onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 0, rules: [] },
    actions: n % 2 === 1 ? branched : plain,
    queue: 'overlap',
    alsoMissed: false,
    stopOnError: false,
    stripLinks: false,
  };
}

async function defineAutomations(app: App): Promise<string[]> {
  const ids: string[] = [];
  await app.call('automations:defineVariable', { name: benchCounter, initial: 0 });
  for (let n = 0; n < automationsDefined; n++) ids.push((await app.call<{ id: string }>('automations:save', { automation: commandAutomation(n) })).id);
  await waitUntil(async () => (await app.sim.eventSubSubscriptions()).subscriptions.some((s) => s.type === 'channel.chat.message' && s.status === 'enabled'), 15_000, 'the channel.chat.message subscription', 50);
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
  try {
    const { received } = recordObs(obs);
    const app = await startApp(obs);
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
    }
  } finally {
    await obs.close();
  }
}

export async function run(options: { events?: number; sustainSeconds?: number; perSecond?: number } = {}): Promise<void> {
  const events = options.events ?? 500;
  const seconds = options.sustainSeconds ?? 60;
  const perSecond = options.perSecond ?? 50;
  const load = () => loadavg()[0]!.toFixed(1);

  console.log(
    `Automations: ${automationsDefined} defined (chat commands; each event checked against all of them, firing one; half count in a variable, then branch on it and fill live fields), OBS over obs-websocket; load average ${load()} at the start`,
  );
  console.log('1. EventSub frame received -> the first action\'s request received by OBS (SetInputSettings), 20 events/s');
  const figure = await frameToRequest(events);
  console.log(`  ${line(`Sidestage (the exactly-once record written first; data folder in ${tmpdir()})`, figure.app, events)}`);
  console.log(`  ${line('baseline: a bare handler on the frame', figure.bare, events)}`);
  const share = (p: number) => ms(percentile(figure.app, p) - percentile(figure.bare, p));
  console.log(`  the app's share: ${share(50)} at p50, ${share(99)} at p99 (load average ${load()})`);

  // Figure 2: sustained load.
  const obs = await startFakeObs();
  try {
    const { received } = recordObs(obs);
    const app = await startApp(obs);
    let sampler: ReturnType<typeof setInterval> | undefined;
    try {
      await defineAutomations(app);
      await drained(received, await paced(app, 10, 100, 50), 10_000);
      const heapBefore = heapAfterGc();
      let deepest = 0;
      const automations = app.sidestage.automations.service;
      if (!automations) throw new Error(`automations are off: ${app.sidestage.automations.getState().problem}`);
      sampler = setInterval(() => (deepest = Math.max(deepest, automations.queueDepth())), 50);
      const total = seconds * perSecond;
      const writtenBefore = bytesWritten();
      const started = Date.now();
      const tokens = await paced(app, 11, total, perSecond, (i) => {
        // An EventSub reconnect (session_reconnect) half way through.
        if (i === Math.floor(total / 2)) void app.sim.addFault({ reconnect_websockets: true }).catch(() => {});
      });
      const sentIn = (Date.now() - started) / 1000;
      await drained(received, tokens, 30_000);
      const writtenAfter = bytesWritten();
      const heapAfter = heapAfterGc();
      const done = tokens.filter((t) => received.has(t)).length;
      const twice = tokens.filter((t) => (received.get(t)?.length ?? 0) > 1).length;
      const lateness = latencies(app.arrived, received, tokens);
      console.log(`2. ${perSecond} events/s for ${seconds} s (${total} events sent in ${sentIn.toFixed(1)} s) across ${automationsDefined} automations, an EventSub reconnect half way`);
      console.log(`  Sidestage: deepest queue ${deepest} runs; heap ${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB growth after GC; ${total - done} lost, ${twice} done twice; ${line('frame to request', lateness, total)} (load average ${load()})`);
      const perRun = writtenBefore === null || writtenAfter === null ? 'not known here (no /proc/self/io)' : `${Math.round((writtenAfter - writtenBefore) / Math.max(1, done))} bytes`;
      console.log(`  written to disk per run: ${perRun} (every file of the process, snapshots included)`);
      console.log(`  baseline: 0 lost, 0 twice, no queue and no record, 0 bytes written (a bare handler keeps nothing; figure 1 has its latency)`);
    } finally {
      clearInterval(sampler);
      await app.dispose();
    }
  } finally {
    await obs.close();
  }
}

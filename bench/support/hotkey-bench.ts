/**
 * The harness of the hotkey benchmarks (marker, clip): a demo emulator with the stream online, a
 * press on the fake shortcut registry through the real GlobalHotkey to the service under test and
 * the real ApiClient, timed to the service's own "done". Beside it, in the same run: the
 * emulator's own handling of each POST (timed inside its HTTP server through node's http
 * diagnostics channels), the app's share (total minus that), and a bare undici POST to the same
 * endpoint (the HTTP round trip with no app around it).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import type { RunningEmulator } from '../../src/emulator/server';
import { ApiClient } from '../../src/main/services/api/api-client';
import { CurrentBroadcaster } from '../../src/main/services/common/current-broadcaster';
import { GlobalHotkey, type HotkeySetting } from '../../src/main/services/hotkeys/global-hotkey';
import { silentLogger } from '../../src/main/services/logger';
import { FakeShortcutRegistry } from '../../src/main/test-support/fake-shortcut-registry';
import { fixedAuth, mintToken, simulation } from '../../src/main/test-support/live-controls-emulator';
import { systemClock, type Clock } from '../../src/shared/primitives/clock';
import { startBenchEmulator } from './emulator-setup';
import { ms, percentile } from './stats';

/** What a benchmark's service sees of the harness. */
export interface HotkeyBenchContext {
  emulator: RunningEmulator;
  api: ApiClient;
  broadcaster: CurrentBroadcaster;
  /** The hotkey's clock: presses are a second apart on it, so none is taken for key bounce. */
  clock: Clock;
}

/** The service under test, built by the benchmark. */
export interface HotkeyUnderTest {
  setting: HotkeySetting;
  onPress: () => void;
  /** Armed just before a press: settles when the service shows the press done, rejects when it failed. */
  nextDone(): Promise<void>;
  dispose(): Promise<void> | void;
}

export interface HotkeyBenchOptions {
  presses: number;
  warmup?: number;
  scopes: string[];
  /** The emulator requests whose handling time is counted as the emulator's (POST, by path prefix). */
  postPath: string;
  /** The bare POST for the demo broadcaster: its path and query, its JSON body, what the emulator answers it. */
  barePost(broadcasterId: string): { path: string; body?: Record<string, unknown>; status: number };
  /** A pause after each press and each bare POST, for the service's background work to settle. */
  settleMs?: number;
  /** The report's first line and the total's label. */
  title: string;
  totalLabel: string;
  build(context: HotkeyBenchContext): Promise<HotkeyUnderTest>;
}

export async function runHotkeyBench(options: HotkeyBenchOptions): Promise<void> {
  const bench = await startBenchEmulator();
  const { emulator } = bench;
  const started = new WeakMap<IncomingMessage, number>();
  const handled: number[] = [];
  const onStart = (message: unknown) => {
    const { request: req } = message as { request: IncomingMessage };
    if (req.method === 'POST' && req.url?.startsWith(options.postPath)) started.set(req, performance.now());
  };
  const onFinish = (message: unknown) => {
    const { request: req } = message as { request: IncomingMessage };
    const at = started.get(req);
    if (at !== undefined) handled.push(performance.now() - at);
  };
  subscribe('http.server.request.start', onStart);
  subscribe('http.server.response.finish', onFinish);
  let hotkey: GlobalHotkey | null = null;
  let unit: HotkeyUnderTest | null = null;
  let disposeBroadcaster = () => {};
  try {
    const token = await mintToken(emulator, options.scopes);
    const { auth, apiAuth } = fixedAuth(emulator, token);
    await simulation(emulator).streamOnline(bench.broadcasterId, { vod: true });

    let skew = 0;
    const clock: Clock = { ...systemClock, now: () => Date.now() + skew };
    const api = new ApiClient({ baseUrl: emulator.url, clientId: bench.clientId, auth: apiAuth, logger: silentLogger });
    const broadcaster = new CurrentBroadcaster(auth);
    disposeBroadcaster = () => broadcaster.dispose();
    const built = await options.build({ emulator, api, broadcaster, clock });
    unit = built;
    const registry = new FakeShortcutRegistry();
    const pressed = new GlobalHotkey({ registry, setting: built.setting, logger: silentLogger, platform: 'other', clock, onPress: built.onPress });
    hotkey = pressed;
    pressed.start();
    const settle = async () => {
      if (options.settleMs !== undefined) await new Promise((resolve) => setTimeout(resolve, options.settleMs));
    };

    const press = async (): Promise<{ total: number; emulator: number }> => {
      skew += 1_000;
      const before = handled.length;
      const done = built.nextDone();
      const t0 = performance.now();
      registry.press(pressed.getState().accelerator!);
      await done;
      const total = performance.now() - t0;
      return { total, emulator: handled.slice(before).reduce((a, b) => a + b, 0) };
    };
    const { path, body, status } = options.barePost(bench.broadcasterId);
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'client-id': bench.clientId, accept: 'application/json' };
    if (body) headers['content-type'] = 'application/json';
    const barePost = async (): Promise<number> => {
      const t0 = performance.now();
      const res = await request(`${emulator.url}${path}`, { method: 'POST', headers, body: body ? JSON.stringify(body) : undefined });
      await res.body.text();
      if (res.statusCode !== status) throw new Error(`bare POST answered ${res.statusCode}`);
      return performance.now() - t0;
    };

    for (let i = 0; i < (options.warmup ?? 30); i++) {
      await press();
      await barePost();
      await settle();
    }
    const totals: number[] = [];
    const shares: number[] = [];
    const emulatorTimes: number[] = [];
    const bare: number[] = [];
    // Interleaved, so both see the same machine state (GC, the growing lists, the other engineers' load).
    for (let i = 0; i < options.presses; i++) {
      const { total, emulator: handling } = await press();
      totals.push(total);
      emulatorTimes.push(handling);
      shares.push(total - handling);
      await settle();
      bare.push(await barePost());
      await settle();
    }
    const line = (label: string, values: number[]) => console.log(`  ${label.padEnd(44)} p50 ${ms(percentile(values, 50)).padStart(9)}   p99 ${ms(percentile(values, 99)).padStart(9)}`);
    console.log(options.title);
    line(options.totalLabel, totals);
    line("emulator's handling of the POST", emulatorTimes);
    line("app's own share (total - emulator)", shares);
    line('baseline: bare undici POST, same endpoint', bare);
    console.log(`  app beyond a bare POST (p50 total - p50 bare): ${ms(percentile(totals, 50) - percentile(bare, 50))}`);
  } finally {
    hotkey?.dispose();
    await unit?.dispose();
    disposeBroadcaster();
    unsubscribe('http.server.request.start', onStart);
    unsubscribe('http.server.response.finish', onFinish);
    await bench.close();
  }
}

/**
 * Hotkey press to marker created: a press on the fake shortcut registry goes through the marker
 * hotkey (bounce filter), the marker service (live check, description, log, POST, notification)
 * and the real ApiClient to the emulator, ending when the "Marker at …" notification is shown.
 * Beside it, in the same run: the emulator's own handling of each marker POST (timed inside its
 * HTTP server through node's http diagnostics channels), the app's share (total minus that), and
 * a bare undici POST to the same endpoint (the HTTP round trip with no app around it).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { startEmulator } from '../src/emulator/server';
import { RateLimiter } from '../src/emulator/state/rate-limiter';
import { ApiClient } from '../src/main/services/api/api-client';
import { CurrentBroadcaster } from '../src/main/services/common/current-broadcaster';
import { systemClock, type Clock } from '../src/shared/primitives/clock';
import { silentLogger } from '../src/main/services/logger';
import { GlobalHotkey } from '../src/main/services/hotkeys/global-hotkey';
import { FileMarkerLogStore } from '../src/main/services/markers/marker-log-store';
import { MarkerService } from '../src/main/services/markers/marker-service';
import { FakeShortcutRegistry } from '../src/main/test-support/fake-shortcut-registry';
import type { DesktopNotification, Notifier } from '../src/main/services/notifications/notifier';
import { MemorySettingsStore } from '../src/main/services/settings/settings-store';
import { StreamStatusService } from '../src/main/services/stream-status/stream-status-service';
import { fixedAuth, liveScopes, mintToken, simulation } from '../src/main/test-support/live-controls-emulator';
import { ms, percentile } from './support/stats';

export async function run(options: { presses: number; warmup?: number }): Promise<void> {
  const emulator = await startEmulator({ port: 0, seed: 'demo' });
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-markers-'));
  // The emulator's handling time of each marker POST, from its HTTP server's own events.
  const started = new WeakMap<IncomingMessage, number>();
  const handled: number[] = [];
  const onStart = (message: unknown) => {
    const { request: req } = message as { request: IncomingMessage };
    if (req.method === 'POST' && req.url?.startsWith('/helix/streams/markers')) started.set(req, performance.now());
  };
  const onFinish = (message: unknown) => {
    const { request: req } = message as { request: IncomingMessage };
    const at = started.get(req);
    if (at !== undefined) handled.push(performance.now() - at);
  };
  subscribe('http.server.request.start', onStart);
  subscribe('http.server.response.finish', onFinish);
  try {
    emulator.state.rateLimiter = new RateLimiter(1_000_000_000);
    const demo = emulator.demo!;
    const token = await mintToken(emulator, liveScopes);
    const { auth, apiAuth } = fixedAuth(emulator, token);
    await simulation(emulator).streamOnline(demo.broadcaster.id, { vod: true });

    // Presses a second apart on the hotkey's clock, so none is taken for key bounce.
    let skew = 0;
    const clock: Clock = { ...systemClock, now: () => Date.now() + skew };
    let shown: ((n: DesktopNotification) => void) | null = null;
    const notifier: Notifier = { supportsActions: false, show: (n) => shown?.(n) };
    const api = new ApiClient({ baseUrl: emulator.url, clientId: demo.clientId, auth: apiAuth, logger: silentLogger });
    const settings = new MemorySettingsStore({ 'markers.descriptionTemplate': 'Bench {n} at {time}' });
    const broadcaster = new CurrentBroadcaster(auth);
    const stream = new StreamStatusService({ api, broadcaster, logger: silentLogger, clock, pollIntervalMs: 3_600_000 });
    stream.start();
    await stream.refresh();
    const markers = new MarkerService({ api, broadcaster, stream, notifier, settings, store: new FileMarkerLogStore(dataDir, silentLogger), logger: silentLogger, clock });
    await markers.start();
    const registry = new FakeShortcutRegistry();
    const hotkey = new GlobalHotkey({ registry, setting: { get: () => settings.get('markers.hotkey'), set: () => {} }, logger: silentLogger, platform: 'other', clock, onPress: () => void markers.drop('hotkey').catch(() => {}) });
    hotkey.start();
    // The read-back after each marker is the app's background work, not the press's latency: let it settle between presses.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

    const press = async (): Promise<{ total: number; emulator: number }> => {
      skew += 1_000;
      const before = handled.length;
      const done = new Promise<DesktopNotification>((resolve) => (shown = resolve));
      const t0 = performance.now();
      registry.press(hotkey.getState().accelerator!);
      const notification = await done;
      const total = performance.now() - t0;
      if (!notification.title.startsWith('Marker at')) throw new Error(`the press failed: ${notification.title}: ${notification.body}`);
      return { total, emulator: handled.slice(before).reduce((a, b) => a + b, 0) };
    };
    const barePost = async (): Promise<number> => {
      const t0 = performance.now();
      const res = await request(`${emulator.url}/helix/streams/markers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'client-id': demo.clientId, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ user_id: demo.broadcaster.id, description: 'bare' }),
      });
      await res.body.text();
      if (res.statusCode !== 200) throw new Error(`bare POST answered ${res.statusCode}`);
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
    // Interleaved, so both see the same machine state (GC, the growing marker list, the other engineers' load).
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
    console.log(`hotkey press -> marker created (${options.presses} presses, loopback emulator, marker log on disk)`);
    line('total: press to "Marker at …" notification', totals);
    line("emulator's handling of the POST", emulatorTimes);
    line("app's own share (total - emulator)", shares);
    line('baseline: bare undici POST, same endpoint', bare);
    console.log(`  app beyond a bare POST (p50 total - p50 bare): ${ms(percentile(totals, 50) - percentile(bare, 50))}`);
    hotkey.dispose();
    await markers.dispose();
    stream.dispose();
  } finally {
    unsubscribe('http.server.request.start', onStart);
    unsubscribe('http.server.response.finish', onFinish);
    await emulator.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

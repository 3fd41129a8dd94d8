/**
 * Clip hotkey press to clip created: a press on the fake shortcut registry goes through the clip
 * hotkey (bounce filter), the clip service (sign-in check, POST /helix/clips through the real
 * ApiClient, state and marker-log hand-off) to the emulator, ending when the service shows the
 * clip as created (its edit link known). The platform's processing (about 15 s before Get Clips
 * lists a clip) is the platform's, not the press's: it is left out. Beside it, in the same run:
 * the emulator's own handling of each POST (timed inside its HTTP server through node's http
 * diagnostics channels), the app's share (total minus that), and a bare undici POST to the same
 * endpoint.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { startEmulator } from '../src/emulator/server';
import { RateLimiter } from '../src/emulator/state/rate-limiter';
import { ApiClient } from '../src/main/services/api/api-client';
import { ClipService } from '../src/main/services/clips/clip-service';
import { CurrentBroadcaster } from '../src/main/services/common/current-broadcaster';
import { systemClock, type Clock } from '../src/shared/primitives/clock';
import { silentLogger } from '../src/main/services/logger';
import { GlobalHotkey } from '../src/main/services/hotkeys/global-hotkey';
import { FakeShortcutRegistry } from '../src/main/test-support/fake-shortcut-registry';
import type { Notifier } from '../src/main/services/notifications/notifier';
import { fixedAuth, mintToken, simulation } from '../src/main/test-support/live-controls-emulator';
import { quickActionScopes } from '../src/main/test-support/quick-actions-emulator';
import { ms, percentile } from './support/stats';

export async function run(options: { presses: number; warmup?: number }): Promise<void> {
  const emulator = await startEmulator({ port: 0, seed: 'demo' });
  const started = new WeakMap<IncomingMessage, number>();
  const handled: number[] = [];
  const onStart = (message: unknown) => {
    const { request: req } = message as { request: IncomingMessage };
    if (req.method === 'POST' && req.url?.startsWith('/helix/clips')) started.set(req, performance.now());
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
    const token = await mintToken(emulator, quickActionScopes);
    const { auth, apiAuth } = fixedAuth(emulator, token);
    await simulation(emulator).streamOnline(demo.broadcaster.id, { vod: true });

    // Presses a second apart on the hotkey's clock, so none is taken for key bounce.
    let skew = 0;
    const clock: Clock = { ...systemClock, now: () => Date.now() + skew };
    const notifier: Notifier = { supportsActions: false, show: () => {} };
    const api = new ApiClient({ baseUrl: emulator.url, clientId: demo.clientId, auth: apiAuth, logger: silentLogger });
    const broadcaster = new CurrentBroadcaster(auth);
    // Get Clips is asked long after the run: the bench times the press, not the platform's processing.
    const clips = new ClipService({ api, broadcaster, notifier, logger: silentLogger, clock, pollInitialMs: 3_600_000, availableWithinMs: 3_600_000 });
    let waiting: { resolve: () => void; reject: (error: Error) => void } | null = null;
    clips.onChange((state) => {
      const last = state.recent[0];
      if (last?.status === 'processing') waiting?.resolve();
      else if (last?.status === 'failed') waiting?.reject(new Error(`the press failed: ${last.error}`));
    });
    const registry = new FakeShortcutRegistry();
    const hotkey = new GlobalHotkey({ registry, setting: { get: () => 'CommandOrControl+Alt+C', set: () => {} }, logger: silentLogger, platform: 'other', clock, onPress: () => void clips.create('hotkey').catch(() => {}) });
    hotkey.start();

    const press = async (): Promise<{ total: number; emulator: number }> => {
      skew += 1_000;
      const before = handled.length;
      const done = new Promise<void>((resolve, reject) => (waiting = { resolve, reject }));
      const t0 = performance.now();
      registry.press(hotkey.getState().accelerator!);
      await done;
      const total = performance.now() - t0;
      return { total, emulator: handled.slice(before).reduce((a, b) => a + b, 0) };
    };
    const barePost = async (): Promise<number> => {
      const t0 = performance.now();
      const res = await request(`${emulator.url}/helix/clips?broadcaster_id=${demo.broadcaster.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'client-id': demo.clientId, accept: 'application/json' },
      });
      await res.body.text();
      if (res.statusCode !== 202) throw new Error(`bare POST answered ${res.statusCode}`);
      return performance.now() - t0;
    };

    for (let i = 0; i < (options.warmup ?? 30); i++) {
      await press();
      await barePost();
    }
    const totals: number[] = [];
    const shares: number[] = [];
    const emulatorTimes: number[] = [];
    const bare: number[] = [];
    // Interleaved, so both see the same machine state.
    for (let i = 0; i < options.presses; i++) {
      const { total, emulator: handling } = await press();
      totals.push(total);
      emulatorTimes.push(handling);
      shares.push(total - handling);
      bare.push(await barePost());
    }
    const line = (label: string, values: number[]) => console.log(`  ${label.padEnd(44)} p50 ${ms(percentile(values, 50)).padStart(9)}   p99 ${ms(percentile(values, 99)).padStart(9)}`);
    console.log(`clip hotkey press -> clip created (${options.presses} presses, loopback emulator)`);
    line('total: press to clip created (edit link)', totals);
    line("emulator's handling of the POST", emulatorTimes);
    line("app's own share (total - emulator)", shares);
    line('baseline: bare undici POST, same endpoint', bare);
    console.log(`  app beyond a bare POST (p50 total - p50 bare): ${ms(percentile(totals, 50) - percentile(bare, 50))}`);
    hotkey.dispose();
    clips.dispose();
    broadcaster.dispose();
  } finally {
    unsubscribe('http.server.request.start', onStart);
    unsubscribe('http.server.response.finish', onFinish);
    await emulator.close();
  }
}

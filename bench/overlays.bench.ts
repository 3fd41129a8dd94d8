/**
 * Overlays: the app in-process (demo mode, its emulator, signed in) and its alerts page at
 * 1920x1080 in Chromium, beside a baseline measured in the same run: a bare relay, a plain
 * WebSocket server in this process that forwards each EventSub frame, the moment it arrives, to a
 * page that inserts it into its DOM.
 *
 * 1. Latency: a follow's EventSub frame reaching the app's socket (its first listener, which also
 *    hands it to the relay) -> the alert's element in the overlay page's DOM, and the same frame ->
 *    the relay page's element. The app's share is the difference, per follow. Goal: p99 <= 50 ms.
 *    Times are wall clock in both processes (performance.timeOrigin + performance.now()).
 * 2. A burst: 500 follows in 5 s. Every one accounted for on the page (shown, or counted in a
 *    summary), none twice; the page's JS heap and this process's heap after GC, before and after two
 *    bursts (flat = no growth from the first burst to the second). Baseline: the relay page's DOM
 *    after the same frames, and how long playing them one at a time would have taken.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from '@playwright/test';
import { WebSocketServer } from 'ws';
import type { AlertQueueState, OverlaysState } from '../src/shared/ipc/contract';
import type { DemoSidestage } from '../src/main/test-support/demo-sidestage';
import { waitUntil } from '../src/main/test-support/wait-until';
import { ensureBuilt, projectRoot } from '../scripts/build-output.mjs';
import { chromiumArgs, findChromium } from '../e2e/support/find-chromium';
import { heapAfterGc, startBenchApp } from './support/demo-app';
import { ms, percentile } from './support/stats';
import { pageHeap } from './support/page-heap';

const wallNow = () => performance.timeOrigin + performance.now();

/** In the pages: every element added, with its text and the wall-clock time it was added. */
const recordInserts = (selector: string) => `
  window.__inserted = [];
  new MutationObserver((records) => {
    const at = performance.timeOrigin + performance.now();
    for (const r of records) for (const node of r.addedNodes) {
      if (node instanceof HTMLElement && node.matches(${JSON.stringify(selector)})) window.__inserted.push({ text: node.textContent, at, joined: node.classList.contains('joined') });
    }
  }).observe(document, { childList: true, subtree: true });
`;
/** In the overlay page: when each alert's frame reached it (before the page's own handling). */
const recordFrames = `
  window.__frames = [];
  const Native = window.WebSocket;
  window.WebSocket = function (url, protocols) {
    const socket = new Native(url, protocols);
    socket.addEventListener('message', (m) => {
      if (String(m.data).includes('"startsNow":true')) window.__frames.push({ text: JSON.parse(m.data).showing.text, at: performance.timeOrigin + performance.now() });
    });
    return socket;
  };
`;
const relayPage = (socketUrl: string) => `<!doctype html><meta charset="utf-8"><body><script>
  ${recordInserts('.relayed')}
  const socket = new WebSocket(${JSON.stringify(socketUrl)});
  socket.onmessage = (m) => { const el = document.createElement('div'); el.className = 'relayed'; el.textContent = m.data; document.body.append(el); };
</script></body>`;

/**
 * Waits for a condition, looking every 25 ms: the app shares this process, and the pages' times are
 * taken in the pages, so looking more often would only slow the app down.
 */
const until = (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) => waitUntil(check, timeoutMs, what, 25);

const inserted = (page: Page) => page.evaluate('window.__inserted') as Promise<{ text: string; at: number; joined: boolean }[]>;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function run(options: { rounds?: number; burst?: number; burstSeconds?: number } = {}): Promise<void> {
  const rounds = options.rounds ?? 100;
  const burst = options.burst ?? 500;
  const burstSeconds = options.burstSeconds ?? 5;
  ensureBuilt();
  const relay = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  relay.on('error', () => undefined);
  await new Promise<void>((resolve) => relay.once('listening', () => resolve()));
  /** EventSub frames with a follow: when each reached the app's socket, by the follower's login. */
  const arrived = new Map<string, number>();
  let demo: DemoSidestage | null = null;
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
  try {
    demo = await startBenchApp({
      name: 'overlays',
      overlayPagesDir: join(projectRoot, 'out/overlays'),
      // The frame's arrival, before the app's own handling; the bare relay forwards it from here.
      onFrame: (text) => {
        if (!text.includes('"channel.follow"')) return;
        const login = /"user_login":"([^"]+)"/.exec(text)?.[1];
        if (login) arrived.set(login, wallNow());
        for (const client of relay.clients) client.send(text);
      },
      subscribedTo: ['channel.follow'],
    });
    const { sidestage: app, sim, broadcasterId, call } = demo;
    const state = await call<OverlaysState>('overlays:getState');
    const alertsUrl = state.overlays.find((o) => o.key === 'alerts')!.url!;

    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const overlay = await context.newPage();
    await overlay.addInitScript(recordInserts('.alert'));
    await overlay.addInitScript(recordFrames);
    await overlay.goto(alertsUrl);
    const relayed = await context.newPage();
    await relayed.setContent(relayPage(`ws://127.0.0.1:${(relay.address() as { port: number }).port}`));
    await until(() => app.overlays.getQueue().pagesOpen === 1, 'the alerts page connected');
    await until(() => relay.clients.size === 1, 'the relay page connected');

    const users = async (prefix: string, count: number) => {
      const made: { id: string; login: string; name: string }[] = [];
      for (let i = 0; i < count; i += 50) {
        made.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => sim.createUser({ login: `${prefix}${i + j}`, display_name: `${prefix}${i + j}` })))).map((u) => ({ id: u.id, login: u.login, name: u.display_name })));
      }
      return made;
    };

    // ---- 1. latency, one follow at a time (each skipped once seen, no gap)
    await call('overlays:setAlertOptions', { gapMs: 0 });
    await call('overlays:setAlertType', { kind: 'follow', changes: { durationMs: 60_000 } });
    const viewers = await users('benchlat', rounds);
    const appMs: number[] = [];
    const relayMs: number[] = [];
    const shareMs: number[] = [];
    const inPageMs: number[] = [];
    const inMainMs: number[] = [];
    /** When the queue told its listeners (the overlay server first) of each alert, by its text. */
    const toldAt = new Map<string, number>();
    app.overlays.queue.onChange(() => {
      const text = app.overlays.queue.showing()?.alert.text;
      if (text && !toldAt.has(text)) toldAt.set(text, wallNow());
    });
    for (const viewer of viewers) {
      await sim.follow({ user_id: viewer.id, broadcaster_id: broadcasterId });
      const text = `${viewer.name} just followed!`;
      let shownAt: number | undefined;
      let relayedAt: number | undefined;
      await until(async () => {
        shownAt ??= (await inserted(overlay)).find((e) => e.text === text)?.at;
        relayedAt ??= (await inserted(relayed)).find((e) => e.text.includes(`"user_login":"${viewer.login}"`))?.at;
        return shownAt !== undefined && relayedAt !== undefined;
      }, `the alert of ${viewer.login}`);
      const at = arrived.get(viewer.login)!;
      appMs.push(shownAt! - at);
      relayMs.push(relayedAt! - at);
      shareMs.push(shownAt! - relayedAt!);
      const frame = ((await overlay.evaluate('window.__frames')) as { text: string; at: number }[]).find((f) => f.text === text);
      if (frame) inPageMs.push(shownAt! - frame.at);
      if (toldAt.has(text)) inMainMs.push(toldAt.get(text)! - at);
      await call('overlays:skipAlert');
      await until(() => app.overlays.getQueue().showing === null, 'the skip');
    }
    const row = (name: string, values: number[]) => `  ${name.padEnd(46)} p50 ${ms(percentile(values, 50)).padStart(9)}   p99 ${ms(percentile(values, 99)).padStart(9)}   max ${ms(Math.max(...values)).padStart(9)}`;
    console.log(`latency, ${rounds} follows one at a time: EventSub frame at the app's socket -> element in the page's DOM`);
    console.log(row('Sidestage (queue on disk, overlay server, page)', appMs));
    console.log(row('baseline: bare relay (forwarded and inserted)', relayMs));
    console.log(row("the app's share (Sidestage - relay, per follow)", shareMs));
    console.log(row('  of which in main (frame -> start saved, told)', inMainMs));
    console.log(row('  of which in the page (frame -> element)', inPageMs));
    console.log(`  goal: the app's share p99 <= 50 ms: ${percentile(shareMs, 99) <= 50 ? 'met' : 'NOT met'}`);

    // ---- 2. bursts of 500 follows in 5 s
    await call('overlays:setAlertType', { kind: 'follow', changes: { durationMs: 1_000 } });
    await overlay.reload();
    await relayed.evaluate('window.__inserted = []; document.querySelectorAll(".relayed").forEach((n) => n.remove())');
    await until(() => app.overlays.getQueue().pagesOpen === 1, 'the page back');
    const heapBefore = { page: await pageHeap(overlay), server: heapAfterGc() };
    const after: { page: number; server: number }[] = [];
    for (let b = 0; b < 2; b++) {
      const crowd = await users(`benchburst${b}x`, burst);
      const shownBefore = (await inserted(overlay)).length;
      const relayedBefore = (await inserted(relayed)).length;
      const started = Date.now();
      for (let i = 0; i < burst; i++) {
        const wait = started + (i * burstSeconds * 1000) / burst - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        void sim.follow({ user_id: crowd[i]!.id, broadcaster_id: broadcasterId }).catch(() => undefined);
      }
      await until(async () => (await inserted(relayed)).length - relayedBefore >= burst, 'every frame relayed', 120_000);
      await until(() => {
        const queue: AlertQueueState = app.overlays.getQueue();
        return queue.waitingCount === 0 && queue.showing === null;
      }, 'the queue empty', 120_000);
      const doneMs = Date.now() - started;
      const shown = (await inserted(overlay)).slice(shownBefore).filter((e) => !e.joined);
      const names = crowd.map((c) => `${c.name} just followed!`);
      const singles = shown.filter((e) => names.includes(e.text));
      const summaries = shown.map((e) => /^and (\d+) more follows?$/.exec(e.text)).filter((m) => m !== null);
      const accounted = singles.length + summaries.reduce((sum, m) => sum + Number(m[1]), 0);
      const twice = singles.length - new Set(singles.map((e) => e.text)).size;
      console.log(
        `burst ${b + 1}: ${burst} follows in ${burstSeconds} s -> ${shown.length} alerts (${singles.length} alone, ${summaries.length} summary of ${accounted - singles.length}); accounted for ${accounted} of ${burst}, shown twice ${twice}; all told after ${(doneMs / 1000).toFixed(1)} s`,
      );
      after.push({ page: await pageHeap(overlay), server: heapAfterGc() });
    }
    const relayNodes = (await relayed.evaluate('document.querySelectorAll(".relayed").length')) as number;
    console.log(`  page JS heap: ${mb(heapBefore.page)} before, ${mb(after[0]!.page)} after burst 1, ${mb(after[1]!.page)} after burst 2 (growth from 1 to 2: ${mb(after[1]!.page - after[0]!.page)})`);
    console.log(`  server heap:  ${mb(heapBefore.server)} before, ${mb(after[0]!.server)} after burst 1, ${mb(after[1]!.server)} after burst 2 (growth from 1 to 2: ${mb(after[1]!.server - after[0]!.server)}; the in-process emulator's ${burst} new viewers and follows per burst included)`);
    console.log(`  baseline: the bare relay page holds ${relayNodes} elements (every frame, none told together); one alert at a time (1 s each, no gap) would take ${((2 * burst * 1_000) / 60_000).toFixed(1)} min`);
    await context.close();
  } finally {
    await browser.close();
    await demo?.dispose();
    for (const client of relay.clients) client.terminate();
    await new Promise((resolve) => relay.close(resolve));
  }
}

/**
 * The Live view's activity feed with 10,000 events in Chromium (dock mode, demo, the real renderer
 * build): time from opening the Live view to the feed's rows being shown, and frame times while
 * 50 events a second arrive through EventSub, beside a baseline of the same 10,000 rows as plain,
 * non-virtualised DOM in the same page, with 50 rows a second put at its top.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createSimulationClient } from '../src/emulator/simulation-client';
import { startDockProcess } from '../e2e/support/dock-process';
import { signInToDemo } from '../e2e/support/sign-in';
import { ensureBuilt } from '../scripts/build-output.mjs';
import { chromiumArgs, findChromium } from '../e2e/support/find-chromium';
import { ms } from './support/stats';

const broadcasterId = '501234567';
const viewers = ['612345001', '612345002', '612345003', '612345004', '612345005'];

/** Code run inside the page, as strings: this file is type-checked without the DOM library. */
const frameStats = `
  const stats = (times) => { times.sort((a, b) => a - b); return { frames: times.length, p50: times[Math.floor(times.length / 2)] ?? 0, p99: times[Math.floor(times.length * 0.99)] ?? 0, max: times[times.length - 1] ?? 0 }; };
`;
const inPage = {
  count: `Number((document.querySelector('[data-testid="activity-count"]')?.textContent ?? '').replace(/[^0-9]/g, '') || 0)`,
  firstRender: `(async () => {
    const started = performance.now();
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Live').click();
    for (;;) {
      if (document.querySelectorAll('.activity-row').length > 0) break;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return { ms: performance.now() - started, rendered: document.querySelectorAll('.activity-row').length };
  })()`,
  /** Frame intervals for `seconds`, started now. */
  frames: (seconds: number) => `(async () => {
    ${frameStats}
    const times = [];
    const end = performance.now() + ${seconds * 1000};
    let last = performance.now();
    while (performance.now() < end) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    return { ...stats(times), rows: document.querySelectorAll('.activity-row').length };
  })()`,
  plainRows: (count: number, seconds: number, perSecond: number) => `(async () => {
    ${frameStats}
    const host = document.createElement('div');
    host.style.cssText = 'height:320px;overflow:auto;position:fixed;left:0;top:0;width:420px;background:#171a21;z-index:99';
    const list = document.createElement('ul');
    host.append(list);
    document.body.append(host);
    const row = (i) => {
      const li = document.createElement('li');
      li.style.height = '56px';
      li.innerHTML = '<div><p><span>Cheer</span> <strong>Viewer ' + i + '</strong> <time>10:00:00</time></p><p>cheered ' + i + ' bits</p></div>';
      return li;
    };
    const started = performance.now();
    const fragment = document.createDocumentFragment();
    for (let i = 0; i < ${count}; i++) fragment.append(row(i));
    list.append(fragment);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const rendered = performance.now() - started;
    let n = ${count};
    const timer = setInterval(() => { list.prepend(row(n++)); if (list.childElementCount > ${count}) list.lastElementChild.remove(); }, ${Math.round(1000 / perSecond)});
    const times = [];
    const end = performance.now() + ${seconds * 1000};
    let last = performance.now();
    while (performance.now() < end) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    clearInterval(timer);
    const nodes = list.childElementCount;
    host.remove();
    return { rendered, nodes, ...stats(times) };
  })()`,
};

export async function run(options: { events?: number; perSecond?: number; seconds?: number } = {}): Promise<void> {
  const events = options.events ?? 10_000;
  const perSecond = options.perSecond ?? 50;
  const seconds = options.seconds ?? 5;
  ensureBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-activity-'));
  const running = await startDockProcess(dataDir);
  const { dock } = running;
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
    const page = await context.newPage();
    await signInToDemo(page, context, dock);
    const sim = createSimulationClient({ baseUrl: dock.emulatorUrl, timeoutMs: 10_000 });
    for (let tries = 0; ; tries++) {
      const { subscriptions } = await sim.eventSubSubscriptions();
      if (subscriptions.some((s) => s.type === 'channel.cheer' && s.status === 'enabled')) break;
      if (tries > 200) throw new Error('the feed never subscribed to channel.cheer');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // 10,000 cheers through the emulator's EventSub, counted by the Live view's feed as they arrive.
    await page.getByRole('button', { name: 'Live', exact: true }).click();
    const cheer = (i: number) => sim.cheer({ broadcaster_id: broadcasterId, user_id: viewers[i % viewers.length]!, bits: (i % 500) + 1 });
    const loadStarted = Date.now();
    for (let sent = 0; sent < events; sent += 100) await Promise.all(Array.from({ length: Math.min(100, events - sent) }, (_, i) => cheer(sent + i)));
    const sentAt = Date.now();
    // Polled with evaluate: the dock's CSP forbids the string evaluation waitForFunction would need.
    for (const deadline = Date.now() + 180_000; ((await page.evaluate(inPage.count)) as number) < events; ) {
      if (Date.now() > deadline) throw new Error(`the feed did not reach ${events} events`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const loadMs = Date.now() - loadStarted;
    console.log(`  (sent in ${((sentAt - loadStarted) / 1000).toFixed(1)} s)`);

    // First render: the Live view opened with 10,000 events in the store.
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    const firstRender = (await page.evaluate(inPage.firstRender)) as { ms: number; rendered: number };
    await page.locator('.activity-scroll').scrollIntoViewIfNeeded();

    // 50 events a second from the emulator while the page counts its frames.
    const framesDone = page.evaluate(inPage.frames(seconds)) as Promise<{ frames: number; p50: number; p99: number; max: number; rows: number }>;
    const paced = (async () => {
      const started = Date.now();
      for (let i = 0; i < perSecond * seconds; i++) {
        const due = started + (i * 1000) / perSecond;
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await cheer(events + i);
      }
    })();
    const [frames] = await Promise.all([framesDone, paced]);

    const baseline = (await page.evaluate(inPage.plainRows(events, seconds, perSecond))) as { rendered: number; nodes: number; frames: number; p50: number; p99: number; max: number };

    console.log(`Activity feed with ${events.toLocaleString('en-US')} events at 420 px (Chromium, headless); ${events.toLocaleString('en-US')} cheers sent and shown in ${(loadMs / 1000).toFixed(1)} s`);
    console.log(`  Sidestage (virtualised):  first render ${ms(firstRender.ms)} (${firstRender.rendered} rows in the DOM); ${perSecond} events/s for ${seconds} s: ${frames.frames} frames, p50 ${ms(frames.p50)}, p99 ${ms(frames.p99)}, max ${ms(frames.max)} (${frames.rows} rows in the DOM)`);
    console.log(`  baseline: plain DOM rows: first render ${ms(baseline.rendered)} (${baseline.nodes} rows in the DOM); ${perSecond} rows/s for ${seconds} s: ${baseline.frames} frames, p50 ${ms(baseline.p50)}, p99 ${ms(baseline.p99)}, max ${ms(baseline.max)}`);
  } finally {
    await browser.close();
    await running.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

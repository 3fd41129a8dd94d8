/**
 * The Queue panel with 10,000 redemptions in Chromium (dock mode, demo): time from opening the
 * panel to the list being shown, and a keyboard scroll through all of it (End, then PageUp to the
 * top), beside the same 10,000 rows rendered as plain, non-virtualised DOM in the same page.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import { createSimulationClient } from '../src/emulator/simulation-client';
import { startDockProcess } from '../e2e/support/dock-process';
import { ensureBuilt } from '../scripts/build-output.mjs';
import { chromiumArgs, findChromium } from '../e2e/support/find-chromium';
import { ms } from './support/stats';

const broadcasterId = '501234567';

/** Code run inside the page, as strings: this file is type-checked without the DOM library. */
const frameStats = `
  const stats = (times) => { times.sort((a, b) => a - b); return { p50: times[Math.floor(times.length / 2)] ?? 0, p99: times[Math.floor(times.length * 0.99)] ?? 0 }; };
`;
const inPage = {
  firstRender: `(async () => {
    const started = performance.now();
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Queue');
    button.click();
    for (;;) {
      const list = document.querySelector('[role="listbox"]');
      if (list && list.querySelectorAll('[role="option"]').length > 0) break;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return { ms: performance.now() - started, rendered: document.querySelectorAll('[role="option"]').length };
  })()`,
  pageUpToTop: `(async () => {
    ${frameStats}
    const list = document.querySelector('[role="listbox"]');
    const times = [];
    let last = performance.now();
    while (list.scrollTop > 0 && times.length < 5000) {
      list.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageUp', bubbles: true }));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    return { steps: times.length, ...stats(times) };
  })()`,
  plainRows: (count: number) => `(async () => {
    ${frameStats}
    const host = document.createElement('div');
    host.style.cssText = 'height:500px;overflow:auto;position:fixed;left:0;top:0;width:600px;background:white';
    document.body.append(host);
    const started = performance.now();
    const fragment = document.createDocumentFragment();
    for (let i = 0; i < ${count}; i++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'option');
      row.style.height = '64px';
      row.innerHTML = '<input type="checkbox"><div><strong>Hydrate!</strong> 100 pts</div><div>Viewer ' + i + ' · 3 min ago</div><div>Request #' + i + '</div>';
      fragment.append(row);
    }
    host.append(fragment);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const rendered = performance.now() - started;
    const times = [];
    let last = performance.now();
    host.scrollTop = host.scrollHeight;
    while (host.scrollTop > 0) {
      host.scrollTop -= 436;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    host.remove();
    return { rendered, steps: times.length, nodes: ${count}, ...stats(times) };
  })()`,
};

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const consentOpened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const consent = await consentOpened;
  await consent.getByRole('button', { name: 'Authorize' }).click();
  await consent.getByText(/close this tab/i).waitFor();
  await consent.close();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

export async function run(options: { items?: number } = {}): Promise<void> {
  const items = options.items ?? 10_000;
  ensureBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-queue-'));
  const running = await startDockProcess(dataDir);
  const { dock } = running;
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, dock.url);
    const sim = createSimulationClient({ baseUrl: dock.emulatorUrl });
    const state = await sim.redemptions({ broadcaster_id: broadcasterId });
    const rewardId = state.rewards.find((r) => r.title === 'Hydrate!')!.id;
    await sim.redeemBulk({ broadcaster_id: broadcasterId, reward_id: rewardId, count: items, publish_events: false });
    // Main reads the 10,000 from the platform (a reconciliation), before the panel is opened.
    await page.getByRole('button', { name: 'Queue', exact: true }).click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    // Waits in Node, reading the text through the locator: a string run in the page is refused by the dock's CSP (no eval).
    const waiting = async () => Number(/(\d+) waiting/.exec(await page.getByTestId('queue-sync').innerText())?.[1] ?? 0);
    await expect.poll(waiting, { timeout: 120_000 }).toBeGreaterThanOrEqual(items);
    const total = await waiting();

    // First render: leave the panel, come back; time until the listbox shows its rows.
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    const firstRender = (await page.evaluate(inPage.firstRender)) as { ms: number; rendered: number };

    // Scroll through everything with the keyboard: End, then PageUp to the top, one frame each.
    const list = page.getByRole('listbox', { name: /Redemptions, oldest first/ });
    await list.focus();
    const scrollStarted = Date.now();
    await page.keyboard.press('End');
    await expect(list).toHaveAttribute('aria-activedescendant', /.+/);
    const pages = (await page.evaluate(inPage.pageUpToTop)) as { steps: number; p50: number; p99: number };
    const scrollMs = Date.now() - scrollStarted;

    // Baseline: the same number of rows as plain DOM in the same page (no virtualisation).
    const baseline = (await page.evaluate(inPage.plainRows(total))) as { rendered: number; steps: number; p50: number; p99: number; nodes: number };

    console.log(`Queue panel with ${total.toLocaleString('en-US')} redemptions (Chromium, headless)`);
    console.log(`  Sidestage (virtualised):   first render ${ms(firstRender.ms)} (${firstRender.rendered} rows in the DOM); scroll to the top in ${pages.steps} PageUps: frame p50 ${ms(pages.p50)}, p99 ${ms(pages.p99)} (${scrollMs} ms in all)`);
    console.log(`  baseline: plain DOM rows:  first render ${ms(baseline.rendered)} (${baseline.nodes} rows in the DOM); scroll to the top in ${baseline.steps} steps: frame p50 ${ms(baseline.p50)}, p99 ${ms(baseline.p99)}`);
  } finally {
    await browser.close();
    await running.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

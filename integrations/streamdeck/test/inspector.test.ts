/**
 * The key's property inspector (com.sidestage.deck.sdPlugin/ui/) in a real Chromium, loaded from
 * its file as Stream Deck loads it and connected, through its documented entry point
 * `connectElgatoStreamDeckSocket`, to a stand-in for Stream Deck's inspector socket: it registers,
 * asks the plugin for the status and the dropdown's options, shows the six-digit code while waiting,
 * saves the chosen action in the key's settings, and shows Sidestage's texts as text, never markup.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { chromiumArgs, findChromium } from '../../../e2e/support/find-chromium';
import { waitUntil } from '../../../src/main/test-support/wait-until';
import { pluginFolder } from '../build.mjs';

interface InspectorMessage {
  event: string;
  context?: string;
  action?: string;
  payload?: Record<string, unknown>;
  uuid?: string;
}

// Wide margins: the plugin is built and started as a process, on a busy 2-core CI box.
describe('the key’s property inspector', { timeout: 60_000 }, () => {
  let browser: Browser;
  let page: Page;
  let server: WebSocketServer;
  let inspector: WebSocket | null = null;
  const received: InspectorMessage[] = [];
  const toInspector = (payload: Record<string, unknown>) =>
    inspector!.send(JSON.stringify({ event: 'sendToPropertyInspector', action: 'com.sidestage.deck.quick-action', context: 'PI-1', payload }));

  beforeAll(async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    server.on('connection', (ws) => {
      inspector = ws;
      ws.on('message', (data) => received.push(JSON.parse(String(data)) as InspectorMessage));
    });
    browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
    page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(pathToFileURL(join(pluginFolder, 'ui', 'inspector.html')).href);
    const port = (server.address() as { port: number }).port;
    const actionInfo = { action: 'com.sidestage.deck.quick-action', context: 'KEY-1', device: 'DEVICE-1', payload: { settings: { action: 'marker' }, coordinates: { column: 0, row: 0 } } };
    await page.evaluate(
      ([port, actionInfo]) => (globalThis as unknown as { connectElgatoStreamDeckSocket: (...args: unknown[]) => void }).connectElgatoStreamDeckSocket(port, 'PI-1', 'registerPropertyInspector', '{}', actionInfo),
      [port, JSON.stringify(actionInfo)] as const,
    );
    await waitUntil(() => received.some((m) => m.event === 'registerPropertyInspector'), 15_000, 'the inspector registered');
    expect(problems).toEqual([]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    for (const ws of server?.clients ?? []) ws.terminate();
    await new Promise((resolve) => server?.close(resolve));
  }, 60_000);

  it('registers, then asks the plugin for the status and the options', async () => {
    await waitUntil(() => received.filter((m) => m.event === 'sendToPlugin').length >= 2, 15_000, 'two requests');
    expect(received[0]).toEqual({ event: 'registerPropertyInspector', uuid: 'PI-1' });
    expect(received.filter((m) => m.event === 'sendToPlugin').map((m) => m.payload)).toEqual([{ request: 'status' }, { request: 'options' }]);
    // A quick action's key has no press mode or step (the variable key's fields).
    expect(await page.isVisible('#press-field')).toBe(false);
    expect(await page.isVisible('#by-field')).toBe(false);
  });

  it('sends the port typed and Pair, and shows the code to compare while Sidestage waits', async () => {
    await page.fill('#port', '41234');
    await page.dispatchEvent('#port', 'change');
    await waitUntil(() => received.some((m) => m.payload?.request === 'setPort' && m.payload.port === 41234), 15_000, 'the port sent');
    await page.click('#pair');
    await waitUntil(() => received.some((m) => m.payload?.request === 'pair'), 15_000, 'pair sent');
    toInspector({ kind: 'status', port: 41234, paired: false, problem: null, pairing: 'waiting', code: '418205', message: null });
    await expect.poll(() => page.textContent('#code-digits'), { timeout: 15_000 }).toBe('418205');
    expect(await page.isVisible('#code')).toBe(true);
    toInspector({ kind: 'status', port: 41234, paired: true, problem: null, pairing: 'paired', code: null, message: null });
    await expect.poll(() => page.isVisible('#unpair'), { timeout: 15_000 }).toBe(true);
    expect(await page.isVisible('#code')).toBe(false);
  });

  it('lists the options as text (never markup), preselects the key’s action and saves the one chosen', async () => {
    toInspector({ kind: 'options', items: [{ value: 'marker', label: 'Drop a marker' }, { value: 'shieldMode', label: '<img src=x onerror="document.title=\'owned\'">Shield' }] });
    await expect.poll(() => page.locator('#choice option').count(), { timeout: 15_000 }).toBe(3);
    expect(await page.inputValue('#choice')).toBe('marker');
    expect(await page.locator('#choice option').nth(2).textContent()).toBe('<img src=x onerror="document.title=\'owned\'">Shield');
    expect(await page.locator('img').count()).toBe(0);
    await page.selectOption('#choice', 'shieldMode');
    await waitUntil(() => received.some((m) => m.event === 'setSettings' && m.payload?.action === 'shieldMode'), 15_000, 'the setting saved');
    expect(received.find((m) => m.event === 'setSettings')).toEqual({ event: 'setSettings', context: 'PI-1', payload: { action: 'shieldMode' } });
    expect(await page.title()).toBe('Sidestage');
  });
});

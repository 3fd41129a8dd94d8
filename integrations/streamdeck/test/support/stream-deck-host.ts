/**
 * A stand-in for the Stream Deck app, speaking its plugin WebSocket protocol as Elgato's SDK docs
 * describe it: it listens on 127.0.0.1, builds the plugin into a copy of the .sdPlugin folder of
 * its own (test files run at once, each with its own), starts it there with `-port -pluginUUID
 * -registerEvent -info` (cwd: that folder, as Stream Deck does), waits for its
 * `registerPlugin`, keeps its global settings (`getGlobalSettings` / `setGlobalSettings`), sends it
 * what a person does (`willAppear`, `keyDown`, `propertyInspectorDidAppear`, `sendToPlugin`) and
 * records everything it sends (`setTitle`, `setState`, `showOk`, `sendToPropertyInspector`…).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildPlugin, pluginFolder } from '../../build.mjs';

export const PLUGIN_UUID = 'com.sidestage.deck';
const DEVICE = 'DEVICE-1';

export interface PluginMessage {
  event: string;
  context?: string;
  payload?: unknown;
  [key: string]: unknown;
}

export class StreamDeckHost {
  readonly received: PluginMessage[] = [];
  globalSettings: Record<string, unknown> = {};
  private plugin: WebSocket | null = null;
  private child: ChildProcess | null = null;
  private output = '';
  private nextContext = 1;
  private readonly waiters = new Set<{ match: (message: PluginMessage) => boolean; resolve: (message: PluginMessage) => void; fail: (why: string) => void }>();

  private constructor(
    private readonly server: WebSocketServer,
    private readonly folder: string,
  ) {}

  /**
   * Listens, builds the plugin into a copy of its folder and starts it there; resolves once it
   * registered. `globalSettings`: what Stream Deck has kept for it (a deck paired before).
   */
  static async start(globalSettings: Record<string, unknown> = {}): Promise<StreamDeckHost> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    const folder = join(await mkdtemp(join(tmpdir(), 'sidestage-deck-')), `${PLUGIN_UUID}.sdPlugin`);
    // The manifest, icons and inspector; not a bundle or logs left by a run by hand.
    await cp(pluginFolder, folder, { recursive: true, filter: (source) => !/[\\/](bin|logs)$/.test(source) });
    await buildPlugin(join(folder, 'bin', 'plugin.js'));
    const host = new StreamDeckHost(server, folder);
    host.globalSettings = globalSettings;
    server.on('connection', (ws) => host.accept(ws));
    host.launch();
    await host.waitFor((m) => m.event === 'registerPlugin', 'the plugin to register');
    return host;
  }

  private launch(): void {
    const port = (this.server.address() as { port: number }).port;
    const info = {
      application: { font: 'sans-serif', language: 'en', platform: 'mac', platformVersion: '14.0', version: '6.9.0.20000' },
      plugin: { uuid: PLUGIN_UUID, version: '0.1.0.0' },
      devicePixelRatio: 2,
      colors: { buttonPressedBackgroundColor: '#303030FF', buttonPressedBorderColor: '#646464FF', buttonPressedTextColor: '#969696FF', disabledColor: '#F7821B59', highlightColor: '#F7821BFF', mouseDownColor: '#CF6304FF' },
      devices: [{ id: DEVICE, name: 'Stream Deck', size: { columns: 5, rows: 3 }, type: 0 }],
    };
    const child = spawn(process.execPath, ['bin/plugin.js', '-port', String(port), '-pluginUUID', PLUGIN_UUID, '-registerEvent', 'registerPlugin', '-info', JSON.stringify(info)], {
      cwd: this.folder,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.output += String(chunk)));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += String(chunk)));
    child.once('exit', (code) => {
      for (const waiter of [...this.waiters]) waiter.fail(`the plugin ended (${code})`);
    });
    this.child = child;
  }

  private accept(ws: WebSocket): void {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as PluginMessage;
      this.received.push(message);
      for (const waiter of [...this.waiters]) {
        if (!waiter.match(message)) continue;
        this.waiters.delete(waiter);
        waiter.resolve(message);
      }
      if (message.event === 'registerPlugin') this.plugin = ws;
      if (message.event === 'getGlobalSettings') this.send({ event: 'didReceiveGlobalSettings', payload: { settings: this.globalSettings }, id: message.id });
      if (message.event === 'setGlobalSettings') this.globalSettings = message.payload as Record<string, unknown>;
    });
  }

  /** Sends the plugin one message, as Stream Deck would. */
  send(message: Record<string, unknown>): void {
    if (!this.plugin) throw new Error('The plugin has not registered.');
    this.plugin.send(JSON.stringify(message));
  }

  /** Sends the plugin raw text (a damaged message). */
  sendRaw(text: string): void {
    this.plugin?.send(text);
  }

  /** A key of `action` appears with `settings`; answers its context. */
  appear(action: string, settings: Record<string, unknown>): string {
    const context = `KEY-${this.nextContext++}`;
    this.send({ action, event: 'willAppear', context, device: DEVICE, payload: { controller: 'Keypad', coordinates: { column: this.nextContext % 5, row: 0 }, isInMultiAction: false, settings, state: 0 } });
    return context;
  }

  keyDown(action: string, context: string, settings: Record<string, unknown>): void {
    this.send({ action, event: 'keyDown', context, device: DEVICE, payload: { coordinates: { column: 0, row: 0 }, isInMultiAction: false, settings, state: 0 } });
  }

  /** The key's property inspector opens, and sends the plugin `payload`. */
  inspect(action: string, context: string, payload: Record<string, unknown>): void {
    this.send({ action, event: 'propertyInspectorDidAppear', context, device: DEVICE });
    this.send({ action, event: 'sendToPlugin', context, payload });
  }

  /** The first message since `from` that `match` accepts; waits for it (told as it arrives). */
  waitFor(match: (message: PluginMessage) => boolean, what: string, from = 0, timeoutMs = 15_000): Promise<PluginMessage> {
    const found = this.received.slice(from).find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (message: PluginMessage) => {
          clearTimeout(timer);
          resolve(message);
        },
        fail: (why: string) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          reject(new Error(`${why} waiting for ${what}:\n${this.output}`));
        },
      };
      const timer = setTimeout(() => waiter.fail(`timed out after ${timeoutMs} ms`), timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** What the plugin wrote to its log files (the SDK's logs/ beside the manifest): why a key showed an alert. */
  async log(): Promise<string> {
    const dir = join(this.folder, 'logs');
    const files = await readdir(dir).catch(() => [] as string[]);
    const texts = await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')));
    return texts.join('\n');
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null) {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await ended;
    }
    for (const ws of this.server.clients) ws.terminate();
    await new Promise((resolve) => this.server.close(resolve));
    await rm(join(this.folder, '..'), { recursive: true, force: true });
  }
}

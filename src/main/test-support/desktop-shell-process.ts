/**
 * Runs the built desktop shell (out/main/index.js) in a Node child process with the recording
 * double of `electron` (electron-double.mjs), and drives it: records of every Electron call,
 * commands such as an IPC invoke from the page, and the quit sequence.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { builtEntries } from '../../../scripts/build-output.mjs';
import type { Channel, IpcResult } from '../../shared/ipc/contract';

export interface ShellRecord {
  kind: string;
  [field: string]: unknown;
}

const register = fileURLToPath(new URL('./register-electron-double.mjs', import.meta.url));

export class DesktopShellProcess {
  readonly records: ShellRecord[] = [];
  /** Everything the shell wrote to stdout and stderr (its logger), for failure messages. */
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;
  private readonly waiters = new Set<() => void>();
  private readonly replies = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  /**
   * `env` reaches the shell (and the double: `ELECTRON_DOUBLE_PLATFORM`, `ELECTRON_DOUBLE_KEYRING`...,
   * see electron-double.mjs); `entry`: another copy of the build (default: out/main/index.js).
   */
  constructor(userDataDir: string, env: Record<string, string> = {}, options: { entry?: string } = {}) {
    // No client ID anywhere: the demo, as a first start; the built page, not a dev server (unless
    // the test asks for one); no desktop session of the machine running the tests.
    const childEnv: NodeJS.ProcessEnv = { ...process.env, SIDESTAGE_CLIENT_ID: '', SIDESTAGE_CLIENT_SECRET: '' };
    for (const name of ['ELECTRON_RENDERER_URL', 'XDG_SESSION_TYPE', 'XDG_CURRENT_DESKTOP', 'WAYLAND_DISPLAY']) delete childEnv[name];
    Object.assign(childEnv, env, { ELECTRON_DOUBLE_USER_DATA: userDataDir });
    // --expose-gc: the double collects notifications nobody holds, as Electron does.
    this.child = spawn(process.execPath, ['--expose-gc', '--import', register, options.entry ?? builtEntries.electron], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: childEnv });
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString('utf8');
    };
    this.child.stdout?.on('data', collect);
    this.child.stderr?.on('data', collect);
    this.child.on('message', (message: ShellRecord) => {
      if (message.kind === 'reply') {
        const id = message.id as number;
        const pending = this.replies.get(id);
        this.replies.delete(id);
        if (typeof message.error === 'string') pending?.reject(new Error(message.error));
        else pending?.resolve(message.result);
        return;
      }
      this.records.push(message);
      for (const wake of [...this.waiters]) wake();
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        for (const pending of this.replies.values()) pending.reject(new Error(`the shell exited (${code ?? signal}) before answering`));
        this.replies.clear();
        for (const wake of [...this.waiters]) wake();
        resolve({ code, signal });
      });
    });
    this.child.once('error', (error) => {
      this.output += `\nspawn failed: ${error.message}`;
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  of(kind: string): ShellRecord[] {
    return this.records.filter((r) => r.kind === kind);
  }

  /** Resolves with the first record matching, waiting for it (or fails with the shell's output). */
  async waitFor(what: string, match: (record: ShellRecord) => boolean, timeoutMs = 20_000): Promise<ShellRecord> {
    const found = () => this.records.find(match);
    const now = found();
    if (now) return now;
    return new Promise((resolve, reject) => {
      const check = () => {
        const record = found();
        if (record) finish(() => resolve(record));
        else if (!this.running) finish(() => reject(new Error(`the shell exited before ${what}:\n${this.output}`)));
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`no ${what} within ${timeoutMs} ms:\n${this.output}`))), timeoutMs);
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        settle();
      };
      this.waiters.add(check);
    });
  }

  command<T = unknown>(command: string, args: Record<string, unknown> = {}): Promise<T> {
    if (!this.running) return Promise.reject(new Error(`the shell is not running:\n${this.output}`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.replies.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ id, command, ...args }, (error) => {
        if (!error) return;
        this.replies.delete(id);
        reject(error);
      });
    });
  }

  /** An IPC call from the window's page (or from a frame at `url`). */
  invoke<T = unknown>(channel: Channel, arg?: unknown, url?: string): Promise<IpcResult<T>> {
    return this.command<IpcResult<T>>('invoke', { channel, arg, url });
  }

  /** SIGKILL if it still runs: for clean-up after a failed test. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

/**
 * A real OBS Studio for integration tests: headless under xvfb-run, with its own HOME and config
 * directory, and its WebSocket server on a free port with a password (written into global.ini
 * before the first start, since OBS writes its own random one otherwise). Started once per test
 * file, killed by its process group id in cleanup.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

export interface RunningObs {
  readonly port: number;
  readonly password: string;
  readonly pid: number;
  /** Everything OBS and xvfb-run wrote, for failure messages. */
  output(): string;
  /** Kills OBS (and its Xvfb) at once, as a crash or a quit mid-stream would. */
  kill(): Promise<void>;
  /** Kills it if still running and removes its profile. */
  stop(): Promise<void>;
}

/** Why a real OBS cannot run here, or null when it can. */
export function obsUnavailableReason(): string | null {
  const missing = ['obs', 'xvfb-run'].filter((command) => spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0);
  return missing.length ? `${missing.join(' and ')} not installed (apt-get install obs-studio xvfb)` : null;
}

export function commandAvailable(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port; rejects after timeoutMs. */
export async function waitForPort(port: number, timeoutMs: number, alive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (!alive()) throw new Error(`the process meant to listen on port ${port} exited`);
    if (Date.now() > deadline) throw new Error(`nothing listened on 127.0.0.1:${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `port`: the WebSocket port (default: a free one); a restarted OBS takes the port of the one it replaces. */
export async function startObsStudio(options: { password?: string; timeoutMs?: number; port?: number } = {}): Promise<RunningObs> {
  const password = options.password ?? 'sidestage-test-password';
  const port = options.port ?? (await freePort());
  const home = await mkdtemp(join(tmpdir(), 'sidestage-obs-'));
  const config = join(home, '.config');
  await mkdir(join(config, 'obs-studio'), { recursive: true });
  await writeFile(
    join(config, 'obs-studio', 'global.ini'),
    ['[General]', 'FirstRun=true', '', '[OBSWebSocket]', 'FirstLoad=false', 'ServerEnabled=true', `ServerPort=${port}`, 'AlertsEnabled=false', 'AuthRequired=true', `ServerPassword=${password}`, ''].join('\n'),
  );
  let output = '';
  // Its own process group, so that the kill reaches obs and Xvfb, which xvfb-run starts.
  const child: ChildProcess = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x720x24', 'obs', '--minimize-to-tray', '--disable-shutdown-check', '--multi'], {
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: config, LIBGL_ALWAYS_SOFTWARE: '1' },
    cwd: home,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', (error) => {
      append(Buffer.from(String(error)));
      exited = true;
      resolve();
    });
  });
  const pid = child.pid ?? 0;
  const kill = async () => {
    if (!exited && pid) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await exit;
  };
  try {
    await waitForPort(port, options.timeoutMs ?? 60_000, () => !exited);
  } catch (error) {
    await kill();
    await rm(home, { recursive: true, force: true });
    throw new Error(`OBS did not start: ${(error as Error).message}\n${output}`);
  }
  return {
    port,
    password,
    pid,
    output: () => output,
    kill,
    stop: async () => {
      await kill();
      await rm(home, { recursive: true, force: true });
    },
  };
}

/**
 * A local RTMP server for one publish: `ffmpeg -listen 1 -i rtmp://127.0.0.1:<port>/app/<key> -f null -`.
 * It takes one stream (and exits when that stream ends), so a test starts one per publish.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { freePort } from './free-port';

export interface RtmpListener {
  readonly server: string;
  readonly key: string;
  /** ffmpeg's output (it names the stream it received). */
  output(): string;
  stop(): Promise<void>;
}

export async function startRtmpListener(key: string): Promise<RtmpListener> {
  const port = await freePort();
  const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-listen', '1', '-i', `rtmp://127.0.0.1:${port}/app/${key}`, '-f', 'null', '-'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  let exited = false;
  child.stderr.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', () => {
      exited = true;
      resolve();
    });
  });
  // Not a test connection: ffmpeg -listen 1 would take it for the publisher. The kernel's socket table says when it listens.
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (exited || Date.now() > deadline) {
      // A started ffmpeg that never listened would otherwise outlive the test run.
      if (!exited) child.kill('SIGKILL');
      await exit;
      throw new Error(`ffmpeg did not listen on port ${port}\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    server: `rtmp://127.0.0.1:${port}/app`,
    key,
    output: () => output,
    stop: async () => {
      if (!exited && child.pid) child.kill('SIGKILL');
      await exit;
    },
  };
}

/** Whether a socket listens on the port (Linux: /proc/net/tcp, state 0A). */
async function listening(port: number): Promise<boolean> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const tables = await Promise.all(['/proc/net/tcp', '/proc/net/tcp6'].map((file) => readFile(file, 'utf8').catch(() => '')));
  return tables.some((table) => table.split('\n').some((line) => {
    const fields = line.trim().split(/\s+/);
    return fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A';
  }));
}

import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startIngestListeners } from './ingest-listeners';

const definitions = [
  { id: 1, name: 'A', availability: 1, default: true, priority: 1, reachable: true },
  { id: 2, name: 'B', availability: 1, default: false, priority: 2, reachable: false },
];

/** Connects and resolves once the server has closed the connection (an end or a reset alike). */
function closedAfterConnect(port: number): Promise<'closed'> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('error', () => {});
    socket.on('close', () => resolve('closed'));
  });
}

describe('startIngestListeners', () => {
  it('closes a connection that never speaks RTMP after the idle timeout', async () => {
    const listeners = await startIngestListeners(definitions, { idleTimeoutMs: 200 });
    try {
      const started = Date.now();
      expect(await closedAfterConnect(listeners.servers[0]!.port)).toBe('closed');
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    } finally {
      await listeners.close();
    }
  });

  it('lists every entry with a port, and cuts open connections on close', async () => {
    const listeners = await startIngestListeners(definitions);
    const closed = closedAfterConnect(listeners.servers[0]!.port);
    await listeners.close();
    expect(await closed).toBe('closed');
    expect(listeners.servers.map((s) => [s.id, s.host, typeof s.port])).toEqual([
      [1, '127.0.0.1', 'number'],
      [2, '127.0.0.1', 'number'],
    ]);
  });
});

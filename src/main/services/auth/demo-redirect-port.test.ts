import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { demoRedirectPort, stablePortRange } from './demo-redirect-port';

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('demoRedirectPort', () => {
  it('chooses a free port below the ephemeral ranges, where outgoing connections never land', async () => {
    const port = await demoRedirectPort();
    expect(port).toBeGreaterThanOrEqual(stablePortRange.from);
    expect(port).toBeLessThan(32_768);
    // Free: the sign-in can listen on it.
    const server = await listen(port);
    server.close();
  });

  it('passes over a port another program listens on', async () => {
    const taken = await listen(stablePortRange.from);
    try {
      // The first choice is the taken port, the second the one after it.
      const choices = [0, 1 / (stablePortRange.to - stablePortRange.from + 1)];
      const port = await demoRedirectPort(() => choices.shift() ?? 0.5);
      expect(port).toBe(stablePortRange.from + 1);
    } finally {
      taken.close();
    }
  });
});

/**
 * The demo's loopback redirect port, chosen at start and listened on only when the broadcaster
 * signs in. A port handed out by the OS (`listen(0)`) comes from its ephemeral range, which is
 * also where outgoing connections get their local ports: one of the app's own connections (to
 * the emulator, EventSub) could take it before the sign-in listens ("another program is using
 * it"). Ports below every OS's ephemeral range (Linux 32768-60999, Windows and macOS
 * 49152-65535) are only ever taken by another listener.
 */
import { createServer } from 'node:net';

export const stablePortRange = { from: 20_000, to: 32_767 } as const;

export async function demoRedirectPort(random: () => number = Math.random, attempts = 20): Promise<number> {
  const span = stablePortRange.to - stablePortRange.from + 1;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const port = await listenBriefly(stablePortRange.from + Math.floor(random() * span));
    if (port !== null) return port;
  }
  // All taken (unlikely): any free port, as before.
  const port = await listenBriefly(0);
  if (port === null) throw new Error('no loopback port is free for the sign-in');
  return port;
}

/** Listens on `port` and closes again: the port it got, or null when that port is not free. */
function listenBriefly(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

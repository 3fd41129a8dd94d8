/**
 * Test support: the live-controls services signed in to a real emulator (a minted user token, the
 * real ApiClient), the simulation API, and a proxy that breaks chosen requests on the wire.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { request } from 'undici';
import type { AuthState } from '../../shared/ipc/contract';
import type { RunningEmulator } from '../../emulator/server';
import { createSimulationClient, type SimulationClient } from '../../emulator/simulation-client';
import { ApiClient } from '../services/api/api-client';
import { silentLogger } from '../services/logger';
import { withCurrentBroadcaster } from '../../shared/domain/current-broadcaster';

export const liveScopes = [
  'channel:manage:broadcast',
  'user:read:broadcast',
  'moderator:read:chat_settings',
  'moderator:manage:chat_settings',
  'channel:edit:commercial',
];

/** The emulator's typed simulation-API client. */
export function simulation(emulator: RunningEmulator): SimulationClient {
  return createSimulationClient({ baseUrl: emulator.url, timeoutMs: 10_000 });
}

export async function mintToken(emulator: RunningEmulator, scopes = liveScopes): Promise<string> {
  const demo = emulator.demo!;
  const minted = await simulation(emulator).mintToken({ client_id: demo.clientId, user_id: demo.broadcaster.id, scopes });
  return minted.access_token;
}

/** An auth that is signed in as the demo broadcaster with a fixed token. */
export function fixedAuth(emulator: RunningEmulator, token: string) {
  const demo = emulator.demo!;
  const state: AuthState = withCurrentBroadcaster({
    status: 'signedIn',
    account: { id: demo.broadcaster.id, login: demo.broadcaster.login, displayName: demo.broadcaster.login, broadcasterType: 'partner', profileImageUrl: '' },
    scopes: liveScopes,
    missingScopes: [],
    pending: null,
    lastValidatedAt: null,
    error: null,
  }, null);
  return {
    state,
    auth: { getState: () => state, onChange: () => () => {} },
    apiAuth: { getAccessToken: async () => token, refreshAfterUnauthorized: async () => token },
  };
}

export function apiClientFor(emulatorUrl: string, clientId: string, apiAuth: { getAccessToken(): Promise<string>; refreshAfterUnauthorized(t: string): Promise<string> }) {
  return new ApiClient({ baseUrl: emulatorUrl, clientId, auth: apiAuth, logger: silentLogger, backoffMs: 10 });
}

/** A helix GET with its own token, to check what the emulator holds. */
export async function helixGet<T>(emulator: RunningEmulator, token: string, path: string): Promise<T> {
  const res = await request(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'client-id': emulator.demo!.clientId } });
  const text = await res.body.text();
  if (res.statusCode >= 400) throw new Error(`GET ${path} answered ${res.statusCode}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * A TCP proxy in front of the emulator that cuts the connection when a request line starts with
 * `breakPrefix`, `breaks` times: a network failure as the app sees it (no answer at all).
 */
export async function startBreakingProxy(emulatorUrl: string): Promise<{ url: string; breakNext(prefix: string, times: number): void; broken: () => number; close(): Promise<void> }> {
  const target = new URL(emulatorUrl);
  let prefix = '';
  let remaining = 0;
  let broken = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    client.on('data', (chunk) => {
      if (remaining > 0 && prefix && chunk.toString('latin1').startsWith(prefix)) {
        remaining--;
        broken++;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close);
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    breakNext(p, times) {
      prefix = p;
      remaining = times;
    },
    broken: () => broken,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { AuthService } from '../auth/auth-service';
import { createFakeClock } from '../../test-support/fake-clock';
import { createRecordingDispatcher } from '../../test-support/recording-dispatcher';
import { startEmulator } from '../../../emulator/server';
import { createSimulationClient } from '../../../emulator/simulation-client';
import { MemoryTokenStore } from '../auth/token-store';
import { silentLogger } from '../logger';
import { ApiClient, type ApiAuth, type ApiClientOptions } from './api-client';
import { ApiError } from './api-error';

interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: Seen, res: ServerResponse) => void;

const clientId = 'abcdefghijklmnopqrstuvwxyz0123';
const now = 1_700_000_000_000;

let server: Server;
let baseUrl: string;
let seen: Seen[];
let handler: Handler;
let agent: Agent;
let sleeps: number[];

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

beforeEach(async () => {
  seen = [];
  sleeps = [];
  handler = (_req, res) => json(res, 200, { data: [] });
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const entry = { method: req.method ?? '', url: new URL(req.url ?? '/', 'http://x'), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    seen.push(entry);
    handler(entry, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  agent = new Agent();
});

afterEach(async () => {
  await agent.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function staticAuth(tokens: string[] = ['token-1', 'token-2']): ApiAuth & { refreshes: string[] } {
  let current = 0;
  const refreshes: string[] = [];
  return {
    refreshes,
    getAccessToken: async () => tokens[current]!,
    refreshAfterUnauthorized: async (rejected) => {
      refreshes.push(rejected);
      current = Math.min(current + 1, tokens.length - 1);
      return tokens[current]!;
    },
  };
}

function client(overrides: Partial<ApiClientOptions> = {}): ApiClient {
  return new ApiClient({
    baseUrl,
    clientId,
    auth: staticAuth(),
    logger: silentLogger,
    dispatcher: agent,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => now,
    ...overrides,
  });
}

describe('ApiClient requests', () => {
  it('sends the bearer token, Client-Id, JSON body and repeated query parameters', async () => {
    handler = (_req, res) => json(res, 200, { data: [{ id: '1' }] });
    const res = await client().request<{ data: { id: string }[] }>({
      method: 'POST',
      path: '/helix/channel_points/custom_rewards',
      query: { broadcaster_id: '141981764', id: ['a', 'b', 3], only_manageable_rewards: true, first: 20, skip: undefined },
      body: { title: 'Hydrate', cost: 100 },
    });
    expect(res).toEqual({ status: 200, data: { data: [{ id: '1' }] } });
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe('/helix/channel_points/custom_rewards');
    expect(req.url.searchParams.getAll('id')).toEqual(['a', 'b', '3']);
    expect(req.url.searchParams.get('only_manageable_rewards')).toBe('true');
    expect(req.url.searchParams.get('first')).toBe('20');
    expect(req.url.searchParams.has('skip')).toBe(false);
    expect(req.headers.authorization).toBe('Bearer token-1');
    expect(req.headers['client-id']).toBe(clientId);
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual({ title: 'Hydrate', cost: 100 });
  });

  it('returns undefined data for 204', async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    expect(await client().request({ method: 'DELETE', path: '/helix/videos', query: { id: '1' } })).toEqual({ status: 204, data: undefined });
    expect(seen[0]!.headers['content-type']).toBeUndefined();
  });

  it('get() returns the body', async () => {
    handler = (_req, res) => json(res, 200, { data: [{ id: '7' }] });
    expect(await client().get('/helix/users', { login: 'demo' })).toEqual({ data: [{ id: '7' }] });
  });

  it('turns an error body into an ApiError whose message is the platform’s', async () => {
    handler = (_req, res) => json(res, 400, { error: 'Bad Request', status: 400, message: 'Missing required parameter "broadcaster_id"' });
    const err = await client().get('/helix/channels').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'api_error', status: 400, platformError: 'Bad Request', platformMessage: 'Missing required parameter "broadcaster_id"', message: 'Missing required parameter "broadcaster_id"' });
    expect((err as ApiError).toIpcError()).toEqual({ code: 'api_error', message: 'Missing required parameter "broadcaster_id"', status: 400 });
    expect(seen).toHaveLength(1);
  });

  it('still gives a typed error for an error without a JSON body', async () => {
    handler = (_req, res) => {
      res.writeHead(403, { 'content-type': 'text/html' });
      res.end('<html>nope</html>');
    };
    await expect(client().get('/helix/channels')).rejects.toMatchObject({ code: 'api_error', status: 403, platformMessage: null });
  });
});

describe('ApiClient and 401', () => {
  it('refreshes once and retries with the new token', async () => {
    handler = (req, res) => (req.headers.authorization === 'Bearer token-2' ? json(res, 200, { data: [] }) : json(res, 401, { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' }));
    const auth = staticAuth();
    const res = await client({ auth }).get('/helix/users');
    expect(res).toEqual({ data: [] });
    expect(auth.refreshes).toEqual(['token-1']);
    expect(seen.map((r) => r.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('gives up after one refresh', async () => {
    handler = (_req, res) => json(res, 401, { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' });
    const auth = staticAuth(['token-1', 'token-2', 'token-3']);
    await expect(client({ auth }).get('/helix/users')).rejects.toMatchObject({ code: 'api_error', status: 401 });
    expect(auth.refreshes).toHaveLength(1);
    expect(seen).toHaveLength(2);
  });

  it('does not refresh for a missing scope (a new token has the same scopes)', async () => {
    handler = (_req, res) => json(res, 401, { error: 'Unauthorized', status: 401, message: 'Missing scope: channel:read:charity' });
    const auth = staticAuth();
    await expect(client({ auth }).get('/helix/charity/campaigns')).rejects.toMatchObject({ status: 401, message: 'Missing scope: channel:read:charity' });
    expect(auth.refreshes).toHaveLength(0);
  });

  it('passes not_signed_in from the auth service through', async () => {
    const auth: ApiAuth = {
      getAccessToken: async () => {
        throw new AppError('not_signed_in', 'Sign in to the platform first.');
      },
      refreshAfterUnauthorized: async () => '',
    };
    await expect(client({ auth }).get('/helix/users')).rejects.toMatchObject({ code: 'not_signed_in' });
    expect(seen).toHaveLength(0);
  });

  it('concurrent 401s with the real AuthService cause exactly one refresh', async () => {
    const emulator = await startEmulator({ port: 0, seed: 'demo' });
    const recorder = createRecordingDispatcher();
    const clock = createFakeClock();
    try {
      const demo = emulator.demo!;
      const sim = createSimulationClient({ baseUrl: emulator.url });
      const tokens = await sim.mintToken({ client_id: demo.clientId, user_id: demo.broadcaster.id, scopes: [], expires_in: 60 });
      const store = new MemoryTokenStore({
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        expiresAt: null,
        scopes: [],
        clientId: demo.clientId,
        userId: demo.broadcaster.id,
        login: demo.broadcaster.login,
      });
      const auth = new AuthService({
        endpoints: { authUrl: emulator.url, apiBaseUrl: emulator.url },
        clientId: demo.clientId,
        clientSecret: demo.clientSecret,
        redirectUri: 'http://127.0.0.1:0/cb',
        scopes: [],
        tokenStore: store,
        openUrl: async () => false,
        logger: silentLogger,
        clock,
        dispatcher: recorder.dispatcher,
      });
      await auth.start();
      // The platform's clock passes the token's lifetime: every call answers 401 until one refresh.
      await sim.advanceClock(120);
      const api = client({ baseUrl: emulator.url, clientId: demo.clientId, auth, dispatcher: recorder.dispatcher });
      const results = await Promise.all(Array.from({ length: 5 }, () => api.get<{ data: { login: string }[] }>('/helix/users')));
      expect(results.map((r) => r.data[0]!.login)).toEqual(Array(5).fill(demo.broadcaster.login));
      expect(recorder.count('/oauth2/token')).toBe(1);
      expect(recorder.count('/helix/users')).toBe(1 + 5 + 5); // start's account load, five 401s, five retries
      await auth.dispose();
    } finally {
      await recorder.close();
      await emulator.close();
    }
  });
});

describe('ApiClient rate limits', () => {
  it('waits for Ratelimit-Reset when the bucket is empty instead of spending a 429', async () => {
    handler = (_req, res) => json(res, 200, { data: [] }, { 'Ratelimit-Limit': '800', 'Ratelimit-Remaining': '0', 'Ratelimit-Reset': String(now / 1000 + 7) });
    const api = client({
      sleep: async (ms) => {
        sleeps.push(ms);
        // Nothing was sent while waiting.
        expect(seen).toHaveLength(1);
      },
    });
    await api.get('/helix/users');
    expect(sleeps).toEqual([]);
    await api.get('/helix/users');
    expect(sleeps).toEqual([7000]);
    expect(seen).toHaveLength(2);
  });

  it('spends the known remaining points before waiting', async () => {
    let remaining = 2;
    handler = (_req, res) => json(res, 200, { data: [] }, { 'Ratelimit-Remaining': String(remaining--), 'Ratelimit-Reset': String(now / 1000 + 30) });
    const api = client();
    await api.get('/a'); // says 2 left
    await api.get('/b'); // says 1 left
    await api.get('/c'); // says 0 left
    expect(sleeps).toEqual([]);
    await api.get('/d');
    expect(sleeps).toEqual([30_000]);
  });

  it('retries a 429 after Ratelimit-Reset', async () => {
    let calls = 0;
    handler = (_req, res) =>
      calls++ === 0
        ? json(res, 429, { error: 'Too Many Requests', status: 429, message: 'Too Many Requests' }, { 'Ratelimit-Remaining': '0', 'Ratelimit-Reset': String(now / 1000 + 3) })
        : json(res, 200, { data: ['ok'] }, { 'Ratelimit-Remaining': '799', 'Ratelimit-Reset': String(now / 1000 + 60) });
    // A 429 means nothing was done, so even a POST is retried.
    const res = await client().request({ method: 'POST', path: '/helix/streams/markers', body: { user_id: '1' } });
    expect(res.data).toEqual({ data: ['ok'] });
    expect(sleeps).toEqual([3000]);
    expect(seen).toHaveLength(2);
  });

  it("answers an endpoint's own 429 (points left in the bucket) at once, in the platform's words", async () => {
    const message = 'The broadcaster exceeded the number of Shoutouts they may send within a given window.';
    handler = (_req, res) => json(res, 429, { error: 'Too Many Requests', status: 429, message }, { 'Ratelimit-Remaining': '797', 'Ratelimit-Reset': String(now / 1000 + 60) });
    const err = await client().request({ method: 'POST', path: '/helix/chat/shoutouts' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, message });
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('ends in rate_limited with retryAfterMs when 429s continue', async () => {
    handler = (_req, res) => json(res, 429, { error: 'Too Many Requests', status: 429, message: 'Too Many Requests' }, { 'Ratelimit-Remaining': '0', 'Ratelimit-Reset': String(now / 1000 + 4) });
    const err = await client({ maxRetries: 2 }).get('/helix/users').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'rate_limited', details: { retryAfterMs: 4000 } });
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([4000, 4000]);
  });
});

describe('ApiClient retries of failures', () => {
  const failTimes = (n: number, status = 503) => {
    let calls = 0;
    handler = (_req, res) => (calls++ < n ? json(res, status, { error: 'Service Unavailable', status, message: 'try later' }) : json(res, 200, { data: [] }));
  };

  it('retries 5xx for GET with growing, jittered backoff', async () => {
    failTimes(2);
    await client({ backoffMs: 100 }).get('/helix/users');
    expect(seen).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(100);
    expect(sleeps[0]).toBeLessThanOrEqual(200);
    expect(sleeps[1]).toBeGreaterThanOrEqual(200);
    expect(sleeps[1]).toBeLessThanOrEqual(400);
  });

  it('takes its waits from the one backoff: each step doubles, jittered up to twice the step', async () => {
    failTimes(2);
    await client({ backoffMs: 100, random: () => 0 }).get('/helix/users');
    failTimes(2);
    await client({ backoffMs: 100, random: () => 1 }).get('/helix/users');
    expect(sleeps).toEqual([100, 200, 200, 400]);
  });

  it('gives up after the bounded number of tries', async () => {
    failTimes(100, 500);
    await expect(client().get('/helix/users')).rejects.toMatchObject({ code: 'api_error', status: 500 });
    expect(seen).toHaveLength(3);
  });

  it('does not retry 5xx for POST or PATCH by default', async () => {
    failTimes(1);
    await expect(client().request({ method: 'POST', path: '/helix/channels/commercial', body: { length: 30 } })).rejects.toMatchObject({ status: 503 });
    failTimes(1);
    await expect(client().request({ method: 'PATCH', path: '/helix/channels', body: {} })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(2);
  });

  it("retries POST when the caller says retry: 'safe', and not GET with retry: 'never'", async () => {
    failTimes(1);
    await client().request({ method: 'POST', path: '/helix/eventsub/subscriptions', body: {}, retry: 'safe' });
    expect(seen).toHaveLength(2);
    failTimes(1);
    await expect(client().request({ method: 'GET', path: '/helix/users', retry: 'never' })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(3);
  });

  it('maps a refused connection to network_error after retrying a GET', async () => {
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const port = (gone.address() as AddressInfo).port;
    await new Promise((resolve) => gone.close(resolve));
    const err = await client({ baseUrl: `http://127.0.0.1:${port}` }).get('/helix/users').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'network_error', message: 'Could not reach the platform: the connection was refused. Check your internet connection.' });
    expect(sleeps).toHaveLength(2);
  });

  it('does not retry a POST whose connection dropped (it may have been done)', async () => {
    handler = (_req, res) => res.socket?.destroy();
    await expect(client().request({ method: 'POST', path: '/helix/streams/markers', body: {} })).rejects.toMatchObject({ code: 'network_error' });
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe('ApiClient pagination', () => {
  it('follows pagination.cursor with after over three pages', async () => {
    const pages: Record<string, { data: number[]; pagination: { cursor?: string } }> = {
      '': { data: [1, 2], pagination: { cursor: 'c1' } },
      c1: { data: [3, 4], pagination: { cursor: 'c2' } },
      c2: { data: [5], pagination: {} },
    };
    handler = (req, res) => json(res, 200, pages[req.url.searchParams.get('after') ?? '']);
    const items: number[] = [];
    for await (const item of client().paginate<number>('/helix/videos', { user_id: '141981764', first: 2 })) items.push(item);
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(seen.map((r) => r.url.searchParams.get('after'))).toEqual([null, 'c1', 'c2']);
    expect(seen.every((r) => r.url.searchParams.get('user_id') === '141981764' && r.url.searchParams.get('first') === '2')).toBe(true);
  });

  it('stops on a repeated cursor and can be left early', async () => {
    handler = (_req, res) => json(res, 200, { data: [1], pagination: { cursor: 'same' } });
    const items: number[] = [];
    for await (const item of client().paginate<number>('/helix/videos')) items.push(item);
    expect(items).toEqual([1, 1]);
    seen = [];
    for await (const _item of client().paginate<number>('/helix/videos')) break;
    expect(seen).toHaveLength(1);
  });
});

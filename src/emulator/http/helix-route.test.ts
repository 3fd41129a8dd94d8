import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, helixHeaders } from '../emulator-test-client';
import { startEmulator, type RunningEmulator } from '../server';

let emu: RunningEmulator;
let clientId: string;
let broadcasterId: string;

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  clientId = emu.demo!.clientId;
  broadcasterId = emu.demo!.broadcaster.id;
});
afterAll(() => emu.close());
beforeEach(() => emu.state.reset());

async function mint(body: { user_id?: string; scopes: string[]; expires_in?: number; client_id?: string }): Promise<string> {
  const res = await call(`${emu.url}/_emulator/tokens`, { json: { client_id: clientId, ...body } });
  expect(res.status).toBe(200);
  return res.json.access_token as string;
}

const unauthorized = (message: string) => ({ error: 'Unauthorized', status: 401, message });

describe('the current API gate', () => {
  it('needs a token', async () => {
    const res = await call(`${emu.url}/helix/users`, { headers: { 'client-id': clientId } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(unauthorized('OAuth token is missing'));
  });

  it('rejects unknown tokens and the wrong scheme', async () => {
    const res = await call(`${emu.url}/helix/users`, { headers: helixHeaders('abcdefghijabcdefghijabcdefghij', clientId) });
    expect(res.json).toEqual(unauthorized('Invalid OAuth token'));
    const token = await mint({ user_id: broadcasterId, scopes: [] });
    const oauth = await call(`${emu.url}/helix/users`, { headers: { authorization: `OAuth ${token}`, 'client-id': clientId } });
    expect(oauth.status).toBe(401);
  });

  it('needs the Client-Id of the token', async () => {
    const token = await mint({ user_id: broadcasterId, scopes: [] });
    const missing = await call(`${emu.url}/helix/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(missing.json).toEqual(unauthorized('Client ID and OAuth token do not match'));
    const other = await call(`${emu.url}/helix/users`, { headers: helixHeaders(token, emu.demo!.publicClientId) });
    expect(other.status).toBe(401);
    expect(other.json).toEqual(unauthorized('Client ID and OAuth token do not match'));
  });

  it('checks scopes and token type', async () => {
    const noScope = await mint({ user_id: broadcasterId, scopes: ['user:read:email'] });
    const res = await call(`${emu.url}/helix/streams/key?broadcaster_id=${broadcasterId}`, { headers: helixHeaders(noScope, clientId) });
    expect(res.json).toEqual(unauthorized('Missing scope: channel:read:stream_key'));
    const app = await mint({ scopes: ['channel:read:stream_key'] });
    const appRes = await call(`${emu.url}/helix/streams/key?broadcaster_id=${broadcasterId}`, { headers: helixHeaders(app, clientId) });
    expect(appRes.status).toBe(401);
    expect(appRes.json.message).toBe('Missing User OAUTH Token');
  });

  it('rejects a token once the clock passes its expiry', async () => {
    const token = await mint({ user_id: broadcasterId, scopes: [], expires_in: 120 });
    expect((await call(`${emu.url}/helix/users`, { headers: helixHeaders(token, clientId) })).status).toBe(200);
    const advanced = await call(`${emu.url}/_emulator/clock`, { json: { advance_seconds: 121 } });
    expect(advanced.status).toBe(200);
    const res = await call(`${emu.url}/helix/users`, { headers: helixHeaders(token, clientId) });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(unauthorized('Invalid OAuth token'));
  });

  it('serves the same routes under /mock', async () => {
    const token = await mint({ user_id: broadcasterId, scopes: [] });
    const res = await call(`${emu.url}/mock/users`, { headers: helixHeaders(token, clientId) });
    expect(res.status).toBe(200);
    expect(res.json.data[0].id).toBe(broadcasterId);
  });
});

describe('rate limit', () => {
  it('reports the bucket on every response, errors included', async () => {
    const token = await mint({ user_id: broadcasterId, scopes: [] });
    const first = await call(`${emu.url}/helix/users`, { headers: helixHeaders(token, clientId) });
    const second = await call(`${emu.url}/helix/users?id=`, { headers: helixHeaders(token, clientId) });
    expect(second.status).toBe(400);
    for (const res of [first, second]) {
      expect(res.header('ratelimit-limit')).toBe('800');
      expect(Number(res.header('ratelimit-reset'))).toBeGreaterThanOrEqual(Math.floor(emu.state.clock.now() / 1000));
    }
    expect(Number(first.header('ratelimit-remaining'))).toBe(799);
    expect(Number(second.header('ratelimit-remaining'))).toBeLessThan(799);
  });

  it('keeps separate buckets per client and user', async () => {
    const a = await mint({ user_id: broadcasterId, scopes: [] });
    const b = await mint({ user_id: '612345001', scopes: [] });
    await call(`${emu.url}/helix/users`, { headers: helixHeaders(a, clientId) });
    await call(`${emu.url}/helix/users`, { headers: helixHeaders(a, clientId) });
    const other = await call(`${emu.url}/helix/users`, { headers: helixHeaders(b, clientId) });
    expect(other.header('ratelimit-remaining')).toBe('799');
  });

  it('answers 429 once the bucket is empty, and refills on the emulator clock', async () => {
    const token = await mint({ scopes: [] });
    const headers = helixHeaders(token, clientId);
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let sent = 0; sent < 2000 && !limited; sent += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => call(`${emu.url}/helix/users?id=${broadcasterId}`, { headers })));
      limited = batch.find((r) => r.status === 429);
    }
    expect(limited).toBeDefined();
    expect(limited!.json).toEqual({ error: 'Too Many Requests', status: 429, message: 'Too Many Requests' });
    expect(limited!.header('ratelimit-remaining')).toBe('0');
    const reset = Number(limited!.header('ratelimit-reset'));
    expect(reset).toBeGreaterThan(Math.floor(emu.state.clock.now() / 1000));

    emu.state.clock.advance(61);
    const after = await call(`${emu.url}/helix/users?id=${broadcasterId}`, { headers });
    expect(after.status).toBe(200);
    expect(after.header('ratelimit-remaining')).toBe('799');
  });
});

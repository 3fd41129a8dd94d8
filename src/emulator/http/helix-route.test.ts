import { describe, expect, it } from 'vitest';
import { call, helixHeaders } from '../test-support/emulator-test-client';
import { unauthorized, useDemoEmulator } from '../test-support/demo-emulator';
import { rewriteMockUrl } from './helix-route';

const demo = useDemoEmulator();

describe('the current API gate', () => {
  it('needs a token', async () => {
    const res = await call(`${demo.url}/helix/users`, { headers: { 'client-id': demo.clientId } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(unauthorized('OAuth token is missing'));
  });

  it('rejects unknown tokens and the wrong scheme', async () => {
    const res = await call(`${demo.url}/helix/users`, { headers: helixHeaders('abcdefghijabcdefghijabcdefghij', demo.clientId) });
    expect(res.json).toEqual(unauthorized('Invalid OAuth token'));
    const token = await demo.mint(demo.broadcasterId, []);
    const oauth = await call(`${demo.url}/helix/users`, { headers: { authorization: `OAuth ${token}`, 'client-id': demo.clientId } });
    expect(oauth.status).toBe(401);
  });

  it('needs the Client-Id of the token', async () => {
    const token = await demo.mint(demo.broadcasterId, []);
    const missing = await call(`${demo.url}/helix/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(missing.json).toEqual(unauthorized('Client ID and OAuth token do not match'));
    const other = await call(`${demo.url}/helix/users`, { headers: helixHeaders(token, demo.emu.demo!.publicClientId) });
    expect(other.status).toBe(401);
    expect(other.json).toEqual(unauthorized('Client ID and OAuth token do not match'));
  });

  it('checks scopes and token type', async () => {
    const noScope = await demo.mint(demo.broadcasterId, ['user:read:email']);
    const res = await demo.helix('GET', `/streams/key?broadcaster_id=${demo.broadcasterId}`, { token: noScope });
    expect(res.json).toEqual(unauthorized('Missing scope: channel:read:stream_key'));
    const app = await demo.mint(null, ['channel:read:stream_key']);
    const appRes = await demo.helix('GET', `/streams/key?broadcaster_id=${demo.broadcasterId}`, { token: app });
    expect(appRes.status).toBe(401);
    expect(appRes.json.message).toBe('Missing User OAUTH Token');
  });

  it('rejects a token once the clock passes its expiry', async () => {
    const token = await demo.mint(demo.broadcasterId, [], { expires_in: 120 });
    expect((await demo.helix('GET', '/users', { token })).status).toBe(200);
    const advanced = await demo.advance(121);
    expect(advanced.status).toBe(200);
    const res = await demo.helix('GET', '/users', { token });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(unauthorized('Invalid OAuth token'));
  });

  it('serves the same routes under /mock', async () => {
    const token = await demo.mint(demo.broadcasterId, []);
    const res = await call(`${demo.url}/mock/users`, { headers: helixHeaders(token, demo.clientId) });
    expect(res.status).toBe(200);
    expect(res.json.data[0].id).toBe(demo.broadcasterId);
  });

  it('serves /mock by rewriting it to /helix before routing, with the query and HEAD kept', async () => {
    const token = await demo.mint(demo.broadcasterId, []);
    const headers = helixHeaders(token, demo.clientId);
    const byQuery = await call(`${demo.url}/mock/users?id=${demo.broadcasterId}`, { headers });
    expect(byQuery.status).toBe(200);
    expect(byQuery.json.data[0].id).toBe(demo.broadcasterId);
    expect((await call(`${demo.url}/mock/users/`, { headers })).status).toBe(200);
    const head = await call(`${demo.url}/mock/users`, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    // Only the prefix itself is the alias; what is unknown is named as it was sent.
    const unknown = await call(`${demo.url}/mockery/users`, { headers });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Unknown endpoint: GET /mockery/users');
    const unknownUnderMock = await call(`${demo.url}/mock/nothing-here`, { headers });
    expect(unknownUnderMock.json.message).toBe('Unknown endpoint: GET /mock/nothing-here');
  });

  it('matches a fault on the /mock path the client sent, not on the rewritten one', async () => {
    const token = await demo.mint(demo.broadcasterId, []);
    const headers = helixHeaders(token, demo.clientId);
    expect((await demo.simulate('/faults', { path: '^/mock/users$', status: 503 })).status).toBe(200);
    try {
      expect((await call(`${demo.url}/mock/users`, { headers })).status).toBe(503);
      expect((await call(`${demo.url}/helix/users`, { headers })).status).toBe(200);
    } finally {
      await call(`${demo.url}/_emulator/faults`, { method: 'DELETE' });
    }
  });
});

describe('rewriteMockUrl', () => {
  it('moves /mock, /mock/... and /mock?... under /helix and leaves the rest alone', () => {
    expect(rewriteMockUrl('/mock')).toBe('/helix');
    expect(rewriteMockUrl('/mock/users?id=1')).toBe('/helix/users?id=1');
    expect(rewriteMockUrl('/mock?x=1')).toBe('/helix?x=1');
    expect(rewriteMockUrl('/mockery')).toBe('/mockery');
    expect(rewriteMockUrl('/helix/mock/users')).toBe('/helix/mock/users');
    expect(rewriteMockUrl('/oauth2/token')).toBe('/oauth2/token');
  });
});

describe('rate limit', () => {
  it('reports the bucket on every response, errors included', async () => {
    const token = await demo.mint(demo.broadcasterId, []);
    const first = await demo.helix('GET', '/users', { token });
    const second = await demo.helix('GET', '/users?id=', { token });
    expect(second.status).toBe(400);
    for (const res of [first, second]) {
      expect(res.header('ratelimit-limit')).toBe('800');
      expect(Number(res.header('ratelimit-reset'))).toBeGreaterThanOrEqual(Math.floor(demo.state.clock.now() / 1000));
    }
    expect(Number(first.header('ratelimit-remaining'))).toBe(799);
    expect(Number(second.header('ratelimit-remaining'))).toBeLessThan(799);
  });

  it('keeps separate buckets per client and user', async () => {
    const a = await demo.mint(demo.broadcasterId, []);
    const b = await demo.mint('612345001', []);
    await demo.helix('GET', '/users', { token: a });
    await demo.helix('GET', '/users', { token: a });
    const other = await demo.helix('GET', '/users', { token: b });
    expect(other.header('ratelimit-remaining')).toBe('799');
  });

  it('answers 429 once the bucket is empty, and refills on the emulator clock', async () => {
    const token = await demo.mint(null, []);
    const headers = helixHeaders(token, demo.clientId);
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let sent = 0; sent < 2000 && !limited; sent += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => call(`${demo.url}/helix/users?id=${demo.broadcasterId}`, { headers })));
      limited = batch.find((r) => r.status === 429);
    }
    expect(limited).toBeDefined();
    expect(limited!.json).toEqual({ error: 'Too Many Requests', status: 429, message: 'Too Many Requests' });
    expect(limited!.header('ratelimit-remaining')).toBe('0');
    const reset = Number(limited!.header('ratelimit-reset'));
    expect(reset).toBeGreaterThan(Math.floor(demo.state.clock.now() / 1000));

    demo.state.clock.advance(61);
    const after = await call(`${demo.url}/helix/users?id=${demo.broadcasterId}`, { headers });
    expect(after.status).toBe(200);
    expect(after.header('ratelimit-remaining')).toBe('799');
  });
});

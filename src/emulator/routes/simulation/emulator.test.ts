import { describe, expect, it } from 'vitest';
import { buildEmulatorApp } from '../../app';
import { GAMES } from '../../catalogue/games';
import { call } from '../../test-support/emulator-test-client';
import { EmulatorState } from '../../domain/emulator-state';
import { badRequest, useDemoEmulator } from '../../test-support/demo-emulator';
import { rawCall } from '../../test-support/raw-http';

const demo = useDemoEmulator();

const post = demo.simulate;

describe('POST /_emulator/clients', () => {
  it('creates a confidential client with generated credentials', async () => {
    const res = await post('/clients', { name: 'Test App', redirect_uris: ['http://localhost:3000/cb'] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      client_id: expect.stringMatching(/^[a-z0-9]{30}$/),
      client_secret: expect.stringMatching(/^[a-z0-9]{30}$/),
      extension_secret: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      name: 'Test App',
      redirect_uris: ['http://localhost:3000/cb'],
      type: 'confidential',
      created_at: expect.any(String),
    });
  });

  it('takes the given values, and public clients have no secret', async () => {
    const res = await post('/clients', {
      name: 'Given',
      redirect_uris: [],
      client_id: 'abcdefghijklmnopqrstuvwxyz0123',
      client_secret: 'shh',
      extension_secret: 'c2VjcmV0',
    });
    expect(res.json).toMatchObject({ client_id: 'abcdefghijklmnopqrstuvwxyz0123', client_secret: 'shh', extension_secret: 'c2VjcmV0' });
    const pub = await post('/clients', { name: 'Public', redirect_uris: [], type: 'public' });
    expect(pub.json.client_secret).toBeNull();
    expect((await post('/clients', { name: 'Again', redirect_uris: [], client_id: 'abcdefghijklmnopqrstuvwxyz0123' })).status).toBe(409);
  });

  it('answers validation errors in the platform shape', async () => {
    expect((await post('/clients', { redirect_uris: [] })).json).toEqual(badRequest('Missing required field "name"'));
    expect((await post('/clients', { name: 'x', redirect_uris: ['not a uri'] })).json.message).toMatch(/^Invalid field "redirect_uris.0"/);
    expect((await post('/clients', { name: 'x', redirect_uris: [], colour: 'red' })).json).toEqual(badRequest('Unknown field "colour"'));
    expect((await post('/clients', { name: 'x', redirect_uris: [], type: 'public', client_secret: 's' })).status).toBe(400);
    expect((await post('/clients', { name: 'x', redirect_uris: [], extension_secret: 'not base64!' })).status).toBe(400);
    expect((await post('/clients', [1, 2])).json).toEqual(badRequest('Request body must be a JSON object'));
    expect((await call(`${demo.url}/_emulator/clients`, { body: '{"name":', headers: { 'content-type': 'application/json' } })).json).toEqual(
      badRequest('Request body is not valid JSON'),
    );
  });
});

describe('POST /_emulator/users', () => {
  it('creates a user with a channel and stream key', async () => {
    const res = await post('/users', { login: 'New_Streamer', broadcaster_type: 'affiliate' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: expect.stringMatching(/^[1-9]\d+$/), login: 'new_streamer', display_name: 'New_Streamer', broadcaster_type: 'affiliate' });
    expect(demo.state.channels.get(res.json.id)?.streamKey).toMatch(new RegExp(`^live_${res.json.id}_`));
  });

  it('refuses taken logins and bad values', async () => {
    expect((await post('/users', { login: 'SIDESTAGE_DEMO' })).status).toBe(409);
    expect((await post('/users', { login: 'has space' })).json.message).toMatch(/^Invalid field "login"/);
    expect((await post('/users', { login: 'ok', broadcaster_type: 'staff' })).status).toBe(400);
    expect((await post('/users', {})).json).toEqual(badRequest('Missing required field "login"'));
  });
});

describe('POST /_emulator/tokens', () => {
  it('mints user and app tokens', async () => {
    const user = await post('/tokens', { client_id: demo.clientId, user_id: demo.broadcasterId, scopes: ['user:read:email'], expires_in: 90 });
    expect(user.json).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), expires_in: 90, scope: ['user:read:email'], token_type: 'bearer' });
    const app = await post('/tokens', { client_id: demo.clientId, scopes: [] });
    expect(app.json.refresh_token).toBe('');
  });

  it('refuses unknown clients, users and scopes', async () => {
    expect((await post('/tokens', { client_id: 'nope', scopes: [] })).json).toEqual(badRequest('Unknown client_id "nope"'));
    expect((await post('/tokens', { client_id: demo.clientId, user_id: '1', scopes: [] })).status).toBe(400);
    expect((await post('/tokens', { client_id: demo.clientId, scopes: ['bogus'] })).json.message).toMatch(/^Invalid field "scopes.0"/);
    expect((await post('/tokens', { client_id: demo.clientId })).json).toEqual(badRequest('Missing required field "scopes"'));
  });
});

describe('clock, settings, streams, state, reset', () => {
  it('advances the clock and refuses going back', async () => {
    const before = demo.state.clock.now();
    const res = await demo.advance(3600);
    expect(res.status).toBe(200);
    expect(Date.parse(res.json.now)).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect((await post('/clock', { advance_seconds: -5 })).status).toBe(400);
    expect((await post('/clock', { advance_seconds: '5' })).status).toBe(400);
  });

  it('changes settings', async () => {
    expect((await post('/settings', { auto_approve: true })).json).toEqual({ auto_approve: true, default_user_id: demo.broadcasterId });
    expect((await post('/settings', { auto_approve: 'yes' })).status).toBe(400);
    expect((await post('/settings', { default_user_id: '1' })).status).toBe(400);
  });

  it('takes a stream online and offline', async () => {
    const id = demo.broadcasterId;
    const online = await post(`/streams/${id}/online`, { title: 'Hello', game_id: '509658', viewer_count: 42 });
    expect(online.status).toBe(200);
    expect(online.json).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      user_id: id,
      user_login: 'sidestage_demo',
      user_name: 'Sidestage_Demo',
      game_id: '509658',
      game_name: 'Just Chatting',
      type: 'live',
      title: 'Hello',
      viewer_count: 42,
      started_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(demo.state.channels.get(id)?.title).toBe('Hello');
    const updated = await post(`/streams/${id}/online`, { viewer_count: 50 });
    expect(updated.json).toMatchObject({ id: online.json.id, viewer_count: 50, title: 'Hello' });
    expect((await call(`${demo.url}/_emulator/state`)).json.streams).toHaveLength(1);

    expect((await post(`/streams/${id}/offline`)).status).toBe(200);
    expect((await post(`/streams/${id}/offline`)).status).toBe(409);
    expect((await post('/streams/1/online', {})).status).toBe(404);
    expect((await post(`/streams/${id}/online`, { game_id: '1' })).json).toEqual(badRequest('Unknown game_id "1"'));
  });

  it('shows the state without secrets', async () => {
    const res = await call(`${demo.url}/_emulator/state`);
    expect(res.status).toBe(200);
    expect(res.json.users).toHaveLength(7); // the broadcaster, five viewers and the chat bot
    expect(res.json.clients.map((c: { client_id: string }) => c.client_id)).toEqual([demo.clientId, demo.emu.demo!.publicClientId]);
    expect(res.text).not.toContain(demo.emu.demo!.clientSecret);
    expect(res.json.tokens).toEqual({ access: 0, user_access: 0, app_access: 0, refresh: 0 });
  });

  it('resets to the seed it started with', async () => {
    await post('/users', { login: 'temporary' });
    await demo.advance(100);
    await post('/settings', { auto_approve: true });
    const token = await post('/tokens', { client_id: demo.clientId, scopes: [] });
    const res = await post('/reset');
    expect(res.status).toBe(200);
    expect(res.json.users.map((u: { login: string }) => u.login)).not.toContain('temporary');
    expect(res.json.users).toHaveLength(7);
    expect(res.json.clock_offset_seconds).toBe(0);
    expect(res.json.settings.auto_approve).toBe(false);
    const validated = await call(`${demo.url}/oauth2/validate`, { headers: { authorization: `OAuth ${token.json.access_token}` } });
    expect(validated.status).toBe(401);
  });
});

describe('loopback only', () => {
  it('refuses a request from another address', async () => {
    const state = new EmulatorState({ games: GAMES, ingestServers: [] }, { autoApprove: false, defaultUserId: null });
    const app = await buildEmulatorApp(state);
    try {
      const remote = await app.inject({ method: 'GET', url: '/_emulator/state', remoteAddress: '10.1.2.3', headers: { host: '127.0.0.1' } });
      expect(remote.statusCode).toBe(403);
      expect(remote.json()).toEqual({ error: 'Forbidden', status: 403, message: 'The simulation API answers loopback requests only' });
      const local = await app.inject({ method: 'GET', url: '/_emulator/state', remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1' } });
      expect(local.statusCode).toBe(200);
      const mapped = await app.inject({ method: 'GET', url: '/_emulator/state', remoteAddress: '::ffff:127.0.0.1', headers: { host: 'localhost:1234' } });
      expect(mapped.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses a Host that is not loopback (DNS rebinding)', async () => {
    const res = await call(`${demo.url}/_emulator/state`, { headers: { host: 'attacker.example' } });
    expect(res.status).toBe(403);
  });

  it('refuses it however the target spells the simulation path, and mints nothing', async () => {
    const before = (await call(`${demo.url}/_emulator/state`)).json.tokens;
    const spellings = [
      '/_emulator/tokens', '/%5Femulator/tokens', '/%5femulator/tokens', '/%5F%65mulator/tokens', '/_emulator%2Ftokens',
      '/_emulator/%74okens', '/_emulator//tokens', '/_emulator/./tokens', '/_emulator/tokens/', '/_emulator/tokens?x=1',
      '/_emulator/tokens;x', '/_emulator/tokens#x', 'http://attacker.example/_emulator/tokens', 'http://127.0.0.1/_emulator/tokens',
      'HTTP://attacker.example/%5Femulator/tokens', '//_emulator/tokens', '/./_emulator/tokens', '/%2E/_emulator/tokens',
      '/x/../_emulator/tokens', '/x/%2E%2E/_emulator/tokens', '/_EMULATOR/tokens', '/%5FEMULATOR/tokens', '/%255Femulator/tokens',
      '/\\_emulator/tokens',
    ];
    const body = JSON.stringify({ client_id: demo.clientId, user_id: demo.broadcasterId, scopes: ['channel:manage:redemptions'] });
    for (const target of spellings) {
      const res = await rawCall(demo.url, { method: 'POST', target, headers: { host: 'attacker.example', 'content-type': 'application/json' }, body });
      // 403 from the guard, or an error from the router (404, 400) for what it does not route to the simulation API.
      expect([400, 403, 404], target).toContain(res.status);
      expect(res.text, target).not.toContain('access_token');
    }
    // Every spelling the router does take reaches the guard: the same targets from loopback mint tokens.
    const routed = await rawCall(demo.url, { method: 'POST', target: '/%5Femulator/tokens', headers: { 'content-type': 'application/json' }, body });
    expect(routed.status).toBe(200);
    expect((await call(`${demo.url}/_emulator/state`)).json.tokens.access).toBe(before.access + 1);
  });

  it('refuses a foreign Host on the simulation API of an absolute-form or encoded GET as well', async () => {
    for (const target of ['/%5Femulator/state', 'http://attacker.example/_emulator/state']) {
      const res = await rawCall(demo.url, { target, headers: { host: 'attacker.example' } });
      expect(res.status, target).toBe(403);
      expect(res.json).toEqual({ error: 'Forbidden', status: 403, message: 'The simulation API answers loopback requests only' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { toRfc3339 } from '../../clock';
import { call, helixHeaders, type CallOptions } from '../../test-support/emulator-test-client';
import { signExtensionJwt } from '../../http/extension-jwt';
import { DEMO_CLIENT } from '../../seed';
import { DEMO_EXTENSION } from '../../seed-extensions';
import { SECRET_LIFETIME_MS } from '../../domain/stores/extensions';
import { badRequest, unauthorized, useDemoEmulator } from '../../test-support/demo-emulator';
import { LEGACY_LIVE_CHANNELS_PAGE_SIZE } from './extensions';

const demo = useDemoEmulator();

const SECRET = DEMO_CLIENT.extensionSecret;

function jwt(claims: Record<string, unknown> = {}, secret: string = SECRET): Promise<string> {
  return signExtensionJwt({ exp: demo.state.clock.nowSeconds() + 3600, user_id: demo.broadcasterId, role: 'external', ...claims }, secret);
}

async function ext(path: string, options: CallOptions & { token?: string | null; client?: string | null } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? await jwt() : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const client = options.client === undefined ? demo.clientId : options.client;
  if (client !== null) headers['client-id'] = client;
  return call(`${demo.url}${path}`, { ...options, headers });
}

const iso = (ms: number) => toRfc3339(ms);

describe('extension JWT gate', () => {
  const path = () => `/extensions/${demo.clientId}/auth/secret`;

  it('needs Client-Id equal to the path’s client ID', async () => {
    expect((await ext(path(), { client: null })).json).toEqual(unauthorized('Client-Id header is missing'));
    expect((await ext(path(), { client: demo.emu.demo!.publicClientId })).json).toEqual(unauthorized('Client-Id header does not match the extension'));
  });

  it('answers 404 for an unknown extension', async () => {
    const res = await ext('/extensions/abcdefghijklmnopqrstuvwxyz0123/auth/secret', { client: 'abcdefghijklmnopqrstuvwxyz0123' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Not Found', status: 404, message: 'Extension "abcdefghijklmnopqrstuvwxyz0123" not found' });
  });

  it('refuses every kind of bad JWT with 401 in the platform shape', async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const other = Buffer.from('not the extension secret at all!').toString('base64');
    const now = demo.state.clock.nowSeconds();
    const cases: [string | null, string, Record<string, string>?][] = [
      [null, 'JWT is missing'],
      ['', 'JWT is missing'],
      [await jwt({}, other), 'JWT signature is invalid'],
      [`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ exp: now + 60, user_id: demo.broadcasterId, role: 'external' })}.`, 'JWT must be signed with HS256'],
      [await jwt({ exp: now - 1 }), 'JWT has expired'],
      [await jwt({ role: 'broadcaster' }), 'JWT role must be "external"'],
      [await jwt({ user_id: undefined }), 'JWT is missing the "user_id" claim'],
      [await jwt({ role: undefined }), 'JWT is missing the "role" claim'],
      [await jwt({ exp: undefined }), 'JWT is missing the "exp" claim'],
      ['garbage', 'JWT is malformed'],
      ['a.b.c', 'JWT is malformed'],
    ];
    for (const [token, message] of cases) {
      const res = token === '' ? await ext(path(), { token: null, headers: { authorization: '' } }) : await ext(path(), { token });
      expect(res.status, message).toBe(401);
      expect(res.json, message).toEqual(unauthorized(message));
    }
    const notBearer = await ext(path(), { token: null, headers: { authorization: `OAuth ${await jwt()}` } });
    expect(notBearer.json).toEqual(unauthorized('Authorization must be "Bearer <signed JWT>"'));
  });

  it('verifies with the extension’s own secret only', async () => {
    const other = await demo.simulate('/clients', { name: 'Other', redirect_uris: [] });
    const res = await ext(path(), { token: await jwt({}, other.json.extension_secret) });
    expect(res.json).toEqual(unauthorized('JWT signature is invalid'));
    const own = await ext(`/extensions/${other.json.client_id}/auth/secret`, { client: other.json.client_id, token: await jwt({}, other.json.extension_secret) });
    expect(own.status).toBe(200);
  });
});

describe('extension secrets', () => {
  const path = () => `/extensions/${demo.clientId}/auth/secret`;

  it('GET lists the client’s secret, active since the client was created', async () => {
    const created = demo.state.clients.get(demo.clientId)!.createdAt;
    const res = await ext(path());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ format_version: 1, secrets: [{ active: iso(created), content: SECRET, expires: iso(created + SECRET_LIFETIME_MS) }] });
  });

  it('POST rotates: the new secret activates after the delay (at least 300 s) and the old expires then', async () => {
    const now = demo.state.clock.now();
    const res = await ext(path(), { method: 'POST', json: { activation_delay_secs: 120 } });
    expect(res.status).toBe(200);
    const switchAt = now + 300_000;
    expect(res.json.format_version).toBe(1);
    expect(res.json.secrets).toHaveLength(2);
    const [old, fresh] = res.json.secrets;
    expect(old.content).toBe(SECRET);
    expect(Date.parse(old.expires)).toBeGreaterThanOrEqual(Math.floor(switchAt / 1000) * 1000);
    expect(Date.parse(old.expires)).toBeLessThan(switchAt + 5000);
    expect(fresh.active).toBe(old.expires);
    expect(fresh.content).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(Date.parse(fresh.expires) - Date.parse(fresh.active)).toBe(SECRET_LIFETIME_MS);

    // Before the switch: the old secret signs, the new one does not yet.
    await demo.advance(290);
    expect((await ext(path())).status).toBe(200);
    expect((await ext(path(), { token: await jwt({}, fresh.content) })).json).toEqual(unauthorized('JWT signature is invalid'));
    // After it: the other way round, and GET lists only the new secret.
    await demo.advance(15);
    expect((await ext(path())).json).toEqual(unauthorized('JWT signature is invalid'));
    const after = await ext(path(), { token: await jwt({}, fresh.content) });
    expect(after.status).toBe(200);
    expect(after.json.secrets).toEqual([fresh]);
  });

  it('takes a longer delay as given, and 300 when absent', async () => {
    const a = demo.state.clock.now();
    const longer = await ext(path(), { method: 'POST', json: { activation_delay_secs: 900 } });
    const activeAt = Date.parse(longer.json.secrets[1].active);
    expect(activeAt).toBeGreaterThan(a + 895_000);
    expect(activeAt).toBeLessThan(a + 905_000);

    demo.state.reset();
    const b = demo.state.clock.now();
    const defaulted = await ext(path(), { method: 'POST' });
    expect(defaulted.status).toBe(200);
    expect(Date.parse(defaulted.json.secrets[1].active)).toBeGreaterThan(b + 295_000);
    expect(Date.parse(defaulted.json.secrets[1].active)).toBeLessThan(b + 305_000);
  });

  it('refuses a delay that is not an integer', async () => {
    for (const value of ['abc', 1.5, true]) {
      const res = await ext(path(), { method: 'POST', json: { activation_delay_secs: value } });
      expect(res.json).toEqual(badRequest('Invalid parameter "activation_delay_secs": must be an integer'));
    }
    expect((await ext(path(), { method: 'POST', json: [1] })).status).toBe(400);
  });

  it('a second rotation before the switch replaces the pending secret', async () => {
    const first = await ext(path(), { method: 'POST', json: { activation_delay_secs: 600 } });
    const second = await ext(path(), { method: 'POST', json: { activation_delay_secs: 300 } });
    const contents = second.json.secrets.map((s: { content: string }) => s.content);
    expect(contents).toEqual([SECRET, second.json.secrets[1].content]);
    expect(contents).not.toContain(first.json.secrets[1].content);
  });

  it('DELETE revokes every secret: all JWTs fail until a new secret is created', async () => {
    const res = await ext(path(), { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await ext(path())).json).toEqual(unauthorized('JWT signature is invalid: the extension has no active secret'));
    expect((await ext(path(), { method: 'POST' })).status).toBe(401);

    const created = await demo.simulate(`/extensions/${demo.clientId}/secrets`, {});
    expect(created.status).toBe(200);
    expect(created.json.secrets).toHaveLength(1);
    const fresh = created.json.secrets[0].content;
    expect((await ext(path())).status).toBe(401);
    const listed = await ext(path(), { token: await jwt({}, fresh) });
    expect(listed.status).toBe(200);
    expect(listed.json.secrets[0].content).toBe(fresh);
  });
});

describe('GET /extensions/<client_id>/live_activated_channels', () => {
  const path = () => `/extensions/${demo.clientId}/live_activated_channels`;

  it('needs no auth and lists activated channels only while live', async () => {
    expect((await call(`${demo.url}${path()}`)).json).toEqual({ channels: [], cursor: '' });
    await demo.simulate(`/streams/${demo.broadcasterId}/online`, { viewer_count: 42 });
    const res = await call(`${demo.url}${path()}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      channels: [{ game: 'Software and Game Development', id: demo.broadcasterId, title: expect.any(String), username: 'sidestage_demo', view_count: '42' }],
      cursor: '',
    });
  });

  it('follows the activation record', async () => {
    await demo.simulate('/streams/612345001/online', {});
    expect((await call(`${demo.url}${path()}`)).json.channels).toEqual([]);
    const activated = await demo.simulate(`/extensions/${demo.clientId}/activations`, { channel_id: '612345001' });
    expect(activated.json).toEqual({ channel_id: '612345001', activated: true, version: null, required_configuration: null, live: true });
    expect((await call(`${demo.url}${path()}`)).json.channels.map((c: { id: string }) => c.id)).toEqual(['612345001']);
    await demo.simulate(`/extensions/${demo.clientId}/activations`, { channel_id: '612345001', activated: false });
    expect((await call(`${demo.url}${path()}`)).json.channels).toEqual([]);
  });

  it('pages with the cursor', async () => {
    const record = demo.state.extensions.get(demo.state.clients.get(demo.clientId)!);
    for (let i = 0; i < LEGACY_LIVE_CHANNELS_PAGE_SIZE + 1; i++) {
      const user = demo.state.createUser({ login: `live_${i}` });
      demo.state.streams.start({ userId: user.id, gameId: '509658', title: `t${i}`, viewerCount: i, startedAt: 0, language: 'en', tags: [], isMature: false, vod: true });
      Object.assign(demo.state.extensions.activation(record, user.id), { activated: true, activatedAt: i });
    }
    const first = await call(`${demo.url}${path()}`);
    expect(first.json.channels).toHaveLength(LEGACY_LIVE_CHANNELS_PAGE_SIZE);
    expect(first.json.cursor).not.toBe('');
    const second = await call(`${demo.url}${path()}?cursor=${encodeURIComponent(first.json.cursor)}`);
    expect(second.json).toEqual({ channels: [expect.objectContaining({ username: `live_${LEGACY_LIVE_CHANNELS_PAGE_SIZE}`, game: 'Just Chatting' })], cursor: '' });
  });

  it('answers a bad cursor with 400 and an unknown extension with 404', async () => {
    expect((await call(`${demo.url}${path()}?cursor=%%%`)).status).toBe(400);
    expect((await call(`${demo.url}${path()}?cursor=bm9wZQ`)).json).toEqual(badRequest('Invalid parameter "cursor": is not a valid cursor'));
    expect((await call(`${demo.url}/extensions/nope/live_activated_channels`)).status).toBe(404);
  });
});

describe('PUT /extensions/<client_id>/<version>/required_configuration', () => {
  const path = (query = `?channel_id=612345002`) => `/extensions/${demo.clientId}/2.0.1/required_configuration${query}`;

  it('records the configuration for the channel (204)', async () => {
    const res = await ext(path(), { method: 'PUT', json: { required_configuration: 'configured-v2' } });
    expect(res.status).toBe(204);
    const view = await call(`${demo.url}/_emulator/extensions/${demo.clientId}`);
    expect(view.json.activations).toContainEqual({ channel_id: '612345002', activated: false, version: '2.0.1', required_configuration: 'configured-v2', live: false });
  });

  it('validates channel_id, the body and the JWT', async () => {
    expect((await ext(path(''), { method: 'PUT', json: { required_configuration: 'x' } })).json).toEqual(badRequest('Missing required parameter "channel_id"'));
    expect((await ext(path('?channel_id=abc'), { method: 'PUT', json: { required_configuration: 'x' } })).json).toEqual(
      badRequest('Invalid parameter "channel_id": must be a numeric user ID'),
    );
    expect((await ext(path('?channel_id=999999999'), { method: 'PUT', json: { required_configuration: 'x' } })).status).toBe(400);
    expect((await ext(path(), { method: 'PUT', json: {} })).json).toEqual(badRequest('Missing required parameter "required_configuration"'));
    expect((await ext(path(), { method: 'PUT', json: { required_configuration: 5 } })).json).toEqual(
      badRequest('Invalid parameter "required_configuration": must be a string'),
    );
    expect((await ext(path(), { method: 'PUT' })).json).toEqual(badRequest('Missing request body'));
    expect((await ext(`/extensions/${demo.clientId}/${'v'.repeat(65)}/required_configuration?channel_id=612345002`, { method: 'PUT', json: { required_configuration: 'x' } })).status).toBe(400);
    expect((await ext(path(), { method: 'PUT', json: { required_configuration: 'x' }, token: await jwt({ role: 'viewer' }) })).status).toBe(401);
  });
});

describe('PUT /extensions/<client_id>/configurations', () => {
  const path = () => `/extensions/${demo.clientId}/configurations`;
  const put = (json: unknown, token?: string) => ext(path(), { method: 'PUT', json, token });

  it('sets each segment type and reads them back', async () => {
    expect((await put({ segment: 'broadcaster', channel_id: demo.broadcasterId, content: '{"a":1}', version: '2' })).status).toBe(204);
    expect((await put({ segment: 'developer', channel_id: demo.broadcasterId, content: 'dev' })).status).toBe(204);
    expect((await put({ segment: 'global', content: 'g', version: '3' })).status).toBe(204);

    const channel = await ext(`/extensions/${demo.clientId}/configurations/channels/${demo.broadcasterId}`);
    expect(channel.json).toEqual({
      [`broadcaster:${demo.broadcasterId}`]: { segment: { segment_type: 'broadcaster', channel_id: demo.broadcasterId }, record: { content: '{"a":1}', version: '2' } },
      [`developer:${demo.broadcasterId}`]: { segment: { segment_type: 'developer', channel_id: demo.broadcasterId }, record: { content: 'dev', version: '' } },
    });
    const global = await ext(`/extensions/${demo.clientId}/configurations/segments/global`);
    expect(global.json).toEqual({ global: { segment: { segment_type: 'global' }, record: { content: 'g', version: '3' } } });
    const segment = await ext(`/extensions/${demo.clientId}/configurations/segments/developer?channel_id=${demo.broadcasterId}`);
    expect(Object.keys(segment.json)).toEqual([`developer:${demo.broadcasterId}`]);
  });

  it('requires channel_id for broadcaster and developer, and refuses it for global', async () => {
    expect((await put({ segment: 'broadcaster' })).json).toEqual(badRequest('Missing required parameter "channel_id"'));
    expect((await put({ segment: 'developer', content: 'x' })).json).toEqual(badRequest('Missing required parameter "channel_id"'));
    expect((await put({ segment: 'global', channel_id: demo.broadcasterId })).json).toEqual(
      badRequest('Parameter "channel_id" must not be given for the global segment'),
    );
    expect((await put({ segment: 'channel', channel_id: demo.broadcasterId })).json).toEqual(
      badRequest('Invalid parameter "segment": must be global, developer or broadcaster'),
    );
    expect((await put({ channel_id: demo.broadcasterId })).json).toEqual(badRequest('Missing required parameter "segment"'));
    expect((await put({ segment: 'global', content: {} })).json).toEqual(badRequest('Invalid parameter "content": must be a string'));
    expect((await put({ segment: 'global', version: 1 })).json).toEqual(badRequest('Invalid parameter "version": must be a string'));
    expect((await put('text')).status).toBe(400);
  });

  it('takes 5 KB of content and refuses one byte more (counted in UTF-8 bytes)', async () => {
    expect((await put({ segment: 'global', content: 'a'.repeat(5120) })).status).toBe(204);
    const over = await put({ segment: 'global', content: 'a'.repeat(5121) });
    expect(over.json).toEqual(badRequest('Invalid parameter "content": must be at most 5120 bytes (5 KB); it is 5121'));
    expect((await put({ segment: 'global', content: 'é'.repeat(2560) })).status).toBe(204);
    expect((await put({ segment: 'global', content: 'é'.repeat(2561) })).status).toBe(400);
  });

  it('allows 20 sets a minute per extension on the emulator clock', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await put({ segment: 'broadcaster', channel_id: i % 2 ? demo.broadcasterId : '612345001', content: String(i) })).status).toBe(204);
    }
    const refused = await put({ segment: 'global', content: 'late' });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: 'Too Many Requests', status: 429, message: 'Too Many Requests: at most 20 configuration sets per minute' });
    await demo.advance(59);
    expect((await put({ segment: 'global' })).status).toBe(429);
    await demo.advance(2);
    expect((await put({ segment: 'global' })).status).toBe(204);
  });

  it('needs role external', async () => {
    expect((await put({ segment: 'global' }, await jwt({ role: 'broadcaster' }))).json).toEqual(unauthorized('JWT role must be "external"'));
  });

  it('limits configuration reads to 20 a minute per channel', async () => {
    const read = () => ext(`/extensions/${demo.clientId}/configurations/channels/${demo.broadcasterId}`);
    for (let i = 0; i < 20; i++) expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(429);
    expect((await ext(`/extensions/${demo.clientId}/configurations/channels/612345001`)).status).toBe(200);
    await demo.advance(61);
    expect((await read()).status).toBe(200);
  });

  it('validates the read paths', async () => {
    expect((await ext(`/extensions/${demo.clientId}/configurations/segments/nope`)).status).toBe(400);
    expect((await ext(`/extensions/${demo.clientId}/configurations/segments/broadcaster`)).json).toEqual(badRequest('Missing required parameter "channel_id"'));
    expect((await ext(`/extensions/${demo.clientId}/configurations/segments/global?channel_id=1`)).status).toBe(400);
    expect((await ext(`/extensions/${demo.clientId}/configurations/channels/x`)).status).toBe(400);
  });
});

describe('current API paths (/helix/extensions/...)', () => {
  it('GET and POST jwt/secrets answer the current shape', async () => {
    const got = await ext(`/helix/extensions/jwt/secrets?extension_id=${demo.clientId}`);
    expect(got.status).toBe(200);
    expect(got.json).toEqual({ data: [{ format_version: 1, secrets: [{ content: SECRET, active_at: expect.any(String), expires_at: expect.any(String) }] }] });
    const created = await ext(`/helix/extensions/jwt/secrets?extension_id=${demo.clientId}&delay=10`, { method: 'POST' });
    expect(created.json.data[0].secrets).toHaveLength(2);
    const [old, fresh] = created.json.data[0].secrets;
    expect(fresh.active_at).toBe(old.expires_at);
    expect(Date.parse(fresh.active_at) - demo.state.clock.now()).toBeGreaterThan(290_000);
  });

  it('needs extension_id matching Client-Id', async () => {
    expect((await ext('/helix/extensions/jwt/secrets')).json).toEqual(badRequest('Missing required parameter "extension_id"'));
    expect((await ext('/helix/extensions/jwt/secrets', { client: null })).status).toBe(401);
    const res = await ext(`/helix/extensions/jwt/secrets?extension_id=${demo.emu.demo!.publicClientId}`);
    expect(res.json).toEqual(unauthorized('Client-Id header does not match the extension'));
  });

  it('PUT configurations and required_configuration, GET configurations', async () => {
    const put = await ext('/helix/extensions/configurations', {
      method: 'PUT',
      json: { extension_id: demo.clientId, segment: 'broadcaster', broadcaster_id: demo.broadcasterId, content: 'c', version: '1' },
    });
    expect(put.status).toBe(204);
    const global = await ext('/helix/extensions/configurations', { method: 'PUT', json: { extension_id: demo.clientId, segment: 'global', broadcaster_id: demo.broadcasterId } });
    expect(global.json).toEqual(badRequest('Parameter "broadcaster_id" must not be given for the global segment'));
    const got = await ext(`/helix/extensions/configurations?extension_id=${demo.clientId}&segment=broadcaster&segment=global&broadcaster_id=${demo.broadcasterId}`);
    expect(got.json).toEqual({
      data: [
        { segment: 'broadcaster', broadcaster_id: demo.broadcasterId, content: 'c', version: '1' },
        { segment: 'global', content: DEMO_EXTENSION.globalConfiguration, version: '1' },
      ],
    });
    const required = await ext(`/helix/extensions/required_configuration?broadcaster_id=612345003`, {
      method: 'PUT',
      json: { extension_id: demo.clientId, extension_version: '1.0.0', required_configuration: 'ok' },
    });
    expect(required.status).toBe(204);
    expect(demo.state.extensions.get(demo.state.clients.get(demo.clientId)!).activations.get('612345003')).toMatchObject({ version: '1.0.0', requiredConfiguration: 'ok' });
  });

  it('GET /helix/extensions/live takes an app or user token', async () => {
    const app = await demo.mint(null, []);
    await demo.simulate(`/streams/${demo.broadcasterId}/online`, { game_id: '509658', title: 'Live now' });
    const res = await call(`${demo.url}/helix/extensions/live?extension_id=${demo.clientId}`, { headers: helixHeaders(app, demo.clientId) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [{ broadcaster_id: demo.broadcasterId, broadcaster_name: 'Sidestage_Demo', game_name: 'Just Chatting', game_id: '509658', title: 'Live now' }],
      pagination: '',
    });
    const missing = await call(`${demo.url}/helix/extensions/live`, { headers: helixHeaders(app, demo.clientId) });
    expect(missing.json).toEqual(badRequest('Missing required parameter "extension_id"'));
    expect((await call(`${demo.url}/helix/extensions/live?extension_id=${demo.clientId}`)).status).toBe(401);
  });
});

describe('simulation: /_emulator/extensions/<client_id>', () => {
  it('shows and sets the owner and the analytics start', async () => {
    const view = await call(`${demo.url}/_emulator/extensions/${demo.clientId}`);
    expect(view.json).toMatchObject({ client_id: demo.clientId, owner_id: demo.broadcasterId, analytics_since: '2023-06-01' });
    const set = await demo.simulate(`/extensions/${demo.clientId}`, { owner_id: '612345001', analytics_since: '2024-02-29' });
    expect(set.json).toMatchObject({ owner_id: '612345001', analytics_since: '2024-02-29' });
    expect((await demo.simulate(`/extensions/${demo.clientId}`, { analytics_since: '2023-02-29' })).status).toBe(400);
    expect((await demo.simulate(`/extensions/${demo.clientId}`, { owner_id: 'nobody' })).status).toBe(400);
    expect((await call(`${demo.url}/_emulator/extensions/nope`)).status).toBe(404);
    expect((await demo.simulate(`/extensions/${demo.clientId}/activations`, { channel_id: '1' })).status).toBe(404);
  });
});

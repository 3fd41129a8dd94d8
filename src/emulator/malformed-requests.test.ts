/**
 * A bounded fuzz of malformed requests: no answer may be a 5xx, and every JSON error must be in the
 * platform's shape with the response's status. Deterministic (seeded; EMULATOR_FUZZ_SEED picks another seed) so a failure reproduces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app';
import { call, type CallOptions, type TestResponse } from './emulator-test-client';
import { startEmulator, type RunningEmulator } from './server';

let emu: RunningEmulator;
let tokens: string[];

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  const mint = async (body: object) =>
    (await call(`${emu.url}/_emulator/tokens`, { json: { client_id: emu.demo!.clientId, ...body } })).json.access_token as string;
  tokens = [
    await mint({ user_id: emu.demo!.broadcaster.id, scopes: ['channel:read:stream_key', 'user:read:email'] }),
    await mint({ scopes: [] }),
  ];
});
afterAll(() => emu.close());

function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Known routes with their method, plus paths nothing serves. */
const ROUTES: [NonNullable<CallOptions['method']>, string][] = [
  ['GET', '/helix/users'], ['GET', '/helix/streams/key'], ['GET', '/mock/users'], ['GET', '/helix/nothing'], ['POST', '/oauth2/token'],
  ['GET', '/oauth2/authorize'], ['POST', '/oauth2/authorize'], ['GET', '/oauth2/validate'], ['POST', '/oauth2/revoke'], ['POST', '/oauth2/device'],
  ['POST', '/auth/authorize'], ['POST', '/auth/token'], ['GET', '/activate'], ['POST', '/activate'], ['GET', '/ingests'],
  ['POST', '/_emulator/clients'], ['POST', '/_emulator/users'], ['POST', '/_emulator/tokens'], ['POST', '/_emulator/clock'],
  ['POST', '/_emulator/settings'], ['POST', '/_emulator/device/approve'], ['POST', '/_emulator/streams/501234567/online'],
  ['POST', '/_emulator/streams/%2e%2e/offline'], ['GET', '/_emulator/state'], ['GET', '/static/profile-images/x.svg'],
  ['GET', '/static/previews/live_user_a-{width}x{height}.svg'], ['GET', '/'], ['GET', '/helix'], ['GET', '/helix//users'], ['GET', '/%zz'],
  ['GET', '/helix/users%00'], ['POST', '/_emulator/%ff'],
];
const PARAM_NAMES = ['id', 'login', 'broadcaster_id', 'client_id', 'client_secret', 'grant_type', 'code', 'redirect_uri', 'scope', 'scopes',
  'state', 'response_type', 'refresh_token', 'device_code', 'token', 'user_id', 'decision', 'device-code', '__proto__', 'constructor', 'first'];
const VALUES = ['', 'x', '501234567', '-1', '0', '1e309', 'true', 'null', '%zz', '%00', '%E2%82', 'authorization_code', 'client_credentials',
  'refresh_token', 'user_token', 'urn:ietf:params:oauth:grant-type:device_code', 'code', 'token', 'authorize', 'cancel', 'http://127.0.0.1:17563/callback',
  'channel:read:stream_key', 'a'.repeat(3000), '<script>', '"\'\\', 'sd7k2m9x4p1q8w3e6r5t0y2u4i6o8p', '{}'];
const BODIES = ['{', '[]', 'null', '1', '"str"', '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"x":1}}}', '{"name":null}',
  '{"advance_seconds":1e308}', '{"advance_seconds":"NaN"}', '{"login":123}', '{"redirect_uris":"x","name":"n"}', '{"scopes":[null]}', '\u0000',
  `${'['.repeat(5000)}${']'.repeat(5000)}`, '{"a":' + '1'.repeat(400) + '}', 'client_id=x&client_id=y&grant_type=', '%zz=%zz', ''];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'text/plain',
  'multipart/form-data; boundary=x', 'application/octet-stream', 'application/xml', 'garbage', ''];
const METHODS: NonNullable<CallOptions['method']>[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function randomRequest(random: () => number): { url: string; options: CallOptions } {
  const query = Array.from({ length: Math.floor(random() * 5) }, () => `${pick(random, PARAM_NAMES)}=${encodeURIComponent(pick(random, VALUES))}`);
  if (random() < 0.2) query.push(pick(random, ['%zz', 'a=%', '=', '&&', 'id=%E2%82%AC', 'scope=chat_login']));
  const headers: Record<string, string> = {};
  const auth = random();
  if (auth < 0.3) headers.authorization = `Bearer ${pick(random, tokens)}`;
  else if (auth < 0.45) headers.authorization = pick(random, ['Bearer', 'Bearer ', 'OAuth x', 'Basic Zm9vOmJhcg==', `bearer ${'z'.repeat(500)}`, 'Bearer a b']);
  if (random() < 0.5) headers['client-id'] = pick(random, [emu.demo!.clientId, '', 'nope', emu.demo!.publicClientId]);
  const [routeMethod, path] = pick(random, ROUTES);
  // Mostly the route's own method, so most requests reach a handler.
  const method = random() < 0.85 ? routeMethod : pick(random, METHODS);
  const options: CallOptions = { method, headers };
  if (method !== 'GET' && method !== 'HEAD' && random() < 0.7) {
    const contentType = pick(random, CONTENT_TYPES);
    if (contentType) headers['content-type'] = contentType;
    options.body = pick(random, BODIES);
  }
  return { url: `${emu.url}${path}${query.length ? `?${query.join('&')}` : ''}`, options };
}

function expectWellFormed(res: TestResponse, label: string): void {
  expect(res.status, label).toBeLessThan(500);
  if (res.status < 400 || res.header('content-type')?.startsWith('text/html')) return;
  if (res.text === '') return; // HEAD
  expect(res.header('content-type'), label).toMatch(/^application\/json/);
  expect(res.json, label).toEqual(expect.objectContaining({ status: res.status, message: expect.any(String) }));
}

describe('malformed requests', () => {
  it('never get a 5xx, and errors keep the platform shape', async () => {
    const random = prng(Number(process.env.EMULATOR_FUZZ_SEED ?? 20240611));
    const started = Date.now();
    const statuses: number[] = [];
    for (let batch = 0; batch < 15; batch++) {
      const requests = Array.from({ length: 20 }, () => randomRequest(random));
      const responses = await Promise.all(requests.map((r) => call(r.url, r.options)));
      statuses.push(...responses.map((r) => r.status));
      responses.forEach((res, i) => expectWellFormed(res, `${requests[i]!.options.method} ${requests[i]!.url.slice(0, 200)}`));
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    // The fuzz must reach handlers, not only the not-found handler.
    expect(statuses.filter((s) => s !== 404).length).toBeGreaterThan(statuses.length / 2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body over the limit with 413 in the shape', async () => {
    const res = await call(`${emu.url}/_emulator/users`, {
      body: JSON.stringify({ login: 'x', description: 'a'.repeat(BODY_LIMIT_BYTES) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: 'Payload Too Large', status: 413, message: expect.any(String) });
  });

  it('answers unknown routes with 404 in the shape of their host', async () => {
    expect((await call(`${emu.url}/helix/does/not/exist`)).json).toEqual({ error: 'Not Found', status: 404, message: 'Unknown endpoint: GET /helix/does/not/exist' });
    expect((await call(`${emu.url}/oauth2/nope`)).json).toEqual({ status: 404, message: 'Unknown endpoint: GET /oauth2/nope' });
    expect((await call(`${emu.url}/%zz`)).status).toBe(400);
  });

  it('keeps the emulator healthy afterwards', async () => {
    const res = await call(`${emu.url}/helix/users`, { headers: { authorization: `Bearer ${tokens[0]}`, 'client-id': emu.demo!.clientId } });
    expect(res.status).toBe(200);
  });
});

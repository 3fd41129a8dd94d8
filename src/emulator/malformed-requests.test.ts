/**
 * A bounded fuzz of malformed requests: no answer may be a 5xx, and every JSON error must be in the
 * platform's shape with the response's status. Deterministic (seeded; EMULATOR_FUZZ_SEED picks another seed) so a failure reproduces.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app';
import { MAX_ERROR_MESSAGE_LENGTH } from './http/error-body';
import { call } from './test-support/emulator-test-client';
import { useDemoEmulator, type HttpMethod } from './test-support/demo-emulator';
import { rawCall, type RawRequest } from './test-support/raw-http';
import { fuzz, fuzzRandom, pick, type FuzzSpace, type Route } from './test-support/malformed-requests';

const demo = useDemoEmulator({ reset: false });
let tokens: string[];

beforeAll(async () => {
  tokens = [await demo.mint(demo.broadcasterId, ['channel:read:stream_key', 'user:read:email']), await demo.mint(null, [])];
});

/** Known routes with their method, plus paths nothing serves. */
const ROUTES: Route[] = [
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
const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

const SPACE: FuzzSpace = {
  routes: ROUTES,
  params: PARAM_NAMES,
  values: VALUES,
  rawQueries: ['%zz', 'a=%', '=', '&&', 'id=%E2%82%AC', 'scope=chat_login'],
  headers(random) {
    const headers: Record<string, string> = {};
    const auth = random();
    if (auth < 0.3) headers.authorization = `Bearer ${pick(random, tokens)}`;
    else if (auth < 0.45) headers.authorization = pick(random, ['Bearer', 'Bearer ', 'OAuth x', 'Basic Zm9vOmJhcg==', `bearer ${'z'.repeat(500)}`, 'Bearer a b']);
    if (random() < 0.5) headers['client-id'] = pick(random, [demo.clientId, '', 'nope', demo.emu.demo!.publicClientId]);
    // A DNS-rebinding page's requests carry its own name.
    if (random() < 0.2) headers.host = pick(random, ['attacker.example', 'attacker.example:80', '127.0.0.1.attacker.example', 'localhost.']);
    return headers;
  },
  // Mostly the route's own method, so most requests reach a handler.
  keepMethod: 0.85,
  methods: METHODS,
  bodyShare: 0.7,
  bodies: BODIES,
  contentTypes: CONTENT_TYPES,
  respellPaths: 0.25,
};

describe('malformed requests', () => {
  it('never get a 5xx, and errors keep the platform shape', async () => {
    const started = Date.now();
    const statuses = await fuzz(demo.url, fuzzRandom(20240611), SPACE, 300, 20);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The fuzz must reach handlers, not only the not-found handler.
    expect(statuses.filter((s) => s !== 404).length).toBeGreaterThan(statuses.length / 2);
  });

  it('refuses a body over the limit with 413 in the shape', async () => {
    const res = await call(`${demo.url}/_emulator/users`, {
      body: JSON.stringify({ login: 'x', description: 'a'.repeat(BODY_LIMIT_BYTES) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: 'Payload Too Large', status: 413, message: expect.any(String) });
  });

  it('answers malformed request targets and encoded simulation paths without a 5xx, and never serves a foreign Host', async () => {
    const random = fuzzRandom(20261124);
    const prefixes = ['', 'http://127.0.0.1', 'http://attacker.example', 'HTTP://attacker.example:80', 'http://[', 'http://[::1]', '//', '/.', '/x/..', '\\', '*'];
    const simulation = ['_emulator', '%5Femulator', '%5femulator', '%5F%65mulator', '_EMULATOR', '%255Femulator', '_emulator%2F', '.%2F_emulator', '%2E%2E/_emulator', '_emulator;x'];
    const rests = ['/state', '/tokens', '/%74okens', '//state', '/./state', '/state/', '/state?x=%zz', '/state#f', '/streams/%2e%2e/online', '', '/%00', '/%ff', '/%'];
    const targets = ['*', 'http://[', 'http://[ HTTP/1.1', '%zz', '/%zz', '/helix/users%00', `/${'a/'.repeat(2000)}`, 'http://', 'a', '/?', '/#', '/;'];
    for (let i = 0; i < 150; i++) targets.push(`${pick(random, prefixes)}/${pick(random, simulation)}${pick(random, rests)}`);
    for (const target of targets) {
      const foreign = await rawCall(demo.url, { method: pick(random, ['GET', 'POST', 'DELETE']), target, headers: { host: 'attacker.example' } });
      expect(foreign.status, target).toBeGreaterThanOrEqual(400);
      expect(foreign.status, target).toBeLessThan(500);
      const local = await rawCall(demo.url, { target });
      expect(local.status, target).toBeLessThan(500);
    }
  });

  it("answers what Node's HTTP parser refuses in the platform's shape too", async () => {
    const cases: [RawRequest, number, string][] = [
      [{ target: '/helix/users', headers: { 'x-filler': 'f'.repeat(20_000) } }, 431, 'Request headers are too large'],
      [{ target: '/helix/a b' }, 400, 'Malformed HTTP request'],
      [{ target: '/helix/users', headers: { 'x-bad\u0001name': '1' } }, 400, 'Malformed HTTP request'],
      [{ method: 'G E T', target: '/' }, 400, 'Malformed HTTP request'],
    ];
    for (const [request, status, message] of cases) {
      const res = await rawCall(demo.url, request);
      expect(res.status, request.target).toBe(status);
      expect(res.json, request.target).toEqual({ error: expect.any(String), status, message });
    }
  });

  it('bounds the input an error echoes', async () => {
    const big = 'x'.repeat(900_000);
    const answers = [
      await call(`${demo.url}/_emulator/tokens`, { json: { client_id: big, scopes: [] } }),
      await call(`${demo.url}/_emulator/users`, { json: { login: 'echo', [big]: 1 } }),
      await call(`${demo.url}/oauth2/authorize?response_type=code&redirect_uri=x&client_id=${big.slice(0, 8000)}`),
      await call(`${demo.url}/activate`, { form: { user_code: big } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.text.length).toBeLessThan(MAX_ERROR_MESSAGE_LENGTH + 4000);
    }
    expect(answers[0]!.json.message).toHaveLength(MAX_ERROR_MESSAGE_LENGTH);
    expect(answers[0]!.json.message).toMatch(/^Unknown client_id "x+…$/);
  });

  it('answers unknown routes with 404 in the shape of their host', async () => {
    expect((await call(`${demo.url}/helix/does/not/exist`)).json).toEqual({ error: 'Not Found', status: 404, message: 'Unknown endpoint: GET /helix/does/not/exist' });
    expect((await call(`${demo.url}/oauth2/nope`)).json).toEqual({ status: 404, message: 'Unknown endpoint: GET /oauth2/nope' });
    expect((await call(`${demo.url}/%zz`)).status).toBe(400);
  });

  it('keeps the emulator healthy afterwards', async () => {
    const res = await call(`${demo.url}/helix/users`, { headers: { authorization: `Bearer ${tokens[0]}`, 'client-id': demo.clientId } });
    expect(res.status).toBe(200);
  });
});

/**
 * Fuzz suite of the dock's network surface: request targets, headers, bodies, WebSocket upgrades
 * and frames, and every IPC channel of the contract with malformed arguments, against the real
 * services (demo mode, signed in) behind the real dock server.
 *
 * Seeded: SIDESTAGE_FUZZ_SEED=<n> replays another set of tries. Bounded in count and time; only
 * 127.0.0.1. Prints, per area: tries, correct refusals, accepted as valid, crashes, data lost.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeChannels, type Channel } from '../../shared/ipc/contract';
import type { Sidestage } from '../composition';
import { MAX_ERROR_MESSAGE_CHARS } from '../ipc/ipc-router';
import { startDemoSidestage, type DemoSidestage } from '../test-support/demo-sidestage';
import { silentLogger } from '../services/logger';
import { frame, rawExchange, rawRequest, rawWebSocket, upgradeHeaders, type RawAnswer } from '../../emulator/test-support/raw-http';
import { badFrames, closesOn, createFuzzSuite, expectClean, judgeHttp as judge, type Verdict } from '../test-support/fuzz-suite';
import { defaultSettings, MemorySettingsStore, type Settings } from '../services/settings/settings-store';
import { startDockServer, type RunningDock } from './dock-server';

const suite = createFuzzSuite({ title: 'dock fuzz', defaultSeed: 20261124, counted: 'data lost', alive });
const { seed, random, pick, int } = suite;

const secret = 's'.repeat(43);
let sidestage: Sidestage;
let dock: RunningDock;
let demo: DemoSidestage;
let rendererDir: string;
let settings: MemorySettingsStore;
let agent: Agent;
let baseline: string;

/** Answers that show the services' data, minus what moves on its own (clocks, keepalives). */
const readOnlyChannels: Channel[] = [
  'auth:getState',
  'app:getInfo',
  'ingest:getOverview',
  'redemptions:getSnapshot',
  'notifications:getSettings',
  'charity:getOverview',
  'rewards:list',
  'stream:getStatus',
  'markers:getOverview',
  'hotkeys:getState',
  'chatSettings:get',
  'ads:getState',
  'channel:getInfo',
  'tray:getSettings',
  'demo:getSimulation',
];
/** Timestamps, and counters that grow with every refresh: the data itself is compared. */
const volatile = /(At|^version|^revision|^syncing|^probing)$/;

async function snapshot(): Promise<string> {
  const parts: Record<string, unknown> = {};
  for (const channel of readOnlyChannels) parts[channel] = await sidestage.router.dispatch(channel, undefined, { trusted: true, description: 'fuzz' });
  parts.settings = Object.fromEntries((Object.keys(defaultSettings) as (keyof Settings)[]).map((key) => [key, settings.get(key)]));
  return JSON.stringify(parts, (key, value: unknown) => (volatile.test(key) ? undefined : value));
}

const auth = () => ({ Host: `127.0.0.1:${dock.port}`, Authorization: `Bearer ${secret}`, Origin: dock.origin });

async function alive(): Promise<boolean> {
  try {
    const res = await request(`${dock.origin}/ipc/auth:getState`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}`, origin: dock.origin },
      body: '{}',
    });
    // Only whether it answers: a refused call that changed data shows as data lost, not as a crash.
    const body = (await res.body.json()) as { ok?: boolean };
    return res.statusCode === 200 && body.ok === true;
  } catch {
    return false;
  }
}

/** The data's changes since the baseline, in words. */
async function dataChanges(): Promise<string[]> {
  const after = await snapshot();
  if (after === baseline) return [];
  const [was, now] = [JSON.parse(baseline) as Record<string, unknown>, JSON.parse(after) as Record<string, unknown>];
  return Object.keys(was)
    .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]))
    .map((key) => `data changed: ${key}: ${JSON.stringify(now[key]).slice(0, 300)} was ${JSON.stringify(was[key]).slice(0, 300)}`);
}

/**
 * Runs the tries of one area. Each try says how its answer went; after each, the dock must still
 * answer and nothing may have escaped as an uncaught error; after the area, the data must match.
 */
const area = (name: string, tries: (() => Promise<Verdict>)[], probeEvery = 1) => suite.area(name, tries, { probeEvery, after: dataChanges });

/** A refusal: a 4xx that says why in words (HEAD has no body); with credentials, an answer or a redirect is accepted. */
const judgeHttp = (answer: RawAnswer, method: string, credentials: boolean) => judge(answer, method, credentials, 400);

beforeAll(async () => {
  suite.start();
  agent = new Agent({ connections: 4 });
  rendererDir = await mkdtemp(join(tmpdir(), 'sidestage-fuzz-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Sidestage</title>');
  settings = new MemorySettingsStore();
  demo = await startDemoSidestage({ name: 'fuzz', version: 'fuzz', settings });
  sidestage = demo.sidestage;
  await demo.signIn();
  dock = await startDockServer({ router: sidestage.router, rendererDir, secret, logger: silentLogger });
  // Let the first reads settle (rewards, queue, stream status) before the baseline is taken.
  let previous = '';
  for (let i = 0; i < 50; i++) {
    baseline = await snapshot();
    if (baseline === previous) break;
    previous = baseline;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}, 60_000);

afterAll(async () => {
  suite.finish();
  await dock?.close();
  await demo?.dispose();
  await agent?.close();
  if (rendererDir) await rm(rendererDir, { recursive: true, force: true });
});

// ---------- generators ----------

const targetAlphabet = ['a', 'Z', '0', '/', '.', '..', '%', '%2', '%2f', '%00', '%E0%A4%A', '%ff', '[', ']', '@', ':', '\\', '?', '#', '&', '=', '~', '!', '$', "'", '(', '*', '+', ',', ';', '|', '^', '`', '{', '}', '"', '<', '>', 'é', 'ipc/', 'events', 'secret='];
const nastyTargets = ['http://[', 'http://[::1', '*', 'http://evil.example/', 'http://127.0.0.1/', '//evil.example/', '/.//evil.example/', '/%', '/%E0%A4%A', '/ipc/%00', '/ipc/', '/ipc', '/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/ipc/auth:getState/../../x', '/\\\\evil', `/ipc/${'a'.repeat(7000)}`, '/?secret=', '/?secret=%', `/?secret=${'s'.repeat(42)}`, '/events', 'events', '', '/ipc/__proto__', '/ipc/constructor', '/ipc/auth:getState?x=%'];

function randomTarget(): string {
  if (random() < 0.3) return pick(nastyTargets);
  let target = random() < 0.9 ? '/' : '';
  for (let i = 0, n = 1 + int(12); i < n; i++) target += pick(targetAlphabet);
  return target;
}

/** JSON-ish junk: wrong types, huge strings, deep nesting, prototype keys. */
function junk(depth = 0): unknown {
  const kind = int(depth > 3 ? 7 : 10);
  switch (kind) {
    case 0: return null;
    case 1: return pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, 42]);
    case 2: return pick(['', 'x', '\u0000', '\ud800', 'é'.repeat(50), '<script>', '../../etc/passwd', '__proto__']);
    case 3: return random() < 0.5;
    case 4: return 'x'.repeat(pick([1_000, 50_000, 200_000]));
    case 5: return [];
    case 6: return {};
    case 7: return Array.from({ length: 1 + int(4) }, () => junk(depth + 1));
    case 8: return Object.fromEntries(Array.from({ length: 1 + int(4) }, () => [pick(['a', 'id', 'ids', 'arg', 'constructor', 'prototype', 'x'.repeat(300)]), junk(depth + 1)]));
    default: {
      let nested: unknown = junk(depth + 1);
      for (let i = 0, n = int(200); i < n; i++) nested = { a: nested };
      return nested;
    }
  }
}

/** Raw JSON texts that JSON.stringify cannot make: prototype keys as own keys. */
const pollutingTexts = ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '{"a":1,"__proto__":{"polluted":true}}'];

function malformedArguments(channel: Channel): string[] {
  const schema = invokeChannels[channel].arg;
  const texts: string[] = [];
  const add = (text: string) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    // Only what the contract refuses: a valid argument would be a real call.
    if (!schema.safeParse(value).success) texts.push(text);
  };
  for (const value of [null, 42, '', 'x', true, [], {}, { extra: 1 }, 'x'.repeat(200_000)]) add(JSON.stringify(value));
  for (const text of pollutingTexts) add(text);
  // Each key of an object argument with a value of the wrong type.
  const shape = objectShape(schema);
  for (const key of Object.keys(shape)) {
    for (const wrong of [junk(), 'x'.repeat(100_000), { nested: junk() }]) add(JSON.stringify({ [key]: wrong }));
  }
  while (texts.length < 16) {
    const before = texts.length;
    add(JSON.stringify(junk()));
    if (texts.length === before && random() < 0.1) break;
  }
  return texts.slice(0, 24);
}

function objectShape(schema: unknown): Record<string, unknown> {
  let def = (schema as { _zod: { def: Record<string, unknown> } })._zod.def;
  while (def.innerType) def = (def.innerType as { _zod: { def: Record<string, unknown> } })._zod.def;
  return def.type === 'object' ? (def.shape as Record<string, unknown>) : {};
}

async function postRaw(path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const res = await request(`${dock.origin}${path}`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}`, origin: dock.origin, ...headers },
    body,
  });
  return { status: res.statusCode, text: await res.body.text() };
}

// ---------- areas ----------

describe(`dock fuzz (seed ${seed})`, { timeout: 90_000 }, () => {
  it('request targets and methods: every bad target is a 4xx with words, nothing crashes', async () => {
    const tries = Array.from({ length: 160 }, () => {
      const target = randomTarget();
      const method = pick(['GET', 'GET', 'POST', 'HEAD', 'PUT', 'OPTIONS', 'DELETE', 'BREW']);
      const credentials = random() < 0.6;
      const upgrade = random() < 0.25;
      return async () => {
        const headers: Record<string, string> = upgrade ? upgradeHeaders(`127.0.0.1:${dock.port}`) : { Host: `127.0.0.1:${dock.port}` };
        if (credentials) Object.assign(headers, { Authorization: `Bearer ${secret}`, Origin: dock.origin, 'Content-Type': 'application/json' });
        const answer = await rawExchange(dock.port, rawRequest(method, target, headers, method === 'POST' ? '{}' : ''));
        // A valid upgrade with credentials opens a socket: that one is accepted.
        if (upgrade && answer.status === 101 && credentials) return 'accepted';
        return judgeHttp(answer, method, credentials);
      };
    });
    expectClean(await area('request targets', tries));
  });

  it('headers: a wrong Host, Origin, secret, cookie, type or length is refused', async () => {
    const body = '{}';
    const mutations: [string, Record<string, string | null>][] = [
      ['foreign host', { Host: 'evil.example' }],
      ['empty host', { Host: '' }],
      ['no host', { Host: null }],
      ['other port', { Host: '127.0.0.1:1' }],
      ['huge host', { Host: 'h'.repeat(9000) }],
      ['null origin', { Origin: 'null' }],
      ['foreign origin', { Origin: 'http://evil.example' }],
      ['origin with a path', { Origin: `${'http'}://127.0.0.1:PORT/x` }],
      ['no origin', { Origin: null }],
      ['wrong secret', { Authorization: `Bearer ${'t'.repeat(43)}` }],
      ['short secret', { Authorization: 'Bearer x' }],
      ['secret without Bearer', { Authorization: secret }],
      ['basic auth', { Authorization: `Basic ${Buffer.from(`a:${secret}`).toString('base64')}` }],
      ['huge secret', { Authorization: `Bearer ${'x'.repeat(12_000)}` }],
      ['random cookie', { Authorization: null, Cookie: `sidestage_dock_PORT=${'c'.repeat(43)}` }],
      ['cookie with the secret', { Authorization: null, Cookie: `sidestage_dock_PORT=${secret}` }],
      ['many cookies', { Authorization: null, Cookie: Array.from({ length: 300 }, (_, i) => `k${i}=v`).join('; ') }],
      ['text body', { 'Content-Type': 'text/plain' }],
      ['no type', { 'Content-Type': null }],
      ['form body', { 'Content-Type': 'application/x-www-form-urlencoded' }],
      ['negative length', { 'Content-Length': '-1' }],
      ['junk length', { 'Content-Length': 'abc' }],
      ['two lengths', { 'Content-Length': '2, 3' }],
      ['junk transfer encoding', { 'Transfer-Encoding': 'gzip, junk' }],
      ['bad chunk', { 'Transfer-Encoding': 'chunked', BODY: 'zz\r\n{}\r\n0\r\n\r\n' }],
      ['header overflow', { 'X-Filler': 'f'.repeat(20_000) }],
    ];
    const tries = Array.from({ length: 80 }, (_, i) => {
      // Every mutation once, then random pairs of them.
      const chosen = i < mutations.length ? [mutations[i]!] : [pick(mutations), pick(mutations)];
      return async () => {
        const headers: Record<string, string> = { ...auth(), 'Content-Type': 'application/json' };
        let sent = body;
        for (const [, change] of chosen) {
          for (const [key, value] of Object.entries(change)) {
            if (key === 'BODY') sent = value ?? '';
            else if (value === null) delete headers[key];
            else headers[key] = value.replace('PORT', String(dock.port));
          }
        }
        const lengthGiven = 'Content-Length' in headers || 'Transfer-Encoding' in headers;
        const lines = [`POST /ipc/auth:signOut HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), 'Connection: close'];
        if (!lengthGiven) lines.push(`Content-Length: ${Buffer.byteLength(sent)}`);
        const answer = await rawExchange(dock.port, `${lines.join('\r\n')}\r\n\r\n${sent}`);
        const verdict = judgeHttp(answer, 'POST', false);
        return verdict === 'refused' ? verdict : `${verdict} (${chosen.map(([name]) => name).join(' + ')}) ${JSON.stringify(answer).slice(0, 300)}`;
      };
    });
    expectClean(await area('headers', tries));
  });

  it('bodies: a call to auth:signOut with a malformed body is a 4xx and signs nobody out', async () => {
    const fixed: (string | Buffer)[] = [
      '42', 'null', 'true', '"arg"', '[]', '[{"arg":null}]', '{"arg":null}', '{"arg":0}', '{"arg":{}}', '{"arg":[]}', '{"arg":""}',
      '{"arg":null,"x":1}', '{"x":1}', ...pollutingTexts, '{"arg":1}{"arg":2}', '{', '{"arg":', 'nul', '\ufeff{}', '{}garbage',
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), '['.repeat(100_000), `{"arg":"${'x'.repeat(1_100_000)}"}`,
      JSON.stringify({ arg: 'x'.repeat(500_000) }),
    ];
    const tries = Array.from({ length: 90 }, (_, i) => {
      const generated = random() < 0.5 ? JSON.stringify(junk()) : JSON.stringify({ arg: junk() });
      // `{}` is the one valid body of a no-argument call: it would sign out for real.
      const body = i < fixed.length ? fixed[i]! : generated === '{}' ? '{"arg":{}}' : generated;
      return async () => {
        const { status, text } = await postRaw('/ipc/auth:signOut', body);
        if (status >= 400 && status < 500 && text.length > 0 && text.length < 2_000) return 'refused';
        return `${status}: ${text.slice(0, 100)}`;
      };
    });
    expectClean(await area('bodies', tries));
  });

  it('WebSocket upgrades: a malformed or unauthorised handshake is refused with a 4xx', async () => {
    const host = () => `127.0.0.1:${dock.port}`;
    const variants: (() => [string, Record<string, string>])[] = [
      () => [pick(nastyTargets), upgradeHeaders(host(), auth())],
      () => ['/events', upgradeHeaders(host())],
      () => ['/events', upgradeHeaders(host(), { Origin: 'http://evil.example', Authorization: `Bearer ${secret}` })],
      () => ['/events', upgradeHeaders('evil.example', auth())],
      () => ['/events', upgradeHeaders(host(), { Authorization: `Bearer ${secret}` })],
      () => ['/events', upgradeHeaders(host(), { ...auth(), 'Sec-WebSocket-Key': pick(['', 'short', '!!!!', 'x'.repeat(500)]) })],
      () => ['/events', upgradeHeaders(host(), { ...auth(), 'Sec-WebSocket-Version': pick(['8', '14', '', 'x']) })],
      () => ['/events', upgradeHeaders(host(), { ...auth(), Upgrade: pick(['h2c', 'websocket2', '']) })],
      () => ['/events', upgradeHeaders(host(), { ...auth(), Cookie: `sidestage_dock_${dock.port}=${'c'.repeat(43)}`, Authorization: 'Bearer wrong' })],
      () => [randomTarget(), upgradeHeaders(host(), auth())],
    ];
    const tries = Array.from({ length: 70 }, (_, i) => {
      const variant = variants[i % variants.length]!;
      return async () => {
        const [target, headers] = variant();
        const answer = await rawExchange(dock.port, rawRequest('GET', target, headers).replace('Connection: close', 'X-Closing: yes'));
        if (answer.status === 101) return target === '/events' ? 'accepted' : `101 for ${target} ${JSON.stringify(headers)}`;
        return judgeHttp(answer, 'GET', false);
      };
    });
    expectClean(await area('WebSocket upgrades', tries));
  });

  it('WebSocket frames: an authorised socket that sends any bad frame is closed, the dock keeps running', async () => {
    const text = (t: string) => Buffer.from(t);
    // The event socket is one-way: a continuation with nothing to continue, a close too short, an event sent back, a message broken off.
    const own = [
      frame({ opcode: 0, payload: text('hi') }),
      frame({ opcode: 8, payload: Buffer.from([0x00]) }),
      frame({ opcode: 1, payload: text('{"event":"auth:changed"}') }),
      Buffer.concat([frame({ opcode: 1, fin: false, payload: text('a') }), frame({ opcode: 1, payload: text('b') })]),
    ];
    const tries = badFrames(suite, 70, own).map((bytes) => async () => closesOn(await rawWebSocket(dock.port, '/events', auth()), bytes));
    expectClean(await area('WebSocket frames', tries));
  });

  it('every IPC channel: malformed arguments are a 400 invalid_argument with a bounded message, and change nothing', async () => {
    const channels = Object.keys(invokeChannels) as Channel[];
    const tries = channels.flatMap((channel) =>
      malformedArguments(channel).map((argText) => async () => {
        const { status, text } = await postRaw(`/ipc/${channel}`, `{"arg":${argText}}`);
        let body: { ok?: boolean; error?: { code?: string; message?: string } } = {};
        try {
          body = JSON.parse(text) as typeof body;
        } catch {
          return `${channel}: ${status} not JSON`;
        }
        const message = body.error?.message ?? '';
        if (status === 400 && body.ok === false && body.error?.code === 'invalid_argument' && message.length > 0 && message.length <= MAX_ERROR_MESSAGE_CHARS + 40) return 'refused';
        return `${channel} ${argText.slice(0, 60)}: ${status} ${text.slice(0, 120)}`;
      }),
    );
    // In-process calls: an uncaught error is seen at once; the HTTP probe runs every few tries.
    const tally = await area('IPC channels', tries, 8);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expectClean(tally);
    expect(tally.tries).toBeGreaterThan(channels.length * 8);
  });
});

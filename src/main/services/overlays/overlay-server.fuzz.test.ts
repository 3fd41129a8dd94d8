/**
 * Red team of the overlay server: what a local stranger (or a web page in any browser on the
 * machine) can send it, against the real services (demo mode, signed in, an alert on screen):
 * bad and borrowed tokens, traversal in paths and file names, huge uploads, foreign Hosts and
 * Origins, malformed WebSocket handshakes and frames. Nothing may end the process, every refusal
 * says why in words, and no answer and no frame a page receives may hold a secret (the platform's
 * tokens, the client secret, the stream key, another overlay's token).
 *
 * Seeded: SIDESTAGE_FUZZ_SEED=<n> replays another set of tries. Bounded; 127.0.0.1 only. Prints,
 * per area: tries, refusals, accepted, crashes, secrets leaked.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { OverlaysState } from '../../../shared/ipc/contract';
import { frame, rawExchange, rawRequest, rawWebSocket, upgradeHeaders } from '../../../emulator/test-support/raw-http';
import { MemoryTokenStore } from '../auth/token-store';
import { startDemoSidestage, type DemoSidestage } from '../../test-support/demo-sidestage';
import { badFrames, closesOn, createFuzzSuite, expectClean, judgeHttp as judge, type Verdict } from '../../test-support/fuzz-suite';
import { sampleMedia } from '../../test-support/media-samples';
import { waitUntil } from '../../test-support/wait-until';

const suite = createFuzzSuite({ title: 'overlay server red team', defaultSeed: 20261127, counted: 'leaks', alive });
const { seed, random, pick, int } = suite;

let demo: DemoSidestage;
let pagesDir: string;
let port: number;
let origin: string;
/** Each overlay's token by key. */
let tokens: Record<string, string>;
let secrets: string[];
let imageId: string;
/** Every frame the pages below received, to look for secrets in. */
const pageFrames: string[] = [];
const pageSockets: WebSocket[] = [];

function leaked(text: string, allowed: string | null = null): string[] {
  return secrets.filter((secret) => secret !== allowed && text.includes(secret));
}

async function alive(): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/overlay/alerts?token=${tokens.alerts}`, { signal: AbortSignal.timeout(5_000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** What a try received, and the one token it may show (a page's own). */
interface Outcome {
  verdict: Verdict;
  text: string;
  allowedToken?: string;
}

/** Runs one area's tries; after each, the server must answer, nothing may escape, nothing may leak. */
const area = (name: string, tries: (() => Promise<Outcome | Verdict>)[]) =>
  suite.area(name, tries, {
    flag: (outcome) => {
      if (typeof outcome === 'string') return null;
      const found = leaked(outcome.text, outcome.allowedToken ?? null);
      return found.length > 0 ? `leaked a secret (${found.length}) in: ${outcome.text.slice(0, 120)}` : null;
    },
  });

beforeAll(async () => {
  suite.start();
  pagesDir = await mkdtemp(join(tmpdir(), 'sidestage-overlay-fuzz-pages-'));
  await mkdir(join(pagesDir, 'assets'));
  await writeFile(join(pagesDir, 'index.html'), '<!doctype html><title>overlay</title>');
  await writeFile(join(pagesDir, 'assets', 'page.js'), '/* page */');
  const demoTokens = new MemoryTokenStore();
  demo = await startDemoSidestage({ name: 'overlay-fuzz', overlayPagesDir: pagesDir, demoTokenStore: demoTokens });
  await demo.signIn();
  const state = await demo.call<OverlaysState>('overlays:getState');
  origin = state.server.origin!;
  port = state.server.port!;
  tokens = Object.fromEntries(state.overlays.map((o) => [o.key, new URL(o.url!).searchParams.get('token')!]));
  const stored = (await demoTokens.load())!;
  const streamKey = (await demo.call<{ streamKey: string }>('ingest:revealStreamKey', { purpose: 'reveal' })).streamKey;
  secrets = [stored.accessToken, stored.refreshToken!, demo.sidestage.emulator!.demo!.clientSecret, streamKey, ...Object.values(tokens)].filter((s) => s && s.length >= 8);
  // An alert with an image on screen, so that the pages have something real to receive.
  imageId = (await demo.call<{ id: string }>('media:add', { name: 'party.gif', dataBase64: sampleMedia.gif.toString('base64') })).id;
  await demo.call('overlays:setAlertType', { kind: 'follow', changes: { imageId, durationMs: 60_000 } });
  for (const key of Object.keys(tokens)) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/overlay-socket/${key}?token=${tokens[key]}`, { headers: { origin } });
    socket.on('message', (data) => pageFrames.push(`${key} ${String(data)}`));
    socket.on('error', () => undefined);
    pageSockets.push(socket);
  }
  await waitUntil(() => demo.sidestage.overlays.getQueue().pagesOpen === 1, 5_000, 'the alerts page');
  // The test follow happens on the emulator, which (as the platform) tells only the subscriptions
  // that exist by then: CI once sent it before the app's follow subscription was made.
  await waitUntil(async () => (await demo.sim.eventSubSubscriptions()).subscriptions.some((s) => s.type === 'channel.follow' && s.status === 'enabled'), 20_000, 'the follow subscription', 50);
  await demo.sidestage.overlays.testAlert('follow');
  await waitUntil(() => pageFrames.some((f) => f.startsWith('alerts') && f.includes('"showing":{')), 20_000, 'an alert on screen');
}, 60_000);

afterAll(async () => {
  suite.finish();
  for (const socket of pageSockets) socket.terminate();
  await demo?.dispose();
  if (pagesDir) await rm(pagesDir, { recursive: true, force: true });
});

// ---------- generators ----------

const segments = ['overlay', 'overlay-socket', 'assets', 'media', 'alerts', 'chat', 'redemption', 'goal', 'charity', '..', '.', '%2e%2e', '%2f', '%5c', '%00', '%', '%E0%A4%A', 'index.html', 'page.js', '..%2f..%2f..%2fetc%2fpasswd', 'x'.repeat(300), '__proto__', 'é'];
const nastyTargets = ['*', 'http://evil.example/', '//evil.example/', '/%', '/overlay/', '/overlay/goal/', '/overlay/goal/../alerts', '/overlay/ALERTS', '/media/', '/media/..', '/assets/', '/assets/../../../../etc/passwd', `/overlay/alerts?token=${'A'.repeat(10_000)}`, '/overlay/alerts?token=%', '/overlay/alerts?token[]=1', ''];

/** A token that is not right for the overlay it is sent with: none, another overlay's, cut, changed, encoded. */
function wrongToken(key: string): string {
  const own = tokens[key] ?? tokens.alerts!;
  const others = Object.entries(tokens).filter(([k]) => k !== key).map(([, t]) => t);
  return pick([
    '',
    'token',
    pick(others.length ? others : ['x']),
    own.slice(0, -1),
    `${own}x`,
    `${own.slice(0, -1)}${own.endsWith('A') ? 'B' : 'A'}`,
    encodeURIComponent(own).replace(/[A-Za-z]/, '%41'),
    own.toLowerCase() === own ? own.toUpperCase() : own.toLowerCase(),
    ` ${own}`,
    'null',
  ]);
}

function randomTarget(): { target: string; mayAccept: boolean; allowedToken?: string } {
  if (random() < 0.25) return { target: pick(nastyTargets), mayAccept: false };
  const keys = Object.keys(tokens);
  const key = pick(keys);
  switch (int(5)) {
    case 0:
      return { target: `/overlay/${key}?token=${wrongToken(key)}`, mayAccept: false };
    case 1:
      // Its own token: the page, which may name nothing but itself.
      return { target: `/overlay/${key}?token=${tokens[key]}`, mayAccept: true, allowedToken: tokens[key] };
    case 2:
      return { target: `/media/${pick([imageId, imageId.toUpperCase(), '../media.json', `${imageId}/..`, 'ab'.repeat(16)])}?token=${pick([tokens.alerts!, wrongToken('alerts')])}`, mayAccept: true, allowedToken: tokens.alerts };
    case 3:
      return { target: `/${Array.from({ length: 1 + int(5) }, () => pick(segments)).join('/')}${random() < 0.5 ? `?token=${pick(Object.values(tokens))}` : ''}`, mayAccept: true };
    default:
      return { target: `/assets/${Array.from({ length: 1 + int(3) }, () => pick(segments)).join('/')}`, mayAccept: true };
  }
}

const host = () => `127.0.0.1:${port}`;

// ---------- areas ----------

describe(`overlay server red team (seed ${seed})`, { timeout: 60_000 }, () => {
  it('request targets and methods: a wrong token, overlay or path is refused in words; only what a page needs is served', async () => {
    const tries = Array.from({ length: 200 }, () => {
      const { target, mayAccept, allowedToken } = randomTarget();
      const method = pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']);
      return async () => {
        const answer = await rawExchange(port, rawRequest(method, target, { Host: host() }));
        const accepting = mayAccept && (method === 'GET' || method === 'HEAD');
        // A valid request for a path that is not there is a refusal too.
        return { verdict: judge(answer, method, accepting), text: answer.body, allowedToken };
      };
    });
    expectClean(await area('request targets', tries));
  });

  it('headers: a foreign Host or Origin is refused even with the right token', async () => {
    const mutations: Record<string, string | null>[] = [
      { Host: 'evil.example' },
      { Host: `evil.example:${port}` },
      { Host: '' },
      { Host: null },
      { Host: '127.0.0.1:1' },
      { Host: `localhost.evil.example:${port}` },
      { Host: 'h'.repeat(9_000) },
      { Origin: 'http://evil.example' },
      { Origin: 'null' },
      { Origin: `http://127.0.0.1:${port + 1}` },
      { Origin: `https://127.0.0.1:${port}` },
      { Origin: 'file://' },
      { 'X-Filler': 'f'.repeat(20_000) },
    ];
    const tries = Array.from({ length: 60 }, (_, i) => {
      const change = i < mutations.length ? mutations[i]! : { ...pick(mutations), ...pick(mutations) };
      const key = pick(Object.keys(tokens));
      return async () => {
        const headers: Record<string, string> = { Host: host() };
        for (const [k, v] of Object.entries(change)) {
          if (v === null) delete headers[k];
          else headers[k] = v;
        }
        const answer = await rawExchange(port, rawRequest('GET', `/overlay/${key}?token=${tokens[key]}`, headers));
        return { verdict: judge(answer, 'GET', false), text: answer.body };
      };
    });
    expectClean(await area('headers', tries));
  });

  it('huge uploads: bodies of any size and framing are refused at once and never read', async () => {
    const before = process.memoryUsage().rss;
    const tries = Array.from({ length: 30 }, (_, i) => {
      const method = pick(['POST', 'PUT', 'PATCH']);
      const chunked = i % 2 === 1;
      const size = pick([1_000_000, 8_000_000, 50_000_000]);
      return async () => {
        const head = `${method} /overlay/alerts?token=${tokens.alerts} HTTP/1.1\r\nHost: ${host()}\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`}\r\n\r\n`;
        // Only the first megabyte is sent: the answer must not wait for the rest.
        const body = chunked ? `100000\r\n${'x'.repeat(0x100000)}\r\n` : 'x'.repeat(1_000_000);
        const answer = await rawExchange(port, Buffer.concat([Buffer.from(head), Buffer.from(body)]), 10_000);
        if (answer.status !== 405) return { verdict: `${answer.status} for a ${size}-byte ${method}`, text: answer.body };
        return { verdict: answer.headers.connection === 'close' ? 'refused' : 'kept the connection open for the rest of the body', text: answer.body };
      };
    });
    // Media uploads through the app's own channel: too large, disguised, broken, or named to escape.
    const uploads: [string, string][] = [
      ['x'.repeat(7_000_000), 'big.gif'],
      [Buffer.concat([sampleMedia.png, Buffer.alloc(5 * 1024 * 1024)]).toString('base64'), 'big.png'],
      [Buffer.from('<html><script>alert(1)</script></html>').toString('base64'), 'cat.gif'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'), 'logo.svg'],
      ['iVBORw0K#####', 'broken.png'],
    ];
    for (const [dataBase64, name] of uploads) {
      tries.push(async () => {
        try {
          await demo.call('media:add', { name, dataBase64 });
          return { verdict: `media:add took ${name}`, text: '' };
        } catch (error) {
          return { verdict: error instanceof Error && error.message.length > 20 ? 'refused' : String(error), text: String(error) };
        }
      });
    }
    tries.push(async () => {
      const item = await demo.call<{ id: string; name: string }>('media:add', { name: '../../../../etc/passwd', dataBase64: sampleMedia.png.toString('base64') });
      await demo.call('media:remove', { id: item.id });
      return { verdict: /^[0-9a-f]{32}$/.test(item.id) ? 'accepted' : `stored under ${item.id}`, text: '' };
    });
    expectClean(await area('huge uploads', tries));
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('WebSocket upgrades: a bad token, a foreign or missing Origin, a bad handshake is refused', async () => {
    const keys = Object.keys(tokens);
    const variants: (() => [string, Record<string, string>, boolean])[] = [
      () => {
        const key = pick(keys);
        return [`/overlay-socket/${key}?token=${wrongToken(key)}`, upgradeHeaders(host(), { Origin: origin }), false];
      },
      () => [`/overlay-socket/alerts?token=${tokens.alerts}`, upgradeHeaders(host()), false],
      () => [`/overlay-socket/alerts?token=${tokens.alerts}`, upgradeHeaders(host(), { Origin: pick(['http://evil.example', 'null', `http://127.0.0.1:${port + 1}`]) }), false],
      () => [`/overlay-socket/alerts?token=${tokens.alerts}`, upgradeHeaders('evil.example', { Origin: origin }), false],
      () => [`/overlay-socket/${pick(['nothing', '../alerts', 'goal/../../alerts', 'alerts/x', '%61lerts'])}?token=${tokens.alerts}`, upgradeHeaders(host(), { Origin: origin }), false],
      () => [`/overlay/alerts?token=${tokens.alerts}`, upgradeHeaders(host(), { Origin: origin }), false],
      () => [`/overlay-socket/alerts?token=${tokens.alerts}`, upgradeHeaders(host(), { Origin: origin, 'Sec-WebSocket-Key': pick(['', 'short', 'x'.repeat(500)]) }), false],
      () => [`/overlay-socket/alerts?token=${tokens.alerts}`, upgradeHeaders(host(), { Origin: origin, 'Sec-WebSocket-Version': pick(['8', '', 'x']) }), false],
      () => {
        const key = pick(keys);
        return [`/overlay-socket/${key}?token=${tokens[key]}`, upgradeHeaders(host(), { Origin: origin }), true];
      },
    ];
    const tries = Array.from({ length: 60 }, (_, i) => {
      const variant = variants[i % variants.length]!;
      return async () => {
        const [target, headers, valid] = variant();
        const answer = await rawExchange(port, rawRequest('GET', target, headers).replace('Connection: close', 'X-Closing: yes'), 3_000);
        if (answer.status === 101) return { verdict: valid ? 'accepted' : `101 for ${target}`, text: answer.body, allowedToken: undefined };
        return { verdict: judge(answer, 'GET', false), text: answer.body };
      };
    });
    expectClean(await area('WebSocket upgrades', tries));
  });

  it('WebSocket frames: a page that sends anything, well formed or not, is closed; the server goes on', async () => {
    const text = (t: string) => Buffer.from(t);
    // Pages can call nothing: a call, and a whole message in two parts, are closed on too.
    const own = [frame({ opcode: 1, payload: text('{"type":"call","channel":"auth:signOut"}') }), Buffer.concat([frame({ opcode: 1, fin: false, payload: text('a') }), frame({ opcode: 0, payload: text('b') })])];
    const tries = badFrames(suite, 50, own).map((bytes) => async () => closesOn(await rawWebSocket(port, `/overlay-socket/alerts?token=${tokens.alerts}`, { Host: host(), Origin: origin }), bytes));
    expectClean(await area('WebSocket frames', tries));
    // The app's own state is untouched: still signed in, the alert still on screen.
    expect((await demo.call<{ status: string }>('auth:getState')).status).toBe('signedIn');
  });

  it('no page receives a secret: every frame sent to the pages is free of tokens, keys and other overlays’ links', () => {
    expect(pageFrames.length).toBeGreaterThan(Object.keys(tokens).length);
    const leaks = pageFrames.flatMap((f) => leaked(f));
    expect(leaks).toEqual([]);
  });
});

/**
 * A bounded, seeded fuzz of the videos/channels/streams/markers/games/search routes and their
 * simulation endpoints: no answer may be a 5xx, and every JSON error is in the platform's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type CallOptions } from '../emulator-test-client';
import { startEmulator, type RunningEmulator } from '../server';

let emu: RunningEmulator;
let tokens: string[];

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  const mint = async (body: object) =>
    (await call(`${emu.url}/_emulator/tokens`, { json: { client_id: emu.demo!.clientId, ...body } })).json.access_token as string;
  const all = ['channel:manage:videos', 'channel:manage:broadcast', 'channel:read:editors', 'user:read:follows', 'moderator:read:followers',
    'user:read:broadcast', 'user:edit:broadcast'];
  tokens = [await mint({ user_id: emu.demo!.broadcaster.id, scopes: all }), await mint({ user_id: '612345003', scopes: all }), await mint({ scopes: [] })];
  await call(`${emu.url}/_emulator/streams/${emu.demo!.broadcaster.id}/online`, { json: { viewer_count: 3 } });
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

const ROUTES: [NonNullable<CallOptions['method']>, string][] = [
  ['GET', '/helix/videos'], ['DELETE', '/helix/videos'], ['GET', '/helix/channels'], ['PATCH', '/helix/channels'],
  ['GET', '/helix/channels/editors'], ['GET', '/helix/channels/followed'], ['GET', '/helix/channels/followers'], ['GET', '/helix/streams'],
  ['GET', '/helix/streams/metadata'], ['POST', '/helix/streams/markers'], ['GET', '/helix/streams/markers'], ['GET', '/helix/games/top'],
  ['GET', '/helix/games'], ['GET', '/helix/search/categories'], ['GET', '/helix/search/channels'], ['POST', '/_emulator/follows'],
  ['DELETE', '/_emulator/follows'], ['POST', '/_emulator/editors'], ['POST', '/_emulator/videos'], ['GET', '/videos/2104000001'],
  ['GET', '/static/video-thumbnails/99999999999999999999-9999x9999.svg'],
];
const PARAMS = ['id', 'user_id', 'game_id', 'broadcaster_id', 'video_id', 'user_login', 'language', 'type', 'sort', 'period', 'first', 'after',
  'before', 'query', 'live_only', 'name', 'igdb_id', '__proto__'];
const VALUES = ['', 'x', '501234567', '612345003', '2104000001', '27471', '-1', '0', '101', '1e309', 'true', 'all', 'archive', 'highlights',
  'week', 'trending', 'en', 'other', '%zz', '%00', 'a'.repeat(3000), 'eyJiIjp7Ik9mZnNldCI6LTF9fQ', 'eyJiIjp7Ik9mZnNldCI6MX0sImEiOnsiT2Zmc2V0Ijo5OTk5OTk5OTk5OTk5OTk5OTl9fQ'];
const BODIES = ['{', '[]', 'null', '1', '"s"', '{}', '{"user_id":501234567}', '{"user_id":"501234567","description":' + JSON.stringify('d'.repeat(200)) + '}',
  '{"title":null}', '{"tags":[null]}', '{"tags":"a"}', '{"content_classification_labels":[1,{"id":{}}]}', '{"is_branded_content":1}',
  '{"game_id":{}}', '{"delay":1e309}', '{"user_id":"612345001","broadcaster_id":"501234567","followed_at":"2020-13-45T99:99:99Z"}',
  '{"user_id":"501234567","type":"upload","duration":"99999h"}', '{"__proto__":{"x":1}}', ''];

describe('malformed requests to the channel, video and stream routes', () => {
  it('never answer 5xx, and errors have the platform shape', async () => {
    const random = prng(Number(process.env.EMULATOR_FUZZ_SEED ?? 20240611));
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    for (let i = 0; i < 400; i++) {
      const [method, path] = pick(ROUTES);
      const query = Array.from({ length: Math.floor(random() * 5) }, () => `${pick(PARAMS)}=${encodeURIComponent(pick(VALUES))}`);
      const headers: Record<string, string> = { 'client-id': emu.demo!.clientId };
      if (random() < 0.9) headers.authorization = `Bearer ${pick(tokens)}`;
      const options: CallOptions = { method, headers };
      if (method !== 'GET' && random() < 0.8) {
        headers['content-type'] = pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']);
        options.body = pick(BODIES);
      }
      const url = `${emu.url}${path}${query.length ? `?${query.join('&')}` : ''}`;
      const res = await call(url, options);
      expect(res.status, `${method} ${url} ${options.body ?? ''}`).toBeLessThan(500);
      if (res.status >= 400 && res.header('content-type')?.startsWith('application/json')) {
        expect(res.json, `${method} ${url}`).toEqual({ error: expect.any(String), status: res.status, message: expect.any(String) });
      }
    }
  });
});

/**
 * A bounded, seeded fuzz of the videos/channels/streams/markers/games/search routes and their
 * simulation endpoints: no answer may be a 5xx, and every JSON error is in the platform's shape.
 */
import { beforeAll, describe, it } from 'vitest';
import { useDemoEmulator } from '../test-support/demo-emulator';
import { fuzz, fuzzRandom, pick, type Route } from '../test-support/malformed-requests';

const demo = useDemoEmulator({ reset: false });
let tokens: string[];

beforeAll(async () => {
  const all = ['channel:manage:videos', 'channel:manage:broadcast', 'channel:read:editors', 'user:read:follows', 'moderator:read:followers',
    'user:read:broadcast', 'user:edit:broadcast'];
  tokens = [await demo.mint(demo.broadcasterId, all), await demo.mint('612345003', all), await demo.mint(null, [])];
  await demo.simulate(`/streams/${demo.broadcasterId}/online`, { viewer_count: 3 });
});

const ROUTES: Route[] = [
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
    await fuzz(demo.url, fuzzRandom(20240611), {
      routes: ROUTES,
      params: PARAMS,
      values: VALUES,
      headers: (random) => ({ 'client-id': demo.clientId, ...(random() < 0.9 ? { authorization: `Bearer ${pick(random, tokens)}` } : {}) }),
      bodyShare: 0.8,
      bodies: BODIES,
      contentTypes: ['application/json', 'text/plain', 'application/x-www-form-urlencoded'],
    }, 400);
  });
});

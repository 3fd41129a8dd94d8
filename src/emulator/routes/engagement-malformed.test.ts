/**
 * Malformed requests to polls, predictions, clips, the ad schedule, goals and the hype train, and to
 * their simulation API: never a 5xx, and every error in the platform's shape with the response's status.
 */
import { beforeAll, describe, it } from 'vitest';
import { helixHeaders } from '../test-support/emulator-test-client';
import { useDemoEmulator } from '../test-support/demo-emulator';
import { everyRequest, sendAndCheck, type Route } from '../test-support/malformed-requests';

const demo = useDemoEmulator({ reset: false });
let headers: Record<string, string>;

const B = '501234567';
beforeAll(async () => {
  const scopes = ['channel:manage:polls', 'channel:manage:predictions', 'clips:edit', 'channel:read:ads', 'channel:manage:ads', 'channel:read:goals', 'channel:read:hype_train'];
  headers = helixHeaders(await demo.mint(B, scopes), demo.clientId);
  await demo.simulate(`/streams/${B}/online`, {});
});

const QUERIES = [
  '',
  `?broadcaster_id=${B}`,
  `?broadcaster_id=${B}&first=1e309`,
  `?broadcaster_id=${B}&first=-1&after=${'a'.repeat(3000)}`,
  `?broadcaster_id=${B}&after=eyJhIjp7Ik9mZnNldCI6LTF9fQ&before=x`,
  `?broadcaster_id=${B}&id=__proto__&id=constructor&has_delay=TrUe`,
  `?broadcaster_id=${B}&broadcaster_id=1&game_id=%00&started_at=2026-13-45T99:00:00Z`,
  '?id=%E2%82%AC&is_featured=maybe&ended_at=0',
];
const BODIES = [
  '{', '[]', 'null', '1', '"s"', '',
  '{"__proto__":{"status":"ACTIVE"}}',
  `{"broadcaster_id":"${B}","title":"t","choices":[{"title":"a"},{"title":"b"}],"duration":1e309}`,
  `{"broadcaster_id":"${B}","title":"t","choices":[null,{"title":{}}],"duration":60}`,
  `{"broadcaster_id":"${B}","title":"t","outcomes":[{"title":"a"},{"title":"b"}],"prediction_window":-0}`,
  `{"broadcaster_id":"${B}","id":"__proto__","status":"RESOLVED","winning_outcome_id":{}}`,
  `{"broadcaster_id":"${B}","user_id":"612345001","bits":1e308,"tier":"1000","recipient_ids":["${B}"],"count":0}`,
  '{"user_id":"612345001","choice_id":"x","channel_points":-1,"outcome_id":"y","balance":1e309}',
  `{"broadcaster_id":"${B}","type":"follower","target_amount":"5","created_at":"yesterday"}`,
];
const ROUTES: Route[] = [
  ['GET', '/helix/polls'], ['POST', '/helix/polls'], ['PATCH', '/helix/polls'],
  ['GET', '/helix/predictions'], ['POST', '/helix/predictions'], ['PATCH', '/helix/predictions'],
  ['POST', '/helix/clips'], ['GET', '/helix/clips'], ['GET', '/clips/%ff/edit'],
  ['GET', '/helix/channels/ads'], ['POST', '/helix/channels/ads/schedule/snooze'],
  ['GET', '/helix/goals'], ['GET', '/helix/hypetrain/status'], ['GET', '/helix/hypetrain/events'],
  ['POST', '/_emulator/polls/x/votes'], ['POST', '/_emulator/predictions/%2e%2e/predictions'], ['POST', `/_emulator/channel-points/${B}/612345001`],
  ['GET', '/_emulator/channel-points/x/y'], ['POST', '/_emulator/clips'], ['POST', '/_emulator/cheers'], ['POST', '/_emulator/subscriptions'],
  ['POST', '/_emulator/subscriptions/gifts'], ['POST', '/_emulator/subscriptions/messages'], ['POST', '/_emulator/goals'], ['POST', '/_emulator/goals/x/end'],
];

describe('malformed requests to the engagement endpoints', () => {
  it('never answer 5xx, and errors have the platform shape', async () => {
    // Every route with every query and, but for GET, every body.
    await sendAndCheck(demo.url, everyRequest(ROUTES, QUERIES, (method) => (method === 'GET' ? [undefined] : BODIES), headers));
  }, 60_000);
});

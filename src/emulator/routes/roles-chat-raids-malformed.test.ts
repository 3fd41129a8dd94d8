/**
 * Malformed requests to the moderator, VIP, ban, chat message, shoutout, raid, followed-stream and
 * user-emote endpoints and their simulation API: never a 5xx, and every error in the platform's
 * shape with the response's status.
 */
import { beforeAll, describe, it } from 'vitest';
import { helixHeaders } from '../test-support/emulator-test-client';
import { useDemoEmulator } from '../test-support/demo-emulator';
import { everyRequest, sendAndCheck, type Route } from '../test-support/malformed-requests';

const demo = useDemoEmulator({ reset: false });
let headers: Record<string, string>;

beforeAll(async () => {
  const scopes = ['moderation:read', 'channel:manage:moderators', 'channel:read:vips', 'channel:manage:vips', 'moderator:manage:banned_users', 'user:write:chat',
    'moderator:manage:announcements', 'moderator:manage:shoutouts', 'channel:manage:raids', 'user:read:follows', 'user:read:emotes'];
  headers = helixHeaders(await demo.mint(demo.broadcasterId, scopes), demo.clientId);
  await demo.simulate(`/streams/${demo.broadcasterId}/online`, { viewer_count: 3 });
});

const B = '501234567';
const U = '612345001';
const QUERIES = [
  '',
  `?broadcaster_id=${B}&moderator_id=${B}&user_id=${U}`,
  `?broadcaster_id=${B}&user_id=${U}&user_id=${B}&first=1e309`,
  `?broadcaster_id=${B}&moderator_id=${B}&first=-1&after=${'a'.repeat(3000)}`,
  `?broadcaster_id=${B}&user_id=${B}&after=eyJhIjp7Ik9mZnNldCI6LTF9fQ&before=x`,
  `?from_broadcaster_id=${B}&to_broadcaster_id=${U}&moderator_id=${B}`,
  `?from_broadcaster_id=${B}&to_broadcaster_id=__proto__&moderator_id=${B}`,
  '?broadcaster_id=%00&moderator_id=__proto__&user_id=constructor',
  `?user_id=${B}&broadcaster_id=toString`,
];
const BODIES = ['{', '[]', 'null', '1', '"s"', '{"__proto__":{"user_id":"1"}}', '{"data":{"user_id":"612345001","duration":1e309}}', '{"data":{"user_id":{}}}',
  '{"data":{"user_id":"612345001","reason":["x"]}}', `{"broadcaster_id":"${B}","sender_id":"${B}","message":{"a":1}}`,
  `{"broadcaster_id":"${B}","sender_id":"${B}","message":"hi","reply_parent_message_id":7}`, '{"message":"x","color":{"toLowerCase":1}}',
  `{"broadcaster_id":"${B}","user_id":"${U}","text":"@__proto__ constructor"}`, `{"broadcaster_id":"${B}","name":"x1","emote_type":"follower","format":[]}`,
  '{"user_id":"612345001","emote_set_id":"__proto__","action":"add"}', ''];
const ROUTES: Route[] = [
  ['GET', '/helix/moderation/moderators'], ['POST', '/helix/moderation/moderators'], ['DELETE', '/helix/moderation/moderators'],
  ['GET', '/helix/channels/vips'], ['POST', '/helix/channels/vips'], ['DELETE', '/helix/channels/vips'],
  ['GET', '/helix/moderation/banned'], ['POST', '/helix/moderation/bans'], ['DELETE', '/helix/moderation/bans'],
  ['GET', '/helix/streams/followed'], ['POST', '/helix/chat/messages'], ['POST', '/helix/chat/announcements'], ['POST', '/helix/chat/shoutouts'],
  ['POST', '/helix/raids'], ['DELETE', '/helix/raids'], ['GET', '/helix/chat/emotes/user'],
  ['POST', '/_emulator/chat/messages'], ['GET', '/_emulator/chat/messages'], ['POST', '/_emulator/emotes'], ['DELETE', '/_emulator/emotes/%2e%2e'],
  ['POST', '/_emulator/user-emote-sets'], ['GET', '/_emulator/raids'], ['GET', '/_emulator/shoutouts'],
];

describe('malformed requests to the roles, bans, chat, shoutout and raid endpoints', () => {
  it('never answer 5xx, and errors have the platform shape', async () => {
    // DELETE takes no body: one without and one broken body are enough.
    await sendAndCheck(demo.url, everyRequest(ROUTES, QUERIES, (method) => (method === 'GET' ? [undefined] : method === 'DELETE' ? [undefined, '{'] : BODIES), headers));
  }, 60_000);
});

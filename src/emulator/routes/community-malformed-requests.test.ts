/**
 * Malformed requests to the chat, moderation, charity and ads endpoints and their simulation API:
 * never a 5xx, and every error in the platform's shape with the response's status.
 */
import { beforeAll, describe, it } from 'vitest';
import { helixHeaders } from '../test-support/emulator-test-client';
import { useDemoEmulator } from '../test-support/demo-emulator';
import { everyRequest, sendAndCheck, type Route } from '../test-support/malformed-requests';

const demo = useDemoEmulator({ reset: false });
let headers: Record<string, string>;

beforeAll(async () => {
  const scopes = ['moderator:read:chatters', 'moderator:read:chat_settings', 'moderator:manage:chat_settings', 'moderation:read', 'channel:read:charity', 'channel:edit:commercial'];
  headers = helixHeaders(await demo.mint(demo.broadcasterId, scopes), demo.clientId);
});

const B = '501234567';
const QUERIES = [
  '',
  `?broadcaster_id=${B}&moderator_id=${B}`,
  `?broadcaster_id=${B}&moderator_id=${B}&first=1e309`,
  `?broadcaster_id=${B}&moderator_id=${B}&first=-1`,
  `?broadcaster_id=${B}&moderator_id=${B}&after=${'a'.repeat(3000)}`,
  `?broadcaster_id=${B}&moderator_id=${B}&after=eyJhIjp7Ik9mZnNldCI6LTF9fQ`,
  `?broadcaster_id=${B}&broadcaster_id=1&moderator_id=`,
  '?broadcaster_id=%00&moderator_id=__proto__',
  `?broadcaster_id=${B}&emote_set_id=__proto__&emote_set_id=constructor&user_id=__proto__`,
];
const BODIES = ['{', '[]', 'null', '1', '"s"', '{"__proto__":{"slow_mode":true}}', '{"length":1e309,"broadcaster_id":"501234567"}',
  '{"slow_mode":true,"slow_mode_wait_time":1e309}', '{"follower_mode":true,"follower_mode_duration":-0}', '{"amount":{"value":"1"}}', ''];
const ROUTES: Route[] = [
  ['GET', '/helix/chat/chatters'], ['GET', '/helix/chat/emotes'], ['GET', '/helix/chat/emotes/global'], ['GET', '/helix/chat/emotes/set'],
  ['GET', '/helix/chat/badges'], ['GET', '/helix/chat/badges/global'], ['GET', '/helix/chat/settings'], ['PATCH', '/helix/chat/settings'],
  ['GET', '/helix/moderation/moderators/events'], ['GET', '/helix/charity/campaigns'], ['GET', '/helix/charity/donations'],
  ['POST', '/helix/channels/commercial'], ['POST', '/_emulator/chatters'], ['POST', '/_emulator/moderators'], ['POST', `/_emulator/charity/${B}`],
  ['POST', '/_emulator/charity/%2e%2e/stop'], ['DELETE', '/_emulator/charity/x'], ['POST', '/_emulator/donations'],
  ['GET', '/static/emoticons/v2/%ff/static/light/1.0'], ['GET', '/static/badges/v1/x/1'], ['GET', '/static/charity-logos/.svg'],
];

describe('malformed requests to the community endpoints', () => {
  it('never answer 5xx, and errors have the platform shape', async () => {
    // Every route with every query and, but for GET, every body.
    await sendAndCheck(demo.url, everyRequest(ROUTES, QUERIES, (method) => (method === 'GET' ? [undefined] : BODIES), headers));
  }, 60_000);
});

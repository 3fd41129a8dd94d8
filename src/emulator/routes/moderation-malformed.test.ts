/**
 * Malformed requests to Shield Mode, blocked terms, AutoMod, warnings, unban requests, suspicious
 * users, moderated channels and their simulation API: never a 5xx, and every error in the
 * platform's shape with the response's status.
 */
import { beforeAll, describe, it } from 'vitest';
import { helixHeaders } from '../test-support/emulator-test-client';
import { useDemoEmulator } from '../test-support/demo-emulator';
import { everyRequest, sendAndCheck, type Route } from '../test-support/malformed-requests';

const demo = useDemoEmulator({ reset: false });
let headers: Record<string, string>;

const B = '501234567';
const U = '612345001';

beforeAll(async () => {
  const scopes = [
    'moderator:manage:shield_mode',
    'moderator:manage:blocked_terms',
    'moderator:read:automod_settings',
    'moderator:manage:automod_settings',
    'moderator:manage:automod',
    'moderation:read',
    'moderator:manage:warnings',
    'moderator:manage:unban_requests',
    'moderator:manage:suspicious_users',
    'user:read:moderated_channels',
  ];
  headers = helixHeaders(await demo.mint(B, scopes), demo.clientId);
  await demo.sim.ban({ broadcaster_id: B, user_id: U });
  await demo.sim.unbanRequest({ broadcaster_id: B, user_id: U, text: 'sorry' });
});

const QUERIES = [
  '',
  `?broadcaster_id=${B}&moderator_id=${B}`,
  `?broadcaster_id=${B}&moderator_id=${B}&user_id=${U}&id=x&status=pending&first=1e309`,
  `?broadcaster_id=${B}&moderator_id=${B}&status=approved&unban_request_id=__proto__&resolution_text=%00`,
  `?broadcaster_id=${B}&moderator_id=${B}&status=constructor&first=-1&after=${'a'.repeat(3000)}`,
  `?broadcaster_id=${B}&moderator_id=${B}&user_id=${B}&after=eyJhIjp7Ik9mZnNldCI6LTF9fQ`,
  '?broadcaster_id=%00&moderator_id=__proto__&user_id=constructor',
  `?user_id=${B}&broadcaster_id=toString&status=pending`,
];
const BODIES = [
  '{',
  '[]',
  'null',
  '1',
  '"s"',
  '{"__proto__":{"is_active":true}}',
  '{"is_active":"true"}',
  '{"text":{"toLowerCase":1}}',
  '{"text":"**"}',
  '{"overall_level":1e309}',
  '{"aggression":null,"swearing":[4]}',
  '{"user_id":"612345001","msg_id":"__proto__","action":"ALLOW"}',
  '{"data":[{"msg_id":{},"msg_text":"x"}]}',
  '{"data":{"user_id":"612345001","reason":["x"]}}',
  '{"user_id":"612345001","status":{"RESTRICTED":1}}',
  `{"broadcaster_id":"${B}","count":1e309}`,
  `{"broadcaster_id":"${B}","user_id":"${U}","text":"x","category":"__proto__","level":"4"}`,
  `{"broadcaster_id":"${B}","user_id":"${U}","types":["constructor"],"shared_ban_channel_ids":[1]}`,
  `{"broadcaster_id":"${B}","follower_mode_minutes":"10"}`,
  '',
];
const ROUTES: Route[] = [
  ['GET', '/helix/moderation/shield_mode'],
  ['PUT', '/helix/moderation/shield_mode'],
  ['GET', '/helix/moderation/blocked_terms'],
  ['POST', '/helix/moderation/blocked_terms'],
  ['DELETE', '/helix/moderation/blocked_terms'],
  ['GET', '/helix/moderation/automod/settings'],
  ['PUT', '/helix/moderation/automod/settings'],
  ['POST', '/helix/moderation/automod/message'],
  ['POST', '/helix/moderation/enforcements/status'],
  ['POST', '/helix/moderation/warnings'],
  ['GET', '/helix/moderation/unban_requests'],
  ['PATCH', '/helix/moderation/unban_requests'],
  ['POST', '/helix/moderation/suspicious_users'],
  ['DELETE', '/helix/moderation/suspicious_users'],
  ['GET', '/helix/moderation/channels'],
  ['POST', '/_emulator/automod/messages'],
  ['GET', '/_emulator/automod/messages'],
  ['POST', '/_emulator/warnings/acknowledgements'],
  ['POST', '/_emulator/bans'],
  ['POST', '/_emulator/unban-requests'],
  ['POST', '/_emulator/suspicious-users'],
  ['POST', '/_emulator/hate-raids'],
  ['POST', '/_emulator/shield-mode/settings'],
];

describe('malformed requests to the moderation endpoints', () => {
  it('never answer 5xx, and errors have the platform shape', async () => {
    await sendAndCheck(demo.url, everyRequest(ROUTES, QUERIES, (method) => (method === 'GET' ? [undefined] : method === 'DELETE' ? [undefined, '{'] : BODIES), headers));
  }, 60_000);
});

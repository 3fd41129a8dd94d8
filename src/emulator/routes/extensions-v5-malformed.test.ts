/**
 * A bounded, seeded fuzz of the extension back end, extension analytics and the v5 routes: no answer
 * may be a 5xx, and every JSON error keeps the platform's shape with the response's status.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signExtensionJwt } from '../http/extension-jwt';
import { DEMO_CLIENT } from '../seed';
import { useDemoEmulator } from '../test-support/demo-emulator';
import { fuzz, fuzzRandom, pick, type Route } from '../test-support/malformed-requests';
import { V5_MEDIA_TYPE } from '../http/kraken-route';

const demo = useDemoEmulator({ reset: false });
let headerPool: Record<string, string>[];
let communityId: string;
let postId: string;

beforeAll(async () => {
  const { clientId, broadcasterId } = demo;
  const token = await demo.mint(broadcasterId, ['communities_edit', 'communities_moderate', 'channel_feed_edit', 'analytics:read:extensions']);
  const jwt = await signExtensionJwt({ exp: demo.state.clock.nowSeconds() + 3600, user_id: broadcasterId, role: 'external' }, DEMO_CLIENT.extensionSecret);
  headerPool = [
    {},
    { 'client-id': clientId, authorization: `Bearer ${jwt}` },
    { 'client-id': clientId, authorization: `Bearer ${token}` },
    { 'client-id': clientId, authorization: 'Bearer a.b.c' },
    { accept: V5_MEDIA_TYPE, 'client-id': clientId, authorization: `OAuth ${token}` },
    { accept: V5_MEDIA_TYPE, 'client-id': clientId },
    { accept: V5_MEDIA_TYPE },
    { accept: V5_MEDIA_TYPE, 'client-id': 'nope', authorization: 'OAuth' },
  ];
  communityId = demo.state.kraken.communityByName('SidestageBuilders')!.id;
  postId = demo.state.kraken.posts(broadcasterId)[0]!.id;
});

describe('malformed requests to the extension, analytics and v5 routes', () => {
  it('never get a 5xx, and errors keep the platform shape', async () => {
    const c = DEMO_CLIENT.clientId;
    const b = '501234567';
    const routes: Route[] = [
      ['POST', `/extensions/${c}/auth/secret`], ['GET', `/extensions/${c}/auth/secret`], ['DELETE', `/extensions/${c}/auth/secret`],
      ['GET', `/extensions/${c}/live_activated_channels`], ['PUT', `/extensions/${c}/1.0.0/required_configuration`],
      ['PUT', `/extensions/${c}/configurations`], ['GET', `/extensions/${c}/configurations/channels/${b}`],
      ['GET', `/extensions/${c}/configurations/segments/global`], ['GET', '/helix/extensions/jwt/secrets'], ['POST', '/helix/extensions/jwt/secrets'],
      ['PUT', '/helix/extensions/configurations'], ['GET', '/helix/extensions/configurations'], ['PUT', '/helix/extensions/required_configuration'],
      ['GET', '/helix/extensions/live'], ['GET', '/helix/analytics/extensions'], ['GET', '/reports/extension-analytics/x/y.csv'],
      ['GET', '/kraken/communities'], ['GET', '/kraken/communities/top'], ['GET', `/kraken/communities/${communityId}`],
      ['PUT', `/kraken/communities/${communityId}`], ['GET', `/kraken/communities/${communityId}/bans`], ['PUT', `/kraken/communities/${communityId}/bans/612345001`],
      ['POST', `/kraken/communities/${communityId}/images/avatar`], ['POST', `/kraken/communities/${communityId}/images/cover`],
      ['GET', `/kraken/communities/${communityId}/moderators`], ['GET', `/kraken/feed/${b}/posts`], ['POST', `/kraken/feed/${b}/posts`],
      ['GET', `/kraken/feed/${b}/posts/${postId}`], ['POST', `/kraken/feed/${b}/posts/${postId}/reactions`],
      ['DELETE', `/kraken/feed/${b}/posts/${postId}/reactions`], ['GET', '/kraken/bits/actions'], ['GET', '/v5/bits/actions'],
      ['POST', `/_emulator/extensions/${c}`], ['POST', `/_emulator/extensions/${c}/activations`], ['POST', `/_emulator/extensions/${c}/secrets`],
      ['POST', '/_emulator/communities'], ['POST', `/_emulator/feed/${b}/posts/${postId}/comments`], ['POST', '/_emulator/cheermotes'],
      ['GET', '/static/cheermotes/x/dark/static/1/1.png'], ['GET', `/static/community-images/${communityId}/avatar-1-600x800.png`],
    ];
    const params = ['name', 'limit', 'cursor', 'comments', 'share', 'emote_id', 'channel_id', 'broadcaster_id', 'extension_id', 'segment', 'delay',
      'started_at', 'ended_at', 'first', 'after', 'type', 'client_id', '__proto__'];
    const values = ['', 'x', '-1', '0', '101', '1e309', 'true', 'endorse', '25', b, c, 'global', 'broadcaster', '2024-01-01T00:00:00Z', '%zz', 'MTA=',
      'a'.repeat(3000), 'overview_v2', '{}'];
    const bodies = ['{', '[]', 'null', '1', '"s"', '{"activation_delay_secs":1e400}', '{"segment":"global","content":{"a":1}}', '{"content":null}',
      '{"avatar_image":"AAAA"}', '{"cover_image":"iVBORw0KGgo="}', '{"summary":[1]}', '{"required_configuration":{}}', '{"channel_id":5}',
      '{"name":"x","owner_id":1}', '{"__proto__":{"polluted":true}}', 'content=x&content=y', ''];
    const contentTypes = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/octet-stream', ''];

    const started = Date.now();
    await fuzz(demo.url, fuzzRandom(7_250_913), {
      routes,
      params,
      values,
      maxParams: 4,
      headers: (random) => pick(random, headerPool),
      keepMethod: 0.9,
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
      bodyShare: 0.7,
      bodies,
      contentTypes,
    }, 200, 20);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

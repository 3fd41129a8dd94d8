/**
 * A bounded, seeded fuzz of the extension back end, extension analytics and the v5 routes: no answer
 * may be a 5xx, and every JSON error keeps the platform's shape with the response's status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type CallOptions } from '../emulator-test-client';
import { signExtensionJwt } from '../extensions/extension-jwt';
import { DEMO_CLIENT } from '../seed';
import { startEmulator, type RunningEmulator } from '../server';
import { V5_MEDIA_TYPE } from './kraken/kraken-route';

let emu: RunningEmulator;
let headerPool: Record<string, string>[];
let communityId: string;
let postId: string;

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  const clientId = emu.demo!.clientId;
  const broadcasterId = emu.demo!.broadcaster.id;
  const token = (
    await call(`${emu.url}/_emulator/tokens`, {
      json: { client_id: clientId, user_id: broadcasterId, scopes: ['communities_edit', 'communities_moderate', 'channel_feed_edit', 'analytics:read:extensions'] },
    })
  ).json.access_token;
  const jwt = signExtensionJwt({ exp: emu.state.clock.nowSeconds() + 3600, user_id: broadcasterId, role: 'external' }, DEMO_CLIENT.extensionSecret);
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
  communityId = emu.state.kraken.communityByName('SidestageBuilders')!.id;
  postId = emu.state.kraken.posts(broadcasterId)[0]!.id;
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

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

describe('malformed requests to the extension, analytics and v5 routes', () => {
  it('never get a 5xx, and errors keep the platform shape', async () => {
    const c = DEMO_CLIENT.clientId;
    const b = '501234567';
    const routes: [NonNullable<CallOptions['method']>, string][] = [
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

    const random = prng(Number(process.env.EMULATOR_FUZZ_SEED ?? 7_250_913));
    const started = Date.now();
    for (let batch = 0; batch < 10; batch++) {
      const requests = Array.from({ length: 20 }, () => {
        const [method, path] = pick(random, routes);
        const query = Array.from({ length: Math.floor(random() * 4) }, () => `${pick(random, params)}=${encodeURIComponent(pick(random, values))}`);
        const headers = { ...pick(random, headerPool) };
        const options: CallOptions = { method: random() < 0.9 ? method : pick(random, ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const), headers };
        if (options.method !== 'GET' && random() < 0.7) {
          const type = pick(random, contentTypes);
          if (type) headers['content-type'] = type;
          options.body = pick(random, bodies);
        }
        return { url: `${emu.url}${path}${query.length ? `?${query.join('&')}` : ''}`, options };
      });
      const responses = await Promise.all(requests.map((r) => call(r.url, r.options)));
      responses.forEach((res, i) => {
        const label = `${requests[i]!.options.method} ${requests[i]!.url.slice(0, 160)}`;
        expect(res.status, label).toBeLessThan(500);
        if (res.status >= 400 && res.text !== '') expect(res.json, label).toEqual({ error: expect.any(String), status: res.status, message: expect.any(String) });
      });
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

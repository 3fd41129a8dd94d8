/**
 * What widely used client libraries send and the platform accepts (issue 9, part 1): each case here
 * was refused by the emulator before.
 */
import { describe, expect, it } from 'vitest';
import { call, helixHeaders } from './test-support/emulator-test-client';
import { DEMO_REWARD_IDS } from './seed-channel-points';
import { apiError, useDemoEmulator } from './test-support/demo-emulator';
import { rawCall } from './test-support/raw-http';

const demo = useDemoEmulator();

/** An empty body with a type: what HTTP clients send on requests whose parameters are all in the query. */
const EMPTY_TYPED_BODIES: Record<string, string>[] = [
  { 'content-type': 'application/octet-stream', 'content-length': '0' },
  { 'content-type': 'text/plain;charset=UTF-8', 'content-length': '0' },
  { 'content-type': 'garbage' },
];

describe('an empty body, whatever its Content-Type', () => {
  it('is accepted by the identity service (token, revoke, validate)', async () => {
    const { clientId, clientSecret } = demo.emu.demo!;
    for (const headers of EMPTY_TYPED_BODIES) {
      const label = JSON.stringify(headers);
      const token = await rawCall(demo.url, {
        method: 'POST',
        target: `/oauth2/token?grant_type=client_credentials&client_id=${clientId}&client_secret=${clientSecret}`,
        headers,
      });
      expect(token.status, label).toBe(200);
      const accessToken = token.json.access_token as string;
      const validate = await rawCall(demo.url, { target: '/oauth2/validate', headers: { ...headers, authorization: `OAuth ${accessToken}` } });
      expect(validate.status, label).toBe(200);
      const revoke = await rawCall(demo.url, { method: 'POST', target: `/oauth2/revoke?client_id=${clientId}&token=${accessToken}`, headers });
      expect(revoke.status, label).toBe(200);
    }
  });

  it('is accepted by current-API calls whose parameters are all in the query', async () => {
    const token = await demo.mint(demo.broadcasterId, ['channel:manage:redemptions', 'channel:manage:videos']);
    const headers = { ...helixHeaders(token, demo.clientId), 'content-type': 'application/octet-stream', 'content-length': '0' };
    const rewards = await rawCall(demo.url, { target: `/helix/channel_points/custom_rewards?broadcaster_id=${demo.broadcasterId}`, headers });
    expect(rewards.status).toBe(200);
    const deleted = await rawCall(demo.url, {
      method: 'DELETE',
      target: `/helix/channel_points/custom_rewards?broadcaster_id=${demo.broadcasterId}&id=${DEMO_REWARD_IDS.hydrate}`,
      headers,
    });
    expect(deleted.status).toBe(204);
    const video = demo.state.videos.list().find((v) => v.userId === demo.broadcasterId)!;
    expect((await rawCall(demo.url, { method: 'DELETE', target: `/helix/videos?id=${video.id}`, headers })).status).toBe(200);
  });

  it('a body still needs a type the endpoint reads', async () => {
    const { clientId, clientSecret } = demo.emu.demo!;
    const res = await rawCall(demo.url, {
      method: 'POST',
      target: '/oauth2/token',
      headers: { 'content-type': 'application/octet-stream' },
      body: `grant_type=client_credentials&client_id=${clientId}&client_secret=${clientSecret}`,
    });
    expect(res.status).toBe(415);
    expect(res.json).toEqual({ status: 415, message: 'Unsupported Content-Type' });
    // And a body-taking endpoint without its body still says what is missing.
    const token = await demo.mint(demo.broadcasterId, ['channel:manage:redemptions']);
    const patch = await rawCall(demo.url, {
      method: 'PATCH',
      target: `/helix/channel_points/custom_rewards/redemptions?broadcaster_id=${demo.broadcasterId}&reward_id=${DEMO_REWARD_IDS.songRequest}&id=x`,
      headers: { ...helixHeaders(token, demo.clientId), 'content-type': 'application/octet-stream', 'content-length': '0' },
    });
    expect(patch.json).toEqual(apiError(400, 'Missing request body'));
  });
});

describe('boolean query parameters', () => {
  it('take true and false in any letter case', async () => {
    const token = await demo.mint(demo.broadcasterId, ['channel:read:redemptions']);
    const rewards = (value: string) => demo.helix('GET', `/channel_points/custom_rewards?broadcaster_id=${demo.broadcasterId}&only_manageable_rewards=${value}`, { token });
    const all = (await rewards('false')).json.data.length as number;
    const manageable = (await rewards('true')).json.data.length as number;
    expect(manageable).toBeLessThan(all);
    for (const value of ['True', 'TRUE']) expect((await rewards(value)).json.data, value).toHaveLength(manageable);
    for (const value of ['False', 'FALSE']) expect((await rewards(value)).json.data, value).toHaveLength(all);
    expect((await demo.helix('GET', '/search/channels?query=demo&live_only=False', { token })).status).toBe(200);
  });

  it('are refused otherwise with a 400 naming the parameter', async () => {
    const res = await demo.helix('GET', '/search/channels?query=demo&live_only=1');
    expect(res.json).toEqual(apiError(400, 'Invalid parameter "live_only": must be true or false'));
  });
});

describe('numbers', () => {
  it('take a leading plus sign and zeros, as the platform does', async () => {
    const res = await demo.helix('GET', `/videos?user_id=${demo.broadcasterId}&first=%2B1`);
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(1);
    expect((await demo.helix('GET', `/videos?user_id=${demo.broadcasterId}&first=01`)).json.data).toHaveLength(1);
    expect((await demo.helix('GET', `/videos?user_id=${demo.broadcasterId}&first=1.0`)).json).toEqual(apiError(400, 'Invalid parameter "first": must be an integer'));
  });
});

describe('unchanged: what the emulator already took', () => {
  it('header names and the Bearer scheme in any case, a JSON type in any case, a trailing slash', async () => {
    const token = await demo.mint(demo.broadcasterId, []);
    const users = await rawCall(demo.url, { target: '/helix/users/', headers: { AUTHORIZATION: `bearer ${token}`, 'CLIENT-ID': demo.clientId } });
    expect(users.status).toBe(200);
    const created = await call(`${demo.url}/_emulator/users`, { body: JSON.stringify({ login: 'cased_type' }), headers: { 'content-type': 'Application/JSON; Charset=UTF-8' } });
    expect(created.status).toBe(200);
  });
});

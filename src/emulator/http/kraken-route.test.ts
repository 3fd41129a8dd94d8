import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test-support/emulator-test-client';
import { useDemoEmulator } from '../test-support/demo-emulator';
import { V3_GONE_MESSAGE, V5_MEDIA_TYPE } from './kraken-route';
import { v5Headers } from '../test-support/v5-test-helpers';

const demo = useDemoEmulator({ reset: false });
let feedToken: string;

beforeAll(async () => {
  feedToken = await demo.mint(demo.broadcasterId, ['channel_feed_edit']);
});

const gone = { error: 'Gone', status: 410, message: V3_GONE_MESSAGE };

describe('the v5 Accept header', () => {
  it('is required on every /kraken request: without it the request is for v3, which is gone (410)', async () => {
    for (const path of ['/kraken/bits/actions', '/kraken/communities/top', `/kraken/feed/${demo.broadcasterId}/posts`, '/kraken', '/kraken/users/1', '/kraken/streams']) {
      const res = await call(`${demo.url}${path}`, { headers: { 'client-id': demo.clientId } });
      expect(res.status, path).toBe(410);
      expect(res.json, path).toEqual(gone);
    }
    const wrongVersion = await call(`${demo.url}/kraken/bits/actions`, { headers: { accept: 'application/vnd.twitchtv.v3+json', 'client-id': demo.clientId } });
    expect(wrongVersion.status).toBe(410);
    const json = await call(`${demo.url}/kraken/bits/actions`, { headers: { accept: 'application/json', 'client-id': demo.clientId } });
    expect(json.status).toBe(410);
  });

  it('is found among several media types, with parameters and in any case', async () => {
    const accept = `text/html, ${V5_MEDIA_TYPE.toUpperCase()};q=0.9, */*;q=0.1`;
    const res = await call(`${demo.url}/kraken/bits/actions`, { headers: { accept, 'client-id': demo.clientId } });
    expect(res.status).toBe(200);
  });

  it('with it, unknown v5 paths are 404 in the v5 shape', async () => {
    const res = await call(`${demo.url}/kraken/streams`, { headers: v5Headers(demo.clientId) });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Not Found', status: 404, message: 'Unknown endpoint: GET /kraken/streams' });
    expect((await call(`${demo.url}/kraken/communities/top`, { method: 'PATCH', headers: v5Headers(demo.clientId) })).status).toBe(404);
  });

  it('is not needed on /v5/bits/actions, whose path names the version', async () => {
    const res = await call(`${demo.url}/v5/bits/actions`, { headers: { 'client-id': demo.clientId } });
    expect(res.status).toBe(200);
    expect(res.json.actions.length).toBeGreaterThan(0);
  });
});

describe('the v5 Client-Id', () => {
  it('is required, as a header or the client_id query parameter', async () => {
    const missing = await call(`${demo.url}/kraken/bits/actions`, { headers: { accept: V5_MEDIA_TYPE } });
    expect(missing.json).toEqual({ error: 'Bad Request', status: 400, message: 'No client id specified' });
    const unknown = await call(`${demo.url}/kraken/bits/actions`, { headers: v5Headers('nope') });
    expect(unknown.json).toEqual({ error: 'Bad Request', status: 400, message: 'Invalid client id specified' });
    const byQuery = await call(`${demo.url}/kraken/bits/actions?client_id=${demo.clientId}`, { headers: { accept: V5_MEDIA_TYPE } });
    expect(byQuery.status).toBe(200);
    expect((await call(`${demo.url}/v5/bits/actions`)).status).toBe(400);
  });
});

describe('v5 authentication', () => {
  const post = (headers: Record<string, string>) =>
    call(`${demo.url}/kraken/feed/${demo.broadcasterId}/posts`, { method: 'POST', headers, json: { content: 'hello' } });
  const unauthorized = (message: string) => ({ error: 'Unauthorized', status: 401, message });

  it('takes Authorization: OAuth <token> with the legacy scope', async () => {
    expect((await post(v5Headers(demo.clientId, feedToken))).status).toBe(200);
  });

  it('refuses a missing, malformed, Bearer, unknown or expired token', async () => {
    expect((await post(v5Headers(demo.clientId))).json).toEqual(unauthorized('Authorization is missing: send "Authorization: OAuth <access token>"'));
    expect((await post({ ...v5Headers(demo.clientId), authorization: `Bearer ${feedToken}` })).json).toEqual(unauthorized('Authorization must be "OAuth <access token>"'));
    expect((await post({ ...v5Headers(demo.clientId), authorization: 'OAuth' })).status).toBe(401);
    expect((await post(v5Headers(demo.clientId, 'x'.repeat(30)))).json).toEqual(unauthorized('invalid oauth token'));
    const shortLived = await demo.mint(demo.broadcasterId, ['channel_feed_edit'], { expires_in: 5 });
    await demo.advance(6);
    expect((await post(v5Headers(demo.clientId, shortLived))).json).toEqual(unauthorized('invalid oauth token'));
  });

  it('needs the token’s client, a user token and the scope', async () => {
    expect((await post(v5Headers(demo.emu.demo!.publicClientId, feedToken))).json).toEqual(unauthorized('Client ID and OAuth token do not match'));
    expect((await post(v5Headers(demo.clientId, await demo.mint(null, ['channel_feed_edit'])))).json).toEqual(unauthorized('A user OAuth token is required'));
    expect((await post(v5Headers(demo.clientId, await demo.mint(demo.broadcasterId, ['channel_feed_read'])))).json).toEqual(
      unauthorized('Missing required scope: channel_feed_edit'),
    );
  });

  it('optional auth still refuses a bad token', async () => {
    const res = await call(`${demo.url}/kraken/feed/${demo.broadcasterId}/posts`, { headers: v5Headers(demo.clientId, 'y'.repeat(30)) });
    expect(res.status).toBe(401);
  });
});

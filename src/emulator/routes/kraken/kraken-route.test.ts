import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../emulator-test-client';
import { startEmulator, type RunningEmulator } from '../../server';
import { V3_GONE_MESSAGE, V5_MEDIA_TYPE } from './kraken-route';
import { v5Headers } from './v5-test-helpers';

let emu: RunningEmulator;
let clientId: string;
let broadcasterId: string;
let feedToken: string;

async function mint(json: object): Promise<string> {
  return (await call(`${emu.url}/_emulator/tokens`, { json: { client_id: clientId, ...json } })).json.access_token;
}

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  clientId = emu.demo!.clientId;
  broadcasterId = emu.demo!.broadcaster.id;
  feedToken = await mint({ user_id: broadcasterId, scopes: ['channel_feed_edit'] });
});
afterAll(() => emu.close());

const gone = { error: 'Gone', status: 410, message: V3_GONE_MESSAGE };

describe('the v5 Accept header', () => {
  it('is required on every /kraken request: without it the request is for v3, which is gone (410)', async () => {
    for (const path of ['/kraken/bits/actions', '/kraken/communities/top', `/kraken/feed/${broadcasterId}/posts`, '/kraken', '/kraken/users/1', '/kraken/streams']) {
      const res = await call(`${emu.url}${path}`, { headers: { 'client-id': clientId } });
      expect(res.status, path).toBe(410);
      expect(res.json, path).toEqual(gone);
    }
    const wrongVersion = await call(`${emu.url}/kraken/bits/actions`, { headers: { accept: 'application/vnd.twitchtv.v3+json', 'client-id': clientId } });
    expect(wrongVersion.status).toBe(410);
    const json = await call(`${emu.url}/kraken/bits/actions`, { headers: { accept: 'application/json', 'client-id': clientId } });
    expect(json.status).toBe(410);
  });

  it('is found among several media types, with parameters and in any case', async () => {
    const accept = `text/html, ${V5_MEDIA_TYPE.toUpperCase()};q=0.9, */*;q=0.1`;
    const res = await call(`${emu.url}/kraken/bits/actions`, { headers: { accept, 'client-id': clientId } });
    expect(res.status).toBe(200);
  });

  it('with it, unknown v5 paths are 404 in the v5 shape', async () => {
    const res = await call(`${emu.url}/kraken/streams`, { headers: v5Headers(clientId) });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Not Found', status: 404, message: 'Unknown endpoint: GET /kraken/streams' });
    expect((await call(`${emu.url}/kraken/communities/top`, { method: 'PATCH', headers: v5Headers(clientId) })).status).toBe(404);
  });

  it('is not needed on /v5/bits/actions, whose path names the version', async () => {
    const res = await call(`${emu.url}/v5/bits/actions`, { headers: { 'client-id': clientId } });
    expect(res.status).toBe(200);
    expect(res.json.actions.length).toBeGreaterThan(0);
  });
});

describe('the v5 Client-Id', () => {
  it('is required, as a header or the client_id query parameter', async () => {
    const missing = await call(`${emu.url}/kraken/bits/actions`, { headers: { accept: V5_MEDIA_TYPE } });
    expect(missing.json).toEqual({ error: 'Bad Request', status: 400, message: 'No client id specified' });
    const unknown = await call(`${emu.url}/kraken/bits/actions`, { headers: v5Headers('nope') });
    expect(unknown.json).toEqual({ error: 'Bad Request', status: 400, message: 'Invalid client id specified' });
    const byQuery = await call(`${emu.url}/kraken/bits/actions?client_id=${clientId}`, { headers: { accept: V5_MEDIA_TYPE } });
    expect(byQuery.status).toBe(200);
    expect((await call(`${emu.url}/v5/bits/actions`)).status).toBe(400);
  });
});

describe('v5 authentication', () => {
  const post = (headers: Record<string, string>) =>
    call(`${emu.url}/kraken/feed/${broadcasterId}/posts`, { method: 'POST', headers, json: { content: 'hello' } });
  const unauthorized = (message: string) => ({ error: 'Unauthorized', status: 401, message });

  it('takes Authorization: OAuth <token> with the legacy scope', async () => {
    expect((await post(v5Headers(clientId, feedToken))).status).toBe(200);
  });

  it('refuses a missing, malformed, Bearer, unknown or expired token', async () => {
    expect((await post(v5Headers(clientId))).json).toEqual(unauthorized('Authorization is missing: send "Authorization: OAuth <access token>"'));
    expect((await post({ ...v5Headers(clientId), authorization: `Bearer ${feedToken}` })).json).toEqual(unauthorized('Authorization must be "OAuth <access token>"'));
    expect((await post({ ...v5Headers(clientId), authorization: 'OAuth' })).status).toBe(401);
    expect((await post(v5Headers(clientId, 'x'.repeat(30)))).json).toEqual(unauthorized('invalid oauth token'));
    const shortLived = await mint({ user_id: broadcasterId, scopes: ['channel_feed_edit'], expires_in: 5 });
    await call(`${emu.url}/_emulator/clock`, { json: { advance_seconds: 6 } });
    expect((await post(v5Headers(clientId, shortLived))).json).toEqual(unauthorized('invalid oauth token'));
  });

  it('needs the token’s client, a user token and the scope', async () => {
    expect((await post(v5Headers(emu.demo!.publicClientId, feedToken))).json).toEqual(unauthorized('Client ID and OAuth token do not match'));
    expect((await post(v5Headers(clientId, await mint({ scopes: ['channel_feed_edit'] })))).json).toEqual(unauthorized('A user OAuth token is required'));
    expect((await post(v5Headers(clientId, await mint({ user_id: broadcasterId, scopes: ['channel_feed_read'] })))).json).toEqual(
      unauthorized('Missing required scope: channel_feed_edit'),
    );
  });

  it('optional auth still refuses a bad token', async () => {
    const res = await call(`${emu.url}/kraken/feed/${broadcasterId}/posts`, { headers: v5Headers(clientId, 'y'.repeat(30)) });
    expect(res.status).toBe(401);
  });
});

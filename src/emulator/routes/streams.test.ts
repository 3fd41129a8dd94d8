import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, helixHeaders } from '../emulator-test-client';
import { startEmulator, type RunningEmulator } from '../server';

let emu: RunningEmulator;
let clientId: string;
let broadcasterId: string;
let token: string;

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  clientId = emu.demo!.clientId;
  broadcasterId = emu.demo!.broadcaster.id;
  token = (await call(`${emu.url}/_emulator/tokens`, { json: { client_id: clientId, user_id: broadcasterId, scopes: ['channel:read:stream_key'] } })).json
    .access_token;
});
afterAll(() => emu.close());

describe('GET /helix/streams/key', () => {
  it('returns the broadcaster’s stream key', async () => {
    const res = await call(`${emu.url}/helix/streams/key?broadcaster_id=${broadcasterId}`, { headers: helixHeaders(token, clientId) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [{ stream_key: expect.stringMatching(new RegExp(`^live_${broadcasterId}_[A-Za-z0-9]{30}$`)) }] });
  });

  it('needs broadcaster_id', async () => {
    const res = await call(`${emu.url}/helix/streams/key`, { headers: helixHeaders(token, clientId) });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Bad Request', status: 400, message: 'Missing required parameter "broadcaster_id"' });
  });

  it('refuses another broadcaster’s key', async () => {
    const res = await call(`${emu.url}/helix/streams/key?broadcaster_id=612345001`, { headers: helixHeaders(token, clientId) });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe('Unauthorized');
  });

  it('gives new users a key of their own', async () => {
    const user = await call(`${emu.url}/_emulator/users`, { json: { login: 'newcomer' } });
    const own = (await call(`${emu.url}/_emulator/tokens`, { json: { client_id: clientId, user_id: user.json.id, scopes: ['channel:read:stream_key'] } })).json
      .access_token;
    const res = await call(`${emu.url}/helix/streams/key?broadcaster_id=${user.json.id}`, { headers: helixHeaders(own, clientId) });
    expect(res.json.data[0].stream_key).toMatch(new RegExp(`^live_${user.json.id}_`));
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, helixHeaders } from '../emulator-test-client';
import { startEmulator, type RunningEmulator } from '../server';

let emu: RunningEmulator;
let clientId: string;
let broadcasterId: string;
const SCOPE = 'channel:edit:commercial';

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  clientId = emu.demo!.clientId;
  broadcasterId = emu.demo!.broadcaster.id;
});
afterAll(() => emu.close());
beforeEach(async () => {
  emu.state.reset();
  await call(`${emu.url}/_emulator/streams/${broadcasterId}/online`, { json: {} });
});

const mint = async (userId: string | undefined, scopes: string[]) =>
  (await call(`${emu.url}/_emulator/tokens`, { json: { client_id: clientId, ...(userId ? { user_id: userId } : {}), scopes } })).json.access_token as string;
const start = async (body: unknown, token?: string) =>
  call(`${emu.url}/helix/channels/commercial`, {
    method: 'POST',
    headers: { ...helixHeaders(token ?? (await mint(broadcasterId, [SCOPE])), clientId), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const advance = (seconds: number) => call(`${emu.url}/_emulator/clock`, { json: { advance_seconds: seconds } });

describe('POST /helix/channels/commercial', () => {
  it('starts a commercial while live and answers the result', async () => {
    const res = await start({ broadcaster_id: broadcasterId, length: 60 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [{ length: 60, message: '', retry_after: 480 }] });
  });

  it('explains a refusal during the 8-minute cooldown in the result, with retry_after', async () => {
    const token = await mint(broadcasterId, [SCOPE]);
    await start({ broadcaster_id: broadcasterId, length: 30 }, token);
    const again = await start({ broadcaster_id: broadcasterId, length: 90 }, token);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ data: [{ length: 0, message: expect.stringContaining('480 seconds'), retry_after: 480 }] });
    await advance(479);
    const almost = await start({ broadcaster_id: broadcasterId, length: 90 }, token);
    expect(almost.json.data[0]).toMatchObject({ length: 0, retry_after: 1 });
    await advance(1);
    const ok = await start({ broadcaster_id: broadcasterId, length: 90 }, token);
    expect(ok.json).toEqual({ data: [{ length: 90, message: '', retry_after: 480 }] });
  });

  it('needs the broadcaster to be live (400)', async () => {
    await call(`${emu.url}/_emulator/streams/${broadcasterId}/offline`, { method: 'POST' });
    const res = await start({ broadcaster_id: broadcasterId, length: 30 });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Bad Request', status: 400, message: 'To start a commercial, the broadcaster must be streaming live.' });
  });

  it('takes the lengths 30, 60, 90, 120, 150 and 180 only', async () => {
    for (const length of [30, 60, 90, 120, 150, 180]) {
      const res = await start({ broadcaster_id: broadcasterId, length });
      expect(res.json.data[0].length, String(length)).toBe(length);
      await advance(480);
    }
    for (const length of [0, 29, 31, 45, 179, 181, 210, -30, 60.5, '60', null, true]) {
      const res = await start({ broadcaster_id: broadcasterId, length });
      expect(res.status, JSON.stringify(length)).toBe(400);
      expect(res.json.message).toContain('"length"');
    }
  });

  it('needs broadcaster_id and length in a JSON object body (400)', async () => {
    expect((await start({ length: 30 })).json).toEqual({ error: 'Bad Request', status: 400, message: 'Missing required parameter "broadcaster_id"' });
    expect((await start({ broadcaster_id: broadcasterId })).json).toEqual({ error: 'Bad Request', status: 400, message: 'Missing required parameter "length"' });
    expect((await start({ broadcaster_id: Number(broadcasterId), length: 30 })).status).toBe(400);
    expect((await start([broadcasterId, 30])).status).toBe(400);
    const token = await mint(broadcasterId, [SCOPE]);
    const noBody = await call(`${emu.url}/helix/channels/commercial`, { method: 'POST', headers: helixHeaders(token, clientId) });
    expect(noBody.status).toBe(400);
  });

  it('needs broadcaster_id = token user, the scope and a user token (401)', async () => {
    const other = await start({ broadcaster_id: '612345001', length: 30 });
    expect(other.status).toBe(401);
    expect(other.json.message).toBe("The ID in broadcaster_id must match the user ID found in the request's OAuth token.");
    expect((await start({ broadcaster_id: broadcasterId, length: 30 }, await mint(broadcasterId, ['channel:read:ads']))).status).toBe(401);
    expect((await start({ broadcaster_id: broadcasterId, length: 30 }, await mint(undefined, [SCOPE]))).status).toBe(401);
  });
});

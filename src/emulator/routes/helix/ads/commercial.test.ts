import { beforeEach, describe, expect, it } from 'vitest';
import { useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
const SCOPE = 'channel:edit:commercial';

beforeEach(async () => {
  await demo.simulate(`/streams/${demo.broadcasterId}/online`, {});
});

const start = (body: unknown, token?: string) => demo.helix('POST', '/channels/commercial', { token, scopes: [SCOPE], json: body });

describe('POST /helix/channels/commercial', () => {
  it('starts a commercial while live and answers the result', async () => {
    const res = await start({ broadcaster_id: demo.broadcasterId, length: 60 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [{ length: 60, message: '', retry_after: 480 }] });
  });

  it('explains a refusal during the 8-minute cooldown in the result, with retry_after', async () => {
    const token = await demo.mint(demo.broadcasterId, [SCOPE]);
    await start({ broadcaster_id: demo.broadcasterId, length: 30 }, token);
    const again = await start({ broadcaster_id: demo.broadcasterId, length: 90 }, token);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ data: [{ length: 0, message: expect.stringContaining('480 seconds'), retry_after: 480 }] });
    await demo.advance(479);
    const almost = await start({ broadcaster_id: demo.broadcasterId, length: 90 }, token);
    expect(almost.json.data[0]).toMatchObject({ length: 0, retry_after: 1 });
    await demo.advance(1);
    const ok = await start({ broadcaster_id: demo.broadcasterId, length: 90 }, token);
    expect(ok.json).toEqual({ data: [{ length: 90, message: '', retry_after: 480 }] });
  });

  it('needs the broadcaster to be live (400)', async () => {
    await demo.simulate(`/streams/${demo.broadcasterId}/offline`);
    const res = await start({ broadcaster_id: demo.broadcasterId, length: 30 });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Bad Request', status: 400, message: 'To start a commercial, the broadcaster must be streaming live.' });
  });

  it('takes the lengths 30, 60, 90, 120, 150 and 180 only', async () => {
    for (const length of [30, 60, 90, 120, 150, 180]) {
      const res = await start({ broadcaster_id: demo.broadcasterId, length });
      expect(res.json.data[0].length, String(length)).toBe(length);
      await demo.advance(480);
    }
    for (const length of [0, 29, 31, 45, 179, 181, 210, -30, 60.5, '60', null, true]) {
      const res = await start({ broadcaster_id: demo.broadcasterId, length });
      expect(res.status, JSON.stringify(length)).toBe(400);
      expect(res.json.message).toContain('"length"');
    }
  });

  it('needs broadcaster_id and length in a JSON object body (400)', async () => {
    expect((await start({ length: 30 })).json).toEqual({ error: 'Bad Request', status: 400, message: 'Missing required parameter "broadcaster_id"' });
    expect((await start({ broadcaster_id: demo.broadcasterId })).json).toEqual({ error: 'Bad Request', status: 400, message: 'Missing required parameter "length"' });
    expect((await start({ broadcaster_id: Number(demo.broadcasterId), length: 30 })).status).toBe(400);
    expect((await start([demo.broadcasterId, 30])).status).toBe(400);
    const token = await demo.mint(demo.broadcasterId, [SCOPE]);
    const noBody = await demo.helix('POST', '/channels/commercial', { token });
    expect(noBody.status).toBe(400);
  });

  it('needs broadcaster_id = token user, the scope and a user token (401)', async () => {
    const other = await start({ broadcaster_id: '612345001', length: 30 });
    expect(other.status).toBe(401);
    expect(other.json.message).toBe("The ID in broadcaster_id must match the user ID found in the request's OAuth token.");
    expect((await start({ broadcaster_id: demo.broadcasterId, length: 30 }, await demo.mint(demo.broadcasterId, ['channel:read:ads']))).status).toBe(401);
    expect((await start({ broadcaster_id: demo.broadcasterId, length: 30 }, await demo.mint(null, [SCOPE]))).status).toBe(401);
  });
});

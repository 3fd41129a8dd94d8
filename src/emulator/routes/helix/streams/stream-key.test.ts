import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator({ reset: false });
let token: string;

beforeAll(async () => {
  token = await demo.mint(demo.broadcasterId, ['channel:read:stream_key']);
});

describe('GET /helix/streams/key', () => {
  it('returns the broadcaster’s stream key', async () => {
    const res = await demo.helix('GET', `/streams/key?broadcaster_id=${demo.broadcasterId}`, { token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [{ stream_key: expect.stringMatching(new RegExp(`^live_${demo.broadcasterId}_[A-Za-z0-9]{30}$`)) }] });
  });

  it('needs broadcaster_id', async () => {
    const res = await demo.helix('GET', '/streams/key', { token });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Bad Request', status: 400, message: 'Missing required parameter "broadcaster_id"' });
  });

  it('refuses another broadcaster’s key', async () => {
    const res = await demo.helix('GET', '/streams/key?broadcaster_id=612345001', { token });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe('Unauthorized');
  });

  it('gives new users a key of their own', async () => {
    const user = await demo.simulate('/users', { login: 'newcomer' });
    const own = await demo.mint(user.json.id, ['channel:read:stream_key']);
    const res = await demo.helix('GET', `/streams/key?broadcaster_id=${user.json.id}`, { token: own });
    expect(res.json.data[0].stream_key).toMatch(new RegExp(`^live_${user.json.id}_`));
  });
});

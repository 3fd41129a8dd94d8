import { describe, expect, it } from 'vitest';
import { SimulationApiError } from '../../simulation-client';
import { badRequest, useDemoEmulator } from '../../test-support/demo-emulator';

const demo = useDemoEmulator();
const B = '501234567';
const PIXELPAL = '612345001';

describe('POST /_emulator/automod/messages', () => {
  it('sees aggression of severity 4 by default; validates the body (400), never 500', async () => {
    const held = await demo.sim.autoModMessage({ broadcaster_id: B, user_id: PIXELPAL, text: 'you again' });
    expect(held.held).toMatchObject({ category: 'aggression', level: 4, status: 'pending' });
    const post = (body: unknown) => demo.simulate('/automod/messages', body);
    expect((await post({ broadcaster_id: B, user_id: '1', text: 'x' })).json).toEqual(badRequest('Unknown user_id "1"'));
    for (const body of [
      { broadcaster_id: B, user_id: PIXELPAL, text: 'x', category: 'rudeness' },
      { broadcaster_id: B, user_id: PIXELPAL, text: 'x', level: 0 },
      { broadcaster_id: B, user_id: PIXELPAL, text: 'x', level: 5 },
      { broadcaster_id: B, user_id: PIXELPAL, text: '   ' },
      { broadcaster_id: B, user_id: PIXELPAL, text: 'x', extra: true },
      [],
    ]) {
      expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await demo.simulate('/automod/messages')).status).toBe(400);
  });

  it('lists a channel’s held messages; needs a known broadcaster_id', async () => {
    await demo.sim.autoModMessage({ broadcaster_id: B, user_id: PIXELPAL, text: 'one' });
    expect((await demo.sim.heldMessages(B)).messages.map((m) => m.text)).toEqual(['one']);
    await expect(demo.sim.heldMessages('1')).rejects.toBeInstanceOf(SimulationApiError);
  });
});

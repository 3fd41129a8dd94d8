/** The simulation API's poll and prediction listings, which the demo's viewers read to find something to vote on. */
import { describe, expect, it } from 'vitest';
import { useDemoEmulator } from '../../test-support/demo-emulator';

const demo = useDemoEmulator();
const VIEWER = '612345001';

const createPoll = () =>
  demo.helix('POST', '/polls', {
    scopes: ['channel:manage:polls'],
    json: { broadcaster_id: demo.broadcasterId, title: 'Next boss?', choices: [{ title: 'Hornet' }, { title: 'Radiance' }], duration: 60 },
  });
const createPrediction = () =>
  demo.helix('POST', '/predictions', {
    scopes: ['channel:manage:predictions'],
    json: { broadcaster_id: demo.broadcasterId, title: 'First try?', outcomes: [{ title: 'Yes' }, { title: 'No' }], prediction_window: 120 },
  });

describe('GET /_emulator/polls and /_emulator/predictions', () => {
  it('list the channel’s polls newest first with their progress, and settle one whose time is up', async () => {
    expect((await demo.sim.polls(demo.broadcasterId)).polls).toEqual([]);
    const created = (await createPoll()).json.data[0];
    await demo.sim.vote(created.id, { user_id: VIEWER, choice_id: created.choices[1].id });
    const [poll] = (await demo.sim.polls(demo.broadcasterId)).polls;
    expect(poll).toMatchObject({ id: created.id, status: 'ACTIVE', choices: [{ votes: 0 }, { votes: 1 }] });
    await demo.advance(61);
    expect((await demo.sim.polls(demo.broadcasterId)).polls[0]!.status).toBe('COMPLETED');
  });

  it('list the channel’s predictions with their outcomes’ points, and lock one whose window closed', async () => {
    const created = (await createPrediction()).json.data[0];
    await demo.sim.predict(created.id, { user_id: VIEWER, outcome_id: created.outcomes[0].id, channel_points: 250 });
    const [prediction] = (await demo.sim.predictions(demo.broadcasterId)).predictions;
    expect(prediction).toMatchObject({ id: created.id, status: 'ACTIVE', outcomes: [{ users: 1, channel_points: 250 }, { users: 0 }] });
    await demo.advance(121);
    expect((await demo.sim.predictions(demo.broadcasterId)).predictions[0]!.status).toBe('LOCKED');
  });

  it('need a known broadcaster_id', async () => {
    for (const path of ['/_emulator/polls', '/_emulator/predictions']) {
      expect((await fetch(`${demo.url}${path}`)).status).toBe(400);
      expect((await fetch(`${demo.url}${path}?broadcaster_id=999999999`)).status).toBe(400);
    }
  });
});

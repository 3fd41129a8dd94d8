import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../emulator/test-support/seeded-random';
import type { SimulationPoll, SimulationPrediction } from '../../../emulator/simulation-client';
import { advanceInSteps, broadcasterId, globalEmotes, reward, setupSimulation, ticksOf, type Call } from '../../test-support/fake-simulation-emulator';
import { silentLogger } from '../logger';
import { defaultPace } from './simulation-pace';
import type { SimulationCounts } from './viewer-behaviours';
import { donationBounds, newcomerLogin, raidViewers } from './viewer-lines';

describe('ViewerSimulation: what viewers do', () => {
  it('redeems only open rewards, cheap ones more often, with plausible input where it is asked for', async () => {
    const { simulation, clock, posts, state } = setupSimulation();
    await simulation.start();
    await advanceInSteps(clock, 20 * 60_000, 200);
    const made = posts('/_emulator/redemptions').map((c) => c.body!);
    const byReward = new Map<string, number>();
    for (const body of made) byReward.set(String(body.reward_id), (byReward.get(String(body.reward_id)) ?? 0) + 1);
    expect([...byReward.keys()].sort()).toEqual(['ama', 'game', 'hydrate', 'song']);
    expect(byReward.get('hydrate')!).toBeGreaterThan(byReward.get('game')!);
    for (const body of made) {
      expect(body.broadcaster_id).toBe(broadcasterId);
      // A viewer the emulator knows (the seeded ones, or newcomers who followed), never the broadcaster.
      expect(state.users.map((u) => u.id)).toContain(body.user_id);
      expect(body.user_id).not.toBe(broadcasterId);
      if (body.reward_id === 'hydrate') expect(body).not.toHaveProperty('user_input');
      if (body.reward_id === 'song') expect(body.user_input).toMatch(/^https:\/\/(www\.youtube\.com|youtu\.be|open\.spotify\.com)\//);
      if (body.reward_id === 'ama') expect(body.user_input).toMatch(/\?$/);
      if (body.reward_id === 'game') expect(String(body.user_input).length).toBeGreaterThan(2);
    }
  });

  it('skips a refusal (cooldown, stock) and picks another reward next time, then comes back to it', async () => {
    const { simulation, clock, posts, state } = setupSimulation({ random: seededRandom(7) });
    // Only two rewards are open; "Ask me anything" is on cooldown in the emulator.
    state.rewards = [reward('hydrate', 'Hydrate!', 100), reward('ama', 'Ask me anything', 100, { is_user_input_required: true })];
    let refusals = 0;
    state.refuse.set('/_emulator/redemptions', (body) => {
      if (body?.reward_id !== 'ama') return null;
      refusals++;
      return { status: 409, body: { message: 'The reward is on global cooldown for 240 more seconds' } };
    });
    await simulation.start();
    await advanceInSteps(clock, 5 * 60_000, 200);
    const made = posts('/_emulator/redemptions');
    const refusedAt = made.filter((c) => c.body!.reward_id === 'ama').map((c) => c.at);
    expect(refusedAt.length).toBeGreaterThan(0);
    // After each refusal the reward rests a minute: every attempt in between is another reward.
    for (let i = 1; i < refusedAt.length; i++) expect(refusedAt[i]! - refusedAt[i - 1]!).toBeGreaterThanOrEqual(defaultPace.refusedRestMs);
    // Refusals are not counted, and the simulation kept going.
    expect(simulation.getState().counts.redemptions).toBe(made.length - refusals);
    expect(simulation.getState().running).toBe(true);
    expect(made.filter((c) => c.body!.reward_id === 'hydrate').length).toBeGreaterThan(20);
  });

  it('leaves a reward alone for its cooldown after redeeming it', async () => {
    const { simulation, clock, posts, state } = setupSimulation();
    state.rewards = [
      reward('hydrate', 'Hydrate!', 100),
      reward('cool', 'Cooldown', 100, { global_cooldown_setting: { is_enabled: true, global_cooldown_seconds: 300 } }),
    ];
    await simulation.start();
    await advanceInSteps(clock, 15 * 60_000, 200);
    const cool = posts('/_emulator/redemptions').filter((c) => c.body!.reward_id === 'cool').map((c) => c.at);
    expect(cool.length).toBeGreaterThan(0);
    for (let i = 1; i < cool.length; i++) expect(cool[i]! - cool[i - 1]!).toBeGreaterThanOrEqual(300_000);
  });

  it('does nothing when no reward is open, and reads the list again later', async () => {
    const { simulation, clock, posts, calls, state } = setupSimulation();
    state.rewards = [reward('emote', 'Emote-only', 100, { is_paused: true })];
    await simulation.start();
    await advanceInSteps(clock, 30_000, 200);
    expect(posts('/_emulator/redemptions')).toHaveLength(0);
    state.rewards = [reward('hydrate', 'Hydrate!', 100)];
    await advanceInSteps(clock, 60_000, 200);
    expect(posts('/_emulator/redemptions').length).toBeGreaterThan(0);
    // The reward list is read about once a minute, not before every redemption.
    expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/_emulator/redemptions')).length).toBeLessThanOrEqual(3);
  });

  it('donates $1-$25 in the campaign currency, and skips when there is no campaign', async () => {
    const { simulation, clock, posts, state } = setupSimulation();
    await simulation.start();
    await advanceInSteps(clock, 5 * 60_000, 200);
    const amounts = posts('/_emulator/donations').map((c) => c.body!.amount as { value: number; decimal_places: number; currency: string });
    expect(amounts.length).toBeGreaterThan(5);
    for (const amount of amounts) {
      expect(amount.decimal_places).toBe(2);
      expect(amount.currency).toBe('USD');
      expect(Number.isInteger(amount.value)).toBe(true);
      expect(amount.value).toBeGreaterThanOrEqual(donationBounds.minCents);
      expect(amount.value).toBeLessThanOrEqual(donationBounds.maxCents);
    }
    const counted = simulation.getState().counts.donations;
    state.refuse.set('/_emulator/donations', () => ({ status: 409, body: { message: 'No active charity campaign' } }));
    await advanceInSteps(clock, 2 * 60_000, 200);
    expect(simulation.getState().counts.donations).toBe(counted);
    expect(simulation.getState().running).toBe(true);
    expect(posts('/_emulator/donations').length).toBeGreaterThan(amounts.length);
  });

  it('joins and leaves chat, correcting a wrong guess with the other action in the same tick', async () => {
    const { simulation, clock, posts, state } = setupSimulation();
    await simulation.start();
    // Everyone is in chat, the simulation does not know yet: its first join is refused (409).
    await advanceInSteps(clock, 5 * 60_000, 200);
    const chat = posts('/_emulator/chatters');
    const actions = chat.map((c) => c.body!.action);
    expect(actions).toContain('join');
    expect(actions).toContain('leave');
    expect(simulation.getState().counts.chatEvents).toBe(ticksOf(chat).length);
    // Some ticks needed the second try, and none needed a third.
    expect(chat.length).toBeGreaterThan(ticksOf(chat).length);
    expect(chat.length).toBeLessThanOrEqual(2 * ticksOf(chat).length);
    // Whatever happened, the emulator's view is consistent (no viewer twice, none unknown).
    expect([...state.inChat].every((id) => id !== broadcasterId && state.users.some((u) => u.id === id))).toBe(true);
  });

  it('adds simulated viewers once, and they take part', async () => {
    const { simulation, clock, posts, state } = setupSimulation({ extraViewers: [{ login: 'bytewizard', displayName: 'ByteWizard' }, { login: 'pixelpal', displayName: 'PixelPal' }] });
    await simulation.start();
    // The one that existed already (pixelpal) is not created again.
    const extrasCreated = () => posts('/_emulator/users').filter((c) => ['bytewizard', 'pixelpal'].includes(String(c.body!.login)));
    expect(extrasCreated().map((c) => c.body!.login)).toEqual(['bytewizard']);
    const bytewizard = state.users.find((u) => u.login === 'bytewizard')!.id;
    await advanceInSteps(clock, 10 * 60_000, 200);
    const actors = new Set([...posts('/_emulator/redemptions'), ...posts('/_emulator/donations'), ...posts('/_emulator/chatters')].map((c) => c.body!.user_id));
    expect(actors.has(bytewizard)).toBe(true);
    expect(actors.has(broadcasterId)).toBe(false);
    await simulation.stop();
    await simulation.start();
    expect(extrasCreated()).toHaveLength(1);
  });

  it('keeps going when the emulator does not answer for a while', async () => {
    const { simulation, clock, state } = setupSimulation();
    await simulation.start();
    state.down = true;
    await advanceInSteps(clock, 60_000, 200);
    expect(simulation.getState().running).toBe(true);
    state.down = false;
    const before = simulation.getState().counts.redemptions;
    await advanceInSteps(clock, 60_000, 200);
    expect(simulation.getState().counts.redemptions).toBeGreaterThan(before);
  });

  it('announces every counted event', async () => {
    const { simulation, clock } = setupSimulation();
    const seen: number[] = [];
    const total = (counts: SimulationCounts) => Object.values(counts).reduce((a, b) => a + b, 0);
    // A gift of several subscriptions is one announcement: count announcements, not units.
    let announcements = 0;
    simulation.onChange((s) => {
      announcements++;
      seen.push(total(s.counts));
    });
    await simulation.start();
    await advanceInSteps(clock, 60_000, 200);
    const { counts } = simulation.getState();
    expect(total(counts)).toBeGreaterThan(10);
    expect(seen.at(-1)).toBe(total(counts));
    // Every change of the total was announced, each time with a larger total.
    expect(seen.every((n, i) => i === 0 || n > seen[i - 1]!)).toBe(true);
    expect(announcements).toBe(seen.length);
  });
});

const poll = (extra: Partial<SimulationPoll> = {}): SimulationPoll => ({
  id: 'poll1',
  status: 'ACTIVE',
  choices: [
    { id: 'c1', title: 'Hornet', votes: 0, channel_points_votes: 0, bits_votes: 0 },
    { id: 'c2', title: 'Radiance', votes: 0, channel_points_votes: 0, bits_votes: 0 },
  ],
  channel_points_voting_enabled: false,
  channel_points_per_vote: 0,
  ...extra,
});
const prediction = (extra: Partial<SimulationPrediction> = {}): SimulationPrediction => ({
  id: 'pred1',
  status: 'ACTIVE',
  outcomes: [
    { id: 'o1', title: 'Yes', users: 0, channel_points: 0, color: 'BLUE' },
    { id: 'o2', title: 'No', users: 0, channel_points: 0, color: 'PINK' },
  ],
  ...extra,
});

describe('ViewerSimulation: the whole crowd', () => {
  it('within a few minutes viewers chat (some with emotes), follow, subscribe and gift, cheer, raid, vote and predict', async () => {
    const { simulation, clock, posts, state } = setupSimulation({ extraViewers: [{ login: 'bytewizard', displayName: 'ByteWizard' }] });
    state.polls = [poll()];
    state.predictions = [prediction()];
    await simulation.start();
    await advanceInSteps(clock, 8 * 60_000, 200);
    const counts = simulation.getState().counts;
    for (const [kind, n] of Object.entries(counts)) expect(n, kind).toBeGreaterThan(0);

    const said = posts('/_emulator/chat/messages').map((c) => c.body!);
    expect(said.length).toBe(counts.chatMessages);
    expect(said.every((b) => b.broadcaster_id === broadcasterId && b.user_id !== broadcasterId && typeof b.text === 'string')).toBe(true);
    expect(said.filter((b) => globalEmotes.test(String(b.text))).length).toBeGreaterThan(0);
    expect(said.filter((b) => !globalEmotes.test(String(b.text))).length).toBeGreaterThan(0);

    for (const c of posts('/_emulator/cheers')) expect(String(c.body!.message)).toMatch(new RegExp(`^Cheer${String(c.body!.bits)} `));
    for (const c of posts('/_emulator/raids')) {
      expect(c.body).toMatchObject({ to_broadcaster_id: broadcasterId });
      expect(c.body!.from_broadcaster_id).not.toBe(broadcasterId);
      expect(c.body!.viewers).toBeGreaterThanOrEqual(raidViewers.min);
      expect(c.body!.viewers).toBeLessThanOrEqual(raidViewers.max);
    }
    for (const c of posts('/_emulator/subscriptions')) expect(['1000', '2000', '3000']).toContain(c.body!.tier);
    // Every subscription in the emulator came from the simulation, gifted ones included.
    expect(counts.subscriptions).toBe(state.subscribed.size);
    // The poll and the prediction moved.
    expect(state.polls[0]!.choices.reduce((a, c) => a + c.votes, 0)).toBeGreaterThan(0);
    expect(state.predictions[0]!.outcomes.reduce((a, o) => a + o.users, 0)).toBeGreaterThan(0);
  });

  it('keeps each kind to its own pace: every wait within its mean ± 50%, so the rate is bounded', async () => {
    const { simulation, clock, posts, calls, state } = setupSimulation();
    state.polls = [poll({ channel_points_voting_enabled: true, channel_points_per_vote: 100 })];
    await simulation.start();
    const started = clock.now();
    const minutes = 30;
    await advanceInSteps(clock, minutes * 60_000, 100);
    const step = 100;
    const at = (list: Call[]) => list.map((c) => c.at).sort((a, b) => a - b);
    const ticks: [string, number[], number][] = [
      ['chat messages', ticksOf(posts('/_emulator/chat/messages')), defaultPace.chatMessageMs],
      ['follows', ticksOf(posts('/_emulator/follows')), defaultPace.followMs],
      ['subscriptions', ticksOf(at([...posts('/_emulator/subscriptions'), ...posts('/_emulator/subscriptions/gifts')]).map((t) => ({ at: t }) as Call)), defaultPace.subscriptionMs],
      ['cheers', at(posts('/_emulator/cheers')), defaultPace.cheerMs],
      ['raids', at(posts('/_emulator/raids')), defaultPace.raidMs],
      ['vote looks', at(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/_emulator/polls?'))), defaultPace.voteMs],
    ];
    for (const [kind, times, mean] of ticks) {
      expect(times[0]! - started, `${kind}: the first soon`).toBeLessThanOrEqual(mean * defaultPace.firstFraction * 1.5 + step);
      for (let i = 1; i < times.length; i++) {
        const gap = times[i]! - times[i - 1]!;
        expect(gap, kind).toBeGreaterThanOrEqual(mean * 0.5);
        // A tick of several requests may end a few steps of the test's clock later.
        expect(gap, kind).toBeLessThanOrEqual(mean * 1.5 + 3 * step);
      }
      // Bounded: never more than the shortest wait allows, and about the mean on average.
      expect(times.length, kind).toBeLessThanOrEqual(Math.floor((minutes * 60_000) / (mean * 0.5)) + 1);
      expect(times.length, kind).toBeGreaterThanOrEqual(Math.floor((minutes * 60_000) / (mean * 1.5)));
    }
    // Each look at the poll sends at most one vote.
    expect(calls.filter((c) => c.path.endsWith('/votes')).length).toBeLessThanOrEqual(ticks[5]![1].length);
  });

  // No follows in these: no newcomers join the three seeded viewers.
  it('votes once per viewer on an open poll, then buys votes where the poll takes points; nothing when none is open', async () => {
    const { simulation, clock, posts, state } = setupSimulation({ pace: { followMs: 60 * 60_000 } });
    await simulation.start();
    await advanceInSteps(clock, 60_000, 200);
    expect(posts('/_emulator/polls/poll1/votes')).toHaveLength(0);
    state.polls = [poll()];
    await advanceInSteps(clock, 60_000, 200);
    const free = posts('/_emulator/polls/poll1/votes');
    // Three viewers, one free vote each, and this poll takes no points: three votes, then none.
    expect(free.map((c) => c.body!.user_id).sort()).toEqual(['v1', 'v2', 'v3']);
    expect(free.every((c) => c.body!.channel_points === undefined)).toBe(true);
    expect(simulation.getState().counts.votes).toBe(3);
    state.polls = [poll({ id: 'poll2', channel_points_voting_enabled: true, channel_points_per_vote: 50 })];
    state.freeVoters.clear();
    await advanceInSteps(clock, 60_000, 200);
    const second = posts('/_emulator/polls/poll2/votes');
    expect(second.length).toBeGreaterThan(3);
    expect(second.slice(3).every((c) => c.body!.channel_points === 50)).toBe(true);
    // A poll that ended takes no more votes.
    state.polls = [poll({ id: 'poll2', status: 'COMPLETED' })];
    const before = posts('/_emulator/polls/poll2/votes').length;
    await advanceInSteps(clock, 30_000, 200);
    expect(posts('/_emulator/polls/poll2/votes')).toHaveLength(before);
  });

  it('predicts once per viewer on an open prediction, with some points on one outcome', async () => {
    const { simulation, clock, posts, state } = setupSimulation({ pace: { followMs: 60 * 60_000 } });
    state.predictions = [prediction()];
    await simulation.start();
    await advanceInSteps(clock, 2 * 60_000, 200);
    const made = posts('/_emulator/predictions/pred1/predictions').map((c) => c.body!);
    expect(made.map((b) => b.user_id).sort()).toEqual(['v1', 'v2', 'v3']);
    for (const b of made) {
      expect(['o1', 'o2']).toContain(b.outcome_id);
      expect(b.channel_points).toBeGreaterThan(0);
    }
    state.predictions = [prediction({ status: 'LOCKED' })];
    await advanceInSteps(clock, 60_000, 200);
    expect(posts('/_emulator/predictions/pred1/predictions')).toHaveLength(3);
  });

  it('follows: the regulars follow already (another is tried in that tick), then made-up newcomers follow and stay', async () => {
    const { simulation, clock, posts, state } = setupSimulation();
    await simulation.start();
    await advanceInSteps(clock, 5 * 60_000, 200);
    const follows = posts('/_emulator/follows');
    const made = posts('/_emulator/users').map((c) => String(c.body!.login));
    expect(made.slice(0, 3)).toEqual([newcomerLogin(0), newcomerLogin(1), newcomerLogin(2)]);
    // Each regular was asked at most once: the 409 taught the simulation who follows.
    for (const id of ['v1', 'v2', 'v3']) expect(follows.filter((c) => c.body!.user_id === id).length).toBeLessThanOrEqual(1);
    expect(simulation.getState().counts.follows).toBe(made.length);
    expect(state.following.size).toBe(3 + made.length);
    // The newcomers then take part like anyone else.
    const newIds = state.users.filter((u) => made.includes(u.login)).map((u) => u.id);
    await advanceInSteps(clock, 5 * 60_000, 200);
    const actors = new Set([...posts('/_emulator/chat/messages'), ...posts('/_emulator/redemptions')].map((c) => c.body!.user_id));
    expect(newIds.some((id) => actors.has(id))).toBe(true);
  });

  it('a message the chat modes drop is not counted; its sender keeps quiet a while and another viewer speaks in that tick', async () => {
    const { simulation, clock, posts, state } = setupSimulation({ pace: { followMs: 60 * 60_000 } });
    state.drops = (body) => body?.user_id === 'v1';
    await simulation.start();
    await advanceInSteps(clock, 5 * 60_000, 200);
    const said = posts('/_emulator/chat/messages');
    const byV1 = said.filter((c) => c.body!.user_id === 'v1').map((c) => c.at);
    expect(byV1.length).toBeGreaterThan(0);
    for (let i = 1; i < byV1.length; i++) expect(byV1[i]! - byV1[i - 1]!).toBeGreaterThanOrEqual(defaultPace.refusedRestMs);
    expect(simulation.getState().counts.chatMessages).toBe(said.length - byV1.length);
    // Right after each drop (in the same tick), someone else spoke.
    for (const t of byV1) expect(said.some((c) => c.at >= t && c.at < t + 1_000 && c.body!.user_id !== 'v1')).toBe(true);
  });

  it('logs a failure to reach the emulator once per kind, not on every tick, and again after it worked in between', async () => {
    const warnings: string[] = [];
    const infos: string[] = [];
    const logger = { ...silentLogger, warn: (m: string) => void warnings.push(m), info: (m: string) => void infos.push(m) };
    const { simulation, clock, state } = setupSimulation({ logger });
    await simulation.start();
    state.down = true;
    await advanceInSteps(clock, 3 * 60_000, 200);
    // Dozens of failed ticks, one line per kind.
    expect(warnings.length).toBeGreaterThan(0);
    expect(new Set(warnings).size).toBe(warnings.length);
    expect(warnings.length).toBeLessThanOrEqual(9);
    expect(warnings).toContain('viewer simulation: chatMessage failed; retrying quietly');
    state.down = false;
    await advanceInSteps(clock, 2 * 60_000, 200);
    expect(infos).toContain('viewer simulation: chatMessage works again');
    state.down = true;
    await advanceInSteps(clock, 60_000, 200);
    expect(warnings.filter((w) => w.startsWith('viewer simulation: chatMessage'))).toHaveLength(2);
  });

  it('a new run reports its own first failure, even if the last run stopped while failing', async () => {
    const warnings: string[] = [];
    const { simulation, clock, state } = setupSimulation({ logger: { ...silentLogger, warn: (m: string) => void warnings.push(m) } });
    await simulation.start();
    state.down = true;
    await advanceInSteps(clock, 60_000, 200);
    state.down = false;
    // Off and on again before any tick could succeed.
    await simulation.stop();
    await simulation.start();
    state.down = true;
    await advanceInSteps(clock, 60_000, 200);
    expect(warnings.filter((w) => w.startsWith('viewer simulation: chatMessage'))).toHaveLength(2);
  });

  it('stops every kind when switched off: no timer left and no request after', async () => {
    const { simulation, clock, calls, state } = setupSimulation();
    state.polls = [poll()];
    state.predictions = [prediction()];
    await simulation.start();
    await advanceInSteps(clock, 3 * 60_000, 200);
    await simulation.stop();
    expect(clock.pendingTimers()).toBe(0);
    const after = calls.length;
    await advanceInSteps(clock, 30 * 60_000, 1000);
    expect(calls.length).toBe(after);
  });
});

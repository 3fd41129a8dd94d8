import { describe, expect, it } from 'vitest';
import { noSimulationCounts } from '../../../shared/ipc/contract';
import { AppError } from '../app-error';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { silentLogger } from '../logger';
import {
  defaultPace,
  donationBounds,
  donationCents,
  userInputFor,
  chatLineFor,
  newcomerLogin,
  raidViewers,
  ViewerSimulation,
  type SimulationCounts,
  type ViewerSimulationOptions,
} from './viewer-simulation';
import { createSimulationClient, type SimulationPoll, type SimulationPrediction, type SimulationReward } from '../../../emulator/simulation-client';
import { seededRandom } from '../../../emulator/test-support/seeded-random';

interface EmulatorAnswer {
  status: number;
  body: unknown;
}

const broadcasterId = '501234567';
const seedViewers = [
  { id: 'v1', login: 'pixelpal' },
  { id: 'v2', login: 'cozy_carrot' },
  { id: 'v3', login: 'lurkingluna' },
];

/** The fields of the simulation API's reward that the viewer simulation reads. */
type Reward = Pick<
  SimulationReward,
  'id' | 'title' | 'prompt' | 'cost' | 'is_enabled' | 'is_paused' | 'is_in_stock' | 'is_user_input_required' | 'global_cooldown_setting'
>;

const reward = (id: string, title: string, cost: number, extra: Partial<Reward> = {}): Reward => ({
  id,
  title,
  prompt: '',
  cost,
  is_enabled: true,
  is_paused: false,
  is_in_stock: true,
  is_user_input_required: false,
  global_cooldown_setting: { is_enabled: false, global_cooldown_seconds: 0 },
  ...extra,
});

const demoRewards = (): Reward[] => [
  reward('hydrate', 'Hydrate!', 100),
  reward('song', 'Song request', 500, { is_user_input_required: true, prompt: 'Paste a YouTube or Spotify link.' }),
  reward('game', 'Pick the next game', 5000, { is_user_input_required: true, prompt: 'Name a game from the !backlog list.' }),
  reward('ama', 'Ask me anything', 1000, { is_user_input_required: true, prompt: 'Ask a question; I answer it live.' }),
  reward('emote', 'Emote-only chat (5 min)', 2000, { is_paused: true }),
  reward('soldout', 'Sold out', 100, { is_in_stock: false }),
  reward('disabled', 'Disabled', 100, { is_enabled: false }),
];

interface Call {
  at: number;
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/** A tiny in-memory emulator behind the simulation API, recording every call with the fake time. */
function fakeEmulator(clock: FakeClock) {
  const calls: Call[] = [];
  const state = {
    live: false,
    rewards: demoRewards(),
    inChat: new Set<string>(['v1', 'v2', 'v3']),
    users: [...seedViewers, { id: broadcasterId, login: 'sidestage_demo' }],
    /** Answers by path that override the defaults (status, body). */
    refuse: new Map<string, (body: Record<string, unknown> | undefined) => EmulatorAnswer | null>(),
    /** A response held until the test releases it. */
    hold: null as null | { path: string; release?: () => void },
    down: false,
    /** The seeded viewers follow already (a follow of theirs is a 409, as in the demo seed). */
    following: new Set<string>(['v1', 'v2', 'v3']),
    subscribed: new Set<string>(),
    /** Which chat messages the chat modes drop (none by default). */
    drops: (_body: Record<string, unknown> | undefined): boolean => false,
    polls: [] as SimulationPoll[],
    predictions: [] as SimulationPrediction[],
    freeVoters: new Set<string>(),
    predictors: new Set<string>(),
  };
  const answer = (status: number, body: unknown = {}): EmulatorAnswer => ({ status, body });
  const route = (method: string, path: string, body: Record<string, unknown> | undefined): EmulatorAnswer => {
    const refusal = state.refuse.get(path.split('?')[0]!)?.(body);
    if (refusal) return refusal;
    if (path === `/_emulator/streams/${broadcasterId}/online`) {
      state.live = true;
      return answer(200, { type: 'live' });
    }
    if (path === `/_emulator/streams/${broadcasterId}/offline`) {
      if (!state.live) return answer(409, { message: 'not live' });
      state.live = false;
      return answer(200, {});
    }
    if (method === 'GET' && path.startsWith('/_emulator/redemptions?')) return answer(200, { rewards: state.rewards, redemptions: [] });
    if (method === 'POST' && path === '/_emulator/redemptions') return answer(200, { id: `r${calls.length}` });
    if (path === '/_emulator/donations') return answer(200, { id: `d${calls.length}` });
    if (path === '/_emulator/chatters') {
      const id = String(body?.user_id);
      const join = body?.action === 'join';
      if (join === state.inChat.has(id)) return answer(409, { message: join ? 'already in chat' : 'not in chat' });
      if (join) state.inChat.add(id);
      else state.inChat.delete(id);
      return answer(200, { user_id: id, in_chat: join });
    }
    if (path === '/_emulator/chat/messages') {
      const dropped = state.drops(body);
      return answer(200, { message_id: `m${calls.length}`, is_sent: !dropped, drop_reason: dropped ? { code: 'msg_followersonly', message: 'followers only' } : null });
    }
    if (path === '/_emulator/follows') {
      const id = String(body?.user_id);
      if (state.following.has(id)) return answer(409, { message: 'already follows' });
      state.following.add(id);
      return answer(200, { user_id: id });
    }
    if (path === '/_emulator/subscriptions') {
      const id = String(body?.user_id);
      if (state.subscribed.has(id)) return answer(409, { message: 'already subscribed' });
      state.subscribed.add(id);
      return answer(200, { user_id: id, tier: body?.tier });
    }
    if (path === '/_emulator/subscriptions/gifts') {
      const open = state.users.filter((u) => u.id !== broadcasterId && u.id !== body?.user_id && !state.subscribed.has(u.id));
      const count = Number(body?.count);
      if (open.length < count) return answer(409, { message: `Only ${open.length} users could receive a gift` });
      const recipients = open.slice(0, count);
      for (const r of recipients) state.subscribed.add(r.id);
      return answer(200, { total: count, subscriptions: recipients.map((r) => ({ user_id: r.id })) });
    }
    if (path === '/_emulator/cheers') return answer(200, { bits: body?.bits });
    if (path === '/_emulator/raids') return answer(200, { status: 'completed', viewers: body?.viewers });
    if (method === 'GET' && path.startsWith('/_emulator/polls?')) return answer(200, { polls: state.polls });
    if (method === 'GET' && path.startsWith('/_emulator/predictions?')) return answer(200, { predictions: state.predictions });
    const vote = /^\/_emulator\/polls\/([^/]+)\/votes$/.exec(path);
    if (vote) {
      const poll = state.polls.find((p) => p.id === vote[1]);
      const choice = poll?.choices.find((c) => c.id === body?.choice_id);
      if (!poll || !choice) return answer(400, { message: 'no such choice' });
      if (body?.channel_points === undefined) {
        if (state.freeVoters.has(String(body?.user_id))) return answer(409, { message: 'already used their free vote' });
        state.freeVoters.add(String(body?.user_id));
      } else if (!poll.channel_points_voting_enabled) return answer(409, { message: 'no points votes' });
      choice.votes++;
      return answer(200, poll);
    }
    const predict = /^\/_emulator\/predictions\/([^/]+)\/predictions$/.exec(path);
    if (predict) {
      const prediction = state.predictions.find((p) => p.id === predict[1]);
      const outcome = prediction?.outcomes.find((o) => o.id === body?.outcome_id);
      if (!prediction || !outcome) return answer(400, { message: 'no such outcome' });
      if (state.predictors.has(String(body?.user_id))) return answer(409, { message: 'already predicted' });
      state.predictors.add(String(body?.user_id));
      outcome.users++;
      outcome.channel_points += Number(body?.channel_points);
      return answer(200, prediction);
    }
    if (path === '/_emulator/state') return answer(200, { users: state.users });
    if (path === '/_emulator/users') {
      if (state.users.some((u) => u.login === body?.login)) return answer(409, { message: 'login taken' });
      const user = { id: `u${state.users.length}`, login: String(body?.login) };
      state.users.push(user);
      return answer(200, user);
    }
    return answer(404, { message: `no route ${path}` });
  };
  const base = 'http://emulator.test';
  // The real client over a fake fetch: the simulation is tested with the requests it really sends.
  const http = createSimulationClient({
    baseUrl: base,
    fetch: async (url, init) => {
      const method = init?.method ?? 'GET';
      const path = url.slice(base.length);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ at: clock.now(), method, path, body });
      if (state.down) throw new Error('connect ECONNREFUSED');
      if (state.hold && path.startsWith(state.hold.path)) {
        const hold = state.hold;
        await new Promise<void>((resolve) => (hold.release = resolve));
      }
      const answered = route(method, path, body);
      return new Response(JSON.stringify(answered.body), { status: answered.status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { http, calls, state };
}

async function flush(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

/** Moves fake time in small steps, letting each tick's requests finish before the next step. */
async function run(clock: FakeClock, ms: number, step = 50): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    clock.advance(Math.min(step, ms - t));
    await flush();
  }
}

/** A chat tick is one request, or two when the first guess about who is in chat was wrong. */
function ticksOf(calls: Call[]): number[] {
  return calls.map((c) => c.at).filter((at, i, all) => i === 0 || at - all[i - 1]! > 1_000);
}

function setup(options: Partial<ViewerSimulationOptions> = {}) {
  const clock = createFakeClock(Date.UTC(2026, 0, 1, 20, 0, 0));
  const emulator = fakeEmulator(clock);
  const simulation = new ViewerSimulation({
    http: emulator.http,
    broadcasterId,
    viewers: seedViewers,
    extraViewers: [],
    logger: silentLogger,
    clock,
    random: seededRandom(42),
    ...options,
  });
  const posts = (path: string) => emulator.calls.filter((c) => c.method === 'POST' && c.path === path);
  return { clock, simulation, ...emulator, posts };
}

describe('ViewerSimulation: switching on and off', () => {
  it('makes the channel live first, then reports itself running from that moment', async () => {
    const { simulation, state, calls, clock } = setup();
    const seen: unknown[] = [];
    simulation.onChange((s) => seen.push(s));
    const result = await simulation.start();
    expect(state.live).toBe(true);
    expect(calls[0]).toMatchObject({ method: 'POST', path: `/_emulator/streams/${broadcasterId}/online` });
    expect(result).toEqual({ running: true, startedAt: new Date(clock.now()).toISOString(), counts: noSimulationCounts });
    expect(seen).toHaveLength(1);
    // Starting again changes nothing and sends nothing.
    await simulation.start();
    expect(calls.filter((c) => c.path.endsWith('/online'))).toHaveLength(1);
  });

  it('stops everything: no timer left, no request after stop, and the channel goes offline', async () => {
    const { simulation, state, clock, calls } = setup();
    await simulation.start();
    await run(clock, 60_000);
    expect(simulation.getState().counts.redemptions).toBeGreaterThan(0);
    const result = await simulation.stop();
    expect(result.running).toBe(false);
    expect(result.startedAt).toBeNull();
    expect(state.live).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
    const after = calls.length;
    await run(clock, 10 * 60_000, 1000);
    expect(calls.length).toBe(after);
    // The last run's counts stay readable.
    expect(result.counts.redemptions).toBeGreaterThan(0);
  });

  it('waits for a request already on the wire, and sends nothing after it (not even the chat retry)', async () => {
    const { simulation, state, clock, calls } = setup();
    await simulation.start();
    state.hold = { path: '/_emulator/chatters' };
    state.inChat.clear();
    // Every seeded viewer is believed absent, so the chat tick joins; hold that join.
    await run(clock, defaultPace.chatMs);
    expect(state.hold.release).toBeDefined();
    let stopped = false;
    const stopping = simulation.stop().then(() => (stopped = true));
    await flush();
    expect(stopped).toBe(false);
    const before = calls.length;
    state.hold.release!();
    await stopping;
    // Only the offline call followed.
    expect(calls.slice(before).map((c) => c.path)).toEqual([`/_emulator/streams/${broadcasterId}/offline`]);
    await run(clock, 60_000, 1000);
    expect(calls.length).toBe(before + 1);
  });

  it('stops without going offline twice when the stream already ended elsewhere', async () => {
    const { simulation, state } = setup();
    await simulation.start();
    state.live = false;
    await expect(simulation.stop()).resolves.toMatchObject({ running: false });
  });

  it('refuses to start, in words, when the channel cannot go live; a retry works', async () => {
    const { simulation, state, clock } = setup();
    state.down = true;
    const error = await simulation.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^Could not make the demo channel live: .*ECONNREFUSED/) });
    expect(simulation.getState().running).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
    state.down = false;
    state.refuse.set(`/_emulator/streams/${broadcasterId}/online`, () => ({ status: 404, body: { message: 'Unknown user "501234567"' } }));
    await expect(simulation.start()).rejects.toThrow('The emulator would not make the demo channel live: Unknown user "501234567"');
    state.refuse.clear();
    await expect(simulation.start()).resolves.toMatchObject({ running: true });
  });

  it('reports a failure to go offline, and switching off again retries it', async () => {
    const { simulation, state, clock } = setup();
    await simulation.start();
    state.down = true;
    await expect(simulation.stop()).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^Could not take the demo channel offline/) });
    // Activity stopped all the same.
    expect(simulation.getState().running).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
    state.down = false;
    await simulation.stop();
    expect(state.live).toBe(false);
  });

  it('runs start and stop in the order asked, however quickly the switch is flipped', async () => {
    const { simulation, state, calls } = setup();
    const on = simulation.start();
    const off = simulation.stop();
    await Promise.all([on, off]);
    expect(simulation.getState().running).toBe(false);
    expect(state.live).toBe(false);
    expect(calls.map((c) => c.path)).toEqual([`/_emulator/streams/${broadcasterId}/online`, `/_emulator/streams/${broadcasterId}/offline`]);
  });

  it('dispose stops the activity, takes the channel offline and forgets listeners', async () => {
    const { simulation, state, clock } = setup();
    let changes = 0;
    simulation.onChange(() => changes++);
    await simulation.start();
    await simulation.dispose();
    expect(state.live).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
    const before = changes;
    await expect(simulation.start()).rejects.toMatchObject({ code: 'unavailable' });
    expect(changes).toBe(before);
  });
});

describe('ViewerSimulation: pace and jitter', () => {
  it('keeps every wait within the mean ± 50%', () => {
    const low = new ViewerSimulation({ http: fakeEmulator(createFakeClock()).http, broadcasterId, viewers: seedViewers, logger: silentLogger, random: () => 0 });
    const high = new ViewerSimulation({ http: fakeEmulator(createFakeClock()).http, broadcasterId, viewers: seedViewers, logger: silentLogger, random: () => 0.999999 });
    expect(low.delayFor('redemption')).toBe(4_000);
    expect(high.delayFor('redemption')).toBe(12_000);
    expect(low.delayFor('donation')).toBe(12_500);
    expect(high.delayFor('donation')).toBe(37_500);
    expect(low.delayFor('chat')).toBe(5_000);
    expect(high.delayFor('chat')).toBe(15_000);
  });

  it('redeems about every 8 s, donates about every 25 s and moves chat about every 10 s, each wait jittered', async () => {
    const { simulation, clock, posts } = setup();
    await simulation.start();
    const started = clock.now();
    const minutes = 20;
    await run(clock, minutes * 60_000, 100);
    const step = 100;

    const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);
    const redemptions = posts('/_emulator/redemptions').map((c) => c.at);
    const donations = posts('/_emulator/donations').map((c) => c.at);
    const chatTicks = ticksOf(posts('/_emulator/chatters'));

    // The first of each comes soon after switching on (a quarter of a wait).
    expect(redemptions[0]! - started).toBeGreaterThanOrEqual(1_000);
    expect(redemptions[0]! - started).toBeLessThanOrEqual(3_000 + step);
    expect(donations[0]! - started).toBeLessThanOrEqual(9_375 + step);

    for (const gap of gaps(redemptions)) {
      expect(gap).toBeGreaterThanOrEqual(4_000);
      expect(gap).toBeLessThanOrEqual(12_000 + step);
    }
    for (const gap of gaps(donations)) {
      expect(gap).toBeGreaterThanOrEqual(12_500);
      expect(gap).toBeLessThanOrEqual(37_500 + step);
    }
    for (const gap of gaps(chatTicks)) {
      expect(gap).toBeGreaterThanOrEqual(5_000);
      expect(gap).toBeLessThanOrEqual(15_000 + step);
    }
    // Steady on average: 20 minutes is ~150 redemptions, ~48 donations, ~120 chat ticks.
    expect(redemptions.length).toBeGreaterThan(125);
    expect(redemptions.length).toBeLessThan(175);
    expect(donations.length).toBeGreaterThan(38);
    expect(donations.length).toBeLessThan(60);
    expect(chatTicks.length).toBeGreaterThan(100);
    expect(chatTicks.length).toBeLessThan(140);
    // Jittered, not a metronome.
    expect(new Set(gaps(redemptions).map((g) => Math.round(g / 500))).size).toBeGreaterThan(8);
    const counts = simulation.getState().counts;
    expect(counts.redemptions).toBe(redemptions.length);
    expect(counts.donations).toBe(donations.length);
    expect(counts.chatEvents).toBe(chatTicks.length);
  });
});

describe('ViewerSimulation: what viewers do', () => {
  it('redeems only open rewards, cheap ones more often, with plausible input where it is asked for', async () => {
    const { simulation, clock, posts, state } = setup();
    await simulation.start();
    await run(clock, 20 * 60_000, 200);
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
    const { simulation, clock, posts, state } = setup({ random: seededRandom(7) });
    // Only two rewards are open; "Ask me anything" is on cooldown in the emulator.
    state.rewards = [reward('hydrate', 'Hydrate!', 100), reward('ama', 'Ask me anything', 100, { is_user_input_required: true })];
    let refusals = 0;
    state.refuse.set('/_emulator/redemptions', (body) => {
      if (body?.reward_id !== 'ama') return null;
      refusals++;
      return { status: 409, body: { message: 'The reward is on global cooldown for 240 more seconds' } };
    });
    await simulation.start();
    await run(clock, 5 * 60_000, 200);
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
    const { simulation, clock, posts, state } = setup();
    state.rewards = [
      reward('hydrate', 'Hydrate!', 100),
      reward('cool', 'Cooldown', 100, { global_cooldown_setting: { is_enabled: true, global_cooldown_seconds: 300 } }),
    ];
    await simulation.start();
    await run(clock, 15 * 60_000, 200);
    const cool = posts('/_emulator/redemptions').filter((c) => c.body!.reward_id === 'cool').map((c) => c.at);
    expect(cool.length).toBeGreaterThan(0);
    for (let i = 1; i < cool.length; i++) expect(cool[i]! - cool[i - 1]!).toBeGreaterThanOrEqual(300_000);
  });

  it('does nothing when no reward is open, and reads the list again later', async () => {
    const { simulation, clock, posts, calls, state } = setup();
    state.rewards = [reward('emote', 'Emote-only', 100, { is_paused: true })];
    await simulation.start();
    await run(clock, 30_000, 200);
    expect(posts('/_emulator/redemptions')).toHaveLength(0);
    state.rewards = [reward('hydrate', 'Hydrate!', 100)];
    await run(clock, 60_000, 200);
    expect(posts('/_emulator/redemptions').length).toBeGreaterThan(0);
    // The reward list is read about once a minute, not before every redemption.
    expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/_emulator/redemptions')).length).toBeLessThanOrEqual(3);
  });

  it('donates $1-$25 in the campaign currency, and skips when there is no campaign', async () => {
    const { simulation, clock, posts, state } = setup();
    await simulation.start();
    await run(clock, 5 * 60_000, 200);
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
    await run(clock, 2 * 60_000, 200);
    expect(simulation.getState().counts.donations).toBe(counted);
    expect(simulation.getState().running).toBe(true);
    expect(posts('/_emulator/donations').length).toBeGreaterThan(amounts.length);
  });

  it('covers the whole $1-$25 range of amounts', () => {
    const random = seededRandom(3);
    const amounts = Array.from({ length: 2000 }, () => donationCents(random));
    expect(Math.min(...amounts)).toBe(100);
    expect(Math.max(...amounts)).toBe(2500);
    expect(amounts.some((a) => a % 100 !== 0)).toBe(true);
  });

  it('joins and leaves chat, correcting a wrong guess with the other action in the same tick', async () => {
    const { simulation, clock, posts, state } = setup();
    await simulation.start();
    // Everyone is in chat, the simulation does not know yet: its first join is refused (409).
    await run(clock, 5 * 60_000, 200);
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
    const { simulation, clock, posts, state } = setup({ extraViewers: [{ login: 'bytewizard', displayName: 'ByteWizard' }, { login: 'pixelpal', displayName: 'PixelPal' }] });
    await simulation.start();
    // The one that existed already (pixelpal) is not created again.
    const extrasCreated = () => posts('/_emulator/users').filter((c) => ['bytewizard', 'pixelpal'].includes(String(c.body!.login)));
    expect(extrasCreated().map((c) => c.body!.login)).toEqual(['bytewizard']);
    const bytewizard = state.users.find((u) => u.login === 'bytewizard')!.id;
    await run(clock, 10 * 60_000, 200);
    const actors = new Set([...posts('/_emulator/redemptions'), ...posts('/_emulator/donations'), ...posts('/_emulator/chatters')].map((c) => c.body!.user_id));
    expect(actors.has(bytewizard)).toBe(true);
    expect(actors.has(broadcasterId)).toBe(false);
    await simulation.stop();
    await simulation.start();
    expect(extrasCreated()).toHaveLength(1);
  });

  it('keeps going when the emulator does not answer for a while', async () => {
    const { simulation, clock, state } = setup();
    await simulation.start();
    state.down = true;
    await run(clock, 60_000, 200);
    expect(simulation.getState().running).toBe(true);
    state.down = false;
    const before = simulation.getState().counts.redemptions;
    await run(clock, 60_000, 200);
    expect(simulation.getState().counts.redemptions).toBeGreaterThan(before);
  });

  it('announces every counted event', async () => {
    const { simulation, clock } = setup();
    const seen: number[] = [];
    const total = (counts: SimulationCounts) => Object.values(counts).reduce((a, b) => a + b, 0);
    // A gift of several subscriptions is one announcement: count announcements, not units.
    let announcements = 0;
    simulation.onChange((s) => {
      announcements++;
      seen.push(total(s.counts));
    });
    await simulation.start();
    await run(clock, 60_000, 200);
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

const globalEmotes = /\b(Kappa|LUL|HeyGuys|SeemsGood|NotLikeThis|VoHiYo|BibleThump|CoolCat|Kreygasm)\b/;

describe('ViewerSimulation: the whole crowd', () => {
  it('within a few minutes viewers chat (some with emotes), follow, subscribe and gift, cheer, raid, vote and predict', async () => {
    const { simulation, clock, posts, state } = setup({ extraViewers: [{ login: 'bytewizard', displayName: 'ByteWizard' }] });
    state.polls = [poll()];
    state.predictions = [prediction()];
    await simulation.start();
    await run(clock, 8 * 60_000, 200);
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
    const { simulation, clock, posts, calls, state } = setup();
    state.polls = [poll({ channel_points_voting_enabled: true, channel_points_per_vote: 100 })];
    await simulation.start();
    const started = clock.now();
    const minutes = 30;
    await run(clock, minutes * 60_000, 100);
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
    const { simulation, clock, posts, state } = setup({ pace: { followMs: 60 * 60_000 } });
    await simulation.start();
    await run(clock, 60_000, 200);
    expect(posts('/_emulator/polls/poll1/votes')).toHaveLength(0);
    state.polls = [poll()];
    await run(clock, 60_000, 200);
    const free = posts('/_emulator/polls/poll1/votes');
    // Three viewers, one free vote each, and this poll takes no points: three votes, then none.
    expect(free.map((c) => c.body!.user_id).sort()).toEqual(['v1', 'v2', 'v3']);
    expect(free.every((c) => c.body!.channel_points === undefined)).toBe(true);
    expect(simulation.getState().counts.votes).toBe(3);
    state.polls = [poll({ id: 'poll2', channel_points_voting_enabled: true, channel_points_per_vote: 50 })];
    state.freeVoters.clear();
    await run(clock, 60_000, 200);
    const second = posts('/_emulator/polls/poll2/votes');
    expect(second.length).toBeGreaterThan(3);
    expect(second.slice(3).every((c) => c.body!.channel_points === 50)).toBe(true);
    // A poll that ended takes no more votes.
    state.polls = [poll({ id: 'poll2', status: 'COMPLETED' })];
    const before = posts('/_emulator/polls/poll2/votes').length;
    await run(clock, 30_000, 200);
    expect(posts('/_emulator/polls/poll2/votes')).toHaveLength(before);
  });

  it('predicts once per viewer on an open prediction, with some points on one outcome', async () => {
    const { simulation, clock, posts, state } = setup({ pace: { followMs: 60 * 60_000 } });
    state.predictions = [prediction()];
    await simulation.start();
    await run(clock, 2 * 60_000, 200);
    const made = posts('/_emulator/predictions/pred1/predictions').map((c) => c.body!);
    expect(made.map((b) => b.user_id).sort()).toEqual(['v1', 'v2', 'v3']);
    for (const b of made) {
      expect(['o1', 'o2']).toContain(b.outcome_id);
      expect(b.channel_points).toBeGreaterThan(0);
    }
    state.predictions = [prediction({ status: 'LOCKED' })];
    await run(clock, 60_000, 200);
    expect(posts('/_emulator/predictions/pred1/predictions')).toHaveLength(3);
  });

  it('follows: the regulars follow already (another is tried in that tick), then made-up newcomers follow and stay', async () => {
    const { simulation, clock, posts, state } = setup();
    await simulation.start();
    await run(clock, 5 * 60_000, 200);
    const follows = posts('/_emulator/follows');
    const made = posts('/_emulator/users').map((c) => String(c.body!.login));
    expect(made.slice(0, 3)).toEqual([newcomerLogin(0), newcomerLogin(1), newcomerLogin(2)]);
    // Each regular was asked at most once: the 409 taught the simulation who follows.
    for (const id of ['v1', 'v2', 'v3']) expect(follows.filter((c) => c.body!.user_id === id).length).toBeLessThanOrEqual(1);
    expect(simulation.getState().counts.follows).toBe(made.length);
    expect(state.following.size).toBe(3 + made.length);
    // The newcomers then take part like anyone else.
    const newIds = state.users.filter((u) => made.includes(u.login)).map((u) => u.id);
    await run(clock, 5 * 60_000, 200);
    const actors = new Set([...posts('/_emulator/chat/messages'), ...posts('/_emulator/redemptions')].map((c) => c.body!.user_id));
    expect(newIds.some((id) => actors.has(id))).toBe(true);
  });

  it('a message the chat modes drop is not counted; its sender keeps quiet a while and another viewer speaks in that tick', async () => {
    const { simulation, clock, posts, state } = setup({ pace: { followMs: 60 * 60_000 } });
    state.drops = (body) => body?.user_id === 'v1';
    await simulation.start();
    await run(clock, 5 * 60_000, 200);
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
    const { simulation, clock, state } = setup({ logger });
    await simulation.start();
    state.down = true;
    await run(clock, 3 * 60_000, 200);
    // Dozens of failed ticks, one line per kind.
    expect(warnings.length).toBeGreaterThan(0);
    expect(new Set(warnings).size).toBe(warnings.length);
    expect(warnings.length).toBeLessThanOrEqual(9);
    expect(warnings).toContain('viewer simulation: chatMessage failed; retrying quietly');
    state.down = false;
    await run(clock, 2 * 60_000, 200);
    expect(infos).toContain('viewer simulation: chatMessage works again');
    state.down = true;
    await run(clock, 60_000, 200);
    expect(warnings.filter((w) => w.startsWith('viewer simulation: chatMessage'))).toHaveLength(2);
  });

  it('a new run reports its own first failure, even if the last run stopped while failing', async () => {
    const warnings: string[] = [];
    const { simulation, clock, state } = setup({ logger: { ...silentLogger, warn: (m: string) => void warnings.push(m) } });
    await simulation.start();
    state.down = true;
    await run(clock, 60_000, 200);
    state.down = false;
    // Off and on again before any tick could succeed.
    await simulation.stop();
    await simulation.start();
    state.down = true;
    await run(clock, 60_000, 200);
    expect(warnings.filter((w) => w.startsWith('viewer simulation: chatMessage'))).toHaveLength(2);
  });

  it('stops every kind when switched off: no timer left and no request after', async () => {
    const { simulation, clock, calls, state } = setup();
    state.polls = [poll()];
    state.predictions = [prediction()];
    await simulation.start();
    await run(clock, 3 * 60_000, 200);
    await simulation.stop();
    expect(clock.pendingTimers()).toBe(0);
    const after = calls.length;
    await run(clock, 30 * 60_000, 1000);
    expect(calls.length).toBe(after);
  });
});

describe('newcomerLogin', () => {
  it('makes distinct, valid logins from two short lists, numbering the rounds', () => {
    const logins = Array.from({ length: 250 }, (_, i) => newcomerLogin(i));
    expect(new Set(logins).size).toBe(250);
    expect(logins[0]).toBe('sunny_otter');
    expect(logins[100]).toBe('sunny_otter2');
    for (const login of logins) expect(login).toMatch(/^[a-z0-9_]{4,25}$/);
  });
});

describe('chatLineFor', () => {
  it('says friendly lines, some with emotes; only followers use the channel’s follower emote', () => {
    const r = seededRandom(5);
    const lines = Array.from({ length: 300 }, () => chatLineFor(r, false));
    expect(lines.some((l) => globalEmotes.test(l))).toBe(true);
    expect(lines.some((l) => l.includes('sidestHi'))).toBe(false);
    expect(Array.from({ length: 300 }, () => chatLineFor(r, true)).some((l) => l.includes('sidestHi'))).toBe(true);
  });
});

describe('userInputFor', () => {
  it('types what the reward asks for', () => {
    const r = seededRandom(1);
    expect(userInputFor({ title: 'Song request', prompt: 'Paste a link' }, r)).toMatch(/^https:\/\//);
    expect(userInputFor({ title: 'Ask me anything', prompt: '' }, r)).toMatch(/\?$/);
    expect(userInputFor({ title: 'Pick the next game', prompt: '' }, r)).not.toMatch(/^https/);
    expect(userInputFor({ title: 'Shout-out', prompt: 'Say hi' }, r).length).toBeGreaterThan(0);
  });
});

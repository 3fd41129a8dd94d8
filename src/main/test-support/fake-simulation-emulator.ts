/**
 * Test support for the viewer simulation: a tiny in-memory emulator behind the simulation API (the
 * real client over a fake `fetch`, recording every call with the fake time), and a simulation over it.
 */
import { createSimulationClient, type SimulationPoll, type SimulationPrediction, type SimulationReward } from '../../emulator/simulation-client';
import { seededRandom } from '../../emulator/test-support/seeded-random';
import { silentLogger } from '../services/logger';
import { ViewerSimulation, type ViewerSimulationOptions } from '../services/demo/viewer-simulation';
import { createFakeClock, type FakeClock } from './fake-clock';

/** The platform's global emotes the simulated chat uses. */
export const globalEmotes = /\b(Kappa|LUL|HeyGuys|SeemsGood|NotLikeThis|VoHiYo|BibleThump|CoolCat|Kreygasm)\b/;

interface EmulatorAnswer {
  status: number;
  body: unknown;
}

export const broadcasterId = '501234567';
export const seedViewers = [
  { id: 'v1', login: 'pixelpal' },
  { id: 'v2', login: 'cozy_carrot' },
  { id: 'v3', login: 'lurkingluna' },
];

/** The fields of the simulation API's reward that the viewer simulation reads. */
export type Reward = Pick<
  SimulationReward,
  'id' | 'title' | 'prompt' | 'cost' | 'is_enabled' | 'is_paused' | 'is_in_stock' | 'is_user_input_required' | 'global_cooldown_setting'
>;

export const reward = (id: string, title: string, cost: number, extra: Partial<Reward> = {}): Reward => ({
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

export const demoRewards = (): Reward[] => [
  reward('hydrate', 'Hydrate!', 100),
  reward('song', 'Song request', 500, { is_user_input_required: true, prompt: 'Paste a YouTube or Spotify link.' }),
  reward('game', 'Pick the next game', 5000, { is_user_input_required: true, prompt: 'Name a game from the !backlog list.' }),
  reward('ama', 'Ask me anything', 1000, { is_user_input_required: true, prompt: 'Ask a question; I answer it live.' }),
  reward('emote', 'Emote-only chat (5 min)', 2000, { is_paused: true }),
  reward('soldout', 'Sold out', 100, { is_in_stock: false }),
  reward('disabled', 'Disabled', 100, { is_enabled: false }),
];

export interface Call {
  at: number;
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/** A tiny in-memory emulator behind the simulation API, recording every call with the fake time. */
export function fakeEmulator(clock: FakeClock) {
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

export async function flushPromises(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

/** Moves fake time in small steps, letting each tick's requests finish before the next step. */
export async function advanceInSteps(clock: FakeClock, ms: number, step = 50): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    clock.advance(Math.min(step, ms - t));
    await flushPromises();
  }
}

/** A chat tick is one request, or two when the first guess about who is in chat was wrong. */
export function ticksOf(calls: Call[]): number[] {
  return calls.map((c) => c.at).filter((at, i, all) => i === 0 || at - all[i - 1]! > 1_000);
}

/** A simulation over the fake emulator, with a fake clock and a seeded random. */
export function setupSimulation(options: Partial<ViewerSimulationOptions> = {}) {
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

/**
 * The demo channel's channel points: rewards made by the demo client (the app may manage them),
 * one made on the platform's own dashboard (read-only for every app), and a pending queue of
 * redemptions from the demo viewers over the last hour. IDs are fixed so they survive resets.
 */
import type { EmulatorState } from './domain/emulator-state';
import type { NewReward } from './domain/stores/rewards';

/** Rewards made on the platform's creator dashboard belong to no app's client. */
export const DASHBOARD_CLIENT_ID = '';

export const DEMO_REWARD_IDS = {
  hydrate: '1d0f4a52-6c1e-4b7a-9e3f-2a8b5c7d9e01',
  songRequest: '2b7e9c14-3f5a-4d8e-a1b2-6c9d0e2f4a02',
  pickNextGame: '3c8f0d25-4a6b-4e9f-b2c3-7d0e1f3a5b03',
  postureCheck: '4d9a1e36-5b7c-4fa0-83d4-8e1f2a4b6c04',
  emoteOnly: '5e0b2f47-6c8d-4a1b-94e5-9f2a3b5c7d05',
  askMeAnything: '6f1c3a58-7d9e-4b2c-a5f6-0a3b4c6d8e06',
  vipForADay: '7a2d4b69-8e0f-4c3d-b6a7-1b4c5d7e9f07',
} as const;

type SeedReward = Omit<NewReward, 'broadcasterId' | 'clientId'> & { id: string; dashboard?: boolean };

const REWARDS: SeedReward[] = [
  { id: DEMO_REWARD_IDS.hydrate, title: 'Hydrate!', cost: 100, prompt: 'Make me take a sip of water on stream.', backgroundColor: '#00C7AC' },
  {
    id: DEMO_REWARD_IDS.songRequest,
    title: 'Song request',
    cost: 500,
    prompt: 'Paste a YouTube or Spotify link. No explicit lyrics, please.',
    backgroundColor: '#1F69FF',
    isUserInputRequired: true,
    maxPerUserPerStream: { enabled: true, value: 2 },
  },
  {
    id: DEMO_REWARD_IDS.pickNextGame,
    title: 'Pick the next game',
    cost: 5000,
    prompt: 'Name a game from the !backlog list.',
    backgroundColor: '#FA1ED2',
    isUserInputRequired: true,
    maxPerStream: { enabled: true, value: 1 },
  },
  {
    id: DEMO_REWARD_IDS.postureCheck,
    title: 'Posture check',
    cost: 50,
    prompt: 'Sit up straight! Happens at once, no queue.',
    backgroundColor: '#BEFF00',
    shouldRedemptionsSkipRequestQueue: true,
  },
  { id: DEMO_REWARD_IDS.emoteOnly, title: 'Emote-only chat (5 min)', cost: 2000, backgroundColor: '#FF6905', isPaused: true },
  {
    id: DEMO_REWARD_IDS.askMeAnything,
    title: 'Ask me anything',
    cost: 1000,
    prompt: 'Ask a question; I answer it live.',
    backgroundColor: '#9147FF',
    isUserInputRequired: true,
    globalCooldown: { enabled: true, value: 300 },
  },
  { id: DEMO_REWARD_IDS.vipForADay, title: 'VIP for a day', cost: 50000, prompt: 'A VIP badge until tomorrow.', backgroundColor: '#FFCA5F', dashboard: true },
];

/** [reward, viewer id, minutes ago, user input, status] oldest first. */
const REDEMPTIONS: [keyof typeof DEMO_REWARD_IDS, string, number, string | null, 'UNFULFILLED' | 'FULFILLED'][] = [
  ['postureCheck', '612345004', 58, null, 'FULFILLED'],
  ['hydrate', '612345001', 52, null, 'UNFULFILLED'],
  ['songRequest', '612345002', 47, 'https://www.youtube.com/watch?v=lTRiuFIWV54', 'UNFULFILLED'],
  ['askMeAnything', '612345005', 41, 'What made you start building your own stream tools?', 'UNFULFILLED'],
  ['songRequest', '612345005', 33, 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'UNFULFILLED'],
  ['postureCheck', '612345002', 29, null, 'FULFILLED'],
  ['pickNextGame', '612345003', 24, 'Hades II', 'UNFULFILLED'],
  ['hydrate', '612345004', 16, null, 'UNFULFILLED'],
  ['songRequest', '612345001', 9, 'Darude - Sandstorm (the radio edit!)', 'UNFULFILLED'],
  ['askMeAnything', '612345003', 4, 'Tabs or spaces, and why spaces?', 'UNFULFILLED'],
];

const REDEMPTION_ID_PREFIX = 'a3e5c7f9-1b2d-4e6f-8a0b-';

export function seedChannelPoints(state: EmulatorState, input: { broadcasterId: string; clientId: string }): void {
  const now = state.clock.now();
  for (const { dashboard, ...reward } of REWARDS) {
    state.rewards.create({ ...reward, broadcasterId: input.broadcasterId, clientId: dashboard ? DASHBOARD_CLIENT_ID : input.clientId }, now);
  }
  REDEMPTIONS.forEach(([rewardKey, userId, minutesAgo, userInput, status], index) => {
    const reward = state.rewards.get(DEMO_REWARD_IDS[rewardKey])!;
    const redeemedAt = now - minutesAgo * 60_000;
    state.redemptions.create({
      id: `${REDEMPTION_ID_PREFIX}${String(index + 1).padStart(12, '0')}`,
      broadcasterId: input.broadcasterId,
      rewardId: reward.id,
      userId,
      userInput,
      status,
      redeemedAt,
      reward: { id: reward.id, title: reward.title, prompt: reward.prompt, cost: reward.cost },
      streamId: null,
    });
    reward.lastRedeemedAt = redeemedAt;
  });
}

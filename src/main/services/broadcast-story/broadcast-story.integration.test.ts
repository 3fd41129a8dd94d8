/**
 * The recorder in the whole main process against the emulator (demo mode, minutes of 1 s): the
 * platform's stream going live, a follow and a raid through EventSub, the minutes written while
 * live, and the end: the broadcast is listed as ended and announced a few seconds later.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BroadcastStory, BroadcastStoryList } from '../../../shared/ipc/contract';
import { startDemoSidestage, type DemoSidestage } from '../../test-support/demo-sidestage';
import { waitUntil } from '../../test-support/wait-until';

let demo: DemoSidestage;
beforeAll(async () => {
  demo = await startDemoSidestage({ name: 'broadcast-story', env: { SIDESTAGE_STORY_MINUTE_MS: '1000' } });
  await demo.signIn();
}, 30_000);
afterAll(async () => {
  await demo?.dispose();
});

it('records a live broadcast from the platform minute by minute, and announces it once it ended', async () => {
  const { sim, broadcasterId } = demo;
  await waitUntil(
    async () => {
      const { subscriptions } = await sim.eventSubSubscriptions();
      return ['stream.online', 'stream.offline', 'channel.follow', 'channel.raid'].every((type) => subscriptions.some((s) => s.type === type && s.status === 'enabled'));
    },
    15_000,
    'the EventSub subscriptions',
    50,
  );
  await sim.streamOnline(broadcasterId, { viewer_count: 12 });
  await waitUntil(async () => (await demo.call<BroadcastStoryList>('broadcastStory:list')).liveId !== null, 15_000, 'the broadcast recorded', 50);
  const { liveId } = await demo.call<BroadcastStoryList>('broadcastStory:list');

  const fan = await sim.createUser({ login: 'story_fan' });
  await sim.follow({ user_id: fan.id, broadcaster_id: broadcasterId });
  const raider = await sim.createUser({ login: 'story_raider' });
  await sim.incomingRaid({ from_broadcaster_id: raider.id, to_broadcaster_id: broadcasterId, viewers: 7 });
  const story = () => demo.call<BroadcastStory>('broadcastStory:get', { id: liveId });
  await waitUntil(
    async () => {
      const now = await story();
      return now.minutes.reduce((n, m) => n + m.follows, 0) === 1 && now.moments.some((m) => m.kind === 'raidIn') && now.minutes.length >= 3;
    },
    20_000,
    'the follow, the raid and three minutes',
    100,
  );
  const live = await story();
  expect(live.followers).toEqual(['story_fan']);
  expect(live.moments.find((m) => m.kind === 'raidIn')?.label).toBe('Raid from story_raider with 7 viewers');
  // The platform's count reaches the story (the first minute may close, on a busy machine, before the first read of it answers: the event alone says 0).
  expect(Math.max(...live.minutes.map((m) => m.viewers ?? 0))).toBe(12);

  await sim.streamOffline(broadcasterId);
  await waitUntil(async () => (await demo.call<BroadcastStoryList>('broadcastStory:list')).liveId === null, 15_000, 'the end', 50);
  const ended = await demo.call<BroadcastStoryList>('broadcastStory:list');
  expect(ended.broadcasts[0]).toMatchObject({ id: liveId, totals: { follows: 1 } });
  expect(ended.broadcasts[0]!.endedAt).not.toBeNull();
  await waitUntil(() => demo.received.some((r) => Array.isArray(r) && r[0] === 'broadcastStory:ended'), 15_000, 'the announcement', 50);
  expect(demo.received.find((r) => Array.isArray(r) && r[0] === 'broadcastStory:ended')).toEqual(['broadcastStory:ended', { id: liveId }]);
}, 60_000);

import { describe, expect, it } from 'vitest';
import type { Redemption } from '../../../shared/ipc/schemas/redemptions';
import { defaultAlertStyle, type GoalConfig, type OverlayFrame } from '../../../shared/ipc/schemas/overlays';
import { createFakeClock } from '../../test-support/fake-clock';
import { OverlayPagePublisher } from './overlay-page-publisher';
import { defaultSavedOverlays } from './overlay-settings';

function publisherWith(goals: GoalConfig[], redemptions: Partial<Redemption>[]) {
  const sent: { key: string; frame: OverlayFrame }[] = [];
  const keys = ['alerts', 'redemption', 'chat', ...goals.map((g) => `goal/${g.id}`)];
  let views = 0;
  const list = redemptions as Redemption[];
  const publisher = new OverlayPagePublisher({
    server: { send: (match, frame) => keys.filter(match).forEach((key) => sent.push({ key, frame })), pagesOpen: () => 1 },
    saved: { get: () => ({ ...defaultSavedOverlays(), goals }) },
    queue: { showing: () => null },
    media: { get: () => null },
    goals: {
      view: (goal) => {
        views += 1;
        return { title: goal.title, state: 'active', fraction: 0, current: String(goal.current), target: String(goal.target) };
      },
    },
    chat: { getSnapshot: () => ({ version: 0, messages: [], capacity: 1000, selfId: null }) },
    redemptions: { list: () => list },
    clock: createFakeClock(0),
  });
  return { publisher, sent, list, views: () => views };
}

const goal = (id: string, source: GoalConfig['source']): GoalConfig => ({ id, title: id, source, counts: 'follows', current: 0, target: 10 });

describe('the page publisher sends deltas', () => {
  it('a goal that moved is the only one worked out and sent', () => {
    const { publisher, sent, views } = publisherWith([goal('a', 'custom'), goal('b', 'custom'), goal('c', 'charity')], []);
    publisher.sendGoals(['b']);
    expect(sent.map((s) => s.key)).toEqual(['goal/b']);
    expect(views()).toBe(1);
    sent.length = 0;
    publisher.sendPlatformGoals();
    expect(sent.map((s) => s.key)).toEqual(['goal/c']);
  });

  it('the redemption page is sent the head of the queue only when it is another one', () => {
    const { publisher, sent, list } = publisherWith([], [{ id: 'r1', userId: 'u1', rewardTitle: 'Hydrate', userName: 'ana', userInput: '' }]);
    publisher.followRedemptions();
    publisher.followRedemptions();
    expect(sent.map((s) => s.frame)).toEqual([{ type: 'redemption', redemption: { id: 'r1', rewardTitle: 'Hydrate', userName: 'ana', input: '' } }]);
    list.push({ id: 'r2', userId: 'u2', rewardTitle: 'Hydrate', userName: 'bo', userInput: '' } as Redemption);
    publisher.followRedemptions();
    expect(sent).toHaveLength(1);
    publisher.banned('u1');
    expect(sent.at(-1)?.frame).toMatchObject({ redemption: { id: 'r2' } });
  });

  it('an alert is sent with its type’s look and its variation’s choices over it; a queued sound with the default look', () => {
    const saved = defaultSavedOverlays();
    saved.alerts.types.cheer.style = { ...defaultAlertStyle, anchor: 'left', fontSizePx: 80 };
    const big = { id: 'big', name: 'Big', when: { atLeast: 1000, below: null, tier: null, anonymous: null, rewardId: null }, template: 'BIG', durationMs: 5_000, imageId: null, soundId: null, volume: 1, speak: false, style: { entrance: 'pop' as const } };
    saved.alerts.types.cheer.variations = [big];
    const sent: OverlayFrame[] = [];
    let showing: unknown = null;
    const publisher = new OverlayPagePublisher({
      server: { send: (_match, frame) => sent.push(frame), pagesOpen: () => 1 },
      saved: { get: () => saved },
      queue: { showing: () => showing as never },
      media: { get: () => null },
      goals: { view: () => ({ title: '', state: 'none', fraction: 0, current: '', target: '' }) },
      chat: { getSnapshot: () => ({ version: 0, messages: [], capacity: 1000, selfId: null }) },
      redemptions: { list: () => [] },
      clock: createFakeClock(0),
    });
    const alert = (id: string, kind: string, variationId: string | null) => ({ alert: { id, kind, ofKind: null, count: 1, text: 'x', imageId: null, soundId: null, volume: 1, durationMs: 5_000, test: false, speak: false, variationId }, startedAt: 0 });
    const styleSent = () => (sent.at(-1) as { showing: { style: unknown } }).showing.style;
    showing = alert('a1', 'cheer', 'big');
    publisher.followQueue();
    expect(styleSent()).toEqual({ ...defaultAlertStyle, anchor: 'left', fontSizePx: 80, entrance: 'pop' });
    showing = alert('a2', 'cheer', null);
    publisher.followQueue();
    expect(styleSent()).toEqual({ ...defaultAlertStyle, anchor: 'left', fontSizePx: 80 });
    showing = alert('a3', 'sound', null);
    publisher.followQueue();
    expect(styleSent()).toEqual(defaultAlertStyle);
  });
});

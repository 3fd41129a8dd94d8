import { describe, expect, it } from 'vitest';
import { WidgetTally, widgetTallySchema, type WidgetEvent } from './widget-tally';

let n = 0;
const base = () => ({ id: `e${++n}`, at: new Date(Date.UTC(2026, 0, 1, 20, 0, n)).toISOString(), source: 'live' as const });
const user = (name: string) => ({ id: `u-${name}`, login: name.toLowerCase(), name });
const follow = (name: string): WidgetEvent => ({ ...base(), kind: 'follow', user: user(name) });
const cheer = (name: string | null, bits: number): WidgetEvent => ({ ...base(), kind: 'cheer', user: name ? user(name) : null, bits, message: '' });
const gift = (name: string, count: number): WidgetEvent => ({ ...base(), kind: 'giftSubscriptions', gifter: user(name), tier: '1000', count, cumulativeTotal: null });
const online = (): WidgetEvent => ({ ...base(), kind: 'streamOnline', streamType: 'live', startedAt: new Date().toISOString() });

describe('WidgetTally', () => {
  it('keeps the latest follower, subscriber, cheer and donation, and the recent events newest first', () => {
    const tally = new WidgetTally();
    expect([...tally.apply(follow('Ada'))]).toEqual(expect.arrayContaining(['latest', 'recent', 'credits']));
    tally.apply({ ...base(), kind: 'subscription', user: user('Bo'), tier: '1000', isGift: false });
    tally.apply(cheer('Cy', 300));
    tally.apply({ ...base(), kind: 'donation', donationId: 'd', campaignId: 'c', user: user('Di'), amount: { value: 1250, decimalPlaces: 2, currency: 'USD' }, charityName: 'Good' });
    const state = tally.get();
    expect(state.latest).toMatchObject({ follower: { name: 'Ada' }, subscriber: { name: 'Bo' }, cheer: { name: 'Cy', bits: 300 }, donation: { name: 'Di' } });
    expect(state.latest.donation!.amount).toMatch(/12\.50/);
    expect(state.recent.map((r) => `${r.kind}:${r.name}`)).toEqual(['donation:Di', 'cheer:Cy', 'subscription:Bo', 'follow:Ada']);
  });

  it('tops the cheerers and gifters of this broadcast and of all time; an anonymous cheer tops nothing', () => {
    const tally = new WidgetTally();
    tally.apply(online());
    tally.apply(cheer('Ada', 100));
    tally.apply(cheer('Bo', 150));
    tally.apply(cheer('Ada', 100));
    tally.apply(cheer(null, 10_000));
    tally.apply(gift('Cy', 5));
    expect(tally.top('cheerers', 'broadcast')).toMatchObject({ name: 'Ada', total: 200 });
    expect(tally.top('gifters', 'broadcast')).toMatchObject({ name: 'Cy', total: 5 });
    // A new broadcast: its boards and credits start over, all time keeps.
    expect([...tally.apply(online())]).toEqual(expect.arrayContaining(['top', 'credits']));
    tally.apply(cheer('Bo', 100));
    expect(tally.top('cheerers', 'broadcast')).toMatchObject({ name: 'Bo', total: 100 });
    expect(tally.top('gifters', 'broadcast')).toBeNull();
    expect(tally.top('cheerers', 'allTime')).toMatchObject({ name: 'Bo', total: 250 });
    expect(tally.get().broadcast.cheerers.map((c) => c.name)).toEqual(['Bo']);
  });

  it('rolls this broadcast’s credits: a refollow is one name, a channel that raids twice is one raider, a gift’s own subscriptions are not subscribers, moderators who acted', () => {
    const tally = new WidgetTally();
    tally.apply(online());
    tally.apply(follow('Ada'));
    tally.apply(follow('Ada'));
    tally.apply({ ...base(), kind: 'subscription', user: user('Gifted'), tier: '1000', isGift: true });
    tally.apply({ ...base(), kind: 'resubscription', user: user('Bo'), tier: '1000', months: 7, streakMonths: null, message: '' });
    tally.apply({ ...base(), kind: 'raid', from: user('Raider'), viewers: 40 });
    tally.apply({ ...base(), kind: 'raid', from: user('Raider'), viewers: 5 });
    tally.apply({ ...base(), kind: 'ban', user: user('Troll'), moderator: user('Mod'), reason: '', endsAt: null });
    const credits = tally.get().broadcast;
    expect(credits.followers.map((p) => p.name)).toEqual(['Ada']);
    expect(credits.subscribers.map((p) => p.name)).toEqual(['Bo']);
    expect(credits.raiders).toEqual([{ id: 'u-Raider', name: 'Raider', viewers: 45 }]);
    expect(credits.moderators.map((p) => p.name)).toEqual(['Mod']);
  });

  it('counts an event delivered twice once, and reads back from its saved state into the same state', () => {
    const tally = new WidgetTally();
    const once = cheer('Ada', 100);
    tally.apply(once);
    expect(tally.apply(once).size).toBe(0);
    expect(tally.top('cheerers', 'allTime')!.total).toBe(100);
    const saved = widgetTallySchema.parse(JSON.parse(JSON.stringify(tally.get())));
    const again = new WidgetTally(saved);
    expect(again.get()).toEqual(tally.get());
    expect(again.apply(once).size).toBe(0);
    again.apply(cheer('Ada', 50));
    expect(again.top('cheerers', 'allTime')!.total).toBe(150);
    expect(widgetTallySchema.safeParse({ ...saved, recent: 'x' }).success).toBe(false);
  });
});

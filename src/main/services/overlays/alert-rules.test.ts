import { describe, expect, it } from 'vitest';
import { AlertRules, type AlertEvent } from './alert-rules';
import { defaultSavedOverlays } from './overlay-settings';

const user = (name: string) => ({ id: name.toLowerCase(), login: name.toLowerCase(), name });
const base = { at: '2026-01-01T00:00:00Z', source: 'live' as const };
/** An event as the stream passes it on (`at` and `source` added). */
const ev = (event: { kind: AlertEvent['kind']; id: string } & Record<string, unknown>): AlertEvent => ({ ...base, ...event }) as unknown as AlertEvent;

function settings() {
  return defaultSavedOverlays().alerts;
}

describe('AlertRules', () => {
  it('makes a follow alert from the template, with the event id as the alert id', () => {
    const made = new AlertRules().alertFor(ev({ kind: 'follow', id: 'm1', user: user('PixelPal') }), settings());
    expect(made).toEqual({ kind: 'follow', alert: expect.objectContaining({ id: 'event:m1', kind: 'follow', text: 'PixelPal just followed!', durationMs: 5_000, test: false }) });
  });

  it('makes a gift bomb one alert: its gifted subscriptions make none', () => {
    const rules = new AlertRules();
    expect(rules.alertFor(ev({ kind: 'giftSubscriptions', id: 'g', gifter: user('Santa'), tier: '1000', count: 50, cumulativeTotal: null }), settings())?.alert.text).toBe('Santa gifted 50 subs!');
    expect(rules.alertFor(ev({ kind: 'subscription', id: 's', user: user('Elf'), tier: '1000', isGift: true }), settings())).toBeNull();
    expect(rules.alertFor(ev({ kind: 'subscription', id: 's2', user: user('Buyer'), tier: '2000', isGift: false }), settings())?.alert.text).toBe('Buyer just subscribed!');
  });

  it('{user} is the person in every type; a saved {raider} or {gifter} template still reads', () => {
    const rules = new AlertRules();
    const s = settings();
    s.types.raid.template = '{raider} / {user} with {viewers}';
    s.types.giftSubscriptions.template = '{gifter} / {user}: {count}';
    expect(rules.alertFor(ev({ kind: 'raid', id: 'r-user', from: user('Sam'), viewers: 5 }), s)?.alert.text).toBe('Sam / Sam with 5');
    expect(rules.alertFor(ev({ kind: 'giftSubscriptions', id: 'g-user', gifter: user('Santa'), tier: '1000', count: 3, cumulativeTotal: null }), s)?.alert.text).toBe('Santa / Santa: 3');
  });

  it('applies each type’s switch and minimum', () => {
    const rules = new AlertRules();
    const s = settings();
    s.types.cheer.minimum = 100;
    s.types.raid.enabled = false;
    expect(rules.alertFor(ev({ kind: 'cheer', id: 'c1', user: user('A'), bits: 99, message: '' }), s)).toBeNull();
    expect(rules.alertFor(ev({ kind: 'cheer', id: 'c2', user: null, bits: 100, message: 'hi' }), s)?.alert.text).toBe('An anonymous viewer cheered 100 bits!');
    expect(rules.alertFor(ev({ kind: 'raid', id: 'r', from: user('Sam'), viewers: 500 }), s)).toBeNull();
    // An automation's "show the standard alert" is not subject to them.
    expect(rules.alertFor(ev({ kind: 'raid', id: 'r', from: user('Sam'), viewers: 500 }), s, { forced: true })?.alert.text).toBe('Sam is raiding with 500 viewers!');
  });

  it('compares a donation in whole currency units and formats its amount', () => {
    const s = settings();
    s.types.donation.minimum = 5;
    const donation = (value: number) => ev({ kind: 'donation', id: `d${value}`, donationId: 'x', campaignId: 'c', user: user('Kind'), amount: { value, decimalPlaces: 2, currency: 'USD' }, charityName: 'Good Cause' });
    const rules = new AlertRules();
    expect(rules.alertFor(donation(499), s)).toBeNull();
    expect(rules.alertFor(donation(500), s)?.alert.text).toMatch(/^Kind donated .*5\.00 to Good Cause!$/);
  });

  it('leaves out muted rewards', () => {
    const s = settings();
    s.options.mutedRewardIds = ['hydrate'];
    const redemption = (rewardId: string) =>
      ev({ kind: 'redemption', id: `r-${rewardId}`, redemptionId: 'x', reward: { id: rewardId, title: 'Hydrate', cost: 100, prompt: '' }, user: user('V'), input: '', status: 'unfulfilled' });
    const rules = new AlertRules();
    expect(rules.alertFor(redemption('hydrate'), s)).toBeNull();
    expect(rules.alertFor(redemption('song'), s)?.alert.text).toBe('V redeemed Hydrate');
  });

  it('leaves out a redemption caught up long after it happened, not one caught up soon after', () => {
    const now = Date.parse('2026-01-01T01:00:00Z');
    const redemption = (at: string) =>
      ({ ...ev({ kind: 'redemption', id: `r-${at}`, redemptionId: 'x', reward: { id: 'song', title: 'Song', cost: 1, prompt: '' }, user: user('V'), input: '', status: 'unfulfilled' }), at, source: 'caughtUp' }) as AlertEvent;
    const rules = new AlertRules();
    expect(rules.alertFor(redemption('2026-01-01T00:30:00Z'), settings(), { now })).toBeNull();
    expect(rules.alertFor(redemption('2026-01-01T00:55:00Z'), settings(), { now })).not.toBeNull();
  });

  it('alerts a hype train when it begins and at each new level only', () => {
    const rules = new AlertRules();
    const train = (kind: 'hypeTrainBegin' | 'hypeTrainProgress', id: string, level: number) => ev({ kind, id, trainId: 't1', level, total: level * 100, goal: 500 });
    expect(rules.alertFor(train('hypeTrainBegin', 'b', 1), settings())?.alert.text).toBe('Hype train level 1!');
    expect(rules.alertFor(train('hypeTrainProgress', 'p1', 1), settings())).toBeNull();
    expect(rules.alertFor(train('hypeTrainProgress', 'p2', 2), settings())?.alert.text).toBe('Hype train level 2!');
    expect(rules.alertFor(train('hypeTrainProgress', 'p3', 2), settings())).toBeNull();
  });
});

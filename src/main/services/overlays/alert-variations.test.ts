import { describe, expect, it } from 'vitest';
import { alertTypeSettingsSchema, type AlertCondition, type AlertKind, type AlertVariation } from '../../../shared/ipc/schemas/overlays';
import { AlertRules, conditionHolds, type AlertEvent } from './alert-rules';
import { defaultSavedOverlays } from './overlay-settings';

const user = (name: string) => ({ id: name.toLowerCase(), login: name.toLowerCase(), name });
const ev = (event: { kind: AlertEvent['kind']; id: string } & Record<string, unknown>): AlertEvent => ({ at: '2026-01-01T00:00:00Z', source: 'live', ...event }) as unknown as AlertEvent;
const any: AlertCondition = { atLeast: null, below: null, tier: null, anonymous: null, rewardId: null };
const variation = (id: string, when: Partial<AlertCondition>, template: string, more: Partial<AlertVariation> = {}): AlertVariation => ({
  id,
  name: id,
  when: { ...any, ...when },
  template,
  durationMs: 9_000,
  imageId: null,
  soundId: null,
  volume: 0.5,
  speak: true,
  style: {},
  ...more,
});

function playing(kind: AlertKind, variations: AlertVariation[], event: AlertEvent) {
  const settings = defaultSavedOverlays().alerts;
  settings.types[kind].variations = variations;
  return new AlertRules().alertFor(event, settings)?.alert ?? null;
}

describe('alert variations: the first whose condition holds plays, else the type’s default', () => {
  it('cheer: by bits, in order; 99 bits plays the default', () => {
    const list = [variation('huge', { atLeast: 1000 }, 'HUGE {bits} from {user}'), variation('big', { atLeast: 100 }, 'big {bits}')];
    expect(playing('cheer', list, ev({ kind: 'cheer', id: 'c1', user: user('Ana'), bits: 1000, message: '' }))).toMatchObject({ text: 'HUGE 1,000 from Ana', variationId: 'huge', durationMs: 9_000, volume: 0.5, speak: true });
    expect(playing('cheer', list, ev({ kind: 'cheer', id: 'c2', user: user('Ana'), bits: 100, message: '' }))).toMatchObject({ text: 'big 100', variationId: 'big' });
    expect(playing('cheer', list, ev({ kind: 'cheer', id: 'c3', user: user('Ana'), bits: 99, message: '' }))).toMatchObject({ text: 'Ana cheered 99 bits!', variationId: null, speak: false, durationMs: 5_000 });
  });

  it('cheer: anonymous or not', () => {
    const list = [variation('anon', { anonymous: true }, 'a secret {bits}')];
    expect(playing('cheer', list, ev({ kind: 'cheer', id: 'c1', user: null, bits: 5, message: '' }))?.variationId).toBe('anon');
    expect(playing('cheer', list, ev({ kind: 'cheer', id: 'c2', user: user('Bo'), bits: 5, message: '' }))?.variationId).toBeNull();
  });

  it('raid: by viewers, with an upper bound', () => {
    const list = [variation('small', { below: 10 }, 'a cosy raid')];
    expect(playing('raid', list, ev({ kind: 'raid', id: 'r1', from: user('Sam'), viewers: 9 }))?.variationId).toBe('small');
    expect(playing('raid', list, ev({ kind: 'raid', id: 'r2', from: user('Sam'), viewers: 10 }))?.variationId).toBeNull();
  });

  it('subscription: by tier', () => {
    const list = [variation('t3', { tier: '3000' }, 'TIER 3 {user}')];
    expect(playing('subscription', list, ev({ kind: 'subscription', id: 's1', user: user('Cy'), tier: '3000', isGift: false }))?.text).toBe('TIER 3 Cy');
    expect(playing('subscription', list, ev({ kind: 'subscription', id: 's2', user: user('Cy'), tier: '1000', isGift: false }))?.variationId).toBeNull();
  });

  it('resubscription: by months and tier together', () => {
    const list = [variation('year', { atLeast: 12, tier: 'prime' }, 'a year of prime')];
    const resub = (id: string, months: number, tier: string) => ev({ kind: 'resubscription', id, user: user('Di'), tier, months, streakMonths: null, message: '' });
    expect(playing('resubscription', list, resub('m1', 12, 'prime'))?.variationId).toBe('year');
    expect(playing('resubscription', list, resub('m2', 12, '1000'))?.variationId).toBeNull();
    expect(playing('resubscription', list, resub('m3', 11, 'prime'))?.variationId).toBeNull();
  });

  it('gifted subscriptions: by count, and an anonymous gifter', () => {
    const list = [variation('anon', { anonymous: true }, 'a mystery gift'), variation('bomb', { atLeast: 50 }, 'a bomb of {count}')];
    const gift = (id: string, count: number, gifter: unknown) => ev({ kind: 'giftSubscriptions', id, gifter, tier: '1000', count, cumulativeTotal: null });
    expect(playing('giftSubscriptions', list, gift('g1', 50, null))?.variationId).toBe('anon');
    expect(playing('giftSubscriptions', list, gift('g2', 50, user('Santa')))?.text).toBe('a bomb of 50');
    expect(playing('giftSubscriptions', list, gift('g3', 5, user('Santa')))?.variationId).toBeNull();
  });

  it('donation: by the amount in whole currency units', () => {
    const list = [variation('big', { atLeast: 50 }, 'wow {amount}')];
    const donation = (id: string, value: number) => ev({ kind: 'donation', id, user: user('Eve'), amount: { value, decimalPlaces: 2, currency: 'USD' }, charityName: 'Trees' });
    expect(playing('donation', list, donation('d1', 5_000))?.variationId).toBe('big');
    expect(playing('donation', list, donation('d2', 4_999))?.variationId).toBeNull();
  });

  it('redemption: by the reward', () => {
    const list = [variation('hydrate', { rewardId: 'rw-1' }, 'drink water, {user}')];
    const redeem = (id: string, rewardId: string) => ev({ kind: 'redemption', id, user: user('Flo'), reward: { id: rewardId, title: 'Hydrate', cost: 100, prompt: '' }, input: '', status: 'unfulfilled' });
    expect(playing('redemption', list, redeem('x1', 'rw-1'))?.text).toBe('drink water, Flo');
    expect(playing('redemption', list, redeem('x2', 'rw-2'))?.variationId).toBeNull();
  });

  it('follow: a variation with no condition always plays', () => {
    expect(playing('follow', [variation('every', {}, 'hi {user}')], ev({ kind: 'follow', id: 'f1', user: user('Gus') }))?.text).toBe('hi Gus');
  });

  it('hype train: by level', () => {
    const list = [variation('high', { atLeast: 3 }, 'LEVEL {level}')];
    const train = (id: string, level: number) => ev({ kind: 'hypeTrainProgress', id, trainId: 't', level, total: 100, progress: 0, goal: 100, topContributions: [], startedAt: '2026-01-01T00:00:00Z', expiresAt: '2026-01-01T00:05:00Z' });
    const settings = defaultSavedOverlays().alerts;
    settings.types.hypeTrain.variations = list;
    const rules = new AlertRules();
    expect(rules.alertFor(train('h2', 2), settings)?.alert.variationId).toBeNull();
    expect(rules.alertFor(train('h3', 3), settings)?.alert.text).toBe('LEVEL 3');
  });

  it('a condition compares nothing it does not set, and refuses “at least” above “below”', () => {
    expect(conditionHolds(any, { amount: 0, tier: null, anonymous: false, rewardId: null })).toBe(true);
    const type = { ...defaultSavedOverlays().alerts.types.cheer, variations: [variation('x', { atLeast: 10, below: 5 }, 't')] };
    expect(alertTypeSettingsSchema.safeParse(type).error?.issues[0]?.message).toBe('A variation’s “at least” must be below its “below”.');
    const twice = { ...type, variations: [variation('x', {}, 't'), variation('x', {}, 'u')] };
    expect(alertTypeSettingsSchema.safeParse(twice).error?.issues[0]?.message).toBe('Two variations have the same id.');
  });
});

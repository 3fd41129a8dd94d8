/**
 * Which channel events get an alert and with what text: each type on or off, its minimum, the
 * muted rewards, its template, and its variations (the first whose condition holds plays with its
 * own text, media, duration and speech; none: the type's default). A gift bomb is one alert (its gifted `subscription` events are not
 * alerts of their own); a hype train alerts when it begins and at each new level.
 */
import { amountToMajor, formatAmount } from '../../../shared/domain/charity-amount';
import { renderAlertTemplate } from '../../../shared/domain/alert-template';
import { HypeTrainLevels } from '../../../shared/domain/hype-train-levels';
import { tierName } from '../../../shared/domain/subscription-tier';
import type { ChannelEvent, ChannelEventKind } from '../../../shared/ipc/schemas/channel-events';
import type { AlertCondition, AlertKind, AlertSettings, AlertVariation } from '../../../shared/ipc/schemas/overlays';
import type { NewAlert } from './alert-queue';

/** The channel events alerts are made from. */
export const alertEventKinds = [
  'follow',
  'subscription',
  'resubscription',
  'giftSubscriptions',
  'cheer',
  'raid',
  'donation',
  'redemption',
  'hypeTrainBegin',
  'hypeTrainProgress',
] as const satisfies readonly ChannelEventKind[];

export type AlertEvent = Extract<ChannelEvent, { kind: (typeof alertEventKinds)[number] }>;

const anonymous = 'An anonymous viewer';
/** A redemption found by catching up is alerted only when this recent. */
const STALE_AFTER_MS = 10 * 60_000;
const numberFormat = new Intl.NumberFormat();
const count = (n: number) => numberFormat.format(n);

/** What a variation's condition is compared with. */
export interface AlertFacts {
  /** The type's figure (bits, viewers, months, gifts, amount, level); 0 where a type has none. */
  amount: number;
  tier: string | null;
  anonymous: boolean;
  rewardId: string | null;
}

function factsOf(event: AlertEvent, amount: number): AlertFacts {
  return {
    amount,
    tier: 'tier' in event ? event.tier : null,
    anonymous: (event.kind === 'cheer' && event.user === null) || (event.kind === 'giftSubscriptions' && event.gifter === null),
    rewardId: event.kind === 'redemption' ? event.reward.id : null,
  };
}

/** True when every part of `when` that is set holds for `facts`. */
export function conditionHolds(when: AlertCondition, facts: AlertFacts): boolean {
  if (when.atLeast !== null && !(facts.amount >= when.atLeast)) return false;
  if (when.below !== null && !(facts.amount < when.below)) return false;
  if (when.tier !== null && facts.tier !== when.tier) return false;
  if (when.anonymous !== null && facts.anonymous !== when.anonymous) return false;
  if (when.rewardId !== null && facts.rewardId !== when.rewardId) return false;
  return true;
}

/** The first variation whose condition holds, in the broadcaster's order; null: the type's default. */
export function variationFor(variations: readonly AlertVariation[], facts: AlertFacts): AlertVariation | null {
  return variations.find((v) => conditionHolds(v.when, facts)) ?? null;
}

/** The alert type of an event, the figure its minimum is compared with, and its template's values. */
function describeEvent(event: AlertEvent): { kind: AlertKind; amount: number; values: Record<string, string> } | null {
  switch (event.kind) {
    case 'follow':
      return { kind: 'follow', amount: 0, values: { user: event.user.name } };
    case 'subscription':
      return { kind: 'subscription', amount: 0, values: { user: event.user.name, tier: tierName(event.tier) } };
    case 'resubscription':
      return {
        kind: 'resubscription',
        amount: event.months,
        values: { user: event.user.name, tier: tierName(event.tier), months: count(event.months), streak: event.streakMonths === null ? '' : count(event.streakMonths), message: event.message },
      };
    case 'giftSubscriptions':
      return { kind: 'giftSubscriptions', amount: event.count, values: { user: event.gifter?.name ?? anonymous, gifter: event.gifter?.name ?? anonymous, count: count(event.count), tier: tierName(event.tier) } };
    case 'cheer':
      return { kind: 'cheer', amount: event.bits, values: { user: event.user?.name ?? anonymous, bits: count(event.bits), message: event.message } };
    case 'raid':
      return { kind: 'raid', amount: event.viewers, values: { user: event.from.name, raider: event.from.name, viewers: count(event.viewers) } };
    case 'donation': {
      const amount = { value: event.amount.value, decimal_places: event.amount.decimalPlaces, currency: event.amount.currency };
      return { kind: 'donation', amount: amountToMajor(amount), values: { user: event.user.name, amount: formatAmount(amount), charity: event.charityName } };
    }
    case 'redemption':
      return { kind: 'redemption', amount: 0, values: { user: event.user.name, reward: event.reward.title, input: event.input, cost: count(event.reward.cost) } };
    case 'hypeTrainBegin':
    case 'hypeTrainProgress':
      return { kind: 'hypeTrain', amount: event.level, values: { level: count(event.level), total: count(event.total) } };
  }
}

export class AlertRules {
  /** The one "once per hype-train level" rule (shared with automations): only a new level alerts. */
  private readonly trainLevels = new HypeTrainLevels();

  /**
   * The alert an event makes under `settings`, or null (its type is off, it is under the minimum,
   * its reward is muted, a gift's own subscription, a hype train's progress without a new level).
   * `forced` (an automation's "show the standard alert"): the type's switch, minimum and mutes do
   * not apply.
   */
  alertFor(event: AlertEvent, settings: AlertSettings, options: { forced?: boolean; test?: boolean; now?: number } = {}): { kind: AlertKind; alert: NewAlert } | null {
    if (event.kind === 'subscription' && event.isGift && !options.forced) return null;
    // Learned late (the queue caught up after a gap or a restart): old news is not put on stream.
    if (event.source === 'caughtUp' && !options.forced && (options.now ?? Date.now()) - Date.parse(event.at) > STALE_AFTER_MS) return null;
    if ((event.kind === 'hypeTrainBegin' || event.kind === 'hypeTrainProgress') && !this.trainLevels.isNewLevel(event.trainId, event.level)) return null;
    const described = describeEvent(event);
    if (!described) return null;
    const type = settings.types[described.kind];
    if (!options.forced) {
      if (!type.enabled || described.amount < type.minimum) return null;
      if (event.kind === 'redemption' && settings.options.mutedRewardIds.includes(event.reward.id)) return null;
    }
    const variation = variationFor(type.variations, factsOf(event, described.amount));
    const look = variation ?? type;
    return {
      kind: described.kind,
      alert: {
        id: `event:${event.id}`,
        kind: described.kind,
        text: renderAlertTemplate(look.template, described.values),
        imageId: look.imageId,
        soundId: look.soundId,
        volume: look.volume,
        durationMs: look.durationMs,
        speak: look.speak,
        variationId: variation?.id ?? null,
        test: options.test ?? false,
      },
    };
  }
}

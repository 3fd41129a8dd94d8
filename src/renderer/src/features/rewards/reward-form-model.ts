/** The reward form's fields as typed text, and their conversion and checks. Pure. */
import { formatPosition } from '../../../../shared/domain/marker-position';
import { checkReward, type RewardProblems } from '../../../../shared/domain/reward-rules';
import type { CustomReward, RewardInput } from '../../../../shared/ipc/contract';

export interface RewardDraft {
  title: string;
  cost: string;
  prompt: string;
  backgroundColor: string;
  isEnabled: boolean;
  isUserInputRequired: boolean;
  maxPerStreamEnabled: boolean;
  maxPerStream: string;
  maxPerUserEnabled: boolean;
  maxPerUser: string;
  cooldownEnabled: boolean;
  /** The cooldown as typed, in `cooldownUnit`. */
  cooldown: string;
  cooldownUnit: CooldownUnit;
  skipQueue: boolean;
}

export type CooldownUnit = 'seconds' | 'minutes' | 'hours';

/** The units the cooldown is shown and typed in, largest last. */
export const cooldownUnits: readonly { value: CooldownUnit; label: string; seconds: number }[] = [
  { value: 'seconds', label: 'seconds', seconds: 1 },
  { value: 'minutes', label: 'minutes', seconds: 60 },
  { value: 'hours', label: 'hours', seconds: 3600 },
];

const unitSeconds = (unit: CooldownUnit): number => cooldownUnits.find((u) => u.value === unit)!.seconds;

/**
 * A number of seconds in the largest unit it is a whole number of, so that nothing is rounded
 * on the way to the field and back: 1 s is "1 seconds", 90 s "90 seconds", 300 s "5 minutes".
 */
export function naturalCooldown(seconds: number): { text: string; unit: CooldownUnit } {
  const unit = [...cooldownUnits].reverse().find((u) => seconds >= u.seconds && seconds % u.seconds === 0) ?? cooldownUnits[0]!;
  return { text: String(seconds / unit.seconds), unit: unit.value };
}

/** The typed cooldown in seconds (a fraction of a second stays one, for the check to refuse). */
export function cooldownSeconds(d: Pick<RewardDraft, 'cooldown' | 'cooldownUnit'>): number {
  const typed = d.cooldown.trim() === '' ? Number.NaN : Number(d.cooldown);
  const seconds = typed * unitSeconds(d.cooldownUnit);
  // 0.1 minutes is 6 seconds, not 6.000000000000001.
  const whole = Math.round(seconds);
  return Math.abs(seconds - whole) < 1e-6 ? whole : seconds;
}

export const emptyDraft: RewardDraft = {
  title: '',
  cost: '100',
  prompt: '',
  backgroundColor: '#9147FF',
  isEnabled: true,
  isUserInputRequired: false,
  maxPerStreamEnabled: false,
  maxPerStream: '1',
  maxPerUserEnabled: false,
  maxPerUser: '1',
  cooldownEnabled: false,
  cooldown: '1',
  cooldownUnit: 'minutes',
  skipQueue: false,
};

export function draftOf(r: CustomReward): RewardDraft {
  // A reward without a cooldown may say 0 seconds: the field then offers a minute.
  const cooldown = r.globalCooldown.seconds >= 1 ? naturalCooldown(r.globalCooldown.seconds) : { text: '1', unit: 'minutes' as const };
  return {
    title: r.title,
    cost: String(r.cost),
    prompt: r.prompt,
    backgroundColor: r.backgroundColor,
    isEnabled: r.isEnabled,
    isUserInputRequired: r.isUserInputRequired,
    maxPerStreamEnabled: r.maxPerStream.isEnabled,
    maxPerStream: String(Math.max(1, r.maxPerStream.value)),
    maxPerUserEnabled: r.maxPerUserPerStream.isEnabled,
    maxPerUser: String(Math.max(1, r.maxPerUserPerStream.value)),
    cooldownEnabled: r.globalCooldown.isEnabled,
    cooldown: cooldown.text,
    cooldownUnit: cooldown.unit,
    skipQueue: r.shouldRedemptionsSkipRequestQueue,
  };
}

const whole = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

export function inputOf(d: RewardDraft): RewardInput {
  const seconds = cooldownSeconds(d);
  return {
    title: d.title.trim(),
    cost: whole(d.cost),
    prompt: d.prompt,
    backgroundColor: d.backgroundColor,
    isEnabled: d.isEnabled,
    isUserInputRequired: d.isUserInputRequired,
    maxPerStream: { isEnabled: d.maxPerStreamEnabled, value: d.maxPerStreamEnabled ? whole(d.maxPerStream) : Math.max(1, whole(d.maxPerStream) || 1) },
    maxPerUserPerStream: { isEnabled: d.maxPerUserEnabled, value: d.maxPerUserEnabled ? whole(d.maxPerUser) : Math.max(1, whole(d.maxPerUser) || 1) },
    globalCooldown: { isEnabled: d.cooldownEnabled, seconds: d.cooldownEnabled ? seconds : Math.max(1, Math.round(seconds) || 60) },
    shouldRedemptionsSkipRequestQueue: d.skipQueue,
  };
}

/** Problems per field, as the platform would refuse them. */
export function draftProblems(d: RewardDraft, otherTitles: string[], rewardCount: number | null): RewardProblems {
  const problems = checkReward(inputOf(d), otherTitles, rewardCount);
  if (d.cooldownEnabled) {
    const seconds = cooldownSeconds(d);
    if (!(Number(d.cooldown) > 0)) problems.globalCooldown = `The cooldown must be more than 0 ${d.cooldownUnit}.`;
    else if (!Number.isInteger(seconds)) problems.globalCooldown = `The platform counts a cooldown in whole seconds: ${d.cooldown} ${d.cooldownUnit} is ${Number(seconds.toFixed(3))} seconds.`;
  }
  return problems;
}

/** What the delete confirmation says. */
export function deleteWarning(title: string, pending: number): string {
  const open =
    pending === 0
      ? 'It has no redemptions waiting in the queue.'
      : `Its ${pending} ${pending === 1 ? 'redemption' : 'redemptions'} waiting in the queue will be marked fulfilled by the platform (the viewers' points are not refunded; cancel them first to refund).`;
  return `Delete "${title}"? Viewers can no longer redeem it. ${open} This cannot be undone.`;
}

/**
 * Why viewers cannot redeem a reward right now, in words, or null when they can (the platform says
 * only "not in stock", which is also what a cooldown looks like): "on cooldown, back in 2:15".
 */
export function rewardAvailability(r: Pick<CustomReward, 'isInStock' | 'cooldownExpiresAt' | 'maxPerStream'>, now: number): string | null {
  const until = r.cooldownExpiresAt ? Date.parse(r.cooldownExpiresAt) : Number.NaN;
  if (Number.isFinite(until) && until > now) return `on cooldown, back in ${formatPosition(Math.ceil((until - now) / 1000))}`;
  if (r.isInStock) return null;
  // Read while on cooldown, which has ended since: back, unless a per-stream limit also applies.
  if (Number.isFinite(until) && !r.maxPerStream.isEnabled) return null;
  if (r.maxPerStream.isEnabled) return 'limit for this stream reached';
  return 'out of stock';
}

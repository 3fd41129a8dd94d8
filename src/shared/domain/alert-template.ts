/**
 * Alert texts: a template per type with `{field}`s of its event, the defaults, and the words of a
 * backlog's summary. Pure, so that main renders alerts with it and the renderer's editor checks a
 * template as it is typed, with the same rule.
 */
import { defaultAlertStyle, type AlertKind, type AlertTypeSettings } from '../ipc/schemas/overlays';
import { renderTemplate, unknownPlaceholders, type TemplateFields } from './automation-template';

/** The fields each type's template may use, in the order the editor lists them. */
export const alertTemplateFields: Record<AlertKind, readonly string[]> = {
  follow: ['user'],
  subscription: ['user', 'tier'],
  resubscription: ['user', 'tier', 'months', 'streak', 'message'],
  // `{user}` is the person in every type (as in automations); `{gifter}` and `{raider}` are still read.
  giftSubscriptions: ['user', 'count', 'tier', 'gifter'],
  cheer: ['user', 'bits', 'message'],
  raid: ['user', 'viewers', 'raider'],
  donation: ['user', 'amount', 'charity'],
  redemption: ['user', 'reward', 'input', 'cost'],
  hypeTrain: ['level', 'total'],
};

/** The broadcaster's words for each type. */
export const alertKindNames: Record<AlertKind, string> = {
  follow: 'Follows',
  subscription: 'Subscriptions',
  resubscription: 'Resubscriptions',
  giftSubscriptions: 'Gifted subscriptions',
  cheer: 'Cheers',
  raid: 'Raids',
  donation: 'Charity donations',
  redemption: 'Channel-point redemptions',
  hypeTrain: 'Hype train',
};

/** What the minimum counts, per type; null where a type has none. */
export const alertMinimumUnits: Record<AlertKind, string | null> = {
  follow: null,
  subscription: null,
  resubscription: 'months',
  giftSubscriptions: 'subscriptions',
  cheer: 'bits',
  raid: 'viewers',
  donation: 'in the campaign’s currency',
  redemption: null,
  hypeTrain: 'level',
};

/** One and many of a type, for "and 40 more follows". */
const summaryNouns: Record<AlertKind, [string, string]> = {
  follow: ['follow', 'follows'],
  subscription: ['subscription', 'subscriptions'],
  resubscription: ['resubscription', 'resubscriptions'],
  giftSubscriptions: ['gift', 'gifts'],
  cheer: ['cheer', 'cheers'],
  raid: ['raid', 'raids'],
  donation: ['donation', 'donations'],
  redemption: ['redemption', 'redemptions'],
  hypeTrain: ['hype train level', 'hype train levels'],
};

export function summaryText(kind: AlertKind, count: number): string {
  const [one, many] = summaryNouns[kind];
  return `and ${count} more ${count === 1 ? one : many}`;
}

export const defaultAlertTemplates: Record<AlertKind, string> = {
  follow: '{user} just followed!',
  subscription: '{user} just subscribed!',
  resubscription: '{user} resubscribed for {months} months!',
  giftSubscriptions: '{user} gifted {count} subs!',
  cheer: '{user} cheered {bits} bits!',
  raid: '{user} is raiding with {viewers} viewers!',
  donation: '{user} donated {amount} to {charity}!',
  redemption: '{user} redeemed {reward}',
  hypeTrain: 'Hype train level {level}!',
};

export function defaultAlertType(kind: AlertKind): AlertTypeSettings {
  return { enabled: true, minimum: 0, template: defaultAlertTemplates[kind], durationMs: 5_000, imageId: null, soundId: null, volume: 0.8, speak: false, style: { ...defaultAlertStyle }, variations: [] };
}

/** The template with each `{field}` replaced by its value; a field without a value stays as typed. */
export function renderAlertTemplate(template: string, values: TemplateFields): string {
  return renderTemplate(template, values);
}

/** Why a template cannot be used for `kind`, in words; null when it can. */
export function alertTemplateProblem(kind: AlertKind, template: string): string | null {
  if (template.trim() === '') return 'Write the alert’s text.';
  const allowed = alertTemplateFields[kind];
  const unknown = unknownPlaceholders(template, allowed);
  if (unknown.length === 0) return null;
  const list = unknown.map((name) => `{${name}}`).join(', ');
  return `${alertKindNames[kind]} have no ${list}. Use ${allowed.map((name) => `{${name}}`).join(', ')}.`;
}

/** The platform's tiers in words. */
export { tierName } from './subscription-tier';

/**
 * A subscription tier in words, the one way every feature says it (automations' templates and
 * run log, alerts, the activity feed): `1000` is "Tier 1", Prime is "Prime".
 */
const tierNames: Readonly<Record<string, string>> = { '1000': 'Tier 1', '2000': 'Tier 2', '3000': 'Tier 3', prime: 'Prime' };

export function tierName(tier: string): string {
  return tierNames[tier] ?? `Tier ${tier}`;
}

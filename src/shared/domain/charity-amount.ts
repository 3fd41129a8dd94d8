/**
 * Charity amounts as the platform sends them: `value` in minor units, `decimal_places`, and an
 * ISO 4217 `currency`. Major units = value / 10^decimal_places.
 */
export interface AmountLike {
  value: number;
  decimal_places: number;
  currency: string;
}

/** The amount in major units (5000 with 2 places is 50). */
export function amountToMajor(amount: AmountLike): number {
  return amount.value / 10 ** amount.decimal_places;
}

/**
 * Formatted for `locale` (undefined: the runtime's, i.e. the user's), with the amount's own number of
 * decimals: `{value: 5000, decimal_places: 2, currency: 'USD'}` is "$50.00" in en-US, "50,00 $US" in fr-FR.
 * A currency code Intl does not know still reads sensibly ("50.00 XYZ").
 */
export function formatAmount(amount: AmountLike, locale?: string | string[]): string {
  const digits = Math.max(0, Math.min(20, Math.trunc(amount.decimal_places)));
  const major = amountToMajor(amount);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: amount.currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(major);
  } catch {
    const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(major);
    return `${number} ${amount.currency}`;
  }
}

/**
 * Progress towards the target, 0..1 (it can pass the target: capped at 1 for a bar; `ratio` keeps the
 * real figure). Null when there is no target or the currencies differ.
 */
export function campaignProgress(current: AmountLike, target: AmountLike | null): { ratio: number; bar: number } | null {
  if (!target || target.currency !== current.currency) return null;
  const goal = amountToMajor(target);
  if (goal <= 0) return null;
  const ratio = amountToMajor(current) / goal;
  return { ratio, bar: Math.max(0, Math.min(1, ratio)) };
}

/** Adds a donation to the campaign's running total (same currency; the amounts may differ in decimal places). */
export function addAmounts(total: AmountLike, donation: AmountLike): AmountLike | null {
  if (total.currency !== donation.currency) return null;
  const places = Math.max(total.decimal_places, donation.decimal_places);
  const scale = (a: AmountLike) => a.value * 10 ** (places - a.decimal_places);
  return { value: scale(total) + scale(donation), decimal_places: places, currency: total.currency };
}

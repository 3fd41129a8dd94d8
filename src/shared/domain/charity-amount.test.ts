import { describe, expect, it } from 'vitest';
import { addAmounts, amountToMajor, campaignProgress, formatAmount } from './charity-amount';

describe('charity amounts', () => {
  it('turns minor units into major units', () => {
    expect(amountToMajor({ value: 5000, decimal_places: 2, currency: 'USD' })).toBe(50);
    expect(amountToMajor({ value: 1500, decimal_places: 0, currency: 'JPY' })).toBe(1500);
  });

  it('formats in the given locale with the amount\'s decimals', () => {
    expect(formatAmount({ value: 5000, decimal_places: 2, currency: 'USD' }, 'en-US')).toBe('$50.00');
    expect(formatAmount({ value: 123456, decimal_places: 2, currency: 'EUR' }, 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatAmount({ value: 1500, decimal_places: 0, currency: 'JPY' }, 'ja-JP')).toMatch(/1,500/);
    expect(formatAmount({ value: 12345, decimal_places: 3, currency: 'KWD' }, 'en-US')).toMatch(/12\.345/);
  });

  it('still reads sensibly for a currency code Intl rejects', () => {
    expect(formatAmount({ value: 5000, decimal_places: 2, currency: 'not a code' }, 'en-US')).toBe('50.00 not a code');
  });

  it('measures progress, capped for the bar, none without a target', () => {
    const target = { value: 10000, decimal_places: 2, currency: 'USD' };
    expect(campaignProgress({ value: 2500, decimal_places: 2, currency: 'USD' }, target)).toEqual({ ratio: 0.25, bar: 0.25 });
    expect(campaignProgress({ value: 15000, decimal_places: 2, currency: 'USD' }, target)).toEqual({ ratio: 1.5, bar: 1 });
    expect(campaignProgress({ value: 1, decimal_places: 2, currency: 'USD' }, null)).toBeNull();
    expect(campaignProgress({ value: 1, decimal_places: 2, currency: 'EUR' }, target)).toBeNull();
  });

  it('adds amounts of one currency across decimal places', () => {
    expect(addAmounts({ value: 100, decimal_places: 2, currency: 'USD' }, { value: 5, decimal_places: 0, currency: 'USD' })).toEqual({ value: 600, decimal_places: 2, currency: 'USD' });
    expect(addAmounts({ value: 100, decimal_places: 2, currency: 'USD' }, { value: 5, decimal_places: 0, currency: 'EUR' })).toBeNull();
  });
});

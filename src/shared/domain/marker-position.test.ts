import { describe, expect, it } from 'vitest';
import { formatPosition, formatUptime, renderMarkerDescription } from './marker-position';

describe('formatPosition', () => {
  it('writes hours only past an hour', () => {
    expect(formatPosition(0)).toBe('0:00');
    expect(formatPosition(65)).toBe('1:05');
    expect(formatPosition(3599)).toBe('59:59');
    expect(formatPosition(5025)).toBe('1:23:45');
    expect(formatPosition(36000)).toBe('10:00:00');
  });
  it('floors fractions and clamps nonsense to zero', () => {
    expect(formatPosition(59.9)).toBe('0:59');
    expect(formatPosition(-5)).toBe('0:00');
    expect(formatPosition(Number.NaN)).toBe('0:00');
  });
  it('formats uptime from two instants', () => {
    expect(formatUptime(1_000, 1_000 + 3_723_000)).toBe('1:02:03');
  });
});

describe('renderMarkerDescription', () => {
  const pressedAt = new Date(2026, 0, 2, 3, 4, 5);
  it('fills time, date and number', () => {
    expect(renderMarkerDescription('Marker {n} at {time} on {date}', { pressedAt, number: 3 })).toBe('Marker 3 at 03:04:05 on 2026-01-02');
  });
  it('keeps unknown placeholders and trims to the platform limit', () => {
    expect(renderMarkerDescription('{other}', { pressedAt, number: 1 })).toBe('{other}');
    expect(renderMarkerDescription('x'.repeat(200), { pressedAt, number: 1 })).toHaveLength(140);
  });
});

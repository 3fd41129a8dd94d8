import { describe, expect, it } from 'vitest';
import { recentWords, rollSeconds, timerFace } from './widget-format';

const timer = (over: Partial<Parameters<typeof timerFace>[0]>) => ({ widget: 'timer' as const, label: '', mode: 'countdown' as const, durationMs: 300_000, elapsedMs: 0, running: false, ...over });

describe('widget faces', () => {
  it('a countdown shows what is left, rounded up, and 0:00 only at its end; it counts on only while running', () => {
    expect(timerFace(timer({}), 0)).toBe('5:00');
    expect(timerFace(timer({ running: true }), 1)).toBe('5:00');
    expect(timerFace(timer({ running: true, elapsedMs: 299_500 }), 0)).toBe('0:01');
    expect(timerFace(timer({ running: true, elapsedMs: 299_500 }), 10_000)).toBe('0:00');
    expect(timerFace(timer({ running: false, elapsedMs: 60_000 }), 10_000)).toBe('4:00');
  });

  it('a stopwatch counts up, with hours past the hour', () => {
    expect(timerFace(timer({ mode: 'stopwatch', running: true }), 61_999)).toBe('1:01');
    expect(timerFace(timer({ mode: 'stopwatch', elapsedMs: 3_723_000 }), 0)).toBe('1:02:03');
  });

  it('a recent event is its name and what they did', () => {
    expect(recentWords({ id: 'a', kind: 'cheer', name: '<b>Ada</b>', amount: '300 bits' })).toEqual({ name: '<b>Ada</b>', what: 'cheered 300 bits' });
    expect(recentWords({ id: 'b', kind: 'follow', name: 'Bo', amount: null })).toEqual({ name: 'Bo', what: 'followed' });
  });

  it('one pass of the credits takes the page and the roll at its speed', () => {
    expect(rollSeconds(920, 1080, 100)).toBe(20);
    expect(rollSeconds(0, 0, 60)).toBe(1);
  });
});

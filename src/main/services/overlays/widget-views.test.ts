import { describe, expect, it } from 'vitest';
import { defaultWidgetSettings } from '../../../shared/ipc/schemas/widgets';
import { WidgetTally, type WidgetEvent } from './widget-tally';
import { counterView, creditsView, latestView, recentView, timerView, widgetsConcerned } from './widget-views';

let n = 0;
const base = () => ({ id: `v${++n}`, at: new Date(Date.UTC(2026, 0, 1, 20, 0, n)).toISOString(), source: 'live' as const });
const user = (name: string) => ({ id: `u-${name}`, login: name.toLowerCase(), name });
const follow = (name: string): WidgetEvent => ({ ...base(), kind: 'follow', user: user(name) });
const cheer = (name: string, bits: number): WidgetEvent => ({ ...base(), kind: 'cheer', user: user(name), bits, message: '' });
const gift = (name: string, count: number): WidgetEvent => ({ ...base(), kind: 'giftSubscriptions', gifter: user(name), tier: '1000', count, cumulativeTotal: null });

function tallyOf(...events: WidgetEvent[]) {
  const tally = new WidgetTally();
  tally.apply({ ...base(), kind: 'streamOnline', streamType: 'live', startedAt: new Date().toISOString() });
  for (const e of events) tally.apply(e);
  return tally.get();
}

describe('widget views', () => {
  it('the recent-events list: only the chosen types, the last N, newest first', () => {
    const tally = tallyOf(follow('Ada'), cheer('Bo', 300), follow('Cy'), gift('Di', 5));
    expect(recentView(tally, { count: 2, kinds: ['follow', 'cheer'] })).toEqual({
      widget: 'recent',
      items: [expect.objectContaining({ kind: 'follow', name: 'Cy', amount: null }), expect.objectContaining({ kind: 'cheer', name: 'Bo', amount: '300 bits' })],
    });
    expect(recentView(tally, { count: 5, kinds: [] })).toEqual({ widget: 'recent', items: [] });
  });

  it('the latest and the top: the chosen one, or nobody yet', () => {
    const tally = tallyOf(follow('Ada'), cheer('Bo', 300), cheer('Cy', 100), cheer('Cy', 250), gift('Di', 5));
    expect(latestView(tally, { which: 'latestFollower' })).toEqual({ widget: 'latest', label: 'Latest follower', name: 'Ada', detail: null });
    expect(latestView(tally, { which: 'latestCheer' })).toMatchObject({ name: 'Cy', detail: '250 bits' });
    expect(latestView(tally, { which: 'topCheererBroadcast' })).toMatchObject({ label: 'Top cheerer today', name: 'Cy', detail: '350 bits' });
    expect(latestView(tally, { which: 'topGifterAllTime' })).toMatchObject({ name: 'Di', detail: '5 gifts' });
    expect(latestView(tally, { which: 'latestSubscriber' })).toEqual({ widget: 'latest', label: 'Latest subscriber', name: null, detail: null });
  });

  it('the counter: the chosen variable’s value, or nothing when it is not there', () => {
    const variables = [{ name: 'deaths', value: 1234, updatedAt: '' }, { name: 'mood', value: 'calm', updatedAt: '' }];
    expect(counterView(variables, { variable: 'deaths', label: 'Deaths' })).toEqual({ widget: 'counter', label: 'Deaths', value: '1,234' });
    expect(counterView(variables, { variable: 'mood', label: 'Mood' })).toMatchObject({ value: 'calm' });
    expect(counterView(variables, { variable: 'gone', label: 'Gone' })).toMatchObject({ value: null });
  });

  it('the timer: a running countdown counts down from its start, a countdown that ran out stops at its length', () => {
    const settings = { mode: 'countdown' as const, durationSeconds: 60, label: 'Soon' };
    expect(timerView({ elapsedMs: 5_000, runningSince: 1_000 }, settings, 11_000)).toMatchObject({ elapsedMs: 15_000, durationMs: 60_000, running: true });
    expect(timerView({ elapsedMs: 0, runningSince: 0 }, settings, 90_000)).toMatchObject({ elapsedMs: 60_000, running: false });
    expect(timerView({ elapsedMs: 0, runningSince: 0 }, { ...settings, mode: 'stopwatch' }, 90_000)).toMatchObject({ elapsedMs: 90_000, running: true });
    expect(timerView({ elapsedMs: 7_000, runningSince: null }, settings, 90_000)).toMatchObject({ elapsedMs: 7_000, running: false });
  });

  it('the credits: this broadcast’s people by part, the empty parts left out', () => {
    const tally = tallyOf(follow('Ada'), follow('Bo'), cheer('Cy', 100), { ...base(), kind: 'raid', from: user('Rae'), viewers: 12 });
    expect(creditsView(tally, defaultWidgetSettings.credits)).toEqual({
      widget: 'credits',
      title: 'Thanks for watching',
      speed: 60,
      sections: [
        { title: 'Followers', names: ['Ada', 'Bo'] },
        { title: 'Cheerers', names: ['Cy'] },
        { title: 'Raiders', names: ['Rae'] },
      ],
    });
  });

  it('sends an event’s change only to the widgets it concerns', () => {
    const settings = defaultWidgetSettings;
    expect(widgetsConcerned(new Set(['latest', 'recent', 'credits']), settings)).toEqual(['recent', 'latest', 'credits']);
    expect(widgetsConcerned(new Set(['top']), settings)).toEqual([]);
    expect(widgetsConcerned(new Set(['top']), { ...settings, latest: { which: 'topGifterAllTime' } })).toEqual(['latest']);
    expect(widgetsConcerned(new Set(['latest']), { ...settings, latest: { which: 'topGifterAllTime' } })).toEqual([]);
  });
});

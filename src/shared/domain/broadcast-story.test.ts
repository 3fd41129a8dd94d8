import { describe, expect, it } from 'vitest';
import type { BroadcastStory, BroadcastSummary, StoryMinute, StoryMoment } from '../ipc/schemas/broadcast-story';
import { compareTotals, storyChapters, storyCsv, summaryOf, topChatters, totalsOf, viewerChanges } from './broadcast-story';

const minute = (n: number, viewers: number | null, extra: Partial<StoryMinute> = {}): StoryMinute => ({
  minute: n,
  viewers,
  chatLines: 0,
  chatters: 0,
  follows: 0,
  subs: 0,
  bits: 0,
  redemptions: 0,
  donations: 0,
  ...extra,
});
const moment = (kind: StoryMoment['kind'], offsetSeconds: number, label: string): StoryMoment => ({ id: `${kind}-${offsetSeconds}`, kind, offsetSeconds, at: new Date(Date.UTC(2025, 0, 1, 20) + offsetSeconds * 1000).toISOString(), label });

function story(minutes: StoryMinute[], moments: StoryMoment[] = [], id = 'b1'): BroadcastStory {
  return { id, startedAt: '2025-01-01T20:00:00.000Z', endedAt: null, title: 'T', categoryName: 'C', minutes, moments, chatters: [], followers: [], subscribers: [] };
}

describe('broadcast story', () => {
  it('totals: peak and average viewers over the minutes with a count, the sums of the rest', () => {
    const totals = totalsOf(story([minute(0, null, { chatLines: 2 }), minute(1, 10, { follows: 1, bits: 50 }), minute(2, 21, { redemptions: 3, donations: 1 })], [moment('marker', 5, 'x')]));
    expect(totals).toEqual({ minutes: 3, peakViewers: 21, averageViewers: 15.5, chatLines: 2, chatters: 0, follows: 1, subs: 0, bits: 50, redemptions: 3, donations: 1, moments: 1 });
  });

  it('compares with the previous broadcast and the average of the ten before', () => {
    const summaries: BroadcastSummary[] = Array.from({ length: 13 }, (_, i) => summaryOf(story([minute(0, 100 - i, { follows: i })], [], `b${i}`)));
    const follows = compareTotals('b0', summaries).find((c) => c.key === 'follows')!;
    // b1..b10: follows 1..10, average 5.5.
    expect(follows).toEqual({ key: 'follows', label: 'Follows', value: 0, previous: 1, averageOfLastTen: 5.5 });
    const oldest = compareTotals('b12', summaries).find((c) => c.key === 'follows')!;
    expect(oldest).toMatchObject({ previous: null, averageOfLastTen: null });
  });

  it('the largest rises and drops, each with the moments of the minutes just before', () => {
    const s = story(
      [minute(0, 10), minute(1, 12), minute(2, null), minute(3, 60), minute(4, 58), minute(8, 20), minute(9, 25)],
      [moment('raidIn', 170, 'Raid from Ana with 48 viewers'), moment('adBreak', 400, 'Ad break, 90 s'), moment('marker', 30, 'Too early')],
    );
    const { rises, drops } = viewerChanges(s, 2, 2);
    expect(rises.map((r) => [r.minute, r.change, r.before.map((m) => m.label)])).toEqual([
      [3, 48, ['Raid from Ana with 48 viewers']],
      [9, 5, []],
    ]);
    expect(drops.map((r) => [r.minute, r.from, r.viewers, r.before.map((m) => m.label)])).toEqual([
      [8, 58, 20, ['Ad break, 90 s']],
      [4, 60, 58, ['Raid from Ana with 48 viewers']],
    ]);
  });

  it('CSV: a row a minute, every series, an unknown viewer count empty, a formula neutralised', () => {
    const csv = storyCsv(story([minute(0, null, { chatLines: 3 }), minute(61, 7, { follows: 2, redemptions: 1 })]));
    expect(csv.split('\r\n')).toEqual([
      'position,minute,time,viewers,chatLines,chatters,follows,subs,bits,redemptions,donations',
      '0:00,0,2025-01-01T20:00:00.000Z,,3,0,0,0,0,0,0',
      '1:01:00,61,2025-01-01T21:01:00.000Z,7,0,0,2,0,0,1,0',
      '',
    ]);
  });

  it('chapters: the markers always; raids, ads and category changes when asked', () => {
    const s = story([], [moment('marker', 65, 'Boss'), moment('raidIn', 120, 'Raid from Ana'), moment('adBreak', 200, 'Ad break'), moment('categoryChange', 300, 'Category: Chess'), moment('poll', 310, 'Poll')]);
    expect(storyChapters(s)).toBe('0:00 Start\n1:05 Boss\n');
    expect(storyChapters(s, ['raids', 'categories'])).toBe('0:00 Start\n1:05 Boss\n2:00 Raid from Ana\n5:00 Category: Chess\n');
    expect(storyChapters(s, ['ads'])).toBe('0:00 Start\n1:05 Boss\n3:20 Ad break\n');
  });

  it("chapters of the Markers panel: the marker log's markers, with the story's raids, ads and category changes when asked", () => {
    const s = story([], [moment('marker', 65, 'Boss (story)'), moment('raidOut', 120, 'Raided Bo'), moment('adBreak', 200, 'Ad break'), moment('categoryChange', 300, 'Category: Chess')]);
    const log = [{ positionSeconds: 60, description: 'Boss', at: '2025-01-01T20:01:00.000Z' }];
    expect(storyChapters({ moments: [] }, [], log)).toBe('0:00 Start\n1:00 Boss\n');
    expect(storyChapters(s, [], log)).toBe('0:00 Start\n1:00 Boss\n');
    expect(storyChapters(s, ['raids', 'ads'], log)).toBe('0:00 Start\n1:00 Boss\n2:00 Raided Bo\n3:20 Ad break\n');
  });

  it('top chatters by lines, then by name', () => {
    const s = { chatters: [{ name: 'b', lines: 2 }, { name: 'a', lines: 2 }, { name: 'c', lines: 9 }] };
    expect(topChatters(s, 2)).toEqual([{ name: 'c', lines: 9 }, { name: 'a', lines: 2 }]);
  });
});

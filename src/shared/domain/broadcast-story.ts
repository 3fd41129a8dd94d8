/**
 * What the Broadcasts panel says about a recorded broadcast: its totals, beside the previous one and
 * the average of the last ten; where viewers came and went; its series as CSV and its moments as a
 * chapter list. Pure, so that the panel, main and the tests compute the same.
 */
import type { BroadcastStory, BroadcastSummary, StoryMoment, StoryMomentKind, StoryTotals } from '../ipc/schemas/broadcast-story';
import { storySeries } from '../ipc/schemas/broadcast-story';
import { csvField, toChapterList, type ExportableMarker } from './marker-export';
import { formatPosition } from './marker-position';

export function totalsOf(story: Pick<BroadcastStory, 'minutes' | 'moments' | 'chatters'>): StoryTotals {
  let peak: number | null = null;
  let viewerSum = 0;
  let viewerMinutes = 0;
  const totals: StoryTotals = {
    minutes: story.minutes.length,
    peakViewers: null,
    averageViewers: null,
    chatLines: 0,
    chatters: story.chatters.length,
    follows: 0,
    subs: 0,
    bits: 0,
    redemptions: 0,
    donations: 0,
    moments: story.moments.length,
  };
  for (const m of story.minutes) {
    if (m.viewers !== null) {
      peak = Math.max(peak ?? 0, m.viewers);
      viewerSum += m.viewers;
      viewerMinutes++;
    }
    totals.chatLines += m.chatLines;
    totals.follows += m.follows;
    totals.subs += m.subs;
    totals.bits += m.bits;
    totals.redemptions += m.redemptions;
    totals.donations += m.donations;
  }
  totals.peakViewers = peak;
  totals.averageViewers = viewerMinutes ? Math.round((viewerSum / viewerMinutes) * 10) / 10 : null;
  return totals;
}

export function summaryOf(story: BroadcastStory): BroadcastSummary {
  return { id: story.id, ...(story.broadcasterId ? { broadcasterId: story.broadcasterId } : {}), startedAt: story.startedAt, endedAt: story.endedAt, title: story.title, categoryName: story.categoryName, totals: totalsOf(story) };
}

/** The totals compared in the panel, with their words. */
export const comparedTotals = [
  ['peakViewers', 'Peak viewers'],
  ['averageViewers', 'Average viewers'],
  ['minutes', 'Minutes live'],
  ['chatLines', 'Chat lines'],
  ['chatters', 'Chatters'],
  ['follows', 'Follows'],
  ['subs', 'Subs and gifts'],
  ['bits', 'Bits'],
  ['redemptions', 'Redemptions'],
  ['donations', 'Donations'],
] as const satisfies readonly (readonly [keyof StoryTotals, string])[];

export interface TotalsComparison {
  key: keyof StoryTotals;
  label: string;
  value: number | null;
  previous: number | null;
  /** Of the ten broadcasts before this one (fewer when there are fewer); null when there are none. */
  averageOfLastTen: number | null;
}

/**
 * `summaries` newest first, as the list has them: the broadcast `id`, the one before it, and the
 * average of the ten before it.
 */
export function compareTotals(id: string, summaries: readonly BroadcastSummary[]): TotalsComparison[] {
  const index = summaries.findIndex((s) => s.id === id);
  const current = summaries[index];
  if (!current) return [];
  const before = summaries.slice(index + 1, index + 11);
  return comparedTotals.map(([key, label]) => {
    const values = before.map((s) => s.totals[key]).filter((v): v is number => v !== null);
    return {
      key,
      label,
      value: current.totals[key],
      previous: before[0]?.totals[key] ?? null,
      averageOfLastTen: values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10 : null,
    };
  });
}

export interface ViewerChange {
  /** The minute the count changed to `viewers`. */
  minute: number;
  from: number;
  viewers: number;
  change: number;
  /** The moments in the five minutes before the change (and in its minute), newest last. */
  before: StoryMoment[];
}

/** The `count` largest rises and drops of the viewer count from one minute to the next. */
export function viewerChanges(story: Pick<BroadcastStory, 'minutes' | 'moments'>, count = 5, lookBackMinutes = 5): { rises: ViewerChange[]; drops: ViewerChange[] } {
  const changes: ViewerChange[] = [];
  let last: number | null = null;
  for (const m of story.minutes) {
    if (m.viewers === null) continue;
    if (last !== null && m.viewers !== last) {
      const end = (m.minute + 1) * 60;
      const start = Math.max(0, m.minute - lookBackMinutes) * 60;
      const before = story.moments.filter((moment) => moment.offsetSeconds >= start && moment.offsetSeconds < end);
      changes.push({ minute: m.minute, from: last, viewers: m.viewers, change: m.viewers - last, before });
    }
    last = m.viewers;
  }
  const rises = changes.filter((c) => c.change > 0).sort((a, b) => b.change - a.change || a.minute - b.minute);
  const drops = changes.filter((c) => c.change < 0).sort((a, b) => a.change - b.change || a.minute - b.minute);
  return { rises: rises.slice(0, count), drops: drops.slice(0, count) };
}

export function topChatters(story: Pick<BroadcastStory, 'chatters'>, count = 10): { name: string; lines: number }[] {
  return [...story.chatters].sort((a, b) => b.lines - a.lines || a.name.localeCompare(b.name)).slice(0, count);
}

/** One row a minute: its position, its start's time, then every series (an unknown viewer count is empty). */
export function storyCsv(story: Pick<BroadcastStory, 'minutes' | 'startedAt'>): string {
  const start = Date.parse(story.startedAt);
  const header = ['position', 'minute', 'time', ...storySeries];
  const rows = story.minutes.map((m) => [
    formatPosition(m.minute * 60),
    String(m.minute),
    Number.isFinite(start) ? new Date(start + m.minute * 60_000).toISOString() : '',
    ...storySeries.map((key) => (m[key] === null ? '' : String(m[key]))),
  ]);
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** The moments a chapter list can hold besides the markers, each chosen by the broadcaster. */
export const optionalChapterKinds = ['raids', 'ads', 'categories'] as const;
export type OptionalChapterKind = (typeof optionalChapterKinds)[number];

const chapterKinds: Record<OptionalChapterKind, readonly StoryMomentKind[]> = {
  raids: ['raidIn', 'raidOut'],
  ads: ['adBreak'],
  categories: ['categoryChange'],
};

/** The moments of the optional kinds asked for (not the markers), as `ExportableMarker`s. */
export function optionalChapterMoments(moments: readonly StoryMoment[], include: readonly OptionalChapterKind[]): ExportableMarker[] {
  const kinds = new Set<StoryMomentKind>(include.flatMap((k) => chapterKinds[k]));
  return moments.filter((m) => kinds.has(m.kind)).map((m) => ({ positionSeconds: m.offsetSeconds, description: m.label, at: m.at }));
}

const markerMoments = (moments: readonly StoryMoment[]): ExportableMarker[] =>
  moments.filter((m) => m.kind === 'marker').map((m) => ({ positionSeconds: m.offsetSeconds, description: m.label, at: m.at }));

/**
 * The chapter list of a broadcast with the optional chapters asked for: the one chapter export of
 * both panels. `markers` are the story's own by default; the Markers panel passes its marker log's
 * (their positions with the stream delay taken off, as its export always had them).
 */
export function storyChapters(story: Pick<BroadcastStory, 'moments'>, include: readonly OptionalChapterKind[] = [], markers: readonly ExportableMarker[] = markerMoments(story.moments)): string {
  return toChapterList([...markers, ...optionalChapterMoments(story.moments, include)]);
}

/**
 * The widgets' pure parts, tested in Node: a timer's face at a moment, the words a recent event is
 * shown with, and how long one pass of the credits roll takes.
 */
import type { WidgetView } from '../../../shared/ipc/schemas/widgets';

type TimerView = Extract<WidgetView, { widget: 'timer' }>;
type RecentItem = Extract<WidgetView, { widget: 'recent' }>['items'][number];

/** The timer's face `sinceFrameMs` after its frame came: h:mm:ss or m:ss (a countdown rounds up, so it shows 0:00 only at its end). */
export function timerFace(view: TimerView, sinceFrameMs: number): string {
  const elapsed = view.elapsedMs + (view.running ? Math.max(0, sinceFrameMs) : 0);
  const ms = view.mode === 'countdown' ? Math.max(0, view.durationMs - elapsed) : elapsed;
  const total = view.mode === 'countdown' ? Math.ceil(ms / 1000) : Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const recentVerbs: Record<RecentItem['kind'], string> = {
  follow: 'followed',
  subscription: 'subscribed',
  resubscription: 'resubscribed',
  giftSubscriptions: 'gifted',
  cheer: 'cheered',
  raid: 'raided',
  donation: 'donated',
};

/** "Ada cheered 300 bits": the name and what they did, as separate texts (the name is the viewer's). */
export function recentWords(item: RecentItem): { name: string; what: string } {
  return { name: item.name, what: item.amount ? `${recentVerbs[item.kind]} ${item.amount}` : recentVerbs[item.kind] };
}

/** Seconds for the roll to pass once: from below the page to above it, at `speed` px a second. */
export function rollSeconds(contentHeight: number, pageHeight: number, speed: number): number {
  return Math.max(1, (contentHeight + pageHeight) / Math.max(1, speed));
}

/**
 * What the stream widgets show, kept from the one channel-event stream by deltas (each event
 * changes only what it is about, nothing is re-read): the recent events, the latest follower,
 * subscriber, cheer and donation, the top cheerer and gifter of this broadcast and of all time, and
 * this broadcast's credits (followers, subscribers, gifters, cheerers, raiders, moderators who
 * acted). A broadcast starts at `streamOnline`. Its state is one plain value with a schema, so that
 * it is saved and read back into the same state (`widgetTallySchema`), and an event seen twice (a
 * redelivery, a catch-up) counts once.
 *
 * The widgets' pages are sent views of it (`widget-views.ts`, `stream-widgets.ts`); it is kept in
 * `widgets.json` (`widget-file.ts`).
 */
import { z } from 'zod';
import { formatAmount } from '../../../shared/domain/charity-amount';
import type { ChannelEvent, ChannelEventKind } from '../../../shared/ipc/schemas/channel-events';

export const widgetEventKinds = [
  'follow',
  'subscription',
  'resubscription',
  'giftSubscriptions',
  'cheer',
  'raid',
  'donation',
  'streamOnline',
  'ban',
  'unban',
  'moderation',
  'moderatorAdd',
] as const satisfies readonly ChannelEventKind[];
export type WidgetEvent = Extract<ChannelEvent, { kind: (typeof widgetEventKinds)[number] }>;

/** The most recent events kept (a list widget shows its last N of them). */
export const MAX_RECENT = 50;
/** People kept per list of the credits, and supporters per top board (the lowest are let go). */
const MAX_PEOPLE = 2_000;
/** Event ids remembered, so that one delivered twice counts once. */
const MAX_SEEN = 2_000;

const personSchema = z.object({ id: z.string().max(100), name: z.string().max(100) });
type Person = z.infer<typeof personSchema>;
const supporterSchema = personSchema.extend({ total: z.number().nonnegative() });
export type Supporter = z.infer<typeof supporterSchema>;

export const recentKinds = ['follow', 'subscription', 'resubscription', 'giftSubscriptions', 'cheer', 'raid', 'donation'] as const;
const recentItemSchema = z.object({ id: z.string().max(300), kind: z.enum(recentKinds), name: z.string().max(100), amount: z.string().max(100).nullable(), at: z.string().max(40) });
export type RecentItem = z.infer<typeof recentItemSchema>;

const boardSchema = z.array(supporterSchema).max(MAX_PEOPLE);

export const widgetTallySchema = z.object({
  version: z.literal(1),
  recent: z.array(recentItemSchema).max(MAX_RECENT),
  latest: z.object({
    follower: personSchema.nullable(),
    subscriber: personSchema.nullable(),
    cheer: personSchema.extend({ bits: z.number().int() }).nullable(),
    donation: personSchema.extend({ amount: z.string().max(100) }).nullable(),
  }),
  broadcast: z.object({
    startedAt: z.string().max(40).nullable(),
    cheerers: boardSchema,
    gifters: boardSchema,
    followers: z.array(personSchema).max(MAX_PEOPLE),
    subscribers: z.array(personSchema).max(MAX_PEOPLE),
    raiders: z.array(personSchema.extend({ viewers: z.number().int() })).max(MAX_PEOPLE),
    moderators: z.array(personSchema).max(MAX_PEOPLE),
  }),
  allTime: z.object({ cheerers: boardSchema, gifters: boardSchema }),
  seen: z.array(z.string().max(300)).max(MAX_SEEN),
});
export type WidgetTallyState = z.infer<typeof widgetTallySchema>;

/** What an event changed, so that only the widgets showing it are sent anything. */
export type WidgetPart = 'recent' | 'latest' | 'top' | 'credits';

export function emptyWidgetTally(): WidgetTallyState {
  return {
    version: 1,
    recent: [],
    latest: { follower: null, subscriber: null, cheer: null, donation: null },
    broadcast: { startedAt: null, cheerers: [], gifters: [], followers: [], subscribers: [], raiders: [], moderators: [] },
    allTime: { cheerers: [], gifters: [] },
    seen: [],
  };
}

const person = (user: { id: string; name: string }): Person => ({ id: user.id, name: user.name });
const count = new Intl.NumberFormat('en');

export class WidgetTally {
  private state: WidgetTallyState;
  private readonly seen: Set<string>;

  constructor(saved: WidgetTallyState = emptyWidgetTally()) {
    this.state = structuredClone(saved);
    this.seen = new Set(saved.seen);
  }

  /** The state as it is now, to save (and to read back with `new WidgetTally(saved)`). */
  get(): WidgetTallyState {
    return { ...this.state, seen: [...this.seen] };
  }

  /** The top supporter of a board, or null when nobody is on it. */
  top(board: 'cheerers' | 'gifters', scope: 'broadcast' | 'allTime'): Supporter | null {
    return this.state[scope][board][0] ?? null;
  }

  /** Applies one event; the parts it changed (empty: nothing, or an event already counted). */
  apply(event: WidgetEvent): Set<WidgetPart> {
    const changed = new Set<WidgetPart>();
    if (this.seen.has(event.id)) return changed;
    this.remember(event.id);
    const s = this.state;
    const b = s.broadcast;
    switch (event.kind) {
      case 'streamOnline':
        s.broadcast = { ...emptyWidgetTally().broadcast, startedAt: event.at };
        changed.add('top').add('credits');
        break;
      case 'follow':
        s.latest.follower = person(event.user);
        if (addPerson(b.followers, person(event.user))) changed.add('credits');
        this.recent(event, event.user.name, null, changed.add('latest'));
        break;
      case 'subscription':
      case 'resubscription':
        // A gift's own subscriptions are told by the gift.
        if (event.kind === 'subscription' && event.isGift) break;
        s.latest.subscriber = person(event.user);
        if (addPerson(b.subscribers, person(event.user))) changed.add('credits');
        this.recent(event, event.user.name, event.kind === 'resubscription' ? `${count.format(event.months)} months` : null, changed.add('latest'));
        break;
      case 'giftSubscriptions':
        if (event.gifter) {
          addTo(b.gifters, person(event.gifter), event.count);
          addTo(s.allTime.gifters, person(event.gifter), event.count);
          changed.add('top').add('credits');
        }
        this.recent(event, event.gifter?.name ?? 'Anonymous', `${count.format(event.count)} gifts`, changed);
        break;
      case 'cheer': {
        const name = event.user?.name ?? 'Anonymous';
        s.latest.cheer = { id: event.user?.id ?? '', name, bits: event.bits };
        // An anonymous cheer is nobody's: it tops no board.
        if (event.user) {
          addTo(b.cheerers, person(event.user), event.bits);
          addTo(s.allTime.cheerers, person(event.user), event.bits);
          changed.add('top').add('credits');
        }
        this.recent(event, name, `${count.format(event.bits)} bits`, changed.add('latest'));
        break;
      }
      case 'raid': {
        // A channel that raids twice is one name in the credits, with all the viewers it brought.
        const again = b.raiders.find((r) => r.id === event.from.id);
        if (again) again.viewers += event.viewers;
        else if (b.raiders.length < MAX_PEOPLE) b.raiders.push({ ...person(event.from), viewers: event.viewers });
        this.recent(event, event.from.name, `${count.format(event.viewers)} viewers`, changed.add('credits'));
        break;
      }
      case 'donation': {
        const amount = formatAmount({ value: event.amount.value, decimal_places: event.amount.decimalPlaces, currency: event.amount.currency });
        s.latest.donation = { ...person(event.user), amount };
        // On no board: amounts in different currencies do not add up.
        this.recent(event, event.user.name, amount, changed.add('latest'));
        break;
      }
      case 'ban':
      case 'unban':
      case 'moderation':
      case 'moderatorAdd': {
        const moderator = event.kind === 'moderatorAdd' ? event.user : event.moderator;
        if (addPerson(b.moderators, person(moderator))) changed.add('credits');
        break;
      }
    }
    return changed;
  }

  private recent(event: WidgetEvent & { kind: (typeof recentKinds)[number] }, name: string, amount: string | null, changed: Set<WidgetPart>): void {
    this.state.recent = [{ id: event.id, kind: event.kind, name, amount, at: event.at }, ...this.state.recent].slice(0, MAX_RECENT);
    changed.add('recent');
  }

  private remember(id: string): void {
    this.seen.add(id);
    if (this.seen.size > MAX_SEEN) this.seen.delete(this.seen.values().next().value!);
  }
}

/** Adds someone to a credits list once (a refollow is one name); false when they were there. */
function addPerson(list: Person[], who: Person): boolean {
  if (list.some((p) => p.id === who.id) || list.length >= MAX_PEOPLE) return false;
  list.push(who);
  return true;
}

/** Adds to a supporter's total and keeps the board in order, highest first (the lowest go past the cap). */
function addTo(board: Supporter[], who: Person, amount: number): void {
  const found = board.find((s) => s.id === who.id);
  if (found) {
    found.total += amount;
    found.name = who.name;
  } else board.push({ ...who, total: amount });
  board.sort((a, b) => b.total - a.total);
  if (board.length > MAX_PEOPLE) board.length = MAX_PEOPLE;
}

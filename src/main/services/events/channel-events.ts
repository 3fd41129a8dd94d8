/**
 * The one channel-event stream of main: EventSub notifications of the current broadcaster become
 * typed `ChannelEvent`s once (`channel-event-sources.ts`), and every consumer (the activity feed,
 * notifications, chat, the queue, automations, overlays) subscribes here by kind. A kind is asked
 * of the platform only while someone listens to it.
 *
 * Each event reaches a listener once per run: the events service drops resent EventSub messages,
 * and this stream drops an event whose `id` it already passed on (a redemption seen live, then
 * again when the queue caught up after a gap). What must hold across a restart is the consumer's
 * to keep (automations' and alerts' ledgers).
 */
import { channelEventSchema, type ChannelEvent, type ChannelEventKind, type ChannelEventOf } from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import { systemClock } from '../../../shared/primitives/clock';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { Logger } from '../logger';
import { channelEventSources, type ChannelEventSource, type SourceContext } from './channel-event-sources';
import type { EventsService, NotificationMeta } from './events-service';
import { issuePaths } from './eventsub-session';
import { MessageDeduper } from './message-deduper';

export { redemptionEventId } from './channel-event-sources';

export type ChannelEventsSource = Pick<EventsService, 'want' | 'onNotification'>;

export interface ChannelEventsOptions {
  events: ChannelEventsSource;
  broadcaster: Pick<BroadcasterSource, 'id' | 'onChange'>;
  logger: Logger;
  clock?: Clock;
}

/** A kind's subscription at the platform and its notification listener, held while anyone listens. */
interface HeldKind {
  listeners: number;
  release: Disposer;
}

export class ChannelEvents extends Disposable {
  private readonly emitter = new Emitter<ChannelEvent>();
  private readonly held = new Map<ChannelEventKind, HeldKind>();
  /** Ids passed on: a day of a busy channel's events fits. */
  private readonly passed: MessageDeduper;

  constructor(private readonly options: ChannelEventsOptions) {
    super();
    const clock = options.clock ?? systemClock;
    this.passed = new MessageDeduper({ maxEntries: 20_000, maxAgeMs: 24 * 60 * 60_000, now: () => clock.now() });
    // Another account's events are not this one's duplicates.
    this.register(options.broadcaster.onChange((change) => change.id !== change.previousId && this.passed.clear()));
    this.register(() => {
      for (const kind of [...this.held.keys()]) this.releaseKind(kind);
      this.emitter.dispose();
    });
  }

  /**
   * Calls `listener` with every event of these kinds from now on, until the disposer is called;
   * the kinds are asked of the platform meanwhile.
   */
  on<K extends ChannelEventKind>(kinds: readonly K[], listener: (event: ChannelEventOf<K>) => void): Disposer {
    const wanted = new Set<ChannelEventKind>(kinds);
    const off = this.emitter.on((event) => {
      if (wanted.has(event.kind)) listener(event as ChannelEventOf<K>);
    });
    for (const kind of wanted) this.holdKind(kind);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      off();
      for (const kind of wanted) this.releaseKind(kind);
    };
  }

  /**
   * An event learned another way than a live notification (the queue found a redemption while
   * catching up after a gap): checked like the others, and passed on once.
   */
  publish(event: ChannelEvent): void {
    const parsed = channelEventSchema.safeParse(event);
    if (!parsed.success) {
      this.options.logger.warn('a channel event did not match its schema; dropped', { kind: event.kind, issues: issuePaths(parsed.error) });
      return;
    }
    this.pass(parsed.data);
  }

  private pass(event: ChannelEvent): void {
    if (this.passed.isDuplicate(event.id)) return;
    this.emitter.fire(event);
  }

  private holdKind(kind: ChannelEventKind): void {
    const held = this.held.get(kind);
    if (held) {
      held.listeners += 1;
      return;
    }
    const source = channelEventSources.find((s) => s.kind === kind);
    if (!source) throw new TypeError(`No source for the channel event kind "${kind}".`);
    const { events } = this.options;
    const offWant = events.want(source.type, { version: source.version, ...(source.condition ? { condition: source.condition } : {}) });
    const offNotification = events.onNotification(source.type, (raw: unknown, meta: NotificationMeta) => this.read(source, raw, meta));
    this.held.set(kind, {
      listeners: 1,
      release: () => {
        offNotification();
        offWant();
      },
    });
  }

  private releaseKind(kind: ChannelEventKind): void {
    const held = this.held.get(kind);
    if (!held) return;
    held.listeners -= 1;
    if (held.listeners > 0) return;
    this.held.delete(kind);
    held.release();
  }

  private read(source: ChannelEventSource, raw: unknown, meta: NotificationMeta): void {
    const broadcasterId = this.options.broadcaster.id;
    if (broadcasterId === null) return;
    // A late notification of the account before: not this channel's.
    const channel = (raw as { broadcaster_user_id?: unknown } | null)?.broadcaster_user_id;
    if (typeof channel === 'string' && channel !== broadcasterId) {
      this.options.logger.debug("an EventSub event of another channel than the current broadcaster's; dropped", { type: source.type, messageId: meta.messageId });
      return;
    }
    const parsed = source.schema.safeParse(raw);
    if (!parsed.success) {
      this.options.logger.warn('an EventSub event did not match its schema; dropped', { type: source.type, messageId: meta.messageId, issues: issuePaths(parsed.error) });
      return;
    }
    const context: SourceContext = { messageId: meta.messageId, messageTimestamp: meta.messageTimestamp, broadcasterId };
    const event = source.read(parsed.data as never, context);
    if (event) this.pass({ ...event, source: 'live' } as ChannelEvent);
  }
}

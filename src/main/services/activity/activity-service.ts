/**
 * The activity feed: what happened on the current broadcaster's channel (redemptions, donations,
 * follows, subscriptions and gifts, cheers, raids in, hype trains, poll and prediction results),
 * live from EventSub, newest first in the renderer, at most `capacity` items. The renderer gets a
 * numbered snapshot once and small numbered deltas after (as the redemption queue does).
 *
 * History before the app started, or lost in an EventSub gap, is not read back: most of these
 * events have no list in the API, and the feed says what happened while Sidestage watched.
 */
import type { ActivityDelta, ActivityItem, ActivitySnapshot } from '../../../shared/ipc/contract';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import { followCurrentBroadcaster, type BroadcasterSource } from '../common/current-broadcaster';
import type { NotificationMeta, WantOptions } from '../events/events-service';
import type { EventPayloads } from '../events/eventsub-messages';
import type { Logger } from '../logger';
import { activityTypes, donationItem, donationType, finishItem, redemptionItem, redemptionType, type ActivityMeta } from './activity-events';
import { NumberedFeed } from '../common/numbered-feed';

export interface ActivityEventsSource {
  onNotification<T extends typeof redemptionType | typeof donationType>(type: T, listener: (event: EventPayloads[T], meta: NotificationMeta) => void): Disposer;
  onNotification(type: string, listener: (event: unknown, meta: NotificationMeta) => void): Disposer;
  want(type: string, options?: WantOptions): Disposer;
}

export interface ActivityServiceOptions {
  broadcaster: BroadcasterSource;
  events: ActivityEventsSource;
  logger: Logger;
  /** Items kept. Default 10,000. */
  capacity?: number;
  /**
   * Sends a shoutout by channel id and says to whom: the raid service's, so its cooldowns and the
   * Live view's shoutout status cover the feed's button too.
   */
  sendShoutout: (toBroadcasterId: string) => Promise<{ displayName: string }>;
}

export const defaultActivityCapacity = 10_000;

export class ActivityService extends Disposable {
  private readonly feed: NumberedFeed<ActivityItem>;
  private readonly deltas = new Emitter<ActivityDelta>();
  private broadcasterId: string | null = null;
  private started = false;

  constructor(private readonly options: ActivityServiceOptions) {
    super();
    // Newest first for the renderer.
    this.feed = new NumberedFeed(options.capacity ?? defaultActivityCapacity, (delta) =>
      this.deltas.fire({ baseVersion: delta.baseVersion, version: delta.version, cleared: delta.cleared, added: delta.added.reverse() }),
    );
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const { events, broadcaster } = this.options;
    this.register(events.onNotification(redemptionType, (event, meta) => this.add(redemptionItem(event), meta)));
    this.register(events.onNotification(donationType, (event, meta) => this.add(donationItem(event), meta)));
    for (const spec of activityTypes) {
      this.register(events.want(spec.type, { version: spec.version, ...(spec.condition ? { condition: spec.condition } : {}) }));
      this.register(
        events.onNotification(spec.type, (event, meta) => {
          const parsed = spec.schema.safeParse(event);
          if (!parsed.success) {
            this.options.logger.warn('activity event did not match its schema; dropped', { type: spec.type, messageId: meta.messageId });
            return;
          }
          const draft = spec.toItem(parsed.data as never);
          if (draft) this.add(draft, meta);
        }),
      );
    }
    this.register(
      followCurrentBroadcaster(broadcaster, (change) => {
        if (change.id === this.broadcasterId) return;
        // Another account (or none): its channel's feed starts empty.
        this.broadcasterId = change.id;
        this.feed.clear();
        this.feed.deliverSoon();
      }),
    );
  }

  override dispose(): void {
    super.dispose();
    this.deltas.dispose();
  }

  /** The whole feed, newest first, at the version the next delta follows on from. */
  getSnapshot(): ActivitySnapshot {
    this.feed.deliverNow();
    return { version: this.feed.currentVersion, items: this.feed.list().reverse(), capacity: this.feed.capacity };
  }

  onDelta(listener: (delta: ActivityDelta) => void): Disposer {
    return this.deltas.on(listener);
  }

  /** A raid's one-click shoutout, given by the broadcaster as their own moderator. */
  async shoutout(toBroadcasterId: string): Promise<{ message: string }> {
    const { broadcaster } = this.options;
    if (!broadcaster.id || !broadcaster.canCallApi) throw new AppError('not_signed_in', 'Shoutout not sent: sign in first.');
    try {
      const to = await this.options.sendShoutout(toBroadcasterId);
      return { message: `Shoutout sent to ${to.displayName}.` };
    } catch (error) {
      // The raid service words the platform's refusals; they are said as the feed's.
      throw error instanceof AppError
        ? new AppError(error.code, `Shoutout not sent: ${withStop(error.message)}`, error.details)
        : new AppError('internal', 'Shoutout not sent: something went wrong inside Sidestage.');
    }
  }

  private add(draft: Parameters<typeof finishItem>[0], meta: ActivityMeta): void {
    if (!this.broadcasterId) return;
    if (this.feed.add(finishItem(draft, meta))) this.feed.deliverSoon();
  }
}

export function withStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

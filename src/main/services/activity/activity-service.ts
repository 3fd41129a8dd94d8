/**
 * The activity feed: what happened on the current broadcaster's channel (redemptions, donations,
 * follows, subscriptions and gifts, cheers, raids in, hype trains, poll and prediction results),
 * live from the channel-event stream, newest first in the renderer, at most `capacity` items. The
 * renderer gets a numbered snapshot once and small numbered deltas after (as the redemption queue
 * does).
 *
 * History before the app started, or lost in an EventSub gap, is not read back: most of these
 * events have no list in the API, and the feed says what happened while Sidestage watched.
 */
import type { ActivityDelta, ActivityItem, ActivitySnapshot } from '../../../shared/ipc/contract';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { withStop } from '../api/refusal-words';
import { AppError } from '../app-error';
import { followCurrentBroadcaster, requireSignedInBroadcaster, type BroadcasterSource } from '../common/current-broadcaster';
import type { ChannelEvents } from '../events/channel-events';
import { activityItemOf, activityKinds } from './activity-events';
import { NumberedFeed } from '../common/numbered-feed';

export interface ActivityServiceOptions {
  broadcaster: BroadcasterSource;
  /** The one channel-event stream (src/main/services/events/channel-events.ts). */
  channelEvents: Pick<ChannelEvents, 'on'>;
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
    const { channelEvents, broadcaster } = this.options;
    this.register(
      channelEvents.on(activityKinds, (event) => {
        // What the queue caught up on after a gap is not read back into the feed (see above).
        if (event.source !== 'live') return;
        const item = activityItemOf(event);
        if (item) this.add(item);
      }),
    );
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
    requireSignedInBroadcaster(broadcaster.id, broadcaster, 'Shoutout not sent');
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

  private add(item: ActivityItem): void {
    if (!this.broadcasterId) return;
    if (this.feed.add(item)) this.feed.deliverSoon();
  }
}

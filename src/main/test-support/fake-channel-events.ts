/**
 * The channel-event stream for the consumers' tests: the real `ChannelEvents` over a fake events
 * service whose notifications a test fires by hand, in the platform's wire shapes. A consumer's
 * test so goes through the one table of sources as the app does.
 */
import { Emitter, type Disposer } from '../../shared/primitives/emitter';
import type { BroadcasterSource } from '../services/common/current-broadcaster';
import { ChannelEvents, type ChannelEventsSource } from '../services/events/channel-events';
import type { NotificationMeta, WantOptions } from '../services/events/events-service';
import { silentLogger, type Logger } from '../services/logger';

/** The events service as the stream uses it: wants recorded, notifications fired by hand. */
export class FakeEventsSource implements ChannelEventsSource {
  readonly wanted: { type: string; options: WantOptions; released: boolean }[] = [];
  private readonly notifications = new Map<string, Emitter<{ event: unknown; meta: NotificationMeta }>>();
  private sequence = 0;

  want(type: string, options: WantOptions): Disposer {
    const entry = { type, options, released: false };
    this.wanted.push(entry);
    return () => {
      entry.released = true;
    };
  }

  onNotification(type: string, listener: (event: unknown, meta: NotificationMeta) => void): Disposer {
    let emitter = this.notifications.get(type);
    if (!emitter) this.notifications.set(type, (emitter = new Emitter()));
    return emitter.on(({ event, meta }) => listener(event, meta));
  }

  /** A notification of `type` with `event` as its `payload.event`; a new message id unless given. */
  fire(type: string, event: unknown, messageId = `m-${++this.sequence}`, messageTimestamp = '2030-01-01T10:00:00Z'): void {
    this.notifications.get(type)?.fire({ event, meta: { messageId, messageTimestamp, subscriptionId: 's', subscriptionVersion: '1' } });
  }

  /** How many holds on `type` are not released. */
  held(type: string): number {
    return this.wanted.filter((w) => w.type === type && !w.released).length;
  }

  /** The types held now, each once, in the order first asked. */
  heldTypes(): string[] {
    return [...new Set(this.wanted.filter((w) => !w.released).map((w) => w.type))];
  }
}

/** The real stream over a fake events source, for the current broadcaster of `broadcaster`. */
export function fakeChannelEvents(broadcaster: Pick<BroadcasterSource, 'id' | 'onChange'>, logger: Logger = silentLogger): { source: FakeEventsSource; stream: ChannelEvents } {
  const source = new FakeEventsSource();
  return { source, stream: new ChannelEvents({ events: source, broadcaster, logger }) };
}

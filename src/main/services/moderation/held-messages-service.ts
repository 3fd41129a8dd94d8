/**
 * AutoMod's queue of the current broadcaster's channel: the messages it holds for review, live from
 * the channel-event stream (`automodHold`, and `automodUpdate` when a moderator decided or the
 * message expired), allowed or denied through Manage Held AutoMod Messages. The platform has no
 * list of held messages: the queue is what arrived while Sidestage watched, at most `capacity`.
 */
import type { ChannelEventOf, HeldMessage, HeldMessagesState } from '../../../shared/ipc/contract';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { refusalInWords } from '../api/refusal-words';
import { AppError } from '../app-error';
import { followCurrentBroadcaster, requireSignedInBroadcaster, type BroadcasterSource } from '../common/current-broadcaster';
import type { ChannelEvents } from '../events/channel-events';

export interface HeldMessagesServiceOptions {
  api: Pick<ApiClient, 'request'>;
  broadcaster: BroadcasterSource;
  /** The one channel-event stream (src/main/services/events/channel-events.ts). */
  channelEvents: Pick<ChannelEvents, 'on'>;
  /** Held messages kept. Default 200. */
  capacity?: number;
}

const emptyQueue: HeldMessagesState = { messages: [], dropped: 0 };

export class HeldMessagesService extends Disposable {
  private state: HeldMessagesState = emptyQueue;
  private readonly changes = new Emitter<HeldMessagesState>();
  private readonly capacity: number;
  private broadcasterId: string | null = null;
  /** Decided while Sidestage watched: a late or resent hold of one of these is not queued again. */
  private readonly decided = new Set<string>();
  private changeQueued = false;
  private started = false;

  constructor(private readonly options: HeldMessagesServiceOptions) {
    super();
    this.capacity = options.capacity ?? 200;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const { channelEvents, broadcaster } = this.options;
    this.register(channelEvents.on(['automodHold'], (event) => this.hold(event)));
    this.register(channelEvents.on(['automodUpdate'], (event) => this.remove(event.messageId)));
    this.register(
      followCurrentBroadcaster(broadcaster, (change) => {
        if (change.id === this.broadcasterId) return;
        this.broadcasterId = change.id;
        this.decided.clear();
        this.set(emptyQueue);
      }),
    );
  }

  override dispose(): void {
    super.dispose();
    this.changes.dispose();
  }

  getState(): HeldMessagesState {
    return this.state;
  }

  onChange(listener: (state: HeldMessagesState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** Allows (it appears in chat) or denies a held message; answers in words once the platform has. */
  async resolve(messageId: string, action: 'allow' | 'deny'): Promise<{ message: string }> {
    const what = action === 'allow' ? 'Message not allowed' : 'Message not denied';
    const id = requireSignedInBroadcaster(this.broadcasterId, this.options.broadcaster, what);
    const held = this.state.messages.find((m) => m.id === messageId);
    if (!held) throw new AppError('invalid_argument', `${what}: it is no longer held (decided elsewhere, or expired).`);
    if (held.pending) throw new AppError('invalid_argument', `${what}: it is already being ${held.pending === 'allow' ? 'allowed' : 'denied'}.`);
    this.mark(messageId, action);
    try {
      await this.options.api.request({
        method: 'POST',
        path: '/helix/moderation/automod/message',
        body: { user_id: id, msg_id: messageId, action: action === 'allow' ? 'ALLOW' : 'DENY' },
        // Deciding twice is refused, not repeated: safe to send again after a failure that did not arrive.
        retry: 'safe',
      });
    } catch (error) {
      // Already decided (or expired) on the platform: it is gone either way.
      if (error instanceof ApiError && error.status === 404 && id === this.broadcasterId) {
        this.remove(messageId);
        throw refusalInWords(what, new AppError('invalid_argument', 'it is no longer held (decided elsewhere, or expired)'));
      }
      if (id === this.broadcasterId) this.mark(messageId, null);
      throw refusalInWords(what, error);
    }
    if (id === this.broadcasterId) this.remove(messageId);
    return { message: action === 'allow' ? `Allowed ${held.user.name}'s message.` : `Denied ${held.user.name}'s message.` };
  }

  private hold(event: ChannelEventOf<'automodHold'>): void {
    if (!this.broadcasterId || this.decided.has(event.messageId) || this.state.messages.some((m) => m.id === event.messageId)) return;
    const held: HeldMessage = {
      id: event.messageId,
      user: event.user,
      text: event.text,
      reason: event.reason,
      category: event.category,
      level: event.level,
      blockedTerms: event.blockedTerms,
      heldAt: event.heldAt,
      pending: null,
    };
    const messages = [...this.state.messages, held];
    const over = Math.max(0, messages.length - this.capacity);
    this.set({ messages: over ? messages.slice(over) : messages, dropped: this.state.dropped + over });
  }

  private remove(messageId: string): void {
    this.decided.add(messageId);
    if (this.decided.size > 10_000) this.decided.delete(this.decided.values().next().value!);
    if (!this.state.messages.some((m) => m.id === messageId)) return;
    this.set({ ...this.state, messages: this.state.messages.filter((m) => m.id !== messageId) });
  }

  private mark(messageId: string, pending: HeldMessage['pending']): void {
    this.set({ ...this.state, messages: this.state.messages.map((m) => (m.id === messageId ? { ...m, pending } : m)) });
  }

  /** Changes made together (a burst of holds) go out as one state. */
  private set(state: HeldMessagesState): void {
    this.state = state;
    if (this.changeQueued) return;
    this.changeQueued = true;
    queueMicrotask(() => {
      this.changeQueued = false;
      this.changes.fire(this.state);
    });
  }
}

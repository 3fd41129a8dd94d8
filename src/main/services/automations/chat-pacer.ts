/**
 * Keeps automations' chat messages within the platform's chat rate limit: at most `limit` in any
 * `windowMs` (a sliding window, since the platform's bucket refills at times a client cannot see).
 * A burst is spaced out in order, never dropped silently: past `maxWaiting` a message is refused
 * with the reason, which the run log shows.
 */
import type { Clock } from '../../../shared/primitives/clock';
import { AppError } from '../app-error';

/**
 * The platform allows the broadcaster 100 messages in 30 s; automations keep to 20 (what it allows
 * a viewer), so the broadcaster and their moderators always have room to type.
 */
export const automationChatLimit = { limit: 20, windowMs: 30_000 } as const;

interface Waiting {
  send: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface ChatPacerOptions {
  clock: Clock;
  limit?: number;
  windowMs?: number;
  /** Messages that may wait at once. Default 50. */
  maxWaiting?: number;
}

export class ChatPacer {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxWaiting: number;
  /** When the last `limit` messages went, oldest first. */
  private readonly sentAt: number[] = [];
  private readonly waiting: Waiting[] = [];
  private timer: unknown = null;
  private disposed = false;

  constructor(private readonly options: ChatPacerOptions) {
    this.limit = options.limit ?? automationChatLimit.limit;
    this.windowMs = options.windowMs ?? automationChatLimit.windowMs;
    this.maxWaiting = options.maxWaiting ?? 50;
  }

  /** Runs `send` as soon as the limit allows, in the order asked. */
  send<T>(send: () => Promise<T>): Promise<T> {
    if (this.disposed) return Promise.reject(new AppError('unavailable', 'Sidestage is closing: the message was not sent.'));
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(
        new AppError('rate_limited', `Not sent: ${this.waiting.length} automation messages are already waiting for the chat rate limit (${this.limit} every ${this.windowMs / 1000} s).`),
      );
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ send, resolve: resolve as (value: unknown) => void, reject });
      this.pump();
    });
  }

  /** Messages waiting for their turn. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    for (const item of this.waiting.splice(0)) item.reject(new AppError('unavailable', 'Sidestage is closing: the message was not sent.'));
  }

  private pump(): void {
    if (this.timer !== null) return;
    const { clock } = this.options;
    while (this.waiting.length > 0) {
      const now = clock.now();
      while (this.sentAt.length > 0 && this.sentAt[0]! <= now - this.windowMs) this.sentAt.shift();
      if (this.sentAt.length >= this.limit) {
        this.timer = clock.setTimeout(
          () => {
            this.timer = null;
            this.pump();
          },
          this.sentAt[0]! + this.windowMs - now,
        );
        return;
      }
      const next = this.waiting.shift()!;
      this.sentAt.push(now);
      let sending: Promise<unknown>;
      try {
        sending = next.send();
      } catch (error) {
        sending = Promise.reject(error);
      }
      sending.then(next.resolve, next.reject);
    }
  }
}

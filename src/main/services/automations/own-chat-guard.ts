/**
 * The self-loop guard: what Sidestage says in chat is never read back as a command, a first
 * message or a chat line a timer counts.
 *
 * The platform delivers a sent message's echo (`channel.chat.message`) and the send's answer (its
 * message id) in either order, so an id learned from the answer alone cannot catch an echo that
 * came first. What is about to be said is therefore registered BEFORE the request goes out, as
 * sender-less text; an echo is ours when it comes from one of Sidestage's own speaking accounts
 * (today the broadcaster; a bot account later) and either carries an id a send answered, or says
 * exactly a text still waiting for its echo. Each registered text matches one echo only, so the
 * broadcaster typing the same words by hand afterwards is read as usual.
 */
import type { Clock } from '../../../shared/primitives/clock';
import { MessageDeduper } from '../events/message-deduper';

/** The accounts Sidestage speaks as (user ids): the broadcaster, and the bot account once there is one. */
export interface SpeakingAccounts {
  userIds(): readonly string[];
}

export interface OwnChatGuardOptions {
  accounts: SpeakingAccounts;
  clock: Clock;
  /** How long a sent text waits for its echo. Default 2 minutes (the pacer may hold a message a while). */
  echoWindowMs?: number;
  /** Texts waiting at once; the oldest go first. Default 500. */
  maxWaiting?: number;
}

interface Waiting {
  text: string;
  at: number;
  messageId: string | null;
}

/** How a chat line compares: the platform trims what it delivers. */
const comparable = (text: string) => text.trim();

export class OwnChatGuard {
  private readonly waiting = new Set<Waiting>();
  /** Ids the sends answered: the one bounded seen-set (`MessageDeduper`). */
  private readonly sentIds: MessageDeduper;
  private readonly echoWindowMs: number;
  private readonly maxWaiting: number;

  constructor(private readonly options: OwnChatGuardOptions) {
    this.echoWindowMs = options.echoWindowMs ?? 120_000;
    this.maxWaiting = options.maxWaiting ?? 500;
    this.sentIds = new MessageDeduper({ maxEntries: 1000, maxAgeMs: this.echoWindowMs, now: () => options.clock.now() });
  }

  /**
   * Called just before the send's request goes out. Answers what to call with the send's answer:
   * its message id, or null (none, or the send failed: a timed-out send may still have been said,
   * so the text keeps waiting for an echo until the window ends).
   */
  expect(text: string): (messageId: string | null) => void {
    this.prune();
    const entry: Waiting = { text: comparable(text), at: this.options.clock.now(), messageId: null };
    this.waiting.add(entry);
    while (this.waiting.size > this.maxWaiting) this.waiting.delete(this.waiting.values().next().value!);
    return (messageId) => {
      if (messageId === null) return;
      // The echo came first and took the entry: the id is still remembered, for a duplicate frame.
      this.sentIds.isDuplicate(messageId);
      entry.messageId = messageId;
    };
  }

  /** Whether this chat line is Sidestage's own (and so is not read as anything). */
  isOwn(message: { messageId: string; userId: string; text: string }): boolean {
    if (this.sentIds.has(message.messageId)) {
      for (const entry of this.waiting) if (entry.messageId === message.messageId) this.waiting.delete(entry);
      return true;
    }
    if (!this.options.accounts.userIds().includes(message.userId)) return false;
    this.prune();
    const text = comparable(message.text);
    for (const entry of this.waiting) {
      if (entry.text !== text) continue;
      if (entry.messageId !== null && entry.messageId !== message.messageId) continue;
      this.waiting.delete(entry);
      return true;
    }
    return false;
  }

  /** For tests and the benchmark. */
  size(): { waiting: number; ids: number } {
    return { waiting: this.waiting.size, ids: this.sentIds.size };
  }

  private prune(): void {
    const oldest = this.options.clock.now() - this.echoWindowMs;
    for (const entry of this.waiting) {
      if (entry.at >= oldest) break;
      this.waiting.delete(entry);
    }
  }
}

/**
 * What the chat overlay shows, fed by chat's deltas: a ring of the last lines still in chat that the
 * overlay's options let through (lines from other channels of a shared chat session, commands, the
 * bot's lines). A new line joins the ring, a removed one (deleted, its author timed out or banned,
 * chat cleared) leaves it, a cleared buffer empties it; nothing re-reads the chat buffer (up to 1,000
 * lines) or compares whole frames. A line removed after it scrolled out of the ring changes nothing
 * on screen. With lines that fade, each line carries how long it has left, and leaves the ring once
 * it has faded out (`expire`), so that a page that connects or reloads shows the same.
 */
import type { ChatDelta, ChatMessage, ChatSnapshot } from '../../../shared/ipc/schemas/chat';
import type { ChatLineOnScreen, ChatOverlayOptions } from '../../../shared/ipc/schemas/overlays';

/** Lines the chat overlay keeps. */
export const CHAT_OVERLAY_LINES = 20;
/** How long a line takes to fade out on the page (its CSS animation) before it leaves the ring. */
export const CHAT_FADE_OUT_MS = 500;

export interface ChatOverlayFilter {
  options(): ChatOverlayOptions;
  /** The signed-in bot account's user id (null: none). */
  botId(): string | null;
  now(): number;
  /** A line's text in pieces with its emotes' and badges' image keys (`chat-images.ts`); absent: text alone. */
  partsOf?(message: ChatMessage): Pick<ChatLineOnScreen, 'parts' | 'badges'>;
}

interface Shown {
  line: ChatLineOnScreen;
  /** When it appeared (ms). */
  at: number;
}

const onScreen = (m: ChatMessage, filter: ChatOverlayFilter): ChatLineOnScreen => ({
  id: m.id,
  userName: m.userName,
  color: /^#[0-9a-fA-F]{6}$/.test(m.color) ? m.color : '',
  text: m.text,
  ...(m.sourceChannel ? { sourceChannel: m.sourceChannel.name } : {}),
  ...filter.partsOf?.(m),
});

/** Whether the overlay's options let the line through (it is still in chat). */
export function showsOnOverlay(m: ChatMessage, options: ChatOverlayOptions, botId: string | null): boolean {
  if (m.removed !== null) return false;
  if (options.hideOtherChannels && m.sourceChannel) return false;
  if (options.hideCommands && m.text.trimStart().startsWith('!')) return false;
  if (options.hideBot && ((botId !== null && m.userId === botId) || m.badges.some((b) => b.setId === 'bot-badge'))) return false;
  return true;
}

const everything: ChatOverlayFilter = {
  options: () => ({ hideOtherChannels: false, hideCommands: false, hideBot: false, fadeAfterSeconds: 0 }),
  botId: () => null,
  now: () => Date.now(),
};

export class ChatOverlayLines {
  private lines: Shown[] = [];
  private version: number | null = null;

  constructor(
    private readonly capacity = CHAT_OVERLAY_LINES,
    private readonly filter: ChatOverlayFilter = everything,
  ) {}

  /** Starts over from a snapshot (at start, when the options change, and when a delta does not follow on from the last one). */
  reset(snapshot: Pick<ChatSnapshot, 'version' | 'messages'>): void {
    const options = this.filter.options();
    const botId = this.filter.botId();
    const now = this.filter.now();
    const shown: Shown[] = [];
    for (let i = snapshot.messages.length - 1; i >= 0 && shown.length < this.capacity; i--) {
      const m = snapshot.messages[i]!;
      // A line's own time, so that lines already faded stay gone (never later than now).
      const at = Math.min(now, Date.parse(m.at) || now);
      if (showsOnOverlay(m, options, botId)) shown.push({ line: onScreen(m, this.filter), at });
    }
    this.lines = shown.reverse();
    this.version = snapshot.version;
    this.expire();
  }

  /**
   * Applies a delta; true when the lines on screen changed. A delta that does not follow on from
   * the last one applied answers null: the caller resets from a snapshot.
   */
  apply(delta: ChatDelta): boolean | null {
    if (this.version === null || delta.baseVersion !== this.version) return null;
    this.version = delta.version;
    let changed = false;
    if (delta.cleared && this.lines.length > 0) {
      this.lines = [];
      changed = true;
    }
    const removed = new Set(delta.updated.filter((m) => m.removed !== null).map((m) => m.id));
    if (removed.size > 0) {
      const kept = this.lines.filter((l) => !removed.has(l.line.id));
      if (kept.length !== this.lines.length) {
        this.lines = kept;
        changed = true;
      }
    }
    const options = this.filter.options();
    const botId = this.filter.botId();
    const added = delta.added.filter((m) => showsOnOverlay(m, options, botId));
    if (added.length > 0) {
      const now = this.filter.now();
      this.lines = [...this.lines, ...added.map((m) => ({ line: onScreen(m, this.filter), at: now }))].slice(-this.capacity);
      changed = true;
    }
    return changed;
  }

  /** Takes out the lines that have faded out; true when some went. */
  expire(): boolean {
    const fadeMs = this.filter.options().fadeAfterSeconds * 1000;
    if (fadeMs === 0 || this.lines.length === 0) return false;
    const now = this.filter.now();
    const kept = this.lines.filter((l) => l.at + fadeMs + CHAT_FADE_OUT_MS > now);
    if (kept.length === this.lines.length) return false;
    this.lines = kept;
    return true;
  }

  /** When the next line will have faded out (ms); null when no line fades. */
  nextExpiry(): number | null {
    const fadeMs = this.filter.options().fadeAfterSeconds * 1000;
    if (fadeMs === 0 || this.lines.length === 0) return null;
    return Math.min(...this.lines.map((l) => l.at)) + fadeMs + CHAT_FADE_OUT_MS;
  }

  current(): ChatLineOnScreen[] {
    const fadeMs = this.filter.options().fadeAfterSeconds * 1000;
    if (fadeMs === 0) return this.lines.map((l) => l.line);
    const now = this.filter.now();
    return this.lines.map((l) => ({ ...l.line, leavesInMs: Math.max(0, Math.round(l.at + fadeMs - now)) }));
  }
}

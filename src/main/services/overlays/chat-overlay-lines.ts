/**
 * What the chat overlay shows, fed by chat's deltas: a ring of the last lines still in chat. A new
 * line joins the ring, a removed one (deleted, its author timed out or banned, chat cleared) leaves
 * it, a cleared buffer empties it; nothing re-reads the chat buffer (up to 1,000 lines) or compares
 * whole frames. A line removed after it scrolled out of the ring changes nothing on screen.
 */
import type { ChatDelta, ChatMessage, ChatSnapshot } from '../../../shared/ipc/schemas/chat';
import type { ChatLineOnScreen } from '../../../shared/ipc/schemas/overlays';

/** Lines the chat overlay keeps. */
export const CHAT_OVERLAY_LINES = 20;

const onScreen = (m: ChatMessage): ChatLineOnScreen => ({ id: m.id, userName: m.userName, color: /^#[0-9a-fA-F]{6}$/.test(m.color) ? m.color : '', text: m.text });

export class ChatOverlayLines {
  private lines: ChatLineOnScreen[] = [];
  private version: number | null = null;

  constructor(private readonly capacity = CHAT_OVERLAY_LINES) {}

  /** Starts over from a snapshot (at start, and when a delta does not follow on from the last one). */
  reset(snapshot: Pick<ChatSnapshot, 'version' | 'messages'>): void {
    const shown: ChatLineOnScreen[] = [];
    for (let i = snapshot.messages.length - 1; i >= 0 && shown.length < this.capacity; i--) {
      const m = snapshot.messages[i]!;
      if (m.removed === null) shown.push(onScreen(m));
    }
    this.lines = shown.reverse();
    this.version = snapshot.version;
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
      const kept = this.lines.filter((l) => !removed.has(l.id));
      if (kept.length !== this.lines.length) {
        this.lines = kept;
        changed = true;
      }
    }
    const added = delta.added.filter((m) => m.removed === null);
    if (added.length > 0) {
      this.lines = [...this.lines, ...added.map(onScreen)].slice(-this.capacity);
      changed = true;
    }
    return changed;
  }

  current(): ChatLineOnScreen[] {
    return this.lines;
  }
}

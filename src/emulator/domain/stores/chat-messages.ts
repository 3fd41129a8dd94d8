/** Chat messages kept per channel, for replies, slow mode and the simulation API. */
export const MESSAGES_KEPT_PER_CHANNEL = 1000;

export interface EmoteFragment {
  id: string;
  emote_set_id: string;
  owner_id: string;
  format: string[];
}

export interface MentionFragment {
  user_id: string;
  user_login: string;
  user_name: string;
}

/** A piece of a message in EventSub's shape: plain text, an emote, or an @mention of a user. */
export type MessageFragment =
  | { type: 'text'; text: string; cheermote: null; emote: null; mention: null }
  | { type: 'emote'; text: string; cheermote: null; emote: EmoteFragment; mention: null }
  | { type: 'mention'; text: string; cheermote: null; emote: null; mention: MentionFragment };

export interface DropReason {
  code: string;
  message: string;
}

export interface ChatMessage {
  id: string;
  broadcasterId: string;
  senderId: string;
  text: string;
  fragments: MessageFragment[];
  sentAt: number;
  isSent: boolean;
  dropReason: DropReason | null;
  replyParentMessageId: string | null;
  /** Sent through Send Chat Message with an app token by a bot that is not the broadcaster: it wears the chat-bot badge. */
  sentAsChatBot?: boolean;
  /** A shared chat session's copy of a line sent in another of its channels: that channel and its message. */
  source?: { broadcasterId: string; messageId: string };
}

export class ChatMessageStore {
  private readonly byBroadcaster = new Map<string, ChatMessage[]>();
  /** Who ever had a message go out in each channel (kept apart from the bounded message list). */
  private readonly chattersByBroadcaster = new Map<string, Set<string>>();
  /**
   * Each sender's last message that went out, by `broadcaster:sender`: kept apart from the list so
   * that a moderator removing lines does not reset slow mode or unique chat.
   */
  private readonly lastSentBySender = new Map<string, ChatMessage>();

  add(message: ChatMessage): void {
    const list = this.byBroadcaster.get(message.broadcasterId) ?? [];
    list.push(message);
    if (list.length > MESSAGES_KEPT_PER_CHANNEL) list.splice(0, list.length - MESSAGES_KEPT_PER_CHANNEL);
    this.byBroadcaster.set(message.broadcasterId, list);
    // A shared session's copy does not make its sender a chatter of this channel (slow mode, first-time chatters).
    if (message.isSent && message.source === undefined) {
      this.markChatted(message.broadcasterId, message.senderId);
      this.lastSentBySender.set(`${message.broadcasterId}:${message.senderId}`, message);
    }
  }

  /** The user has had a message go out in the channel: no longer a first-time chatter there. */
  markChatted(broadcasterId: string, userId: string): void {
    const chatters = this.chattersByBroadcaster.get(broadcasterId) ?? new Set<string>();
    chatters.add(userId);
    this.chattersByBroadcaster.set(broadcasterId, chatters);
  }

  /** False for a first-time chatter of the channel. */
  hasChatted(broadcasterId: string, userId: string): boolean {
    return this.chattersByBroadcaster.get(broadcasterId)?.has(userId) ?? false;
  }

  get(broadcasterId: string, messageId: string): ChatMessage | undefined {
    return this.byBroadcaster.get(broadcasterId)?.find((m) => m.id === messageId);
  }

  /** Delete Chat Messages: the message goes from the channel's list; false when it was not there. */
  remove(broadcasterId: string, messageId: string): boolean {
    const list = this.byBroadcaster.get(broadcasterId);
    const index = list?.findIndex((m) => m.id === messageId) ?? -1;
    if (!list || index < 0) return false;
    list.splice(index, 1);
    return true;
  }

  /**
   * A ban or a timeout: the sender's messages that went out go from the channel's list (dropped ones
   * were never in chat and stay for the simulation API); answers how many went.
   */
  removeFrom(broadcasterId: string, senderId: string): number {
    return this.removeWhere(broadcasterId, (m) => m.senderId === senderId);
  }

  /** A cleared chat: every message that went out goes from the channel's list; answers how many went. */
  clear(broadcasterId: string): number {
    return this.removeWhere(broadcasterId, () => true);
  }

  private removeWhere(broadcasterId: string, removed: (message: ChatMessage) => boolean): number {
    const list = this.byBroadcaster.get(broadcasterId);
    if (!list) return 0;
    const kept = list.filter((m) => !m.isSent || !removed(m));
    this.byBroadcaster.set(broadcasterId, kept);
    return list.length - kept.length;
  }

  /** The channel's messages, sent and dropped, oldest first. */
  list(broadcasterId: string): readonly ChatMessage[] {
    return this.byBroadcaster.get(broadcasterId) ?? [];
  }

  /** The sender's last message that went out in the channel (slow mode). */
  lastSent(broadcasterId: string, senderId: string): ChatMessage | undefined {
    return this.lastSentBySender.get(`${broadcasterId}:${senderId}`);
  }
}

/** The emote sets each user may use besides the global ones (given through the simulation API). */
export class UserEmoteSetStore {
  private readonly byUser = new Map<string, Set<string>>();

  grant(userId: string, emoteSetId: string): boolean {
    const sets = this.byUser.get(userId) ?? new Set<string>();
    if (sets.has(emoteSetId)) return false;
    sets.add(emoteSetId);
    this.byUser.set(userId, sets);
    return true;
  }

  revoke(userId: string, emoteSetId: string): boolean {
    return this.byUser.get(userId)?.delete(emoteSetId) ?? false;
  }

  sets(userId: string): string[] {
    return [...(this.byUser.get(userId) ?? [])];
  }
}

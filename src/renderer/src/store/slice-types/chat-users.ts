/** The chat-users slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { ChatUserAction, ChatUserCard, SuspiciousStatusChoice } from '../../../../shared/ipc/contract';

export type ChatUsersActionId = 'chatUsers.card' | 'chatUsers.act' | 'chatUsers.warn' | 'chatUsers.suspicious';

export interface OpenChatUser {
  userId: string;
  /** As chat shows them, until (and if) the card reads their account. */
  name: string;
  /** The line the card was opened from: timeout and ban act through it. */
  messageId: string;
  card: ChatUserCard | null;
}

export interface ChatUsersSlice {
  chatUser: OpenChatUser | null;
  chatUserNotice: string | null;
  openChatUser(target: { userId: string; name: string; messageId: string }): Promise<void>;
  closeChatUser(): void;
  actOnChatUser(action: ChatUserAction): Promise<void>;
  /** True when the warning was sent: the reason field is cleared then, kept otherwise. */
  warnChatUser(userId: string, reason: string): Promise<boolean>;
  /** Monitors or restricts the open card's chatter, or lifts it (`none`). */
  setChatUserSuspicious(status: SuspiciousStatusChoice): Promise<void>;
}

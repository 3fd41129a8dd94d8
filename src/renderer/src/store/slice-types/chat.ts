/** The chat slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { ChatDelta, ChatMessage, ChatModerateArg, SharedChatState } from '../../../../shared/ipc/contract';

export type ChatActionId = 'chat.load' | 'chat.send' | 'chat.moderate';

export type AnnouncementColor = 'primary' | 'blue' | 'green' | 'orange' | 'purple';

/** The renderer's copy of main's chat buffer: oldest first, at `version`. */
export interface ChatCopy {
  version: number;
  messages: ChatMessage[];
  capacity: number;
  selfId: string | null;
  /** The shared chat session the channel is in (null: none). */
  sharedChat: SharedChatState | null;
}

export interface ChatSlice {
  chat: ChatCopy | null;
  /** The last moderator action's outcome in words. */
  chatNotice: string | null;
  loadChat(): Promise<void>;
  applyChatDelta(delta: ChatDelta): void;

  /** True when sent: the send box keeps its text otherwise. */
  sendChat(text: string, announcement?: AnnouncementColor): Promise<boolean>;
  moderateChat(arg: ChatModerateArg): Promise<void>;
}

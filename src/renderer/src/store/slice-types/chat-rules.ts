/** The chat-rules slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { ChatRulesState } from '../../../../shared/ipc/contract';

export type ChatRulesActionId = 'chatRules.load' | 'chatRules.refresh' | 'chatRules.setLevel' | 'chatRules.addTerm' | 'chatRules.removeTerm';

export interface ChatRulesSlice {
  chatRules: ChatRulesState | null;
  loadChatRules(): Promise<void>;
  refreshChatRules(): Promise<void>;
  setAutoModLevel(level: number): Promise<void>;
  /** True when blocked: the field is cleared then, kept otherwise. */
  addBlockedTerm(text: string): Promise<boolean>;
  removeBlockedTerm(id: string): Promise<void>;
  applyChatRules(state: ChatRulesState): void;
}

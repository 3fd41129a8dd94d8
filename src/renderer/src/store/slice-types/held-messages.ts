/** The held-messages slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { HeldMessagesState } from '../../../../shared/ipc/contract';

export type HeldMessagesActionId = 'heldMessages.load' | 'heldMessages.resolve';

export interface HeldMessagesSlice {
  heldMessages: HeldMessagesState | null;
  /** The last decision's outcome in words. */
  heldNotice: string | null;
  loadHeldMessages(): Promise<void>;
  resolveHeldMessage(messageId: string, action: 'allow' | 'deny'): Promise<void>;
  applyHeldMessages(state: HeldMessagesState): void;
}

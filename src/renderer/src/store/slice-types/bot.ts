/** The bot account slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { BotAccountState, SignInFlow } from '../../../../shared/ipc/contract';

export type BotActionId = 'bot.load' | 'bot.signIn' | 'bot.cancelSignIn' | 'bot.signOut';

export interface BotSlice {
  bot: BotAccountState | null;
  loadBot(): Promise<void>;
  signInBot(flow: SignInFlow): Promise<void>;
  cancelBotSignIn(): Promise<void>;
  signOutBot(): Promise<void>;
  /** Mirrors main's bot account state (from an event or a call's result). */
  applyBot(state: BotAccountState): void;
}

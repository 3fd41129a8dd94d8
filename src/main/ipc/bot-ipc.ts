import type { Disposer } from '../../shared/primitives/emitter';
import type { BotAccount } from '../services/auth/bot-account';
import type { IpcRouter } from './ipc-router';

/** `bot:*`: the bot account's sign-in and sign-out; forwards `bot:changed`. No token crosses. */
export function registerBotIpc(router: IpcRouter, bot: Pick<BotAccount, 'getState' | 'signIn' | 'cancelSignIn' | 'signOut' | 'onChange'>): Disposer {
  router.handle('bot:getState', () => bot.getState());
  router.handle('bot:signIn', (arg) => bot.signIn(arg?.flow ?? 'loopback'));
  router.handle('bot:cancelSignIn', () => bot.cancelSignIn());
  router.handle('bot:signOut', () => bot.signOut());
  return bot.onChange((state) => router.emit('bot:changed', state));
}

import type { Disposer } from '../../shared/primitives/emitter';
import type { ChatUsersService } from '../services/moderation/chat-users-service';
import type { IpcRouter } from './ipc-router';

/** `chatUsers:*`: a chatter's card, warn, roles, unban and the suspicious-user status. No events: each answer carries the card read again. */
export function registerChatUsersIpc(router: IpcRouter, users: Pick<ChatUsersService, 'getCard' | 'act' | 'warn' | 'setSuspicious'>): Disposer {
  router.handle('chatUsers:getCard', ({ userId }) => users.getCard(userId));
  router.handle('chatUsers:act', ({ userId, action }) => users.act(userId, action));
  router.handle('chatUsers:warn', ({ userId, reason }) => users.warn(userId, reason));
  router.handle('chatUsers:setSuspicious', ({ userId, status }) => users.setSuspicious(userId, status));
  return () => {};
}

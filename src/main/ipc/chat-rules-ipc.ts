import type { Disposer } from '../../shared/primitives/emitter';
import type { ChatRulesService } from '../services/moderation/chat-rules-service';
import type { IpcRouter } from './ipc-router';

/** `chatRules:*`: AutoMod's level and the blocked terms; forwards `chatRules:changed`. */
export function registerChatRulesIpc(router: IpcRouter, rules: Pick<ChatRulesService, 'getState' | 'refresh' | 'setAutoModLevel' | 'addBlockedTerm' | 'removeBlockedTerm' | 'onChange'>): Disposer {
  router.handle('chatRules:get', () => rules.getState());
  router.handle('chatRules:refresh', () => rules.refresh());
  router.handle('chatRules:setAutoModLevel', ({ level }) => rules.setAutoModLevel(level));
  router.handle('chatRules:addBlockedTerm', ({ text }) => rules.addBlockedTerm(text));
  router.handle('chatRules:removeBlockedTerm', ({ id }) => rules.removeBlockedTerm(id));
  return rules.onChange((state) => router.emit('chatRules:changed', state));
}

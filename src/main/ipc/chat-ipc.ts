import type { Disposer } from '../../shared/primitives/emitter';
import type { ChatService } from '../services/chat/chat-service';
import type { IpcRouter } from './ipc-router';

/** `chat:*`: read, send, announce, moderate; new and changed messages forwarded as `chat:changed`. */
export function registerChatIpc(router: IpcRouter, chat: Pick<ChatService, 'getSnapshot' | 'send' | 'moderate' | 'onDelta'>): Disposer {
  router.handle('chat:getSnapshot', () => chat.getSnapshot());
  router.handle('chat:send', ({ text, announcement, speaker }) => chat.send(text, announcement, speaker));
  router.handle('chat:moderate', (arg) => chat.moderate(arg));
  return chat.onDelta((delta) => router.emit('chat:changed', delta));
}

import type { Disposer } from '../../shared/primitives/emitter';
import type { HeldMessagesService } from '../services/moderation/held-messages-service';
import type { IpcRouter } from './ipc-router';

/** `heldMessages:*`: AutoMod's queue, allow or deny; forwards `heldMessages:changed`. */
export function registerHeldMessagesIpc(router: IpcRouter, held: Pick<HeldMessagesService, 'getState' | 'resolve' | 'onChange'>): Disposer {
  router.handle('heldMessages:getState', () => held.getState());
  router.handle('heldMessages:resolve', ({ messageId, action }) => held.resolve(messageId, action));
  return held.onChange((state) => router.emit('heldMessages:changed', state));
}

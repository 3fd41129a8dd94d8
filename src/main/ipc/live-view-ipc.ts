import type { Disposer } from '../../shared/primitives/emitter';
import type { LiveViewService } from '../services/live-view/live-view-service';
import type { IpcRouter } from './ipc-router';

/** `liveView:*`: the Live view's tiles and feed as arranged; a change is forwarded to every window and dock. */
export function registerLiveViewIpc(router: IpcRouter, liveView: LiveViewService): Disposer {
  router.handle('liveView:get', () => liveView.get());
  router.handle('liveView:set', (changes) => liveView.set(changes));
  return liveView.onChange((value) => router.emit('liveView:changed', value));
}

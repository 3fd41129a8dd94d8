import { Disposers, type Disposer } from '../../shared/primitives/emitter';
import type { BroadcastStoryFeature } from '../services/broadcast-story/broadcast-story-feature';
import type { IpcRouter } from './ipc-router';

/** `broadcastStory:*`: the recorded broadcasts and each one's story; the list's changes and a broadcast's end are forwarded. */
export function registerBroadcastStoryIpc(router: IpcRouter, feature: BroadcastStoryFeature): Disposer {
  router.handle('broadcastStory:list', () => feature.list());
  router.handle('broadcastStory:get', ({ id }) => feature.get(id));
  const forwarding = new Disposers();
  forwarding.add(feature.onChange((list) => router.emit('broadcastStory:changed', list)));
  forwarding.add(feature.onEnded((ended) => router.emit('broadcastStory:ended', ended)));
  return () => forwarding.dispose();
}

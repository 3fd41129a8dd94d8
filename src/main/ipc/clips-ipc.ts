import type { Disposer } from '../../shared/primitives/emitter';
import type { ClipService } from '../services/clips/clip-service';
import type { IpcRouter } from './ipc-router';

/** `clips:*`: create a clip of the live broadcast; forwards `clips:changed` (processing, ready, failed). */
export function registerClipsIpc(router: IpcRouter, clips: ClipService): Disposer {
  router.handle('clips:getState', () => clips.getState());
  router.handle('clips:create', async () => {
    // The answer comes with the edit link; the listing follows as an event.
    await clips.create('button');
    return clips.getState();
  });
  return clips.onChange((state) => router.emit('clips:changed', state));
}

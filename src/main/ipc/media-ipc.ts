import type { Disposer } from '../../shared/primitives/emitter';
import type { MediaLibrary } from '../services/media/media-library';
import type { IpcRouter } from './ipc-router';

/** `media:*`: the alerts' images and sounds; changes forwarded as `media:changed`. */
export function registerMediaIpc(router: IpcRouter, media: Pick<MediaLibrary, 'list' | 'add' | 'remove' | 'onChange'>): Disposer {
  router.handle('media:list', () => media.list());
  router.handle('media:add', (arg) => media.add(arg));
  router.handle('media:remove', ({ id }) => media.remove(id));
  return media.onChange((list) => router.emit('media:changed', list));
}

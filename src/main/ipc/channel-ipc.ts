import type { Disposer } from '../../shared/primitives/emitter';
import type { ChannelInfoService } from '../services/channel-info/channel-info-service';
import type { IpcRouter } from './ipc-router';

/** `channel:*`: title, category, language, tags, branded content; `channel:changed` after every read or change. */
export function registerChannelIpc(router: IpcRouter, channel: ChannelInfoService): Disposer {
  router.handle('channel:getInfo', () => channel.get());
  router.handle('channel:updateInfo', (changes) => channel.update(changes));
  router.handle('channel:searchCategories', ({ query }) => channel.searchCategories(query));
  return channel.onChange((info) => router.emit('channel:changed', info));
}

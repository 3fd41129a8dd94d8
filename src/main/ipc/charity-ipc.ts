import type { Disposer } from '../../shared/primitives/emitter';
import type { CharityService } from '../services/charity/charity-service';
import type { IpcRouter } from './ipc-router';

/** `charity:*`: the campaign's handlers, and its changes forwarded as `charity:changed`. */
export function registerCharityIpc(router: IpcRouter, charity: Pick<CharityService, 'getOverview' | 'refresh' | 'loadMore' | 'onChange'>): Disposer {
  router.handle('charity:getOverview', () => charity.getOverview());
  router.handle('charity:refresh', () => charity.refresh());
  router.handle('charity:loadMore', () => charity.loadMore());
  return charity.onChange((overview) => router.emit('charity:changed', overview));
}

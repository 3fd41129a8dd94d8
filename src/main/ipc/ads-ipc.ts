import type { Disposer } from '../../shared/primitives/emitter';
import type { AdsService } from '../services/ads/ads-service';
import type { IpcRouter } from './ipc-router';

/** `ads:*`: run an ad, and when the next may run; the ad schedule and snooze; forwards `ads:changed`. */
export function registerAdsIpc(router: IpcRouter, ads: AdsService): Disposer {
  router.handle('ads:getState', () => ads.getState());
  router.handle('ads:run', ({ length }) => ads.run(length));
  router.handle('ads:refreshSchedule', () => ads.refreshSchedule());
  router.handle('ads:snooze', () => ads.snooze());
  return ads.onChange((state) => router.emit('ads:changed', state));
}

import type { Disposer } from '../../shared/primitives/emitter';
import type { RedemptionsFeature } from '../services/redemptions/redemptions-feature';
import type { IpcRouter } from './ipc-router';

/** `charity:*`: the campaign's handlers, and its changes forwarded as `charity:changed`. */
export function registerCharityIpc(router: IpcRouter, feature: Pick<RedemptionsFeature, 'need' | 'onCharityChange'>): Disposer {
  router.handle('charity:getOverview', () => feature.need().charity.getOverview());
  router.handle('charity:refresh', () => feature.need().charity.refresh());
  router.handle('charity:loadMore', () => feature.need().charity.loadMore());
  return feature.onCharityChange((overview) => router.emit('charity:changed', overview));
}

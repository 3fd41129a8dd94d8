import { Disposers, type Disposer } from '../../shared/primitives/emitter';
import type { RedemptionServices } from '../services/service-groups';
import type { RendererNotifier } from '../services/notifications/renderer-notifier';
import type { IpcRouter } from './ipc-router';
import { registerCharityIpc } from './charity-ipc';
import { registerNotificationsIpc } from './notifications-ipc';
import { registerRedemptionsIpc } from './redemptions-ipc';
import { registerRewardsIpc } from './rewards-ipc';

/** The redemption services' four domains, each through its own `<domain>-ipc.ts`, released together. */
export function registerRedemptionServicesIpc(router: IpcRouter, services: RedemptionServices, rendererNotifier: RendererNotifier | null): Disposer {
  const wiring = new Disposers();
  wiring.add(registerRedemptionsIpc(router, services.redemptions));
  wiring.add(registerNotificationsIpc(router, services.notifications, rendererNotifier));
  wiring.add(registerCharityIpc(router, services.charity));
  wiring.add(registerRewardsIpc(router, services.rewards));
  return wiring.dispose;
}

/**
 * Channel points, charity and their notifications as one feature for the composition root:
 * the redemption queue (with its outbox), the notifications, the charity campaign and the rewards.
 *
 * Wiring (src/main/composition.ts):
 *   const redemptions = createRedemptionsFeature({ api, auth, settings, dataDir, logger, events });
 *   redemptions.register(router);            // before router.missingHandlers()
 *   await redemptions.start();               // after the events service exists; before or after its start()
 *   ...dispose: await redemptions.dispose();
 * Electron (src/main/index.ts) passes `notifier` (an adapter over Electron's Notification) and uses
 * `onPendingCountChange` for the tray and `onOpen` to show the window; dock mode passes no notifier,
 * so notifications become `notifications:shown` toasts in the renderer.
 */
import type { OpenItem } from '../../../shared/ipc/contract';
import type { ApiClient } from '../api/api-client';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { CharityService, type CharityEventsSource } from '../charity/charity-service';
import type { IpcRouter } from '../../ipc/ipc-router';
import type { Logger } from '../logger';
import type { BurstOptions } from '../notifications/burst-grouper';
import { NotificationsService } from '../notifications/notifications-service';
import { NotifiedLedger } from '../notifications/notified-ledger';
import type { Notifier } from '../notifications/notifier';
import { RendererNotifier } from '../notifications/renderer-notifier';
import { RewardsService } from '../rewards/rewards-service';
import type { SettingsStore } from '../settings/settings-store';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import { RedemptionOutbox } from './redemption-outbox';
import { RedemptionsService, type QueueAuth, type RedemptionEventsSource } from './redemptions-service';

export interface RedemptionsFeatureDeps {
  api: Pick<ApiClient, 'get' | 'request' | 'paginate'>;
  auth: QueueAuth;
  settings: SettingsStore;
  /** Where the outbox and the notified-items ledger live. */
  dataDir: string;
  /** Told about damaged files found at start (the outbox, the ledger). */
  notices?: DataRecoveryNotices;
  logger: Logger;
  clock?: Clock;
  /** The EventSub events service (src/main/services/events/events-service.ts). */
  events: RedemptionEventsSource & CharityEventsSource;
  /** Desktop notifications (Electron). None: in-app toasts through the renderer (dock mode). */
  notifier?: Notifier;
  /** For amounts in notifications; undefined: the user's. */
  locale?: string;
  /** Outbox retry steps (tests shorten them). */
  retryMs?: { initial: number; max: number };
  /** Burst grouping of notifications (default: more than 5 in 10 s is summarised). */
  burst?: Partial<BurstOptions>;
}

export interface RedemptionsFeature {
  register(router: IpcRouter): void;
  start(): Promise<void>;
  dispose(): Promise<void>;
  /** The redemptions waiting, for the tray. */
  onPendingCountChange(listener: (count: number) => void): () => void;
  /** A notification was clicked: show the window (the renderer switches panel itself). */
  onOpen(listener: (item: OpenItem) => void): () => void;
  /** Set once started. */
  readonly services: { redemptions: RedemptionsService; notifications: NotificationsService; charity: CharityService; rewards: RewardsService } | null;
  readonly rendererNotifier: RendererNotifier | null;
}

export function createRedemptionsFeature(deps: RedemptionsFeatureDeps): RedemptionsFeature {
  const clock = deps.clock ?? systemClock;
  const rendererNotifier = deps.notifier ? null : new RendererNotifier();
  const notifier: Notifier = deps.notifier ?? rendererNotifier!;
  const openListeners = new Set<(item: OpenItem) => void>();
  const countListeners = new Set<(count: number) => void>();
  const offs: (() => void)[] = [];
  let router: IpcRouter | null = null;
  let services: RedemptionsFeature['services'] = null;

  const need = () => {
    if (!services) throw new AppError('unavailable', 'The redemption queue is still starting; try again in a moment.');
    return services;
  };

  const open = (item: OpenItem) => {
    router?.emit('notifications:open', item);
    for (const l of [...openListeners]) l(item);
  };

  return {
    get services() {
      return services;
    },
    rendererNotifier,

    register(r) {
      router = r;
      rendererNotifier?.attach((shown) => r.emit('notifications:shown', shown));
      r.handle('redemptions:getSnapshot', () => need().redemptions.getSnapshot());
      r.handle('redemptions:fulfill', ({ ids }) => need().redemptions.fulfill(ids));
      r.handle('redemptions:cancel', ({ ids }) => need().redemptions.cancel(ids));
      r.handle('redemptions:resolveAllOfReward', ({ rewardId, status }) => need().redemptions.resolveAllOfReward(rewardId, status));
      r.handle('redemptions:reconcile', async () => {
        const { redemptions } = need();
        await redemptions.reconcile();
        redemptions.flush().catch((error: unknown) => deps.logger.error('redemption queue: sending the outbox failed', { error }));
        return redemptions.getStatus();
      });
      r.handle('redemptions:dismissFailure', ({ at }) => {
        need().redemptions.dismissFailure(at);
        return null;
      });
      r.handle('notifications:getSettings', () => need().notifications.getSettings());
      r.handle('notifications:setSettings', (changes) => need().notifications.setSettings(changes));
      r.handle('notifications:act', ({ id, actionId }) => {
        if (!rendererNotifier) throw new AppError('unavailable', 'Notifications are shown by the system here, not by this window.');
        rendererNotifier.act(id, actionId);
        return null;
      });
      r.handle('charity:getOverview', () => need().charity.getOverview());
      r.handle('charity:refresh', () => need().charity.refresh());
      r.handle('charity:loadMore', () => need().charity.loadMore());
      r.handle('rewards:list', () => need().rewards.list());
      r.handle('rewards:create', (input) => need().rewards.create(input));
      r.handle('rewards:update', ({ id, changes }) => need().rewards.update(id, changes));
      r.handle('rewards:delete', ({ id }) => need().rewards.delete(id));
      r.handle('rewards:adopt', ({ id }) => need().rewards.adopt(id));
    },

    async start() {
      if (services) return;
      const [outbox, ledger] = await Promise.all([
        RedemptionOutbox.open(deps.dataDir, deps.notices),
        NotifiedLedger.open(deps.dataDir, clock, { notices: deps.notices, logger: deps.logger }),
      ]);
      const redemptions = new RedemptionsService({ api: deps.api, auth: deps.auth, events: deps.events, outbox, logger: deps.logger, clock, retryMs: deps.retryMs });
      const charity = new CharityService({ api: deps.api, auth: deps.auth, events: deps.events, logger: deps.logger, clock });
      const notifications = new NotificationsService({
        notifier,
        settings: deps.settings,
        ledger,
        queue: redemptions,
        donations: charity,
        open,
        logger: deps.logger,
        clock,
        locale: deps.locale,
        burst: deps.burst,
      });
      const rewards = new RewardsService({
        api: deps.api,
        auth: deps.auth,
        queue: { pendingOf: (id) => redemptions.getSnapshot().items.filter((r) => r.rewardId === id).length, refreshRewards: () => redemptions.refreshRewards() },
        logger: deps.logger,
        clock,
      });
      services = { redemptions, notifications, charity, rewards };
      if (router) {
        const rt = router;
        offs.push(
          redemptions.onDelta((delta) => rt.emit('redemptions:changed', delta)),
          charity.onChange((overview) => rt.emit('charity:changed', overview)),
          rewards.onChange((overview) => rt.emit('rewards:changed', overview)),
        );
      }
      offs.push(notifications.onPendingCountChange((n) => countListeners.forEach((l) => l(n))));
      // Listeners first, then the services, so that nothing they report at start is missed.
      notifications.start();
      redemptions.start();
      charity.start();
      rewards.start();
    },

    async dispose() {
      for (const off of offs.splice(0)) off();
      if (!services) return;
      const s = services;
      services = null;
      s.rewards.dispose();
      s.charity.dispose();
      s.redemptions.dispose();
      await s.notifications.dispose();
    },

    onPendingCountChange(listener) {
      countListeners.add(listener);
      return () => countListeners.delete(listener);
    },

    onOpen(listener) {
      openListeners.add(listener);
      return () => openListeners.delete(listener);
    },
  };
}

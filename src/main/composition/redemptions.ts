/**
 * Composition's builder of the channel-point redemptions and what goes with them: the redemption
 * queue (with its outbox), the notifications (with their ledger), the charity campaign and the
 * rewards. The two files are opened first (`openRedemptionFiles`), so that every service is built
 * at once and synchronously (`buildRedemptionServices`): the IPC serves them from the start, with
 * no "starting" answers and no events to relay from services built later.
 */
import type { BackoffOptions } from '../../shared/primitives/backoff';
import { systemClock, type Clock } from '../../shared/primitives/clock';
import type { ApiClient } from '../services/api/api-client';
import { CharityService, type CharityEventsSource } from '../services/charity/charity-service';
import type { BroadcasterSource } from '../services/common/current-broadcaster';
import type { DataRecoveryNotices } from '../services/common/data-recovery-notices';
import type { ChannelEvents } from '../services/events/channel-events';
import type { Logger } from '../services/logger';
import type { BurstOptions } from '../services/notifications/burst-grouper';
import { NotificationsService } from '../services/notifications/notifications-service';
import { NotifiedLedger } from '../services/notifications/notified-ledger';
import type { Notifier } from '../services/notifications/notifier';
import { RewardsService } from '../services/rewards/rewards-service';
import type { SettingsStore } from '../services/settings/settings-store';
import { RedemptionOutbox } from '../services/redemptions/redemption-outbox';
import { RedemptionsService, type RedemptionEventsSource } from '../services/redemptions/redemptions-service';
import type { RedemptionServices } from '../services/service-groups';
import { Disposers } from '../../shared/primitives/emitter';
import { registerRedemptionServicesIpc } from '../ipc/redemption-services-ipc';
import { feature } from './feature-module';

export type { RedemptionServices };

/** The files the redemption services keep in the data directory, read before they are built. */
export interface RedemptionFiles {
  outbox: RedemptionOutbox;
  ledger: NotifiedLedger;
}

/** Reads the outbox and the notified-items ledger; damaged ones are set aside and told to `notices`. */
export async function openRedemptionFiles(dataDir: string, options: { notices?: DataRecoveryNotices; logger: Logger; clock?: Clock }): Promise<RedemptionFiles> {
  const [outbox, ledger] = await Promise.all([
    RedemptionOutbox.open(dataDir, options.notices),
    NotifiedLedger.open(dataDir, options.clock ?? systemClock, { notices: options.notices, logger: options.logger }),
  ]);
  return { outbox, ledger };
}

export interface RedemptionServicesDeps {
  api: Pick<ApiClient, 'get' | 'request' | 'paginate'>;
  /** The one current broadcaster composition builds, shared with every service. */
  broadcaster: BroadcasterSource;
  settings: SettingsStore;
  logger: Logger;
  /** The EventSub events service (src/main/services/events/events-service.ts): its gaps. */
  events: RedemptionEventsSource & CharityEventsSource;
  /** The one channel-event stream (src/main/services/events/channel-events.ts). */
  channelEvents: Pick<ChannelEvents, 'on' | 'publish'>;
  /** Desktop notifications (Electron), or the renderer's toasts (dock mode: `RendererNotifier`). */
  notifier: Notifier;
  clock?: Clock;
  /** For amounts in notifications; undefined: the user's. */
  locale?: string;
  /** Outbox and reconciliation retry steps (tests shorten them). */
  retry?: BackoffOptions;
  /** Burst grouping of notifications (default: more than 5 in 10 s is summarised). */
  burst?: Partial<BurstOptions>;
  /** The undo window of a cancel (tests shorten it). */
  cancelUndoMs?: number;
}


export function buildRedemptionServices(deps: RedemptionServicesDeps, files: RedemptionFiles): RedemptionServices {
  const { api, broadcaster, events, channelEvents, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const redemptions = new RedemptionsService({ api, broadcaster, events, channelEvents, outbox: files.outbox, logger, clock, retry: deps.retry, cancelUndoMs: deps.cancelUndoMs });
  const charity = new CharityService({ api, broadcaster, events, channelEvents, logger, clock });
  const notifications = new NotificationsService({
    notifier: deps.notifier,
    settings: deps.settings,
    ledger: files.ledger,
    queue: redemptions,
    donations: charity,
    logger,
    clock,
    locale: deps.locale,
    burst: deps.burst,
  });
  const rewards = new RewardsService({
    api,
    broadcaster,
    queue: { pendingOf: (id) => redemptions.getSnapshot().items.filter((r) => r.rewardId === id).length, refreshRewards: () => redemptions.refreshRewards() },
    logger,
    clock,
  });
  return { redemptions, notifications, charity, rewards };
}

/** Starts them: the notifications first, so that nothing the others report at start is missed. */
export function startRedemptionServices(services: RedemptionServices): void {
  services.notifications.start();
  services.redemptions.start();
  services.charity.start();
  services.rewards.start();
}

/** Stops them; resolves once the outbox and the ledger are on disk. */
export async function disposeRedemptionServices(services: RedemptionServices): Promise<void> {
  services.rewards.dispose();
  services.charity.dispose();
  await services.redemptions.dispose();
  await services.notifications.dispose();
}

/** The feature module (composition/index.ts): its two files first, then the four services. */
export const redemptionsFeature = feature({
  name: 'redemptions',
  open: (s) => openRedemptionFiles(s.dataDir, { notices: s.notices, logger: s.logger }),
  build: (s, files: RedemptionFiles, { platform }) =>
    buildRedemptionServices({ api: platform.api, broadcaster: platform.broadcaster, settings: s.settings, logger: s.logger, events: platform.events, channelEvents: platform.channelEvents, notifier: platform.notifier }, files),
  serve(router, redemptions, { platform }, s) {
    const wiring = new Disposers();
    wiring.add(registerRedemptionServicesIpc(router, redemptions, platform.rendererNotifier));
    // A notification was clicked: the window comes forward (the renderer shows the item itself).
    wiring.add(redemptions.notifications.onOpen(() => s.options.showWindow?.()));
    return wiring.dispose;
  },
  start: startRedemptionServices,
  dispose: disposeRedemptionServices,
});

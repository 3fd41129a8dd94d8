/**
 * Channel points, charity and their notifications as one feature for the composition root:
 * the redemption queue (with its outbox), the notifications, the charity campaign and the rewards.
 * It builds the services; their IPC handlers and forwarded events are in src/main/ipc/
 * (`redemptions-ipc.ts`, `notifications-ipc.ts`, `charity-ipc.ts`, `rewards-ipc.ts`), which take
 * this feature: handlers answer "starting" until `start()` has built the services, and the events
 * below are relayed from the services once they exist.
 *
 * Wiring (src/main/composition.ts):
 *   const redemptions = createRedemptionsFeature({ api, auth, broadcaster, settings, dataDir, logger, events });
 *   disposers.add(registerRedemptionsIpc(router, redemptions)); ... // before router.missingHandlers()
 *   await redemptions.start();               // after the events service exists; before or after its start()
 *   ...dispose: await redemptions.dispose();
 * Electron (src/main/index.ts) passes `notifier` (an adapter over Electron's Notification) and uses
 * `onPendingCountChange` for the tray and `onOpen` to show the window; dock mode passes no notifier,
 * so notifications become `notifications:shown` toasts in the renderer.
 */
import type { CharityOverview, OpenItem, QueueDelta, RewardsOverview } from '../../../shared/ipc/contract';
import type { BackoffOptions } from '../../../shared/primitives/backoff';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposers, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { ApiClient } from '../api/api-client';
import { AppError } from '../app-error';
import { CharityService, type CharityEventsSource } from '../charity/charity-service';
import { CurrentBroadcaster, type AuthSource } from '../common/current-broadcaster';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';
import type { BurstOptions } from '../notifications/burst-grouper';
import { NotificationsService } from '../notifications/notifications-service';
import { NotifiedLedger } from '../notifications/notified-ledger';
import type { Notifier } from '../notifications/notifier';
import { RendererNotifier } from '../notifications/renderer-notifier';
import { RewardsService } from '../rewards/rewards-service';
import type { SettingsStore } from '../settings/settings-store';
import { RedemptionOutbox } from './redemption-outbox';
import { RedemptionsService, type RedemptionEventsSource } from './redemptions-service';

export interface RedemptionsFeatureDeps {
  api: Pick<ApiClient, 'get' | 'request' | 'paginate'>;
  auth: AuthSource;
  /**
   * Which account is current, shared with the other features so that every panel agrees; none:
   * the feature follows `auth` with a `CurrentBroadcaster` of its own.
   */
  broadcaster?: CurrentBroadcaster;
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
  /** Outbox and reconciliation retry steps (tests shorten them). */
  retry?: BackoffOptions;
  /** Burst grouping of notifications (default: more than 5 in 10 s is summarised). */
  burst?: Partial<BurstOptions>;
}

export interface RedemptionsServices {
  redemptions: RedemptionsService;
  notifications: NotificationsService;
  charity: CharityService;
  rewards: RewardsService;
}

export interface RedemptionsFeature {
  start(): Promise<void>;
  dispose(): Promise<void>;
  /** Set once started. */
  readonly services: RedemptionsServices | null;
  /** The services, or an `unavailable` error while the feature is starting (what IPC handlers call). */
  need(): RedemptionsServices;
  /** In-app toasts (dock mode: no `notifier` given); null when the system shows notifications. */
  readonly rendererNotifier: RendererNotifier | null;
  /** The queue's deltas, for the renderer. */
  onDelta(listener: (delta: QueueDelta) => void): Disposer;
  onCharityChange(listener: (overview: CharityOverview) => void): Disposer;
  onRewardsChange(listener: (overview: RewardsOverview) => void): Disposer;
  /** The redemptions waiting, for the tray. */
  onPendingCountChange(listener: (count: number) => void): Disposer;
  /** A notification was clicked: show the item (the renderer switches panel itself). */
  onOpen(listener: (item: OpenItem) => void): Disposer;
}

export function createRedemptionsFeature(deps: RedemptionsFeatureDeps): RedemptionsFeature {
  const clock = deps.clock ?? systemClock;
  const rendererNotifier = deps.notifier ? null : new RendererNotifier();
  const notifier: Notifier = deps.notifier ?? rendererNotifier!;
  const deltas = new Emitter<QueueDelta>();
  const charityChanges = new Emitter<CharityOverview>();
  const rewardsChanges = new Emitter<RewardsOverview>();
  const counts = new Emitter<number>();
  const opens = new Emitter<OpenItem>();
  let running = new Disposers();
  let services: RedemptionsServices | null = null;
  let starting: Promise<void> | null = null;

  const start = async () => {
    const [outbox, ledger] = await Promise.all([
      RedemptionOutbox.open(deps.dataDir, deps.notices),
      NotifiedLedger.open(deps.dataDir, clock, { notices: deps.notices, logger: deps.logger }),
    ]);
    // A broadcaster of its own only when none is shared; released with the feature.
    const broadcaster = deps.broadcaster ?? new CurrentBroadcaster(deps.auth);
    if (!deps.broadcaster) running.add(() => broadcaster.dispose());
    const redemptions = new RedemptionsService({ api: deps.api, broadcaster, events: deps.events, outbox, logger: deps.logger, clock, retry: deps.retry });
    const charity = new CharityService({ api: deps.api, broadcaster, events: deps.events, logger: deps.logger, clock });
    const notifications = new NotificationsService({
      notifier,
      settings: deps.settings,
      ledger,
      queue: redemptions,
      donations: charity,
      open: (item) => opens.fire(item),
      logger: deps.logger,
      clock,
      locale: deps.locale,
      burst: deps.burst,
    });
    const rewards = new RewardsService({
      api: deps.api,
      broadcaster,
      queue: { pendingOf: (id) => redemptions.getSnapshot().items.filter((r) => r.rewardId === id).length, refreshRewards: () => redemptions.refreshRewards() },
      logger: deps.logger,
      clock,
    });
    services = { redemptions, notifications, charity, rewards };
    running.add(redemptions.onDelta((delta) => deltas.fire(delta)));
    running.add(charity.onChange((overview) => charityChanges.fire(overview)));
    running.add(rewards.onChange((overview) => rewardsChanges.fire(overview)));
    running.add(notifications.onPendingCountChange((n) => counts.fire(n)));
    // Listeners first, then the services, so that nothing they report at start is missed.
    notifications.start();
    redemptions.start();
    charity.start();
    rewards.start();
  };

  return {
    get services() {
      return services;
    },
    rendererNotifier,

    need() {
      if (!services) throw new AppError('unavailable', 'The redemption queue is still starting; try again in a moment.');
      return services;
    },

    start() {
      starting ??= start();
      return starting;
    },

    async dispose() {
      await starting?.catch(() => {});
      starting = null;
      const s = services;
      services = null;
      running.dispose();
      running = new Disposers();
      if (!s) return;
      s.rewards.dispose();
      s.charity.dispose();
      s.redemptions.dispose();
      await s.notifications.dispose();
    },

    onDelta: deltas.on,
    onCharityChange: charityChanges.on,
    onRewardsChange: rewardsChanges.on,
    onPendingCountChange: counts.on,
    onOpen: opens.on,
  };
}

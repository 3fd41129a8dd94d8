/**
 * Desktop notifications (or the dock's toasts) for redemptions and donations: exactly once across
 * restarts (a persisted ledger), bursts summarised, do-not-disturb and per-reward mute, Fulfil and
 * Cancel on a redemption's notification unless an automation resolves it by itself, and `onOpen`
 * when one is clicked.
 */
import { formatAmount } from '../../../shared/domain/charity-amount';
import type { Donation, NotificationSettings, OpenItem, Redemption } from '../../../shared/ipc/contract';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { background } from '../common/background';
import type { Logger } from '../logger';
import type { ArrivalContext } from '../redemptions/redemptions-service';
import type { SettingsStore } from '../settings/settings-store';
import { BurstGrouper, defaultBurst, type BurstOptions } from './burst-grouper';
import type { NotifiedLedger } from './notified-ledger';
import type { Notifier } from './notifier';

/** What notifications need of the redemption queue. */
export interface NotifiableQueue {
  onArrived(listener: (items: Redemption[], context: ArrivalContext) => void): Disposer;
  fulfill(ids: string[]): Promise<unknown>;
  cancel(ids: string[]): Promise<unknown>;
  /** Whether the redemption still waits in the queue (not fulfilled or cancelled since). */
  getRedemption(id: string): unknown;
}

/** Which redemptions an automation resolves by itself (the automations feature), so a toast does not offer to. */
export interface AutomaticResolutions {
  resolves(rewardId: string): 'fulfil' | 'cancel' | null;
}

export interface DonationSource {
  /** Live donations (each at most once per process; the ledger makes it once ever). */
  onDonation(listener: (donation: Donation, charityName: string | null) => void): Disposer;
}

export interface NotificationsServiceOptions {
  notifier: Notifier;
  settings: SettingsStore;
  ledger: NotifiedLedger;
  queue: NotifiableQueue;
  donations?: DonationSource;
  logger: Logger;
  clock?: Clock;
  burst?: Partial<BurstOptions>;
  /** For amounts; undefined: the user's. */
  locale?: string;
}

type Item = { kind: 'redemption'; redemption: Redemption } | { kind: 'donation'; donation: Donation; charityName: string | null };

/**
 * Desktop notifications for new redemptions and donations: each exactly once (a persisted ledger),
 * bursts summarised, do-not-disturb and per-reward mute honoured, with Fulfil/Cancel where the
 * platform's notifications have buttons, and a click that opens the item in the app.
 */
export class NotificationsService extends Disposable {
  private readonly clock: Clock;
  private readonly grouper: BurstGrouper<Item>;
  private started = false;
  private readonly opens = new Emitter<OpenItem>();
  /** Items handed to the grouper and not shown yet (a burst's summary gathers them). */
  private readonly gathering = new Set<string>();
  /** Every item shown (alone or in a summary), in order: for tests and the benchmark. */
  readonly delivered: string[] = [];
  private automatic: AutomaticResolutions | null = null;

  constructor(private readonly options: NotificationsServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.grouper = new BurstGrouper<Item>(
      this.clock,
      { ...defaultBurst, ...options.burst },
      (item) => this.showOne(item),
      (items) => this.showSummary(items),
    );
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.register(this.options.queue.onArrived((items, context) => this.onRedemptions(items, context)));
    if (this.options.donations) this.register(this.options.donations.onDonation((d, charity) => this.onDonation(d, charity)));
  }

  override async dispose(): Promise<void> {
    super.dispose();
    this.grouper.dispose();
    this.opens.dispose();
    await this.options.ledger.save();
  }

  getSettings(): NotificationSettings {
    const s = this.options.settings;
    return {
      doNotDisturb: s.get('notifications.doNotDisturb'),
      mutedRewardIds: s.get('notifications.mutedRewardIds'),
      donations: s.get('notifications.donations'),
    };
  }

  setSettings(changes: Partial<NotificationSettings>): NotificationSettings {
    const s = this.options.settings;
    if (changes.doNotDisturb !== undefined) {
      s.set('notifications.doNotDisturb', changes.doNotDisturb);
      // What a burst gathered is not shown after the user asked for quiet.
      if (changes.doNotDisturb) this.settle(this.grouper.drop());
    }
    if (changes.mutedRewardIds !== undefined) s.set('notifications.mutedRewardIds', [...new Set(changes.mutedRewardIds)]);
    if (changes.donations !== undefined) s.set('notifications.donations', changes.donations);
    return this.getSettings();
  }

  /** The automations, once built (after this service): a redemption one of them resolves gets no Fulfil/Cancel. */
  useAutomaticResolutions(automatic: AutomaticResolutions): void {
    this.automatic = automatic;
  }

  /** A notification was clicked: show its item in the app (switch panel, focus it; `notifications:open`). */
  readonly onOpen = (listener: (item: OpenItem) => void): Disposer => this.opens.on(listener);

  private onRedemptions(items: Redemption[], context: ArrivalContext): void {
    // On the very first run, what already waits in the queue is not news.
    const baseline = context.source === 'sync' && context.initial && !this.options.ledger.existedAtStart;
    for (const redemption of items) {
      const key = `redemption:${redemption.id}`;
      if (this.options.ledger.has(key) || this.gathering.has(key)) continue;
      if (baseline || !this.wants(redemption)) {
        // Decided: never to be notified, not even after a restart.
        this.options.ledger.add([key]);
        continue;
      }
      this.gathering.add(key);
      this.grouper.push({ kind: 'redemption', redemption });
    }
  }

  private onDonation(donation: Donation, charityName: string | null): void {
    const key = `donation:${donation.id}`;
    if (this.options.ledger.has(key) || this.gathering.has(key)) return;
    if (this.options.settings.get('notifications.doNotDisturb') || !this.options.settings.get('notifications.donations')) {
      this.options.ledger.add([key]);
      return;
    }
    this.gathering.add(key);
    this.grouper.push({ kind: 'donation', donation, charityName });
  }

  /** Recorded as notified only when shown (or deliberately not): a quit mid-burst notifies them after the restart. */
  private settle(items: Item[]): void {
    const keys = items.map(keyOf);
    for (const key of keys) this.gathering.delete(key);
    this.options.ledger.add(keys);
  }

  private wants(redemption: Redemption): boolean {
    const s = this.options.settings;
    return !s.get('notifications.doNotDisturb') && !s.get('notifications.mutedRewardIds').includes(redemption.rewardId);
  }

  private showOne(item: Item): void {
    const { notifier } = this.options;
    this.settle([item]);
    if (item.kind === 'redemption') {
      const r = item.redemption;
      this.delivered.push(`redemption:${r.id}`);
      const automatic = this.automatic?.resolves(r.rewardId) ?? null;
      const body = r.userInput ? r.userInput : `${r.rewardCost.toLocaleString(this.options.locale)} points`;
      notifier.show(
        {
          title: `${r.userName} redeemed ${r.rewardTitle}`,
          body: automatic ? `${body} (an automation ${automatic === 'fulfil' ? 'fulfils' : 'cancels'} it)` : body,
          ...(notifier.supportsActions && !automatic
            ? {
                actions: [
                  { id: 'fulfill', label: 'Fulfil' },
                  { id: 'cancel', label: 'Cancel' },
                ],
              }
            : {}),
          tag: `redemption:${r.id}`,
        },
        {
          onClick: () => this.opens.fire({ kind: 'redemption', id: r.id }),
          onAction: (actionId) => this.act(actionId, r),
        },
      );
      return;
    }
    const d = item.donation;
    this.delivered.push(`donation:${d.id}`);
    notifier.show(
      {
        title: `${d.userName} donated ${formatAmount(d.amount, this.options.locale)}`,
        body: item.charityName ? `to ${item.charityName}` : 'to your charity campaign',
        tag: `donation:${d.id}`,
      },
      { onClick: () => this.opens.fire({ kind: 'donation', id: d.id }) },
    );
  }

  private showSummary(items: Item[]): void {
    this.settle(items);
    const s = this.options.settings;
    if (s.get('notifications.doNotDisturb')) return;
    const muted = new Set(s.get('notifications.mutedRewardIds'));
    const kept = items.filter((i) => i.kind === 'donation' || !muted.has(i.redemption.rewardId));
    if (kept.length === 0) return;
    for (const i of kept) this.delivered.push(i.kind === 'redemption' ? `redemption:${i.redemption.id}` : `donation:${i.donation.id}`);
    const redemptions = kept.filter((i): i is Extract<Item, { kind: 'redemption' }> => i.kind === 'redemption');
    const donations = kept.length - redemptions.length;
    const parts = [];
    if (redemptions.length) parts.push(`${redemptions.length} new redemption${redemptions.length === 1 ? '' : 's'}`);
    if (donations) parts.push(`${donations} donation${donations === 1 ? '' : 's'}`);
    const byReward = new Map<string, number>();
    for (const i of redemptions) byReward.set(i.redemption.rewardTitle, (byReward.get(i.redemption.rewardTitle) ?? 0) + 1);
    const top = [...byReward].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([title, n]) => `${title} ×${n}`);
    const body = top.length ? `${top.join(', ')}${byReward.size > 3 ? ', …' : ''}` : 'Open Sidestage to see them.';
    this.options.notifier.show(
      { title: parts.join(' and '), body, tag: 'sidestage-summary' },
      { onClick: () => this.opens.fire(redemptions.length ? { kind: 'queue', id: null } : { kind: 'charity', id: null }) },
    );
  }

  private act(actionId: string, r: Redemption): void {
    if ((actionId === 'fulfill' || actionId === 'cancel') && this.options.queue.getRedemption(r.id) === undefined) {
      // Fulfilled or cancelled meanwhile (by an automation, in the queue): said, not silently nothing.
      this.options.notifier.show({ title: `${r.userName}'s ${r.rewardTitle} was already done`, body: 'It was fulfilled or cancelled meanwhile; nothing was changed.', tag: `redemption:${r.id}` });
      return;
    }
    const work = actionId === 'fulfill' ? this.options.queue.fulfill([r.id]) : actionId === 'cancel' ? this.options.queue.cancel([r.id]) : null;
    if (!work) return;
    // A refusal rolls the redemption back into the queue, which shows the reason; what is left (not signed in, a full disk) is logged.
    background(work, this.options.logger, `notifications: the ${actionId} action`);
  }
}

function keyOf(item: Item): string {
  return item.kind === 'redemption' ? `redemption:${item.redemption.id}` : `donation:${item.donation.id}`;
}

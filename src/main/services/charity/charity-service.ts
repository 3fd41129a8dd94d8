import { addAmounts } from '../../../shared/domain/charity-amount';
import type { ChannelEventOf, CharityCampaign, CharityOverview, Donation } from '../../../shared/ipc/contract';
import { ApiError } from '../api/api-error';
import type { ApiClient, Page } from '../api/api-client';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { background } from '../common/background';
import { ChannelState } from '../common/channel-state';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { ChannelEvents } from '../events/channel-events';
import type { EventsGap } from '../events/events-service';
import type { Logger } from '../logger';

/** What the campaign needs of the events service: when donations may have been missed. */
export interface CharityEventsSource {
  onGap(listener: (gap: EventsGap) => void): Disposer;
}

interface HelixAmount {
  value: number;
  decimal_places: number;
  currency: string;
}

interface HelixCampaign {
  id: string;
  charity_name: string;
  charity_description: string;
  charity_logo: string;
  charity_website: string;
  current_amount: HelixAmount;
  target_amount: HelixAmount | null;
}

interface HelixDonation {
  id: string;
  campaign_id: string;
  user_id: string;
  user_login: string;
  user_name: string;
  amount: HelixAmount;
}

export interface CharityServiceOptions {
  api: Pick<ApiClient, 'get'>;
  /** Whose campaign it is (src/main/services/common/current-broadcaster.ts). */
  broadcaster: BroadcasterSource;
  events: CharityEventsSource;
  /** The one channel-event stream: donations come from it. */
  channelEvents: Pick<ChannelEvents, 'on'>;
  logger: Logger;
  clock?: Clock;
  /** Donations kept in the feed (newest first). Default 500. */
  maxDonations?: number;
  pageSize?: number;
}

const campaignsPath = '/helix/charity/campaigns';
const donationsPath = '/helix/charity/donations';

const signedOut: CharityOverview = { state: 'signedOut', campaign: null, donations: [], hasMore: false, error: null, updatedAt: null };

/**
 * The broadcaster's active charity campaign and its donations: read from the API, kept live from
 * the channel-event stream's donations, re-read after a gap.
 */
export class CharityService extends Disposable {
  private readonly clock: Clock;
  /**
   * Another account's campaign is read as soon as the API may be called; while a sign-in is renewed
   * the campaign on screen stays; signed in again, one never read (the app started with an expired
   * sign-in) is read then. A live donation makes a read that began before it older (an older total).
   */
  private readonly channel: ChannelState<CharityOverview>;
  private cursor: string | null = null;
  private hadCampaign = false;
  private loading: Promise<CharityOverview> | null = null;
  private started = false;
  private readonly donations = new Emitter<{ donation: Donation; charityName: string | null }>();

  constructor(private readonly options: CharityServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.channel = new ChannelState<CharityOverview>({
      broadcaster: options.broadcaster,
      empty: signedOut,
      isRead: (overview) => overview.updatedAt !== null,
      // After a gap the donations found are announced (the same campaign's only: never at a sign-in's first read).
      read: () => this.refresh({ announceNew: true }),
      reading: 'charity: a background refresh',
      logger: options.logger,
      gaps: options.events,
      readAgainOnSignIn: false,
      onBroadcaster: () => {
        this.cursor = null;
        this.hadCampaign = false;
      },
    });
    this.register(() => this.channel.dispose());
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.register(this.options.channelEvents.on(['donation'], (event) => this.onDonate(event)));
    this.channel.start();
  }

  override dispose(): void {
    super.dispose();
    this.donations.dispose();
  }

  getOverview(): CharityOverview {
    return this.overview;
  }

  onChange(listener: (overview: CharityOverview) => void): Disposer {
    return this.channel.onChange(listener);
  }

  private get overview(): CharityOverview {
    return this.channel.get();
  }

  /** Live donations (and ones found after a gap): for notifications. */
  onDonation(listener: (donation: Donation, charityName: string | null) => void): Disposer {
    return this.donations.on(({ donation, charityName }) => listener(donation, charityName));
  }

  /** Re-reads the campaign and the newest donations. */
  refresh(options: { announceNew?: boolean } = {}): Promise<CharityOverview> {
    if (this.loading) return this.loading;
    this.loading = this.load(options.announceNew ?? false).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Resolves once no read is under way (reads started by events or a sign-in too): for tests and an orderly shutdown. */
  async idle(): Promise<void> {
    while (this.loading) await this.loading.catch(() => {});
  }

  async loadMore(): Promise<CharityOverview> {
    const broadcasterId = this.requireSignedIn();
    if (!this.cursor || this.overview.state !== 'active') return this.overview;
    const page = await this.options.api.get<Page<HelixDonation>>(donationsPath, { broadcaster_id: broadcasterId, first: this.options.pageSize ?? 20, after: this.cursor });
    if (!this.channel.isCurrent(broadcasterId)) return this.overview;
    const known = new Set(this.overview.donations.map((d) => d.id));
    const older = (page.data ?? []).filter((d) => !known.has(d.id)).map((d) => toDonation(d));
    this.cursor = page.pagination?.cursor ?? null;
    this.set({ donations: [...this.overview.donations, ...older].slice(0, this.options.maxDonations ?? 500), hasMore: this.cursor !== null });
    return this.overview;
  }

  private requireSignedIn(): string {
    return this.channel.require('Charity campaign not read');
  }

  /** A refresh nobody awaits (events, sign-in). */
  private background(work: Promise<unknown>): void {
    background(work, this.options.logger, 'charity: a background refresh');
  }

  private async load(announceNew: boolean, attempt = 1): Promise<CharityOverview> {
    const read = this.channel.begin('Charity campaign not read');
    const { broadcasterId } = read;
    if (this.overview.state === 'signedOut') this.set({ state: 'loading', error: null });
    // A donation arrived while the platform was answering: its answer may predate it (an older total).
    const overtaken = () => !read.current();
    const readAgain = () => (attempt < 3 ? this.load(announceNew, attempt + 1) : Promise.resolve(this.overview));
    try {
      const campaigns = await this.options.api.get<{ data: HelixCampaign[] }>(campaignsPath, { broadcaster_id: broadcasterId });
      const helix = campaigns.data?.[0];
      if (!this.channel.isCurrent(broadcasterId)) return this.overview;
      if (overtaken()) return await readAgain();
      if (!helix) {
        // Donations are not available after a campaign ends.
        this.cursor = null;
        this.set({ state: this.hadCampaign ? 'ended' : 'none', campaign: this.hadCampaign ? this.overview.campaign : null, hasMore: false, error: null });
        return this.overview;
      }
      const campaign = toCampaign(helix);
      const page = await this.options.api.get<Page<HelixDonation>>(donationsPath, { broadcaster_id: broadcasterId, first: this.options.pageSize ?? 20 });
      if (!this.channel.isCurrent(broadcasterId)) return this.overview;
      if (overtaken()) return await readAgain();
      const sameCampaign = this.overview.campaign?.id === campaign.id;
      const previous = sameCampaign ? this.overview.donations : [];
      const known = new Set(previous.map((d) => d.id));
      const newest = (page.data ?? []).map((d) => toDonation(d));
      const fresh = newest.filter((d) => !known.has(d.id));
      // The page is the newest; what the feed held beyond it stays below.
      const merged = [...newest.map((d) => previous.find((p) => p.id === d.id) ?? d), ...previous.filter((p) => !newest.some((d) => d.id === p.id))];
      if (!sameCampaign || this.cursor === null) this.cursor = page.pagination?.cursor ?? null;
      this.hadCampaign = true;
      this.set({ state: 'active', campaign, donations: merged.slice(0, this.options.maxDonations ?? 500), hasMore: this.cursor !== null, error: null });
      if (announceNew && sameCampaign) for (const d of [...fresh].reverse()) this.announce(d, campaign.charityName);
    } catch (err) {
      if (!this.channel.isCurrent(broadcasterId)) return this.overview;
      if (err instanceof ApiError && err.status === 403) {
        this.set({ state: 'notEligible', campaign: null, donations: [], hasMore: false, error: null });
      } else {
        const why = err instanceof AppError ? err.message : 'something went wrong inside Sidestage';
        this.options.logger.warn('charity: could not read the campaign', { error: err });
        this.set({ state: this.overview.campaign ? this.overview.state : 'error', error: `Could not read your charity campaign: ${why}` });
      }
    }
    return this.overview;
  }

  private onDonate(event: ChannelEventOf<'donation'>): void {
    if (this.channel.broadcasterId === null) return;
    if (this.overview.donations.some((d) => d.id === event.donationId)) return;
    this.channel.changed();
    const amount = { value: event.amount.value, decimal_places: event.amount.decimalPlaces, currency: event.amount.currency };
    const donation: Donation = {
      id: event.donationId,
      campaignId: event.campaignId,
      userId: event.user.id,
      userLogin: event.user.login,
      userName: event.user.name,
      amount,
      receivedAt: new Date(this.clock.now()).toISOString(),
    };
    const campaign = this.overview.campaign;
    if (campaign && campaign.id === event.campaignId && this.overview.state === 'active') {
      const total = addAmounts(campaign.currentAmount, amount);
      this.set({
        campaign: total ? { ...campaign, currentAmount: total } : campaign,
        donations: [donation, ...this.overview.donations].slice(0, this.options.maxDonations ?? 500),
      });
      // The platform's own total settles any rounding or a donation this feed missed.
      if (!total) this.background(this.refresh());
    } else {
      // A campaign Sidestage did not know of yet (started meanwhile).
      this.set({ donations: [donation, ...this.overview.donations] });
      this.background(this.refresh());
    }
    this.announce(donation, event.charityName);
  }

  private announce(donation: Donation, charityName: string | null): void {
    this.donations.fire({ donation, charityName });
  }

  private set(changes: Partial<CharityOverview>): void {
    this.channel.set({ ...this.overview, ...changes, updatedAt: new Date(this.clock.now()).toISOString() });
  }
}

function toCampaign(c: HelixCampaign): CharityCampaign {
  return {
    id: c.id,
    charityName: c.charity_name,
    charityDescription: c.charity_description,
    charityLogo: c.charity_logo,
    charityWebsite: c.charity_website,
    currentAmount: c.current_amount,
    targetAmount: c.target_amount ?? null,
  };
}

/** A donation from the paged list, which gives no time. */
function toDonation(d: HelixDonation): Donation {
  return {
    id: d.id,
    campaignId: d.campaign_id,
    userId: d.user_id,
    userLogin: d.user_login,
    userName: d.user_name,
    amount: { value: d.amount.value, decimal_places: d.amount.decimal_places, currency: d.amount.currency },
    receivedAt: null,
  };
}

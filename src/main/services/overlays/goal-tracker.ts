/**
 * Where each goal bar stands: the charity campaign (from the charity service), the platform's
 * creator goals (read once signed in, then live from `channel.goal.*`), and the broadcaster's own
 * goals, counted from the channel events they follow or moved by hand.
 */
import { campaignProgress, formatAmount } from '../../../shared/domain/charity-amount';
import type { CharityOverview } from '../../../shared/ipc/schemas/charity';
import type { ChannelEvent, ChannelEventOf } from '../../../shared/ipc/schemas/channel-events';
import type { GoalConfig, GoalView } from '../../../shared/ipc/schemas/overlays';
import { Disposers, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { ApiClient } from '../api/api-client';
import { followCurrentBroadcaster, type BroadcasterSource } from '../common/current-broadcaster';
import type { Logger } from '../logger';

/** A creator goal as the platform last told it. */
interface CreatorGoal {
  type: string;
  description: string;
  current: number;
  target: number;
  ended: boolean;
  achieved: boolean;
}

interface HelixGoal {
  id: string;
  type: string;
  description: string;
  current_amount: number;
  target_amount: number;
}

/** The platform's goal types each source follows. */
const creatorTypes: Record<'followers' | 'subscriptions', readonly string[]> = {
  followers: ['follower'],
  subscriptions: ['subscription', 'subscription_count', 'new_subscription', 'new_subscription_count'],
};

const numberFormat = new Intl.NumberFormat();

export type GoalEvent = ChannelEventOf<'goalBegin' | 'goalProgress' | 'goalEnd' | 'follow' | 'subscription' | 'giftSubscriptions' | 'cheer'>;

export const goalEventKinds = ['goalBegin', 'goalProgress', 'goalEnd', 'follow', 'subscription', 'giftSubscriptions', 'cheer'] as const;

export interface GoalTrackerOptions {
  api: Pick<ApiClient, 'get'>;
  broadcaster: BroadcasterSource;
  charity: { getOverview(): CharityOverview; onChange(listener: (overview: CharityOverview) => void): Disposer };
  logger: Logger;
}

export class GoalTracker {
  private readonly creatorGoals = new Map<string, CreatorGoal>();
  private readonly changes = new Emitter<void>();
  private readonly running = new Disposers();
  private reading = 0;

  constructor(private readonly options: GoalTrackerOptions) {}

  start(): void {
    this.running.add(this.options.charity.onChange(() => this.changes.fire()));
    this.running.add(
      followCurrentBroadcaster(this.options.broadcaster, (change) => {
        if (change.id !== change.previousId) {
          this.creatorGoals.clear();
          this.changes.fire();
        }
        if (change.id !== null && change.canCallApi && (change.signedInNow || change.id !== change.previousId)) this.readCreatorGoals(change.id);
      }),
    );
  }

  dispose(): void {
    this.running.dispose();
    this.changes.dispose();
  }

  /** Something a goal bar shows changed. */
  onChange(listener: () => void): Disposer {
    return this.changes.on(listener);
  }

  /** A creator goal's news; how much a custom goal moves for an event (0: none). */
  apply(event: GoalEvent, goals: readonly GoalConfig[]): Map<string, number> {
    const moves = new Map<string, number>();
    if (event.kind === 'goalBegin' || event.kind === 'goalProgress' || event.kind === 'goalEnd') {
      this.creatorGoals.set(event.goalType, {
        type: event.goalType,
        description: event.description,
        current: event.current,
        target: event.target,
        ended: event.kind === 'goalEnd',
        achieved: event.kind === 'goalEnd' ? event.achieved : event.current >= event.target,
      });
      this.changes.fire();
      return moves;
    }
    for (const goal of goals) {
      if (goal.source !== 'custom') continue;
      const by = customMove(goal, event);
      if (by > 0) moves.set(goal.id, by);
    }
    return moves;
  }

  view(goal: GoalConfig): GoalView {
    if (goal.source === 'charity') return charityView(goal, this.options.charity.getOverview());
    if (goal.source === 'custom') {
      const fraction = Math.max(0, Math.min(1, goal.current / goal.target));
      return { title: goal.title || 'Goal', state: goal.current >= goal.target ? 'achieved' : 'active', fraction, current: numberFormat.format(goal.current), target: numberFormat.format(goal.target) };
    }
    const found = [...this.creatorGoals.values()].find((g) => creatorTypes[goal.source as 'followers' | 'subscriptions'].includes(g.type) && !g.ended)
      ?? [...this.creatorGoals.values()].find((g) => creatorTypes[goal.source as 'followers' | 'subscriptions'].includes(g.type));
    const fallbackTitle = goal.source === 'followers' ? 'Follower goal' : 'Subscriber goal';
    if (!found) return { title: goal.title || fallbackTitle, state: 'none', fraction: 0, current: '0', target: '0' };
    return {
      title: goal.title || found.description || fallbackTitle,
      state: found.achieved ? 'achieved' : 'active',
      fraction: found.target > 0 ? Math.max(0, Math.min(1, found.current / found.target)) : 0,
      current: numberFormat.format(found.current),
      target: numberFormat.format(found.target),
    };
  }

  private readCreatorGoals(broadcasterId: string): void {
    const reading = ++this.reading;
    this.options.api
      .get<{ data: HelixGoal[] }>('/helix/goals', { broadcaster_id: broadcasterId })
      .then((answer) => {
        // An older read, or another account's, is not this one's.
        if (reading !== this.reading || this.options.broadcaster.id !== broadcasterId) return;
        for (const goal of answer.data) {
          // Events that arrived meanwhile are newer than this read.
          if (this.creatorGoals.has(goal.type)) continue;
          this.creatorGoals.set(goal.type, { type: goal.type, description: goal.description, current: goal.current_amount, target: goal.target_amount, ended: false, achieved: goal.current_amount >= goal.target_amount });
        }
        this.changes.fire();
      })
      .catch((error: unknown) => this.options.logger.warn('overlays: could not read the creator goals', { reason: error instanceof Error ? error.message : String(error) }));
  }
}

function customMove(goal: GoalConfig, event: ChannelEvent): number {
  switch (goal.counts) {
    case 'follows':
      return event.kind === 'follow' ? 1 : 0;
    case 'subscriptions':
      if (event.kind === 'subscription') return event.isGift ? 0 : 1;
      return event.kind === 'giftSubscriptions' ? event.count : 0;
    case 'bits':
      return event.kind === 'cheer' ? event.bits : 0;
    case 'manual':
      return 0;
  }
}

function charityView(goal: GoalConfig, overview: CharityOverview): GoalView {
  const campaign = overview.campaign;
  if (!campaign || (overview.state !== 'active' && overview.state !== 'ended')) {
    return { title: goal.title || 'Charity', state: 'none', fraction: 0, current: '', target: '' };
  }
  const progress = campaignProgress(campaign.currentAmount, campaign.targetAmount);
  return {
    title: goal.title || campaign.charityName,
    state: progress && progress.ratio >= 1 ? 'achieved' : 'active',
    fraction: progress?.bar ?? 0,
    current: formatAmount(campaign.currentAmount),
    target: campaign.targetAmount ? formatAmount(campaign.targetAmount) : '',
  };
}

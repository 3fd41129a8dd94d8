/**
 * The Test buttons, per alert type. In demo mode the in-process emulator makes the event (a new
 * viewer follows, subscribes, cheers...), so the whole path runs: EventSub, the channel-event stream,
 * the rules, the queue, the overlay server and the page. Against the real platform, where Sidestage
 * cannot make a viewer follow, a made-up event of that type is queued, marked as a test.
 */
import { randomUUID } from 'node:crypto';
import { SimulationApiError, type SimulationClient } from '../demo/emulator-http';
import { alertKindNames } from '../../../shared/domain/alert-template';
import type { AlertKind } from '../../../shared/ipc/schemas/overlays';
import { AppError } from '../app-error';
import type { AlertEvent } from './alert-rules';

export interface AlertTests {
  /** Makes a test alert of `kind`; answers what was done, in words. */
  send(kind: AlertKind): Promise<string>;
}

export type AlertTestEmulator = Pick<
  SimulationClient,
  'createUser' | 'follow' | 'subscribe' | 'subscriptions' | 'giftSubscriptions' | 'resubMessage' | 'cheer' | 'incomingRaid' | 'donate' | 'redemptions' | 'redeem'
>;

interface RewardView {
  id: string;
  title: string;
  is_enabled: boolean;
  is_paused: boolean;
  is_in_stock: boolean;
  is_user_input_required: boolean;
}

/** Demo mode: the emulator makes each test event, from viewers made for it. */
export class EmulatorAlertTests implements AlertTests {
  private made = 0;

  constructor(private readonly options: { emulator: AlertTestEmulator; broadcasterId: string }) {}

  async send(kind: AlertKind): Promise<string> {
    try {
      return await this.make(kind);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const reason = error instanceof SimulationApiError ? error.message : 'the practice channel did not answer';
      throw new AppError('unavailable', `The test ${alertKindNames[kind].toLowerCase()} alert could not be made: ${reason}.`);
    }
  }

  private async make(kind: AlertKind): Promise<string> {
    const { emulator, broadcasterId } = this.options;
    const channel = { broadcaster_id: broadcasterId };
    switch (kind) {
      case 'follow': {
        const viewer = await this.newViewer();
        await emulator.follow({ user_id: viewer.id, broadcaster_id: broadcasterId });
        return `${viewer.name} followed the practice channel.`;
      }
      case 'subscription': {
        const viewer = await this.newViewer();
        await emulator.subscribe({ ...channel, user_id: viewer.id, tier: '1000' });
        return `${viewer.name} subscribed to the practice channel.`;
      }
      case 'resubscription': {
        const viewer = await this.newViewer();
        await emulator.subscribe({ ...channel, user_id: viewer.id, tier: '1000' });
        await emulator.resubMessage({ ...channel, user_id: viewer.id, message: 'Still here!', cumulative_months: 12, streak_months: 12 });
        return `${viewer.name} subscribed and shared 12 months (a subscription alert comes first).`;
      }
      case 'giftSubscriptions': {
        const gifter = await this.newViewer();
        const recipients = await Promise.all([1, 2, 3, 4, 5].map(() => this.newViewer()));
        await emulator.giftSubscriptions({ ...channel, user_id: gifter.id, tier: '1000', recipient_ids: recipients.map((r) => r.id) });
        return `${gifter.name} gifted 5 subscriptions.`;
      }
      case 'cheer': {
        const viewer = await this.newViewer();
        await emulator.cheer({ ...channel, user_id: viewer.id, bits: 100, message: 'Cheer100 test!' });
        return `${viewer.name} cheered 100 bits.`;
      }
      case 'raid': {
        const raider = await this.newViewer();
        await emulator.incomingRaid({ from_broadcaster_id: raider.id, to_broadcaster_id: broadcasterId, viewers: 42 });
        return `${raider.name} raided with 42 viewers.`;
      }
      case 'donation': {
        const viewer = await this.newViewer();
        try {
          await emulator.donate({ ...channel, user_id: viewer.id, amount: { value: 500, decimal_places: 2, currency: 'USD' } });
        } catch (error) {
          if (error instanceof SimulationApiError && error.status < 500) throw new AppError('unavailable', 'No charity campaign is running on the practice channel, so no donation can be made.');
          throw error;
        }
        return `${viewer.name} donated $5.00.`;
      }
      case 'redemption':
        return this.redeem();
      case 'hypeTrain':
        return this.hypeTrain();
    }
  }

  private async redeem(): Promise<string> {
    const { emulator, broadcasterId } = this.options;
    const answer = await emulator.redemptions({ broadcaster_id: broadcasterId, status: 'CANCELED' });
    const rewards = (Array.isArray(answer.rewards) ? answer.rewards : []) as unknown as RewardView[];
    const viewer = await this.newViewer();
    for (const reward of rewards.filter((r) => r.is_enabled && !r.is_paused && r.is_in_stock)) {
      try {
        await emulator.redeem({ broadcaster_id: broadcasterId, reward_id: reward.id, user_id: viewer.id, ...(reward.is_user_input_required ? { user_input: 'A test from Sidestage' } : {}) });
        return `${viewer.name} redeemed “${reward.title}”.`;
      } catch (error) {
        // On cooldown, or over a limit: the next reward may take it.
        if (!(error instanceof SimulationApiError) || error.status >= 500) throw error;
      }
    }
    throw new AppError('unavailable', 'No reward of the practice channel can be redeemed now (paused, on cooldown or sold out).');
  }

  /** A hype train starts when enough viewers support the channel in a short while. */
  private async hypeTrain(): Promise<string> {
    const { emulator, broadcasterId } = this.options;
    const viewers = await Promise.all([1, 2, 3].map(() => this.newViewer()));
    for (const viewer of viewers) await emulator.cheer({ broadcaster_id: broadcasterId, user_id: viewer.id, bits: 500, message: 'Cheer500 choo choo' });
    return 'Three viewers cheered 500 bits each: a hype train starts (unless one ran within the hour), with its cheer alerts.';
  }

  private async newViewer(): Promise<{ id: string; name: string }> {
    this.made += 1;
    const suffix = `${Date.now().toString(36).slice(-5)}${this.made.toString(36)}`;
    const user = await this.options.emulator.createUser({ login: `alerttest_${suffix}`, display_name: `AlertTest_${suffix}` });
    return { id: user.id, name: user.display_name };
  }
}

/** The real platform: a made-up event, queued as a test. */
export class LocalAlertTests implements AlertTests {
  constructor(private readonly showTest: (event: AlertEvent) => void) {}

  async send(kind: AlertKind): Promise<string> {
    this.showTest(testEvent(kind));
    return `A test ${alertKindNames[kind].toLowerCase()} alert is queued (made up by Sidestage: nobody really did this).`;
  }
}

export function testEvent(kind: AlertKind): AlertEvent {
  const id = `test:${randomUUID()}`;
  const base = { id, at: new Date().toISOString(), source: 'live' as const };
  const viewer = { id: '0', login: 'test_viewer', name: 'TestViewer' };
  switch (kind) {
    case 'follow':
      return { ...base, kind: 'follow', user: viewer };
    case 'subscription':
      return { ...base, kind: 'subscription', user: viewer, tier: '1000', isGift: false };
    case 'resubscription':
      return { ...base, kind: 'resubscription', user: viewer, tier: '1000', months: 12, streakMonths: 12, message: 'Still here!' };
    case 'giftSubscriptions':
      return { ...base, kind: 'giftSubscriptions', gifter: viewer, tier: '1000', count: 5, cumulativeTotal: null };
    case 'cheer':
      return { ...base, kind: 'cheer', user: viewer, bits: 100, message: 'Cheer100 test!' };
    case 'raid':
      return { ...base, kind: 'raid', from: viewer, viewers: 42 };
    case 'donation':
      return { ...base, kind: 'donation', donationId: id, campaignId: 'test', user: viewer, amount: { value: 500, decimalPlaces: 2, currency: 'USD' }, charityName: 'a test charity' };
    case 'redemption':
      return { ...base, kind: 'redemption', redemptionId: id, reward: { id: 'test', title: 'A test reward', cost: 100, prompt: '' }, user: viewer, input: 'A test from Sidestage', status: 'unfulfilled' };
    case 'hypeTrain':
      return { ...base, kind: 'hypeTrainBegin', trainId: id, level: 1, total: 500, goal: 1000 };
  }
}

/**
 * The demo's "Simulate a hate raid": accounts made for it (readied days ago and following, as bots
 * are to get past followers-only chat) raid the demo channel and all chat at once, then keep
 * flooding chat for a while, through the emulator's simulation API (`hateRaid`, then their lines
 * one by one), so the app meets it as it would meet one on the platform: a raid, then a flood of
 * first-time chatters. What gets through is the channel's rules' business: Shield Mode, AutoMod,
 * blocked terms. Demo mode only.
 */
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import { SimulationApiError } from '../../../emulator/simulation-client';
import { describeFailure, type EmulatorHttp } from './emulator-http';
import { hateRaidLines } from './viewer-lines';

export interface DemoHateRaidOptions {
  http: Pick<EmulatorHttp, 'hateRaid' | 'sendChatMessage'>;
  broadcasterId: string;
  logger: Logger;
  clock?: Clock;
  /** Accounts in the raid. Default 40. */
  accounts?: number;
  /** After the raid, lines a second... Default 8. */
  perSecond?: number;
  /** ...for this long. Default 20 s. */
  floodMs?: number;
}

/** Days the raid's accounts have existed and followed the channel: past the demo's 10-minute followers-only rule. */
const readiedMinutes = 3 * 24 * 60;

export class DemoHateRaid {
  private readonly clock: Clock;
  private timer: unknown = null;
  private floodEndsAt = 0;
  private disposed = false;

  constructor(private readonly options: DemoHateRaidOptions) {
    this.clock = options.clock ?? systemClock;
  }

  get running(): boolean {
    return this.timer !== null;
  }

  /** The raid arrives now; answers what happened in words, while the flood goes on for a while. */
  async start(): Promise<{ message: string }> {
    if (this.disposed) throw new AppError('unavailable', 'Sidestage is closing.');
    if (this.running) throw new AppError('invalid_argument', 'A hate raid is already under way: wait for it to end.');
    const { http, broadcasterId } = this.options;
    let raid: Awaited<ReturnType<typeof http.hateRaid>>;
    try {
      raid = await http.hateRaid({ broadcaster_id: broadcasterId, count: this.options.accounts ?? 40, follow: true, age_minutes: readiedMinutes, lines: [...hateRaidLines], messages_per_account: 1 });
    } catch (error) {
      const why = error instanceof SimulationApiError ? error.message : `the demo's platform did not answer (${describeFailure(error)})`;
      throw new AppError('unavailable', `Hate raid not simulated: ${why}`);
    }
    const reached = raid.messages.filter((m) => m.is_sent).length;
    this.flood(raid.accounts.map((a) => a.user_id));
    return {
      message: `${raid.raider.user_name} raided with ${raid.accounts.length} new accounts: ${reached} of their ${raid.messages.length} first messages reached chat. More follow for ${Math.round((this.options.floodMs ?? 20_000) / 1000)} s.`,
    };
  }

  /** Ends the flood (the switch off, a sign-out, the app closing). */
  stop(): void {
    if (this.timer !== null) this.clock.clearInterval(this.timer);
    this.timer = null;
  }

  dispose(): void {
    this.disposed = true;
    this.stop();
  }

  private flood(accounts: readonly string[]): void {
    if (accounts.length === 0) return;
    const perSecond = this.options.perSecond ?? 8;
    this.floodEndsAt = this.clock.now() + (this.options.floodMs ?? 20_000);
    let turn = 0;
    let failures = 0;
    this.timer = this.clock.setInterval(() => {
      if (this.clock.now() >= this.floodEndsAt) return this.stop();
      const sender = accounts[turn % accounts.length]!;
      const text = hateRaidLines[(turn * 7 + 3) % hateRaidLines.length]!;
      turn++;
      this.options.http.sendChatMessage({ broadcaster_id: this.options.broadcasterId, user_id: sender, text }).catch((error: unknown) => {
        // A refusal (Shield Mode, a ban) is the point of the demo; the emulator gone is logged once.
        if (error instanceof SimulationApiError) return;
        if (failures++ === 0) this.options.logger.warn('hate raid: a line could not reach the emulator', { error: describeFailure(error) });
      });
    }, Math.max(20, Math.round(1000 / perSecond)));
  }
}


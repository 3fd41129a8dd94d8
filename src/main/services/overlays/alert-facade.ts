/**
 * The alerts as the rest of Sidestage sees them: a channel event's alert (through the rules, at most
 * once per event), the automations' port (`show`, `playSound`), the Test buttons, and the queue's
 * controls (pause, resume, skip, replay). Everything shown goes through the one alert queue.
 */
import { randomBytes } from 'node:crypto';
import type { AlertKind, AlertQueueState } from '../../../shared/ipc/schemas/overlays';
import type { Clock } from '../../../shared/primitives/clock';
import { AppError } from '../app-error';
import type { AlertRequest } from '../automations/actions';
import type { Logger } from '../logger';
import type { MediaLibrary } from '../media/media-library';
import type { AlertQueue } from './alert-queue';
import { AlertRules, alertEventKinds, type AlertEvent } from './alert-rules';
import { EmulatorAlertTests, LocalAlertTests, type AlertTestEmulator, type AlertTests } from './alert-tests';
import type { OverlaySettings } from './overlay-settings';
import type { SpokenAlerts } from './spoken-alerts';

/** What became of an event's alert. */
export type EventAlertOutcome = 'queued' | 'seen' | 'refollow' | 'none';

const outcomeWords: Record<EventAlertOutcome, string> = {
  queued: 'Alert queued',
  seen: 'Not shown again: this event’s alert was already queued or shown',
  refollow: 'Not shown: this viewer followed again within 24 hours of the follow alerted',
  none: 'No alert: this event makes none',
};

/** A refollow this soon after the follow alerted gets no second alert (when `quietRefollows`). */
export const REFOLLOW_QUIET_MS = 24 * 60 * 60_000;
/** The time a queued sound holds the alerts' turn (the page plays it whole; the next alert waits this long). */
export const SOUND_SLOT_MS = 5_000;

export interface AlertFacadeDeps {
  queue: AlertQueue;
  saved: Pick<OverlaySettings, 'get'>;
  media: Pick<MediaLibrary, 'get'>;
  /** Demo mode: a Test makes the event happen on the emulator (and an alert type switched off shows none); else it is queued here. */
  testEmulator?: { emulator: AlertTestEmulator; broadcasterId: string } | null;
  /** The viewers' words: what a queued alert will say is kept for its turn. */
  speech?: Pick<SpokenAlerts, 'remember'>;
  clock: Clock;
  logger: Logger;
}

export class AlertFacade {
  private readonly rules = new AlertRules();
  private readonly tests: AlertTests;

  constructor(private readonly deps: AlertFacadeDeps) {
    this.tests = deps.testEmulator ? new EmulatorAlertTests(deps.testEmulator) : new LocalAlertTests((event) => this.enqueueEvent(event, { forced: true, test: true }));
  }

  /**
   * A channel event: its alert is queued when the rules make one (`forced`: the type's switch and
   * minimum do not apply). Says what happened: queued, already seen, or no alert for it (and why).
   */
  enqueueEvent(event: AlertEvent, options: { forced?: boolean; test?: boolean } = {}): EventAlertOutcome {
    const { queue } = this.deps;
    if (queue.hasSeen(event.id)) return 'seen';
    const remember: string[] = [];
    if (event.kind === 'hypeTrainBegin' || event.kind === 'hypeTrainProgress') {
      // Once per level across a restart too: the level is kept in the queue's ledger with the alert.
      const levelKey = `hypeTrain:${event.trainId}:${event.level}`;
      if (queue.seenAt(levelKey) !== null) return 'seen';
      remember.push(levelKey);
    }
    const now = this.deps.clock.now();
    const settings = this.deps.saved.get().alerts;
    if (event.kind === 'follow') {
      const followerKey = `follower:${event.user.id}`;
      const alertedAt = queue.seenAt(followerKey);
      if (!options.forced && settings.options.quietRefollows && alertedAt !== null && now - alertedAt < REFOLLOW_QUIET_MS) return 'refollow';
      remember.push(followerKey);
    }
    const made = this.rules.alertFor(event, settings, { ...options, now });
    if (!made) return 'none';
    const userId = chatterOf(event);
    try {
      const queued = queue.enqueue(userId ? { ...made.alert, userId } : made.alert, { eventId: event.id, summarise: made.kind, remember });
      if (queued) this.deps.speech?.remember(made.alert.id, event);
      return queued ? 'queued' : 'seen';
    } catch (error) {
      this.deps.logger.warn('overlays: an alert was not queued', { reason: error instanceof Error ? error.message : String(error) });
      return 'none';
    }
  }

  /** Queues an alert: the standard one for an event (at most once per event), or a custom one; says what happened. */
  async show(alert: AlertRequest): Promise<string> {
    if (alert.source === 'event') {
      if (!(alertEventKinds as readonly string[]).includes(alert.event.kind)) throw new AppError('invalid_argument', 'That kind of event has no standard alert.');
      return outcomeWords[this.enqueueEvent(alert.event as AlertEvent, { forced: true })];
    }
    if (alert.text.trim() === '') throw new AppError('invalid_argument', 'A custom alert needs a text.');
    this.deps.queue.enqueue({
      id: `custom:${randomBytes(8).toString('hex')}`,
      kind: 'custom',
      text: alert.text.slice(0, 500),
      imageId: alert.imageId,
      soundId: alert.soundId,
      volume: Math.max(0, Math.min(1, alert.volume)),
      durationMs: Math.max(1_000, Math.min(60_000, Math.round(alert.durationMs))),
      test: false,
    });
    return 'Alert queued';
  }

  /**
   * Plays a sound of the library on the alerts pages, through the queue like an alert: never over
   * one, and held during an ad break or a pause like them.
   */
  async playSound(soundId: string, volume: number): Promise<void> {
    const item = this.deps.media.get(soundId);
    if (!item || item.kind !== 'sound') throw new AppError('invalid_argument', 'That sound is not in the media library any more.');
    this.deps.queue.enqueue({
      id: `sound:${randomBytes(8).toString('hex')}`,
      kind: 'sound',
      text: '',
      imageId: null,
      soundId: item.id,
      volume: Math.max(0, Math.min(1, volume)),
      durationMs: SOUND_SLOT_MS,
      test: false,
    });
  }

  async test(kind: AlertKind): Promise<{ message: string }> {
    const message = await this.tests.send(kind);
    const off = this.deps.saved.get().alerts.types[kind].enabled ? '' : ' Its alerts are switched off, so it shows none; switch them on to see it.';
    return { message: `${message}${this.deps.testEmulator ? off : ''}` };
  }

  pause(): AlertQueueState {
    return this.deps.queue.pause();
  }

  resume(): AlertQueueState {
    return this.deps.queue.resume();
  }

  skip(): AlertQueueState {
    return this.deps.queue.skip();
  }

  replay(): AlertQueueState {
    return this.deps.queue.replay();
  }
}

/** The chatter an event's alert is about; null for an anonymous one. */
function chatterOf(event: AlertEvent): string | null {
  if ('user' in event && event.user) return event.user.id;
  if ('gifter' in event && event.gifter) return event.gifter.id;
  return null;
}

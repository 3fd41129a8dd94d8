/**
 * The viewer's words spoken with their alert: which alerts speak (a cheer from the minimum, a
 * resubscription's message, the chosen rewards' input), the words made speakable
 * (`shared/domain/speech-text.ts`), the system voice that says them (`services/speech/`), and the
 * short-lived WAV clips the overlay server serves to the alerts pages. A clip is named by a random
 * id (never by anything a viewer wrote), kept for two minutes, and only a page with the alerts
 * overlay's token can fetch it. A machine without a voice says why and speaks nothing; alerts show
 * as always. What an alert will say is remembered from its event until its turn (in memory: an
 * alert waiting across a restart shows without its words).
 */
import { randomBytes } from 'node:crypto';
import { speakableText } from '../../../shared/domain/speech-text';
import { type SpeechSettings, type SpeechState, type SpeechVoice } from '../../../shared/ipc/schemas/speech';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import type { SystemVoice, SystemVoiceLookup } from '../speech/system-voice';
import { wavDurationMs } from '../speech/system-voice';
import type { AlertEvent } from './alert-rules';

export interface SpokenAlertsDeps {
  /** The kept settings (`speech.settings`). */
  load(): SpeechSettings;
  save(settings: SpeechSettings): void;
  findVoice(): Promise<SystemVoiceLookup>;
  /** The channel's blocked terms in force (read when first needed: asked as an alert starts to speak). */
  blockedTerms(): Promise<readonly string[]>;
  logger: Logger;
  clock?: Clock;
}

/** What an alerts page is told to play. */
export interface SpeechClip {
  alertId: string;
  speechPath: string;
  volume: number;
  durationMs: number;
}

const CLIP_LIFETIME_MS = 2 * 60_000;
const MAX_CLIPS = 8;
/** Alerts waiting with words: more than this and the oldest words are forgotten (their alerts show silent). */
const MAX_REMEMBERED = 500;
export const SPEECH_PATH_PREFIX = '/speech/';

export class SpokenAlerts {
  private readonly clock: Clock;
  private readonly changes = new Emitter<SpeechState>();
  private settings: SpeechSettings;
  private voice: SystemVoice | null = null;
  private voices: SpeechVoice[] = [];
  private unavailable: string | null = null;
  private engineLooked = false;
  private readonly words = new Map<string, string>();
  private readonly clips = new Map<string, { wav: Buffer; expiresAt: number }>();
  private speakingUntil = 0;
  private saying: string | null = null;
  private speakingTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(private readonly deps: SpokenAlertsDeps) {
    this.clock = deps.clock ?? systemClock;
    this.settings = deps.load();
  }

  /** Looks for the system's voice (once; a missing one is said in Settings). */
  async start(): Promise<void> {
    const found = await this.deps.findVoice().catch((error: unknown) => ({ voice: null, voices: [] as [], unavailable: `The system voice could not be asked for its voices: ${error instanceof Error ? error.message : String(error)}` }));
    this.voice = found.voice;
    this.voices = found.voices;
    this.unavailable = found.unavailable;
    this.engineLooked = true;
    if (found.unavailable) this.deps.logger.info('speech: no system voice, the viewers’ words are not spoken', { reason: found.unavailable });
    this.changed();
  }

  dispose(): void {
    this.disposed = true;
    if (this.speakingTimer) clearTimeout(this.speakingTimer);
    this.words.clear();
    this.clips.clear();
    this.changes.dispose();
  }

  getState(): SpeechState {
    return {
      settings: this.settings,
      engine: this.voice?.name ?? null,
      voices: this.voices,
      unavailable: this.engineLooked ? this.unavailable : null,
      speaking: this.speakingUntil > this.clock.now(),
      saying: this.speakingUntil > this.clock.now() ? this.saying : null,
    };
  }

  onChange(listener: (state: SpeechState) => void): Disposer {
    return this.changes.on(listener);
  }

  setSettings(changes: Partial<SpeechSettings>): SpeechState {
    if (changes.voice !== undefined && changes.voice !== null && !this.voices.some((v) => v.id === changes.voice)) {
      throw new AppError('invalid_argument', this.voice ? `There is no voice “${changes.voice}” on this computer: choose one of the list.` : (this.unavailable ?? 'This computer has no voice.'));
    }
    const next = { ...this.settings, ...changes };
    this.deps.save(next);
    this.settings = next;
    this.changed();
    return this.getState();
  }

  /** The words `event`'s alert will say under the settings now, or null (not one that speaks, or nothing speakable left). */
  async wordsFor(event: AlertEvent): Promise<string | null> {
    const text = this.viewerTextFor(event);
    return text === null ? null : this.speakable(text);
  }

  /** An alert was queued for `event`: the viewer's text is kept for its turn (made speakable then, with the blocked terms then in force). */
  remember(alertId: string, event: AlertEvent): void {
    const words = this.viewerTextFor(event);
    if (words === null) return;
    if (this.words.size >= MAX_REMEMBERED) this.words.delete(this.words.keys().next().value!);
    this.words.set(alertId, words);
  }

  /**
   * The alert `alertId` starts: its words are spoken (a clip the pages fetch), or null (none, no
   * voice, or the voice failed: said in the log, the alert shows silent).
   */
  async startSpeaking(alertId: string): Promise<SpeechClip | null> {
    this.stopSpeaking();
    const text = this.words.get(alertId);
    this.words.delete(alertId);
    if (text === undefined || !this.voice || !this.settings.enabled) return null;
    const words = await this.speakable(text);
    if (words === null || !this.voice) return null;
    let wav: Buffer;
    try {
      wav = await this.voice.synthesise({ text: words, voice: this.settings.voice, rate: this.settings.rate });
    } catch (error) {
      this.deps.logger.warn('speech: an alert’s words were not spoken', { reason: error instanceof Error ? error.message : String(error) });
      return null;
    }
    if (this.disposed) return null;
    const id = this.keepClip(wav);
    const durationMs = Math.round(wavDurationMs(wav));
    this.speakingUntil = this.clock.now() + durationMs;
    this.saying = words;
    this.speakingTimer = setTimeout(() => this.stopSpeaking(), durationMs + 50);
    this.changed();
    return { alertId, speechPath: `${SPEECH_PATH_PREFIX}${id}`, volume: this.settings.volume, durationMs };
  }

  /** The viewer's text of an alert that speaks under the settings now, or null. */
  private viewerTextFor(event: AlertEvent): string | null {
    const s = this.settings;
    if (!s.enabled) return null;
    if (event.kind === 'cheer' && s.cheers && event.bits >= s.cheerMinimumBits) return event.message;
    if (event.kind === 'resubscription' && s.subscriptions) return event.message;
    if (event.kind === 'redemption' && s.rewardIds.includes(event.reward.id)) return event.input;
    return null;
  }

  /** The text as it may be said (links, blocked terms, spam and markup out); null when nothing is left. */
  private async speakable(text: string): Promise<string | null> {
    let blockedTerms: readonly string[] = [];
    try {
      blockedTerms = await this.deps.blockedTerms();
    } catch (error) {
      // Unread terms do not silence every alert: the rest of the filter still holds.
      this.deps.logger.warn('speech: the blocked terms could not be read; the words are said without that filter', { reason: error instanceof Error ? error.message : String(error) });
    }
    const spoken = speakableText(text, { blockedTerms, maxLength: this.settings.maxLength });
    return spoken === '' ? null : spoken;
  }

  /** Skip: what is spoken now stops (the pages are told by the caller). True when something was. */
  stopSpeaking(): boolean {
    if (this.speakingTimer) clearTimeout(this.speakingTimer);
    this.speakingTimer = null;
    const was = this.speakingUntil > this.clock.now();
    this.speakingUntil = 0;
    this.saying = null;
    if (was) this.changed();
    return was;
  }

  /** A clip by its id, while it lives; null otherwise. */
  readClip(id: string): Buffer | null {
    this.dropExpired();
    return this.clips.get(id)?.wav ?? null;
  }

  private keepClip(wav: Buffer): string {
    this.dropExpired();
    while (this.clips.size >= MAX_CLIPS) this.clips.delete(this.clips.keys().next().value!);
    const id = randomBytes(16).toString('hex');
    this.clips.set(id, { wav, expiresAt: this.clock.now() + CLIP_LIFETIME_MS });
    return id;
  }

  private dropExpired(): void {
    const now = this.clock.now();
    for (const [id, clip] of this.clips) if (clip.expiresAt <= now) this.clips.delete(id);
  }

  private changed(): void {
    if (!this.disposed) this.changes.fire(this.getState());
  }
}

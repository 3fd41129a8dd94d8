/**
 * Chat settings of the signed-in broadcaster's chat, read with the moderator view and changed
 * with only the fields that change (in the platform's pairing, see shared/domain/chat-settings).
 * A change shows at once and is rolled back with the platform's reason when refused; the settings
 * are read again after every change. Presets change several settings and revert by themselves;
 * the pending revert is kept in the settings with an absolute due time, so it survives a restart.
 */
import { chatSettingDefaults, chatSettingsPatch, checkChatSettings, revertChanges, type ChatSettingsValues } from '../../../shared/domain/chat-settings';
import type { ChatSettingsState } from '../../../shared/ipc/contract';
import { ChannelState } from '../common/channel-state';
import type { CurrentBroadcaster } from '../common/current-broadcaster';
import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { DueReverts } from '../common/due-reverts';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import type { Notifier } from '../notifications/notifier';
import type { Settings, SettingsStore } from '../settings/settings-store';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';

export interface ChatSettingsPreset {
  id: string;
  label: string;
  description: string;
  changes: Partial<ChatSettingsValues>;
  revertAfterMs: number;
}

export const chatSettingsPresets: readonly ChatSettingsPreset[] = [
  {
    id: 'raidShield',
    label: 'Raid shield',
    description: 'Followers-only (10 minutes) and slow mode (30 s), reverted after 10 minutes.',
    changes: { followerMode: true, followerModeDuration: 10, slowMode: true, slowModeWaitTime: 30 },
    revertAfterMs: 10 * 60_000,
  },
  {
    id: 'emoteBreak',
    label: 'Emote break',
    description: 'Emote-only chat, reverted after 5 minutes.',
    changes: { emoteMode: true },
    revertAfterMs: 5 * 60_000,
  },
];

export interface ChatSettingsServiceOptions {
  api: Pick<ApiClient, 'request'>;
  /** Whose chat: cleared on sign-out, kept (and not changed) while the sign-in is renewed. */
  broadcaster: CurrentBroadcaster;
  settings: SettingsStore;
  logger: Logger;
  notifier?: Notifier;
  clock?: Clock;
  presets?: readonly ChatSettingsPreset[];
  /** Wait before trying a failed revert again. Default 30 s. */
  revertRetryMs?: number;
}

interface HelixChatSettings {
  emote_mode: boolean;
  follower_mode: boolean;
  follower_mode_duration: number | null;
  slow_mode: boolean;
  slow_mode_wait_time: number | null;
  subscriber_mode: boolean;
  unique_chat_mode: boolean;
  non_moderator_chat_delay?: boolean;
  non_moderator_chat_delay_duration?: number | null;
}

type PendingRevert = NonNullable<Settings['chatSettings.pendingRevert']>;

/** The channel's side of the state. */
interface ChannelChatSettings {
  values: ChatSettingsValues | null;
  fetchedAt: string | null;
  error: string | null;
}

const nothingRead: ChannelChatSettings = { values: null, fetchedAt: null, error: null };

export class ChatSettingsService extends Disposable {
  private readonly clock: Clock;
  private readonly presets: readonly ChatSettingsPreset[];
  /**
   * The channel's settings as last read or changed: cleared on another account, read on a sign-in;
   * a read that began before a change (a write, its answer, another read applied) is dropped.
   */
  private readonly channel: ChannelState<ChannelChatSettings>;
  private pending = false;
  /** The kept revert's timing: at its due time, at once when Sidestage starts past it, again after a failure. */
  private readonly reverts: DueReverts<PendingRevert>;
  /** Changes run one after the other, so each one's rollback restores what was there before it. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly changes = new Emitter<ChatSettingsState>();
  private started = false;
  private revision = 0;

  constructor(private readonly options: ChatSettingsServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.presets = options.presets ?? chatSettingsPresets;
    this.channel = new ChannelState<ChannelChatSettings>({
      broadcaster: options.broadcaster,
      empty: nothingRead,
      isRead: (state) => state.values !== null,
      read: () => this.refresh(),
      reading: 'reading the chat settings',
      logger: options.logger,
    });
    this.register(() => this.channel.dispose());
    this.register(this.channel.onChange(() => this.emit()));
    this.reverts = new DueReverts<PendingRevert>({
      clock: this.clock,
      list: () => {
        const revert = this.options.settings.get('chatSettings.pendingRevert');
        return revert ? [revert] : [];
      },
      // A revert stacked on a pending one has a new due time: a new key, so it is timed again.
      key: (revert) => `${revert.presetId}:${revert.dueAt}`,
      dueAt: (revert) => revert.dueAt,
      // Only on the channel it was applied to, while its sign-in works (the sign-in schedules it again).
      ready: (revert) => revert.broadcasterId === this.channel.broadcasterId && this.options.broadcaster.canCallApi,
      run: () => this.revertOnce().then(() => {}),
      retryMs: options.revertRetryMs ?? 30_000,
      // revertOnce says why in the log itself.
      onError: () => {},
      logger: options.logger,
    });
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.channel.start();
    // A due revert waits while the sign-in is renewed, and is done at once (Sidestage was closed past it) when it works.
    this.register(this.options.broadcaster.onChange(() => this.reverts.reschedule()));
    this.reverts.reschedule();
  }

  private get values(): ChatSettingsValues | null {
    return this.channel.get().values;
  }

  getState(): ChatSettingsState {
    const revert = this.options.settings.get('chatSettings.pendingRevert');
    return {
      // The platform only ever holds 2, 4 or 6 for the delay (fromHelix and checkChatSettings keep it so).
      values: this.values as ChatSettingsState['values'],
      pending: this.pending,
      fetchedAt: this.channel.get().fetchedAt,
      error: this.channel.get().error,
      presets: this.presets.map(({ id, label, description }) => ({ id, label, description })),
      pendingRevert: revert ? { presetId: revert.presetId, label: revert.label, dueAt: new Date(revert.dueAt).toISOString() } : null,
      revision: this.revision,
    };
  }

  onChange(listener: (state: ChatSettingsState) => void): Disposer {
    return this.changes.on(listener);
  }

  async refresh(): Promise<ChatSettingsState> {
    const read = this.channel.begin('Chat settings not read or changed');
    const { broadcasterId } = read;
    try {
      const res = await this.options.api.request<{ data: HelixChatSettings[] }>({
        method: 'GET',
        path: '/helix/chat/settings',
        query: { broadcaster_id: broadcasterId, moderator_id: broadcasterId },
      });
      const raw = res.data?.data?.[0];
      if (!raw) throw new ApiError(502, 'Bad Gateway', 'The platform answered without chat settings.');
      // A change answered (or another read applied) while this one was under way is newer.
      if (read.current() && !this.pending) this.channel.setChanged({ values: fromHelix(raw), fetchedAt: new Date(this.clock.now()).toISOString(), error: null });
      return this.getState();
    } catch (error) {
      const message = describe(error, 'read');
      // A failed stale read says nothing about the account or the values shown since.
      if (read.current()) this.channel.set({ ...this.channel.get(), error: message });
      throw new AppError(error instanceof AppError ? error.code : 'unavailable', message, error instanceof AppError ? error.details : {});
    }
  }

  /** Applies a change (only the fields that differ are sent). Rejects with the platform's reason after rolling back. */
  update(changes: Partial<ChatSettingsValues>): Promise<ChatSettingsState> {
    const problem = checkChatSettings(changes);
    if (problem) return Promise.reject(new AppError('invalid_argument', problem));
    return this.enqueue(() => this.applyChanges(changes));
  }

  async applyPreset(presetId: string): Promise<ChatSettingsState> {
    const preset = this.presets.find((p) => p.id === presetId);
    if (!preset) throw new AppError('invalid_argument', `There is no preset named "${presetId}".`);
    return this.applyWithRevert(preset);
  }

  /**
   * Changes chat for a while, then back as it was: the same kept revert as a preset's (its due time
   * on disk, done at start when Sidestage was closed past it). An automation's "chat mode for N s".
   */
  applyFor(changes: Partial<ChatSettingsValues>, revertAfterMs: number, label: string): Promise<ChatSettingsState> {
    const problem = checkChatSettings(changes);
    if (problem) return Promise.reject(new AppError('invalid_argument', problem));
    return this.applyWithRevert({ id: 'automation', label, changes, revertAfterMs });
  }

  private async applyWithRevert(preset: { id: string; label: string; changes: Partial<ChatSettingsValues>; revertAfterMs: number }): Promise<ChatSettingsState> {
    const broadcasterId = this.requireBroadcaster();
    return this.enqueue(async () => {
      if (!this.values) await this.refresh();
      const before = this.values!;
      await this.applyChanges(preset.changes);
      const existing = this.options.settings.get('chatSettings.pendingRevert');
      // A second preset on top of a pending one keeps the first one's "before": the revert goes back to how chat was.
      const restore = existing && existing.broadcasterId === broadcasterId ? { ...revertChanges(before, preset.changes), ...existing.restore } : revertChanges(before, preset.changes);
      const applied = { ...(existing?.broadcasterId === broadcasterId ? existing.applied : {}), ...preset.changes };
      this.options.settings.set('chatSettings.pendingRevert', {
        presetId: preset.id,
        label: preset.label,
        broadcasterId,
        dueAt: this.clock.now() + preset.revertAfterMs,
        applied,
        restore,
      });
      this.schedule();
      this.emit();
      return this.getState();
    });
  }

  cancelRevert(): ChatSettingsState {
    this.options.settings.set('chatSettings.pendingRevert', null);
    this.reverts.reschedule();
    this.emit();
    return this.getState();
  }

  async revertNow(): Promise<ChatSettingsState> {
    const revert = this.options.settings.get('chatSettings.pendingRevert');
    if (!revert) throw new AppError('invalid_argument', 'No preset is waiting to be reverted.');
    await this.reverts.runNow(`${revert.presetId}:${revert.dueAt}`);
    return this.getState();
  }

  override dispose(): void {
    super.dispose();
    this.reverts.dispose();
    this.changes.dispose();
  }

  // ---------- internals ----------

  private async applyChanges(changes: Partial<ChatSettingsValues>): Promise<ChatSettingsState> {
    const broadcasterId = this.requireBroadcaster();
    if (!this.values) await this.refresh();
    const before = this.values!;
    const body = chatSettingsPatch(before, changes);
    if (Object.keys(body).length === 0) return this.getState();
    this.pending = true;
    this.channel.setChanged({ ...this.channel.get(), values: { ...before, ...changes } });
    try {
      const res = await this.options.api.request<{ data: HelixChatSettings[] }>({
        method: 'PATCH',
        path: '/helix/chat/settings',
        query: { broadcaster_id: broadcasterId, moderator_id: broadcasterId },
        body,
      });
      const raw = res.data?.data?.[0];
      this.pending = false;
      this.channel.setChanged({ ...this.channel.get(), values: raw ? fromHelix(raw) : this.values, error: null });
    } catch (error) {
      this.pending = false;
      this.channel.setChanged({ ...this.channel.get(), values: before });
      const message = describe(error, 'change');
      throw new AppError(error instanceof AppError ? error.code : 'unavailable', message, error instanceof AppError ? error.details : {});
    }
    // What the platform holds now, including anything another moderator changed.
    await this.refresh().catch(() => {});
    return this.getState();
  }

  private schedule(): void {
    // Already due (Sidestage was closed past it): reverted at once.
    this.reverts.reschedule();
  }

  /** Puts chat back once; rejects (after saying so) to be tried again by `reverts`. */
  private revertOnce(): Promise<ChatSettingsState> {
    return this.enqueue(async () => {
      const revert = this.options.settings.get('chatSettings.pendingRevert');
      if (!revert) return this.getState();
      if (revert.broadcasterId !== this.channel.broadcasterId) throw new AppError('not_signed_in', 'Sign in to the channel the preset was applied to, to revert it.');
      try {
        await this.refresh();
        const changes = this.stillApplied(revert);
        if (Object.keys(changes).length) await this.applyChanges(changes);
        this.options.settings.set('chatSettings.pendingRevert', null);
        this.options.notifier?.show({ title: `${revert.label} ended`, body: 'Chat settings are back to how they were.', tag: 'sidestage-chat-settings' });
        this.emit();
        return this.getState();
      } catch (error) {
        const message = error instanceof AppError ? error.message : 'unknown error';
        this.options.logger.warn('chat settings revert failed; trying again later', { error });
        this.options.notifier?.show({ title: `${revert.label}: could not revert`, body: `${message} Sidestage tries again shortly.`, tag: 'sidestage-chat-settings' });
        // Tried again by `reverts` while the sign-in works; signed out or renewing it, the sign-in schedules it again.
        throw error;
      }
    });
  }

  /**
   * The fields to put back: only those still as the preset left them (a change made since is the
   * streamer's). A mode and its duration go together: touching either one keeps both.
   */
  private stillApplied(revert: PendingRevert): Partial<ChatSettingsValues> {
    const current = this.values as unknown as Record<string, unknown>;
    const restore = revert.restore as Record<string, unknown>;
    const applied = revert.applied;
    const untouched = (key: string) => !(key in applied) || current[key] === applied[key];
    const out: Record<string, unknown> = {};
    const paired = new Set<string>();
    for (const pair of [['followerMode', 'followerModeDuration'], ['slowMode', 'slowModeWaitTime'], ['nonModeratorChatDelay', 'nonModeratorChatDelayDuration']]) {
      pair.forEach((k) => paired.add(k));
      if (!pair.some((k) => k in applied) || !pair.every(untouched)) continue;
      for (const k of pair) if (k in restore) out[k] = restore[k];
    }
    for (const key of Object.keys(applied)) {
      if (!paired.has(key) && untouched(key) && key in restore) out[key] = restore[key];
    }
    return out as Partial<ChatSettingsValues>;
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => {});
    return run;
  }

  private requireBroadcaster(): string {
    return this.channel.require('Chat settings not read or changed');
  }

  private emit(): void {
    this.revision++;
    this.changes.fire(this.getState());
  }
}

function fromHelix(raw: HelixChatSettings): ChatSettingsValues {
  const delay = raw.non_moderator_chat_delay_duration;
  return {
    emoteMode: raw.emote_mode,
    followerMode: raw.follower_mode,
    followerModeDuration: raw.follower_mode_duration ?? chatSettingDefaults.followerModeDuration,
    slowMode: raw.slow_mode,
    slowModeWaitTime: raw.slow_mode_wait_time ?? chatSettingDefaults.slowModeWaitTime,
    subscriberMode: raw.subscriber_mode,
    uniqueChatMode: raw.unique_chat_mode,
    nonModeratorChatDelay: raw.non_moderator_chat_delay ?? false,
    nonModeratorChatDelayDuration: delay === 4 || delay === 6 ? delay : chatSettingDefaults.nonModeratorChatDelayDuration,
  };
}

function describe(error: unknown, what: 'read' | 'change'): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return `Only the broadcaster or a moderator can ${what} chat settings.`;
    if (error.status === 401 && /scope/i.test(error.platformMessage ?? '')) return `Sidestage may not ${what} chat settings: sign in again and allow it.`;
    return error.message;
  }
  if (error instanceof AppError) return error.message;
  return `Could not ${what} the chat settings.`;
}

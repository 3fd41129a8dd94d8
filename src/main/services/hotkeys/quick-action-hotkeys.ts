/**
 * The global hotkeys of the quick actions, as one state for the renderer: one `GlobalHotkey` per
 * action (drop a marker, a marker with a note, a clip, an ad, a snooze, the four chat modes, a
 * poll or prediction from the first template, end the poll, lock the prediction, shout out the
 * most recent raider, find a channel to raid, Shield Mode on or off). Only the marker and the clip have shortcuts out of
 * the box. A
 * press says its outcome as a desktop notification: always when it failed, and when it worked
 * where nothing else on screen would say so. Two actions never share a shortcut.
 */
import { parseAccelerator } from '../../../shared/domain/accelerator';
import { hotkeyActionIds, type HotkeyAction, type HotkeysState } from '../../../shared/ipc/contract';
import type { ChatSettingsValues } from '../../../shared/domain/chat-settings';
import { adLengths } from '../ads/ads-service';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { AdsService } from '../ads/ads-service';
import type { ChatSettingsService } from '../chat-settings/chat-settings-service';
import type { ClipService } from '../clips/clip-service';
import type { Logger } from '../logger';
import type { MarkerService } from '../markers/marker-service';
import type { Notifier } from '../notifications/notifier';
import type { EngagementService } from '../polls/engagement-service';
import type { RaidService } from '../raids/raid-service';
import type { ShieldModeService } from '../moderation/shield-mode-service';
import type { SettingsStore } from '../settings/settings-store';
import { altGrConflict } from './desktop-shortcuts';
import { GlobalHotkey, type HotkeySetting } from './global-hotkey';
import type { ShortcutRegistry } from './shortcut-registry';

/** The services a press reaches (the parts of them it uses). */
export interface QuickActionServices {
  markers: Pick<MarkerService, 'drop' | 'requestNote'>;
  clips: Pick<ClipService, 'create'>;
  ads: Pick<AdsService, 'run' | 'snooze' | 'getState'>;
  chatSettings: Pick<ChatSettingsService, 'getState' | 'refresh' | 'update'>;
  engagement: Pick<EngagementService, 'getState' | 'startFromTemplate' | 'endPoll' | 'lockPrediction'>;
  raids: Pick<RaidService, 'shoutoutRecentRaider'>;
  shieldMode: Pick<ShieldModeService, 'toggle'>;
}

export interface QuickActionHotkeysOptions {
  registry: ShortcutRegistry;
  settings: SettingsStore;
  notifier: Notifier;
  logger: Logger;
  services: QuickActionServices;
  /** Brings the window forward (the raid hotkey); the renderer then shows the raid search. */
  openWindow?: () => void;
  clock?: Clock;
  bounceMs?: number;
  /** How long the test button listens. Default 15 s. */
  testWindowMs?: number;
  /** Default: this computer's. */
  platform?: 'mac' | 'other';
  /** The OS, for the shortcuts that get in the way of typing there (AltGr on Windows). Default: this computer's. */
  os?: NodeJS.Platform;
}

/** What a press that worked says; null: the action's own service (or the window) says it. */
type PressOutcome = { title: string; body: string } | null;

interface ActionDefinition {
  label: string;
  /** For "already the … shortcut". */
  name: string;
  /** The title of the notification when the press did not work. */
  notDone: string;
  /** The marker's, the note's and the clip's service notify their own outcome (with the clip's link). */
  reportsItself?: boolean;
  press: () => Promise<PressOutcome>;
}

const chatModes = {
  slowMode: { field: 'slowMode', title: 'Slow mode', name: 'slow mode' },
  followerMode: { field: 'followerMode', title: 'Follower-only chat', name: 'follower-only' },
  subscriberMode: { field: 'subscriberMode', title: 'Subscriber-only chat', name: 'subscriber-only' },
  emoteMode: { field: 'emoteMode', title: 'Emote-only chat', name: 'emote-only' },
} as const satisfies Record<string, { field: keyof ChatSettingsValues; title: string; name: string }>;

const defaultAdLength = 30;

export class QuickActionHotkeys {
  private readonly hotkeys = new Map<HotkeyAction, GlobalHotkey>();
  private readonly definitions: Record<HotkeyAction, ActionDefinition>;
  private readonly changes = new Emitter<HotkeysState>();
  private readonly raidRequests = new Emitter<void>();
  private readonly clock: Clock;
  private readonly platform: 'mac' | 'other';
  private testingUntil: number | null = null;
  private testTimer: unknown = null;

  constructor(private readonly options: QuickActionHotkeysOptions) {
    this.clock = options.clock ?? systemClock;
    this.platform = options.platform ?? (process.platform === 'darwin' ? 'mac' : 'other');
    this.definitions = this.define(options.services);
    for (const action of hotkeyActionIds) {
      const hotkey = new GlobalHotkey({
        registry: options.registry,
        setting: this.settingFor(action),
        logger: options.logger,
        platform: this.platform,
        clock: this.clock,
        bounceMs: options.bounceMs,
        required: action === 'marker',
        isTesting: () => this.testingUntil !== null && this.clock.now() <= this.testingUntil,
        onTestPress: () => this.confirmTest(action),
        onPress: () => void this.press(action),
      });
      hotkey.onChange(() => this.emit());
      this.hotkeys.set(action, hotkey);
    }
  }

  start(): void {
    for (const hotkey of this.hotkeys.values()) hotkey.start();
  }

  getState(): HotkeysState {
    return {
      hotkeys: hotkeyActionIds.map((action) => {
        const state = this.hotkey(action).getState();
        const warning = state.accelerator ? altGrConflict(state.accelerator, this.options.os ?? process.platform) : null;
        return { action, label: this.definitions[action].label, ...state, warning };
      }),
      testingUntil: this.testingUntil === null ? null : new Date(this.testingUntil).toISOString(),
      unavailable: this.options.registry.unavailable ?? null,
      caveat: this.options.registry.unavailable ? null : (this.options.registry.caveat ?? null),
    };
  }

  /** One action's hotkey (the go-live checklist reads the marker's). */
  get(action: HotkeyAction): ReturnType<GlobalHotkey['getState']> {
    return this.hotkey(action).getState();
  }

  onChange(listener: (state: HotkeysState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** The raid hotkey was pressed: the renderer shows the raid search. */
  onRaidRequested(listener: () => void): Disposer {
    return this.raidRequests.on(listener);
  }

  set(action: HotkeyAction, accelerator: string): HotkeysState {
    const target = this.hotkey(action);
    const parsed = parseAccelerator(accelerator);
    if (parsed.ok) {
      for (const [other, hotkey] of this.hotkeys) {
        if (other !== action && hotkey.getState().accelerator === parsed.accelerator) {
          throw new AppError('invalid_argument', `${target.human(parsed.accelerator)} is already the ${this.definitions[other].name} shortcut: choose another combination.`);
        }
      }
    }
    target.set(accelerator);
    return this.getState();
  }

  clear(action: HotkeyAction): HotkeysState {
    this.hotkey(action).clear();
    return this.getState();
  }

  /** The next press of any hotkey within the window is only recorded and confirmed: nothing is done. */
  startTest(windowMs = this.options.testWindowMs ?? 15_000): HotkeysState {
    if (this.options.registry.unavailable) throw new AppError('unavailable', this.options.registry.unavailable);
    if (![...this.hotkeys.values()].some((h) => h.getState().registered)) throw new AppError('unavailable', 'No hotkey is registered: choose one first.');
    this.testingUntil = this.clock.now() + windowMs;
    if (this.testTimer !== null) this.clock.clearTimeout(this.testTimer);
    this.testTimer = this.clock.setTimeout(() => this.endTest(), windowMs);
    this.emit();
    return this.getState();
  }

  dispose(): void {
    for (const hotkey of this.hotkeys.values()) hotkey.dispose();
    if (this.testTimer !== null) this.clock.clearTimeout(this.testTimer);
    this.changes.dispose();
    this.raidRequests.dispose();
  }

  /** Runs the action of a press and says its outcome; never rejects. */
  async press(action: HotkeyAction): Promise<void> {
    await this.run(action);
  }

  /**
   * Runs the action as a press does (its outcome said the same way) and answers it in words too:
   * the control API's press, which a deck shows.
   */
  async run(action: HotkeyAction): Promise<{ done: boolean; message: string }> {
    const definition = this.definitions[action];
    const accelerator = this.hotkey(action).getState().accelerator;
    const shortcut = accelerator ? ` (${this.hotkey(action).human(accelerator)})` : '';
    let outcome: PressOutcome;
    try {
      outcome = await definition.press();
    } catch (error) {
      const reason = error instanceof AppError ? error.message : 'Something went wrong inside Sidestage.';
      if (definition.reportsItself) return { done: false, message: `${definition.notDone}: ${reason}` };
      if (!(error instanceof AppError)) this.options.logger.warn('hotkey action failed', { action, error: String(error) });
      this.options.notifier.show({ title: definition.notDone, body: `${reason}${shortcut}`, tag: `sidestage-hotkey-${action}`, urgency: 'error' });
      return { done: false, message: `${definition.notDone}: ${reason}` };
    }
    if (outcome) this.options.notifier.show({ ...outcome, tag: `sidestage-hotkey-${action}` });
    return { done: true, message: outcome ? outcome.body : `${definition.label}: done.` };
  }

  /** What an action does, in the broadcaster's words. */
  labelOf(action: HotkeyAction): string {
    return this.definitions[action].label;
  }

  private define(s: QuickActionServices): Record<HotkeyAction, ActionDefinition> {
    const toggle = (mode: keyof typeof chatModes): ActionDefinition => {
      const { field, title, name } = chatModes[mode];
      return {
        label: `${title} on or off`,
        name,
        notDone: `${title} not changed`,
        press: async () => {
          const values = s.chatSettings.getState().values ?? (await s.chatSettings.refresh()).values;
          if (!values) throw new AppError('unavailable', 'Sidestage could not read your chat settings.');
          const on = !values[field];
          await s.chatSettings.update({ [field]: on });
          return { title: `${title} ${on ? 'on' : 'off'}`, body: on ? `${title} is on.` : `${title} is off.` };
        },
      };
    };
    return {
      marker: { label: 'Drop a marker', name: 'marker', notDone: 'Marker not placed', reportsItself: true, press: async () => (await s.markers.drop('hotkey'), null) },
      markerNote: { label: 'Drop a marker with a note (asks for the note first)', name: 'marker with a note', notDone: 'Marker not placed', reportsItself: true, press: async () => (await s.markers.requestNote('hotkey'), null) },
      clip: { label: 'Create a clip', name: 'clip', notDone: 'Clip not created', reportsItself: true, press: async () => (await s.clips.create('hotkey'), null) },
      ad: {
        label: 'Run an ad (the length you last ran, else 30 seconds)',
        name: 'ad',
        notDone: 'Ad not started',
        press: async () => {
          const last = s.ads.getState().lastLength;
          const length = last !== null && (adLengths as readonly number[]).includes(last) ? last : defaultAdLength;
          const state = await s.ads.run(length);
          return { title: `Ad running: ${length} s`, body: state.message ?? 'The commercial has started.' };
        },
      },
      snooze: {
        label: 'Snooze the next ad',
        name: 'snooze',
        notDone: 'Ad not snoozed',
        press: async () => {
          const state = await s.ads.snooze();
          const left = state.schedule?.snoozeCount ?? null;
          return { title: 'Next ad snoozed', body: left === null ? 'The next ad break moved back.' : `The next ad break moved back. Snoozes left: ${left}.` };
        },
      },
      slowMode: toggle('slowMode'),
      followerMode: toggle('followerMode'),
      subscriberMode: toggle('subscriberMode'),
      emoteMode: toggle('emoteMode'),
      startTemplate: {
        label: 'Start your first saved poll or prediction',
        name: 'poll or prediction',
        notDone: 'Poll or prediction not started',
        press: async () => {
          const template = s.engagement.getState().templates[0];
          if (!template) throw new AppError('invalid_argument', 'You have no saved poll or prediction: save one on the Live view first.');
          await s.engagement.startFromTemplate(template.id);
          return { title: `${template.kind === 'poll' ? 'Poll' : 'Prediction'} started`, body: template.title };
        },
      },
      endPoll: {
        label: 'End the poll',
        name: 'end poll',
        notDone: 'Poll not ended',
        press: async () => (await s.engagement.endPoll(), { title: 'Poll ended', body: 'The results are on the Live view.' }),
      },
      lockPrediction: {
        label: 'Lock the prediction',
        name: 'lock prediction',
        notDone: 'Prediction not locked',
        press: async () => (await s.engagement.lockPrediction(), { title: 'Prediction locked', body: 'No more predictions are taken. Choose the outcome on the Live view.' }),
      },
      shoutoutRaider: {
        label: 'Shout out the most recent raider',
        name: 'shoutout',
        notDone: 'Shoutout not sent',
        press: async () => {
          const state = await s.raids.shoutoutRecentRaider();
          return { title: 'Shoutout sent', body: `Shoutout sent to ${state.shoutout?.to.displayName ?? 'your most recent raider'}.` };
        },
      },
      shieldMode: {
        label: 'Shield Mode on or off',
        name: 'Shield Mode',
        notDone: 'Shield Mode not changed',
        press: async () => {
          const state = await s.shieldMode.toggle();
          return state.active
            ? { title: 'Shield Mode on', body: 'Shield Mode is on: your chat rules for a raid apply until you turn it off.' }
            : { title: 'Shield Mode off', body: 'Shield Mode is off.' };
        },
      },
      raid: {
        label: 'Find a channel to raid (opens the Live view)',
        name: 'raid',
        notDone: 'Raid search not opened',
        // A raid needs its target chosen: the press only brings the search forward.
        press: async () => {
          this.options.openWindow?.();
          this.raidRequests.fire();
          return null;
        },
      },
    };
  }

  private settingFor(action: HotkeyAction): HotkeySetting {
    const { settings } = this.options;
    switch (action) {
      case 'marker':
        return { get: () => settings.get('markers.hotkey'), set: (value) => settings.set('markers.hotkey', value ?? '') };
      case 'markerNote':
        return { get: () => settings.get('markers.noteHotkey'), set: (value) => settings.set('markers.noteHotkey', value) };
      case 'clip':
        return { get: () => settings.get('clips.hotkey'), set: (value) => settings.set('clips.hotkey', value) };
      default:
        return {
          get: () => settings.get('hotkeys.quickActions')[action] ?? null,
          set: (value) => {
            const next = { ...settings.get('hotkeys.quickActions') };
            if (value === null) delete next[action];
            else next[action] = value;
            settings.set('hotkeys.quickActions', next);
          },
        };
    }
  }

  private hotkey(action: HotkeyAction): GlobalHotkey {
    const hotkey = this.hotkeys.get(action);
    if (!hotkey) throw new AppError('invalid_argument', `There is no quick action "${String(action).slice(0, 40)}" to give a hotkey.`);
    return hotkey;
  }

  private confirmTest(action: HotkeyAction): void {
    const accelerator = this.hotkey(action).getState().accelerator ?? '';
    this.endTest();
    this.options.notifier.show({
      title: 'Hotkey works',
      body: `${this.hotkey(action).human(accelerator)} was heard (${this.definitions[action].label.toLowerCase()}). Nothing was done.`,
      tag: 'sidestage-hotkey-test',
    });
  }

  private endTest(): void {
    if (this.testTimer !== null) this.clock.clearTimeout(this.testTimer);
    this.testTimer = null;
    this.testingUntil = null;
    this.emit();
  }

  private emit(): void {
    this.changes.fire(this.getState());
  }
}

/**
 * What the tray shows, derived from the services: live or offline, a tooltip, the redemptions
 * waiting, whether notifications are paused, and the menu (drop marker, run ad, open Sidestage, the
 * go-live checklist where the app can open it, pause notifications, quit). Plain Node: the Electron adapter (src/main/adapters/tray.ts) only
 * renders the model and sends clicks back to `activate`.
 */
import { formatUptime } from '../../../shared/domain/marker-position';
import type { AdsState, StreamStatus } from '../../../shared/ipc/contract';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import type { SettingsStore } from '../settings/settings-store';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';

export type TrayItemId = 'dropMarker' | `runAd:${number}` | 'open' | 'goLiveChecklist' | 'pauseNotifications' | 'quit';

export interface TrayMenuItem {
  id: TrayItemId | 'runAd';
  label: string;
  enabled: boolean;
  /** A check box item (pause notifications). */
  checked?: boolean;
  submenu?: TrayMenuItem[];
}

export interface TrayState {
  live: boolean;
  tooltip: string;
  pendingRedemptions: number;
  notificationsPaused: boolean;
  menu: TrayMenuItem[];
}

/** Pausing notifications; by default the notifications' do-not-disturb setting. */
export interface NotificationPauseSwitch {
  get(): boolean;
  set(paused: boolean): void;
  onChange?(listener: (paused: boolean) => void): () => void;
}

export function settingsPauseSwitch(settings: SettingsStore): NotificationPauseSwitch {
  return { get: () => settings.get('notifications.doNotDisturb'), set: (paused) => settings.set('notifications.doNotDisturb', paused) };
}

export interface TrayModelOptions {
  stream: { getStatus(): StreamStatus; onChange(listener: (s: StreamStatus) => void): () => void };
  ads: { getState(): AdsState; onChange(listener: (s: AdsState) => void): () => void; run(length: number, options: { notify: boolean }): Promise<unknown> };
  markers: { drop(source: 'tray'): Promise<unknown> };
  notifications: NotificationPauseSwitch;
  /** Shows and focuses the window (the Electron side). */
  openWindow: () => void;
  /** Opens the window on the go-live checklist; none: the menu has no such entry. */
  openGoLiveChecklist?: () => void;
  quit: () => void;
  logger: Logger;
  clock?: Clock;
  adLengths?: readonly number[];
}

export class TrayModel extends Disposable {
  private readonly clock: Clock;
  private pendingRedemptions = 0;
  private readonly changes = new Emitter<TrayState>();
  private timer: unknown = null;
  private lastKey = '';

  constructor(private readonly options: TrayModelOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.register(options.stream.onChange(() => this.update()));
    this.register(options.ads.onChange(() => this.update()));
    if (options.notifications.onChange) this.register(options.notifications.onChange(() => this.update()));
    // The tooltip's uptime and the ad countdown move with time.
    this.timer = this.clock.setInterval(() => this.update(), 30_000);
  }

  getState(): TrayState {
    const status = this.options.stream.getStatus();
    const paused = this.options.notifications.get();
    const now = this.clock.now();
    const parts = ['Sidestage'];
    if (status.live) {
      const started = status.startedAt ? Date.parse(status.startedAt) : NaN;
      parts.push(Number.isFinite(started) ? `Live ${formatUptime(started, now)}` : 'Live');
      if (status.viewerCount !== null) parts.push(`${status.viewerCount} ${status.viewerCount === 1 ? 'viewer' : 'viewers'}`);
    } else {
      parts.push('Offline');
    }
    if (this.pendingRedemptions > 0) parts.push(`${this.pendingRedemptions} ${this.pendingRedemptions === 1 ? 'redemption' : 'redemptions'} waiting`);
    if (paused) parts.push('notifications paused');

    const next = this.options.ads.getState().nextAllowedAt;
    const waitMs = next ? Date.parse(next) - now : 0;
    const adWait = waitMs > 0 ? Math.ceil(waitMs / 60_000) : 0;
    const adsEnabled = status.live && adWait === 0;
    const adLabel = !status.live ? 'Run ad (only while live)' : adWait > 0 ? `Run ad (in ${adWait} min)` : 'Run ad';

    return {
      live: status.live,
      tooltip: parts.join(' · '),
      pendingRedemptions: this.pendingRedemptions,
      notificationsPaused: paused,
      menu: [
        { id: 'dropMarker', label: status.live ? 'Drop marker' : 'Drop marker (only while live)', enabled: status.live },
        {
          id: 'runAd',
          label: adLabel,
          enabled: adsEnabled,
          submenu: (this.options.adLengths ?? [30, 60, 90, 120, 150, 180]).map((length) => ({ id: `runAd:${length}` as const, label: `${length} s`, enabled: adsEnabled })),
        },
        { id: 'open', label: 'Open Sidestage', enabled: true },
        ...(this.options.openGoLiveChecklist ? [{ id: 'goLiveChecklist' as const, label: 'Go-live checklist', enabled: true }] : []),
        { id: 'pauseNotifications', label: 'Pause notifications', enabled: true, checked: paused },
        { id: 'quit', label: 'Quit Sidestage', enabled: true },
      ],
    };
  }

  onChange(listener: (state: TrayState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** For the redemptions queue: how many wait for the streamer. */
  setPendingRedemptions(count: number): void {
    const n = Math.max(0, Math.floor(count));
    if (n === this.pendingRedemptions) return;
    this.pendingRedemptions = n;
    this.update();
  }

  /** A menu item was clicked. Failures are told by the services (notifications), never thrown at the tray. */
  activate(id: string): void {
    if (id === 'dropMarker') {
      void this.options.markers.drop('tray').catch(() => {});
    } else if (id.startsWith('runAd:')) {
      const length = Number(id.slice('runAd:'.length));
      void this.options.ads.run(length, { notify: true }).catch(() => {});
    } else if (id === 'open') {
      this.options.openWindow();
    } else if (id === 'goLiveChecklist' && this.options.openGoLiveChecklist) {
      this.options.openGoLiveChecklist();
    } else if (id === 'pauseNotifications') {
      this.options.notifications.set(!this.options.notifications.get());
      this.update();
    } else if (id === 'quit') {
      this.options.quit();
    } else {
      this.options.logger.warn('unknown tray item', { id });
    }
  }

  override dispose(): void {
    super.dispose();
    if (this.timer !== null) this.clock.clearInterval(this.timer);
    this.timer = null;
    this.changes.dispose();
  }

  private update(): void {
    const state = this.getState();
    const key = JSON.stringify(state);
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.changes.fire(state);
  }
}

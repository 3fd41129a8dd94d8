import { describe, expect, it, vi } from 'vitest';
import type { AdsState, StreamStatus } from '../../../shared/ipc/contract';
import { createFakeClock } from '../../test-support/fake-clock';
import { silentLogger } from '../logger';
import { MemorySettingsStore } from '../settings/settings-store';
import { settingsPauseSwitch, TrayModel, type TrayState } from './tray-model';

const offline: StreamStatus = { live: false, streamId: null, startedAt: null, viewerCount: null, title: '', categoryId: '', categoryName: '', checkedAt: null, error: null };

function setup() {
  const clock = createFakeClock(Date.UTC(2025, 0, 1, 1, 0, 0));
  let status = offline;
  let ads: AdsState = { lastStartedAt: null, lastLength: null, nextAllowedAt: null, message: null, running: null, schedule: null, scheduleError: null };
  const streamListeners = new Set<(s: StreamStatus) => void>();
  const adsListeners = new Set<(s: AdsState) => void>();
  const settings = new MemorySettingsStore();
  const drop = vi.fn(async () => {});
  const run = vi.fn(async () => {});
  const openWindow = vi.fn();
  const quit = vi.fn();
  const tray = new TrayModel({
    stream: { getStatus: () => status, onChange: (l) => (streamListeners.add(l), () => streamListeners.delete(l)) },
    ads: { getState: () => ads, onChange: (l) => (adsListeners.add(l), () => adsListeners.delete(l)), run },
    markers: { drop },
    notifications: settingsPauseSwitch(settings),
    openWindow,
    quit,
    logger: silentLogger,
    clock,
  });
  const states: TrayState[] = [];
  tray.onChange((s) => states.push(s));
  return {
    tray,
    clock,
    states,
    settings,
    drop,
    run,
    openWindow,
    quit,
    setStatus: (s: StreamStatus) => {
      status = s;
      streamListeners.forEach((l) => l(s));
    },
    setAds: (s: AdsState) => {
      ads = s;
      adsListeners.forEach((l) => l(s));
    },
  };
}

describe('TrayModel', () => {
  it('offline: live actions disabled with the reason in the label', () => {
    const { tray } = setup();
    const state = tray.getState();
    expect(state).toMatchObject({ live: false, tooltip: 'Sidestage · Offline', pendingRedemptions: 0, notificationsPaused: false });
    expect(state.menu.map((i) => [i.id, i.enabled])).toEqual([
      ['dropMarker', false],
      ['runAd', false],
      ['open', true],
      ['pauseNotifications', true],
      ['quit', true],
    ]);
    expect(state.menu[0]!.label).toBe('Drop marker (only while live)');
  });

  it('live: uptime, viewers and redemptions in the tooltip, and it emits changes', () => {
    const { tray, states, setStatus, clock } = setup();
    setStatus({ ...offline, live: true, streamId: 's', startedAt: new Date(clock.now() - 3_723_000).toISOString(), viewerCount: 1 });
    tray.setPendingRedemptions(3);
    expect(states.at(-1)!.tooltip).toBe('Sidestage · Live 1:02:03 · 1 viewer · 3 redemptions waiting');
    expect(states.at(-1)!.menu[1]!.submenu!.map((i) => i.id)).toEqual(['runAd:30', 'runAd:60', 'runAd:90', 'runAd:120', 'runAd:150', 'runAd:180']);
    clock.advance(30_000);
    expect(states.at(-1)!.tooltip).toContain('Live 1:02:33');
  });

  it('shows the ad cooldown and enables ads when it is over', () => {
    const { tray, setStatus, setAds, clock } = setup();
    setStatus({ ...offline, live: true, streamId: 's', startedAt: new Date(clock.now()).toISOString() });
    setAds({ running: null, schedule: null, scheduleError: null, lastStartedAt: null, lastLength: 30, nextAllowedAt: new Date(clock.now() + 150_000).toISOString(), message: null });
    expect(tray.getState().menu[1]).toMatchObject({ label: 'Run ad (in 3 min)', enabled: false });
    clock.advance(150_000);
    expect(tray.getState().menu[1]).toMatchObject({ label: 'Run ad', enabled: true });
  });

  it('routes clicks to the services', () => {
    const { tray, drop, run, openWindow, quit, settings } = setup();
    tray.activate('dropMarker');
    tray.activate('runAd:90');
    tray.activate('open');
    tray.activate('pauseNotifications');
    tray.activate('quit');
    expect(drop).toHaveBeenCalledWith('tray');
    expect(run).toHaveBeenCalledWith(90, { notify: true });
    expect(openWindow).toHaveBeenCalled();
    expect(quit).toHaveBeenCalled();
    expect(settings.get('notifications.doNotDisturb')).toBe(true);
    expect(tray.getState()).toMatchObject({ notificationsPaused: true, tooltip: 'Sidestage · Offline · notifications paused' });
  });

  it('has a "Go-live checklist" entry only where the app can open it, and routes its click', () => {
    const { tray } = setup();
    expect(tray.getState().menu.some((i) => i.id === 'goLiveChecklist')).toBe(false);
    const openGoLiveChecklist = vi.fn();
    const withChecklist = new TrayModel({ ...(tray as unknown as { options: ConstructorParameters<typeof TrayModel>[0] }).options, openGoLiveChecklist });
    const item = withChecklist.getState().menu.find((i) => i.id === 'goLiveChecklist');
    expect(item).toEqual({ id: 'goLiveChecklist', label: 'Go-live checklist', enabled: true });
    withChecklist.activate('goLiveChecklist');
    expect(openGoLiveChecklist).toHaveBeenCalledTimes(1);
    withChecklist.dispose();
  });

  it('stops its timer on dispose', () => {
    const { tray, clock } = setup();
    tray.dispose();
    expect(clock.pendingTimers()).toBe(0);
  });
});

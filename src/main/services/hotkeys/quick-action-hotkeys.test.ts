import { describe, expect, it, vi } from 'vitest';
import { hotkeyActionIds, type HotkeyAction } from '../../../shared/ipc/contract';
import { createFakeClock } from '../../test-support/fake-clock';
import { FakeShortcutRegistry } from '../../test-support/fake-shortcut-registry';
import { RecordingNotifier } from '../../test-support/recording-notifier';
import { AppError } from '../app-error';
import { silentLogger } from '../logger';
import { BackedSettingsStore, MemorySettingsStore, type SettingsStore } from '../settings/settings-store';
import { QuickActionHotkeys, type QuickActionServices } from './quick-action-hotkeys';
import { UnavailableShortcutRegistry, type ShortcutRegistry } from './shortcut-registry';
import { chatModesOff } from '../../../shared/test-support/chat-settings';

function fakeServices() {
  const chatValues = { ...chatModesOff, subscriberMode: true };
  const services = {
    markers: { drop: vi.fn(async () => ({})), requestNote: vi.fn(async () => ({})) },
    clips: { create: vi.fn(async () => ({})) },
    ads: {
      run: vi.fn(async () => ({ message: null })),
      snooze: vi.fn(async () => ({ schedule: { snoozeCount: 2 } })),
      getState: vi.fn(() => ({ lastLength: null as number | null })),
    },
    chatSettings: {
      getState: vi.fn(() => ({ values: chatValues })),
      refresh: vi.fn(async () => ({ values: chatValues })),
      update: vi.fn(async () => ({})),
    },
    engagement: {
      getState: vi.fn(() => ({ templates: [{ id: 'first', kind: 'poll', title: 'What next?', choices: ['A', 'B'], durationSeconds: 60 }] })),
      startFromTemplate: vi.fn(async () => ({})),
      endPoll: vi.fn(async () => ({})),
      lockPrediction: vi.fn(async () => ({})),
    },
    raids: { shoutoutRecentRaider: vi.fn(async () => ({ shoutout: { to: { displayName: 'SpeedrunSam' } } })) },
    shieldMode: { toggle: vi.fn(async () => ({ active: true })) },
  };
  return services;
}

function setup(options: { settings?: SettingsStore; registry?: ShortcutRegistry; platform?: 'mac' | 'other'; os?: NodeJS.Platform } = {}) {
  const registry = options.registry ?? new FakeShortcutRegistry();
  const settings = options.settings ?? new MemorySettingsStore();
  const notifier = new RecordingNotifier();
  const services = fakeServices();
  const clock = createFakeClock();
  const openWindow = vi.fn();
  const hotkeys = new QuickActionHotkeys({
    registry,
    settings,
    notifier,
    logger: silentLogger,
    clock,
    services: services as unknown as QuickActionServices,
    openWindow,
    platform: options.platform ?? 'other',
    os: options.os ?? 'linux',
  });
  hotkeys.start();
  return { hotkeys, registry: registry as FakeShortcutRegistry, settings, notifier, services, clock, openWindow };
}

const entry = (hotkeys: QuickActionHotkeys, action: HotkeyAction) => hotkeys.getState().hotkeys.find((h) => h.action === action)!;

describe('QuickActionHotkeys', () => {
  it('lists every quick action, with only the marker and the clip registered out of the box', () => {
    const { hotkeys, registry } = setup();
    const state = hotkeys.getState();
    expect(state.hotkeys.map((h) => h.action)).toEqual([...hotkeyActionIds]);
    expect(state.unavailable).toBeNull();
    expect(entry(hotkeys, 'marker')).toMatchObject({ accelerator: 'CommandOrControl+Alt+M', registered: true, label: 'Drop a marker' });
    expect(entry(hotkeys, 'clip')).toMatchObject({ accelerator: 'CommandOrControl+Alt+C', registered: true });
    for (const h of state.hotkeys.filter((h) => h.action !== 'marker' && h.action !== 'clip')) expect(h).toMatchObject({ accelerator: null, registered: false, error: null });
    expect([...registry.registered.keys()].sort()).toEqual(['CommandOrControl+Alt+C', 'CommandOrControl+Alt+M']);
    expect(entry(hotkeys, 'shoutoutRaider').label).toBe('Shout out the most recent raider');
  });

  it('registers a hotkey for an action, persists it, and clears it', () => {
    const { hotkeys, registry, settings } = setup();
    const changed = vi.fn();
    hotkeys.onChange(changed);
    expect(entry({ getState: () => hotkeys.set('slowMode', 'ctrl+alt+s') } as QuickActionHotkeys, 'slowMode')).toMatchObject({ accelerator: 'Control+Alt+S', registered: true });
    expect(settings.get('hotkeys.quickActions')).toEqual({ slowMode: 'Control+Alt+S' });
    expect(registry.registered.has('Control+Alt+S')).toBe(true);
    expect(changed).toHaveBeenCalled();
    hotkeys.set('clip', 'Alt+F8');
    expect(settings.get('clips.hotkey')).toBe('Alt+F8');
    hotkeys.set('markerNote', 'Alt+F9');
    expect(settings.get('markers.noteHotkey')).toBe('Alt+F9');

    expect(entry({ getState: () => hotkeys.clear('slowMode') } as QuickActionHotkeys, 'slowMode')).toMatchObject({ accelerator: null, registered: false });
    expect(settings.get('hotkeys.quickActions')).toEqual({});
    expect(registry.press('Control+Alt+S')).toBe(false);
    expect(() => hotkeys.clear('marker')).toThrow('The marker hotkey cannot be cleared: choose another shortcut instead.');
  });

  it('refuses a shortcut another action has, naming that action and the keys as the keyboard shows them', () => {
    const { hotkeys, settings } = setup();
    hotkeys.set('ad', 'Alt+F1');
    expect(() => hotkeys.set('snooze', 'alt+f1')).toThrow('Alt+F1 is already the ad shortcut: choose another combination.');
    expect(() => hotkeys.set('clip', 'CommandOrControl+Alt+M')).toThrow('Ctrl+Alt+M is already the marker shortcut: choose another combination.');
    expect(settings.get('hotkeys.quickActions')).toEqual({ ad: 'Alt+F1' });
    // The same action may be given its own shortcut again.
    expect(() => hotkeys.set('ad', 'Alt+F1')).not.toThrow();
  });

  it('an unknown action is refused in words', () => {
    const { hotkeys } = setup();
    expect(() => hotkeys.set('dance' as HotkeyAction, 'Alt+F1')).toThrow('There is no quick action "dance" to give a hotkey.');
  });

  it('each press calls its action’s service', async () => {
    const { hotkeys, registry, services, clock, openWindow } = setup();
    const raids = vi.fn();
    hotkeys.onRaidRequested(raids);
    const keys: Record<HotkeyAction, string> = {
      marker: 'CommandOrControl+Alt+M',
      markerNote: 'Alt+F2',
      clip: 'Alt+F3',
      ad: 'Alt+F4',
      snooze: 'Alt+F5',
      slowMode: 'Alt+F6',
      followerMode: 'Alt+F7',
      subscriberMode: 'Alt+F8',
      emoteMode: 'Alt+F9',
      startTemplate: 'Alt+F10',
      endPoll: 'Alt+F11',
      lockPrediction: 'Alt+F12',
      shoutoutRaider: 'Alt+1',
      raid: 'Alt+2',
      shieldMode: 'Alt+3',
    };
    for (const action of hotkeyActionIds) if (action !== 'marker') hotkeys.set(action, keys[action]);
    for (const action of hotkeyActionIds) {
      clock.advance(1_000);
      expect(registry.press(keys[action])).toBe(true);
    }
    await vi.waitFor(() => expect(services.raids.shoutoutRecentRaider).toHaveBeenCalledTimes(1));
    expect(services.markers.drop).toHaveBeenCalledWith('hotkey');
    expect(services.markers.requestNote).toHaveBeenCalledWith('hotkey');
    expect(services.clips.create).toHaveBeenCalledWith('hotkey');
    // No ad run here yet: the platform's shortest.
    expect(services.ads.run).toHaveBeenCalledWith(30);
    expect(services.ads.snooze).toHaveBeenCalledTimes(1);
    expect(services.chatSettings.update.mock.calls).toEqual([[{ slowMode: true }], [{ followerMode: true }], [{ subscriberMode: false }], [{ emoteMode: true }]]);
    expect(services.engagement.startFromTemplate).toHaveBeenCalledWith('first');
    expect(services.engagement.endPoll).toHaveBeenCalledTimes(1);
    expect(services.engagement.lockPrediction).toHaveBeenCalledTimes(1);
    expect(openWindow).toHaveBeenCalledTimes(1);
    expect(raids).toHaveBeenCalledTimes(1);
    expect(services.shieldMode.toggle).toHaveBeenCalledTimes(1);
  });

  it("Shield Mode's press says which way it went, and a refusal with the reason", async () => {
    const { hotkeys, services, notifier } = setup();
    await hotkeys.press('shieldMode');
    expect(notifier.shown.at(-1)!.notification).toMatchObject({ title: 'Shield Mode on' });
    services.shieldMode.toggle.mockResolvedValueOnce({ active: false });
    await hotkeys.press('shieldMode');
    expect(notifier.shown.at(-1)!.notification).toMatchObject({ title: 'Shield Mode off', body: 'Shield Mode is off.' });
    services.shieldMode.toggle.mockRejectedValueOnce(new AppError('api_error', 'Shield Mode not turned on: sign in again to allow this.'));
    await hotkeys.press('shieldMode');
    expect(notifier.shown.at(-1)!.notification).toMatchObject({ title: 'Shield Mode not changed', body: 'Shield Mode not turned on: sign in again to allow this.', urgency: 'error' });
  });

  it('runs the ad length last chosen', async () => {
    const { hotkeys, services, notifier } = setup();
    services.ads.getState.mockReturnValue({ lastLength: 90 });
    await hotkeys.press('ad');
    expect(services.ads.run).toHaveBeenCalledWith(90);
    expect(notifier.shown.at(-1)!.notification).toMatchObject({ title: 'Ad running: 90 s', body: 'The commercial has started.' });
  });

  it('says what a press did where nothing else would', async () => {
    const { hotkeys, notifier } = setup();
    await hotkeys.press('slowMode');
    expect(notifier.shown.at(-1)!.notification).toMatchObject({ title: 'Slow mode on', body: 'Slow mode is on.' });
    await hotkeys.press('shoutoutRaider');
    expect(notifier.shown.at(-1)!.notification).toMatchObject({ title: 'Shoutout sent', body: 'Shoutout sent to SpeedrunSam.' });
    await hotkeys.press('startTemplate');
    expect(notifier.shown.at(-1)!.notification).toMatchObject({ title: 'Poll started', body: 'What next?' });
    // The marker's service tells its own outcome; the raid shows the window.
    const before = notifier.shown.length;
    await hotkeys.press('marker');
    await hotkeys.press('raid');
    expect(notifier.shown).toHaveLength(before);
  });

  it('a failed press is told with the reason and the shortcut as the keyboard shows it', async () => {
    const { hotkeys, services, notifier, registry } = setup({ platform: 'mac' });
    services.engagement.endPoll.mockRejectedValue(new AppError('invalid_argument', 'No poll is running.'));
    hotkeys.set('endPoll', 'CommandOrControl+Shift+E');
    registry.press('CommandOrControl+Shift+E');
    await vi.waitFor(() => expect(notifier.shown).toHaveLength(1));
    expect(notifier.shown[0]!.notification).toMatchObject({ title: 'Poll not ended', body: 'No poll is running. (⌘⇧E)', urgency: 'error' });

    services.ads.run.mockRejectedValue(new Error('socket hang up'));
    await hotkeys.press('ad');
    // Inside details stay in the log; the broadcaster reads words.
    expect(notifier.shown.at(-1)!.notification).toMatchObject({ title: 'Ad not started', body: 'Something went wrong inside Sidestage.', urgency: 'error' });

    services.engagement.getState.mockReturnValue({ templates: [] });
    await hotkeys.press('startTemplate');
    expect(notifier.shown.at(-1)!.notification.body).toBe('You have no saved poll or prediction: save one on the Live view first.');
  });

  it('a chat-mode toggle reads the chat settings first when they are not known yet', async () => {
    const { hotkeys, services } = setup();
    services.chatSettings.getState.mockReturnValue({ values: null } as never);
    await hotkeys.press('emoteMode');
    expect(services.chatSettings.refresh).toHaveBeenCalledTimes(1);
    expect(services.chatSettings.update).toHaveBeenCalledWith({ emoteMode: true });
  });

  it('a test press of any hotkey is confirmed and does nothing', () => {
    const { hotkeys, registry, services, notifier, clock } = setup();
    hotkeys.set('snooze', 'Alt+F5');
    expect(hotkeys.startTest().testingUntil).not.toBeNull();
    registry.press('Alt+F5');
    expect(services.ads.snooze).not.toHaveBeenCalled();
    expect(notifier.shown[0]!.notification).toMatchObject({ title: 'Hotkey works', body: 'Alt+F5 was heard (snooze the next ad). Nothing was done.' });
    expect(hotkeys.getState().testingUntil).toBeNull();
    clock.advance(1_000);
    registry.press('Alt+F5');
    expect(services.ads.snooze).toHaveBeenCalledTimes(1);
    hotkeys.startTest(5_000);
    clock.advance(5_000);
    expect(hotkeys.getState().testingUntil).toBeNull();
  });

  it('keeps the hotkeys in settings across a restart, and a damaged entry falls back to none alone', () => {
    const values: Record<string, unknown> = {
      'hotkeys.quickActions': { ad: 'Alt+F4', snooze: 42, emoteMode: 'Alt+F9' },
      'markers.hotkey': 7,
    };
    const settings = new BackedSettingsStore({ get: (key) => values[key], set: (key, value) => void (values[key] = value) });
    const { hotkeys, registry } = setup({ settings });
    expect(entry(hotkeys, 'ad')).toMatchObject({ accelerator: 'Alt+F4', registered: true });
    expect(entry(hotkeys, 'emoteMode')).toMatchObject({ accelerator: 'Alt+F9', registered: true });
    expect(entry(hotkeys, 'snooze')).toMatchObject({ accelerator: null, registered: false, error: null });
    // A damaged marker shortcut falls back to its default.
    expect(entry(hotkeys, 'marker')).toMatchObject({ accelerator: 'CommandOrControl+Alt+M', registered: true });
    hotkeys.set('snooze', 'Alt+F5');
    hotkeys.dispose();
    expect(registry.registered.size).toBe(0);
    expect(values['hotkeys.quickActions']).toEqual({ ad: 'Alt+F4', emoteMode: 'Alt+F9', snooze: 'Alt+F5' });
    const again = setup({ settings });
    expect(entry(again.hotkeys, 'snooze')).toMatchObject({ accelerator: 'Alt+F5', registered: true });
  });

  it('where no global shortcut can be registered: says where they work, registers none, refuses a change in the same words', () => {
    const { hotkeys } = setup({ registry: new UnavailableShortcutRegistry(), settings: new MemorySettingsStore({ 'hotkeys.quickActions': { ad: 'Alt+F4' } }) });
    const state = hotkeys.getState();
    expect(state.unavailable).toMatch(/work in the Sidestage desktop app/);
    expect(state.hotkeys.every((h) => !h.registered && h.error === null)).toBe(true);
    expect(JSON.stringify(state)).not.toMatch(/Choose another/);
    expect(() => hotkeys.set('clip', 'Alt+F3')).toThrow(/work in the Sidestage desktop app/);
    expect(() => hotkeys.startTest()).toThrow(/work in the Sidestage desktop app/);
    expect(state.caveat).toBeNull();
  });

  it('passes on why a registered shortcut may still not be heard, so that the panel does not promise it', () => {
    const registry = Object.assign(new FakeShortcutRegistry(), { caveat: 'This is a Wayland session: Sidestage cannot confirm that they work.' });
    expect(setup({ registry }).hotkeys.getState().caveat).toBe('This is a Wayland session: Sidestage cannot confirm that they work.');
    expect(setup().hotkeys.getState().caveat).toBeNull();
  });

  it('on Windows, warns about a shortcut that is AltGr and a typed character, and its own defaults are not', () => {
    const { hotkeys } = setup({ os: 'win32', settings: new MemorySettingsStore({ 'markers.hotkey': 'CommandOrControl+Alt+M' }) });
    expect(entry(hotkeys, 'marker')).toMatchObject({ registered: true, warning: expect.stringMatching(/^On Windows Ctrl\+Alt\+M is also AltGr\+M/) });
    hotkeys.set('ad', 'CommandOrControl+Shift+F11');
    expect(entry(hotkeys, 'ad').warning).toBeNull();
    expect(entry(hotkeys, 'shoutoutRaider').warning).toBeNull();
    // Linux has an AltGr key of its own.
    expect(entry(setup({ os: 'linux' }).hotkeys, 'marker').warning).toBeNull();
  });
});

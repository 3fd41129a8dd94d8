import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HotkeyEntry, HotkeysState } from '../../../../shared/ipc/contract';
import { captureStep } from '../../components/shortcut-capture';
import { HotkeysSettingsView, TraySwitch, type HotkeysSettingsViewProps } from './hotkeys-settings';

const entry = (over: Partial<HotkeyEntry> & Pick<HotkeyEntry, 'action' | 'label'>): HotkeyEntry => ({ accelerator: null, registered: false, error: null, lastFiredAt: null, ...over });
const state = (over: Partial<HotkeysState> = {}): HotkeysState => ({
  hotkeys: [
    entry({ action: 'marker', label: 'Drop a marker', accelerator: 'CommandOrControl+Alt+M', registered: true }),
    entry({ action: 'slowMode', label: 'Slow mode on or off', accelerator: 'Control+Alt+S', registered: true }),
    entry({ action: 'ad', label: 'Run an ad', accelerator: 'Alt+F4', error: 'Alt+F4 could not be registered: another program already uses it. Choose another shortcut.' }),
    entry({ action: 'shoutoutRaider', label: 'Shout out the most recent raider' }),
  ],
  testingUntil: null,
  unavailable: null,
  ...over,
});
const noop = () => {};
const view = (props: Partial<HotkeysSettingsViewProps>) =>
  renderToStaticMarkup(<HotkeysSettingsView state={state()} transport="electron" platform="other" onCapture={noop} onClear={noop} onTest={noop} {...props} />);
const row = (html: string, action: string) => new RegExp(`data-testid="settings-hotkey-${action}">(.*?)</li>`).exec(html)?.[1] ?? '';

describe('Settings: hotkeys', () => {
  it('lists every quick action with its keys as the keyboard shows them, Change for each, Clear where one is set', () => {
    const html = view({});
    expect(html).toContain('Shout out the most recent raider');
    expect(row(html, 'marker')).toContain('<kbd>Ctrl+Alt+M</kbd>');
    expect(html).not.toContain('CommandOrControl');
    expect(row(html, 'shoutoutRaider')).toContain('>none<');
    for (const action of ['marker', 'slowMode', 'ad', 'shoutoutRaider']) expect(row(html, action)).toMatch(/aria-label="Change the shortcut for [^"]+"/);
    expect(row(html, 'slowMode')).toContain('aria-label="Clear the shortcut for slow mode on or off"');
    // The marker always has one; a quick action without a shortcut has nothing to clear.
    expect(row(html, 'marker')).not.toContain('Clear');
    expect(row(html, 'shoutoutRaider')).not.toContain('Clear');
    expect(row(html, 'ad')).toContain('Alt+F4 could not be registered: another program already uses it.');
    expect(html).toContain('Test hotkeys');
  });

  it('on a Mac, shows the keys with the Mac’s symbols', () => {
    expect(row(view({ platform: 'mac' }), 'marker')).toContain('<kbd>⌘⌥M</kbd>');
  });

  it('in a browser dock, says why there are no hotkeys and offers no change', () => {
    const unavailable = 'Global shortcuts work in the Sidestage desktop app; a browser dock cannot listen to keys outside itself.';
    const html = view({ transport: 'dock', state: state({ unavailable }) });
    expect(html).toContain(unavailable);
    expect(html).not.toContain('Change the shortcut');
    expect(html).not.toContain('Clear');
    expect(html).not.toContain('Test hotkeys');
    // What the desktop app has, humanly.
    expect(html).toContain('<kbd data-testid="settings-hotkey-marker-keys">Ctrl+Alt+M</kbd>');
    // Before main answered, the dock still says it.
    expect(view({ transport: 'dock', state: null })).toContain('work in the Sidestage desktop app');
  });

  it('where a registered shortcut may not be heard (Wayland, macOS, X11): says so, asks for a test press, and points to the Live view’s keys', () => {
    const caveat = 'This is a Wayland session: Sidestage asks your desktop for global shortcuts through its shortcut portal and cannot confirm that they work.';
    const heard = state({ caveat });
    heard.hotkeys[1] = { ...heard.hotkeys[1]!, lastFiredAt: '2030-01-01T10:42:00Z' };
    const html = view({ state: heard });
    expect(html).toContain(caveat);
    expect(html).toContain('Press Test hotkeys, then a shortcut, to check it. Where one is not heard, use the Live view’s buttons and keys instead (M drops a marker, K creates a clip)');
    expect(html).not.toContain('Each works from anywhere');
    expect(row(html, 'marker')).toContain('Not heard yet: press Test hotkeys, then these keys.');
    expect(row(html, 'slowMode')).toMatch(/Heard at [^<]+\./);
    // Not registered at all: its error says so, not "not heard".
    expect(row(html, 'ad')).not.toContain('Not heard yet');
    // Where the system refuses a taken shortcut (Windows), a registered one is promised.
    const windows = view({});
    expect(windows).toContain('Each works from anywhere, while OBS or your game has the focus.');
    expect(windows).not.toContain('settings-hotkeys-caveat');
    expect(windows).not.toContain('Not heard yet');
  });

  it('shows why a shortcut gets in the way of typing (AltGr on Windows)', () => {
    const altGr = state();
    altGr.hotkeys[0] = { ...altGr.hotkeys[0]!, warning: 'On Windows Ctrl+Alt+M is also AltGr+M, which types a character on many keyboards (such as µ, é or ć).' };
    expect(row(view({ state: altGr }), 'marker')).toContain('On Windows Ctrl+Alt+M is also AltGr+M');
  });

  it('says the test is listening', () => {
    expect(view({ state: state({ testingUntil: '2030-01-01T10:00:15Z' }) })).toContain('Press any of your hotkeys now');
  });
});

describe('capturing a shortcut', () => {
  const key = (over: Partial<Parameters<typeof captureStep>[0]>) => ({ code: 'KeyK', key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...over });

  it('takes the key with its modifiers, waits while only modifiers are down, Escape cancels, Tab moves on', () => {
    expect(captureStep(key({ ctrlKey: true, altKey: true }), 'other')).toEqual({ kind: 'done', accelerator: 'CommandOrControl+Alt+K' });
    expect(captureStep(key({ metaKey: true, shiftKey: true }), 'mac')).toEqual({ kind: 'done', accelerator: 'CommandOrControl+Shift+K' });
    expect(captureStep(key({ code: 'ControlLeft', key: 'Control', ctrlKey: true }), 'other')).toEqual({ kind: 'wait' });
    expect(captureStep(key({ code: 'Escape', key: 'Escape' }), 'other')).toEqual({ kind: 'cancel' });
    expect(captureStep(key({ code: 'Tab', key: 'Tab', shiftKey: true }), 'other')).toEqual({ kind: 'leave' });
    expect(captureStep(key({ code: 'Tab', key: 'Tab', ctrlKey: true, altKey: true }), 'other')).toEqual({ kind: 'done', accelerator: 'CommandOrControl+Alt+Tab' });
  });
});

describe('Settings: the tray switch', () => {
  const html = (closeToTray: boolean, unavailable?: string) => renderToStaticMarkup(<TraySwitch settings={{ closeToTray, ...(unavailable ? { unavailable } : {}) }} onChange={() => {}} />);

  it('keeps Sidestage in the tray where there is one', () => {
    const on = html(true);
    expect(on).toContain('aria-checked="true"');
    expect(on).not.toContain('disabled');
    expect(on).toContain('Hotkeys and notifications keep working with the window closed.');
  });

  it('where the desktop shows no tray, is off and cannot be turned on, and says why closing quits', () => {
    const reason = 'Your desktop shows no tray icons (GNOME without the "AppIndicator and KStatusNotifierItem Support" extension), so closing the window quits Sidestage.';
    const off = html(true, reason);
    expect(off).toContain('aria-checked="false"');
    expect(off).toContain('disabled=""');
    expect(off).toContain(reason.replace(/"/g, '&quot;'));
  });
});

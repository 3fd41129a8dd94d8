import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HotkeyEntry, HotkeysState } from '../../../../shared/ipc/contract';
import { captureStep } from '../../components/shortcut-capture';
import { HotkeysSettingsView, type HotkeysSettingsViewProps } from './hotkeys-settings';

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

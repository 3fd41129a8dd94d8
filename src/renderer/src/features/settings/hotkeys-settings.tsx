import { useEffect, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatAccelerator } from '../../../../shared/domain/accelerator';
import type { HotkeyAction, HotkeyEntry, HotkeysState, TraySettings } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { Banner } from '../../components/banner';
import { FormSection } from '../../components/form-section';
import { LiveStatus } from '../../components/live-status';
import { ShortcutCapture } from '../../components/shortcut-capture';
import { Switch } from '../../components/switch';
import { formatClockTime } from '../../lib/format';
import { keyboardPlatform } from '../../lib/keyboard-platform';
import { store, useSidestage } from '../../store';

/** Said where the state is not known yet in the dock (main says it once it answers). */
const dockFallback = 'Global shortcuts work in the Sidestage desktop app; a browser dock cannot listen to keys outside itself.';

export interface HotkeysSettingsViewProps {
  state: HotkeysState | null;
  transport: 'electron' | 'dock';
  platform: 'mac' | 'other';
  onCapture: (action: HotkeyAction, accelerator: string) => void;
  onClear: (action: HotkeyAction) => void;
  onTest: () => void;
  /** Shown under the list: the tray switch (desktop only). */
  children?: ReactNode;
}

/**
 * Settings' Hotkeys: every quick action with its global shortcut, changed by pressing the new
 * keys, or cleared. In a browser dock it says why there are none, and offers no change.
 */
export function HotkeysSettingsView({ state, transport, platform, onCapture, onClear, onTest, children }: HotkeysSettingsViewProps) {
  const human = (accelerator: string) => formatAccelerator(accelerator, platform);
  const unavailable = state?.unavailable ?? (transport === 'dock' ? dockFallback : null);
  if (unavailable) {
    const chosen = state?.hotkeys.filter((h) => h.accelerator) ?? [];
    return (
      <FormSection title="Hotkeys">
        <p data-testid="settings-hotkeys-unavailable">{unavailable}</p>
        {chosen.length > 0 ? (
          <>
            <p className="muted small">In the desktop app:</p>
            <dl className="settings-facts">
              {chosen.map((h) => (
                <HotkeyFact key={h.action} entry={h} human={human} />
              ))}
            </dl>
          </>
        ) : null}
        <p className="muted small">Here, use the buttons and the one-key actions of the Live panel.</p>
      </FormSection>
    );
  }
  const caveat = state?.caveat ?? null;
  return (
    <FormSection
      title="Hotkeys"
      description={
        caveat
          ? 'Each is meant to work from anywhere, while OBS or your game has the focus; on this desktop only a test press shows that it does. Choose Change, then press the keys.'
          : 'Each works from anywhere, while OBS or your game has the focus. Choose Change, then press the keys.'
      }
    >
      {caveat ? (
        <div data-testid="settings-hotkeys-caveat">
          <Banner tone="warning" title="A shortcut may not be heard here">
            <p>{caveat}</p>
            <p>Press Test hotkeys, then a shortcut, to check it. Where one is not heard, use the Live view’s buttons and keys instead ({liveKeys}), in the window or in an OBS dock.</p>
          </Banner>
        </div>
      ) : null}
      {state ? (
        <ul className="settings-list hotkey-list" aria-label="Quick action hotkeys">
          {state.hotkeys.map((h) => (
            <li key={h.action} className="hotkey-row" data-testid={`settings-hotkey-${h.action}`}>
              <div className="hotkey-row-main">
                <span className="hotkey-label">{h.label}</span>
                <span className="hotkey-keys">{h.accelerator ? <kbd>{human(h.accelerator)}</kbd> : <span className="muted small">none</span>}</span>
              </div>
              {h.error ? <p className="warning-text small">{h.accelerator ? h.error.split(h.accelerator).join(human(h.accelerator)) : h.error}</p> : null}
              {h.warning ? <p className="warning-text small">{h.warning}</p> : null}
              {caveat && h.registered ? <p className="muted small">{h.lastFiredAt ? `Heard at ${formatClockTime(h.lastFiredAt)}.` : 'Not heard yet: press Test hotkeys, then these keys.'}</p> : null}
              <div className="button-row">
                <ShortcutCapture label={h.label} onCapture={(accelerator) => onCapture(h.action, accelerator)} />
                {h.accelerator && h.action !== 'marker' ? (
                  <button type="button" className="quiet" aria-label={`Clear the shortcut for ${h.label.toLowerCase()}`} onClick={() => onClear(h.action)}>
                    Clear
                  </button>
                ) : null}
              </div>
              <ActionError action={`hotkeys.set.${h.action}`} what="Shortcut not changed" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">Reading your hotkeys…</p>
      )}
      <ActionError action="hotkeys.load" what="Could not read the hotkeys" />
      {state ? (
        <div className="button-row">
          <button type="button" disabled={!state.hotkeys.some((h) => h.registered)} onClick={onTest}>
            Test hotkeys
          </button>
        </div>
      ) : null}
      <LiveStatus>{state?.testingUntil ? 'Press any of your hotkeys now: Sidestage says which it heard, and does nothing.' : lastPress(state)}</LiveStatus>
      <ActionError action="hotkeys.test" what="Could not test the hotkeys" />
      {children}
    </FormSection>
  );
}

/** The Live view's own keys, which need no global shortcut. */
const liveKeys = 'M drops a marker, K creates a clip';

function HotkeyFact({ entry, human }: { entry: HotkeyEntry; human: (accelerator: string) => string }) {
  return (
    <>
      <dt>{entry.label}</dt>
      <dd>
        <kbd data-testid={`settings-hotkey-${entry.action}-keys`}>{human(entry.accelerator!)}</kbd>
      </dd>
    </>
  );
}

function lastPress(state: HotkeysState | null): string {
  const last = state?.hotkeys.filter((h) => h.lastFiredAt).sort((a, b) => Date.parse(b.lastFiredAt!) - Date.parse(a.lastFiredAt!))[0];
  return last ? `Last hotkey heard: ${last.label.toLowerCase()} at ${formatClockTime(last.lastFiredAt!)}.` : '';
}

/** The section wired to the store, with the tray switch of the desktop app. */
export function HotkeysSettings() {
  const { transport, hotkeys, traySettings } = useSidestage(useShallow((state) => ({ transport: state.transport, hotkeys: state.hotkeys, traySettings: state.traySettings })));
  const { setHotkey, clearHotkey, testHotkeys, loadHotkeys, setCloseToTray, loadTraySettings } = store.getState();
  useEffect(() => {
    if (!store.getState().hotkeys) void loadHotkeys();
    if (transport === 'electron' && !store.getState().traySettings) void loadTraySettings();
  }, [transport, loadHotkeys, loadTraySettings]);
  return (
    <HotkeysSettingsView
      state={hotkeys}
      transport={transport}
      platform={keyboardPlatform}
      onCapture={(action, accelerator) => void setHotkey(action, accelerator)}
      onClear={(action) => void clearHotkey(action)}
      onTest={() => void testHotkeys()}
    >
      {traySettings ? <TraySwitch settings={traySettings} onChange={(closeToTray) => void setCloseToTray(closeToTray)} /> : null}
      <ActionError action="tray.set" what="Setting not saved" />
    </HotkeysSettingsView>
  );
}

/** Closing to the tray; where this desktop shows no tray, off and saying why (closing quits there). */
export function TraySwitch({ settings, onChange }: { settings: TraySettings; onChange: (closeToTray: boolean) => void }) {
  const unavailable = settings.unavailable ?? null;
  return (
    <Switch
      checked={settings.closeToTray && !unavailable}
      disabled={Boolean(unavailable)}
      onChange={onChange}
      description={unavailable ?? 'Hotkeys and notifications keep working with the window closed.'}
      descriptionId="tray-description"
    >
      Keep running in the tray when the window is closed
    </Switch>
  );
}

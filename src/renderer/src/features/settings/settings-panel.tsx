import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Theme } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { FormSection } from '../../components/form-section';
import { Select } from '../../components/select';
import { Switch } from '../../components/switch';
import { store, useSidestage } from '../../store';
import { selectCanCallApi, selectCurrentBroadcaster } from '../../store/selectors';
import { HotkeysSettings } from './hotkeys-settings';
import { OverlayServerSettings } from '../overlays/overlay-server-settings';
import { ControlApiSettings } from './control-api-settings';
import './settings.css';

const themeOptions: { value: Theme; label: string }[] = [
  { value: 'system', label: 'Same as my computer' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Everything Sidestage lets the broadcaster set, in one place; each change is saved and applies at once. */
export function SettingsPanel() {
  return (
    <section className="panel settings-panel" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <div className="settings-grid">
        <NotificationSettings />
        <HotkeysSettings />
        <AppearanceSettings />
        <ObsSettings />
        <OverlayServerSettings />
        <ControlApiSettings />
        <AccountSettings />
      </div>
    </section>
  );
}

function NotificationSettings() {
  const { settings, rewards, hasBroadcaster } = useSidestage(
    useShallow((state) => ({
      settings: state.notificationSettings,
      rewards: state.rewards?.rewards ?? null,
      hasBroadcaster: selectCurrentBroadcaster(state) !== null,
    })),
  );
  const { setNotificationSettings, loadNotificationSettings } = store.getState();
  useEffect(() => {
    if (!store.getState().notificationSettings) void loadNotificationSettings();
  }, [loadNotificationSettings]);
  if (!settings) {
    return (
      <FormSection title="Notifications">
        <p className="muted">Reading your notification settings…</p>
        <ActionError action="notifications.load" what="Could not read the notification settings" />
      </FormSection>
    );
  }
  const muted = new Set(settings.mutedRewardIds);
  return (
    <FormSection title="Notifications" description="What Sidestage tells you about while you stream. The queue and the tray count always update.">
      <Switch checked={settings.doNotDisturb} onChange={(doNotDisturb) => void setNotificationSettings({ doNotDisturb })} description="Nothing pops up; everything still lands in the queue." descriptionId="dnd-description">
        Do not disturb
      </Switch>
      <Switch checked={settings.donations} disabled={settings.doNotDisturb} onChange={(donations) => void setNotificationSettings({ donations })}>
        Donations to your charity campaign
      </Switch>
      <div className="stack">
        <h4 className="settings-subheading">Channel point rewards</h4>
        {!hasBroadcaster ? (
          <p className="muted small">Sign in to choose which rewards notify you.</p>
        ) : rewards === null ? (
          <p className="muted small">Reading your rewards…</p>
        ) : rewards.length === 0 ? (
          <p className="muted small">You have no rewards yet. Create one in Rewards; its redemptions will notify you.</p>
        ) : (
          <ul className="settings-list" aria-label="Rewards that notify you">
            {rewards.map((reward) => (
              <li key={reward.id}>
                <Switch
                  checked={!muted.has(reward.id)}
                  disabled={settings.doNotDisturb}
                  onChange={(on) =>
                    void setNotificationSettings({
                      mutedRewardIds: on ? settings.mutedRewardIds.filter((id) => id !== reward.id) : [...settings.mutedRewardIds, reward.id],
                    })
                  }
                >
                  {reward.title}
                </Switch>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ActionError action="notifications.save" what="Notification setting not saved" />
    </FormSection>
  );
}

function AppearanceSettings() {
  const theme = useSidestage((state) => state.theme);
  const { setTheme } = store.getState();
  return (
    <FormSection title="Appearance">
      <Select label="Colours" value={theme ?? 'system'} options={themeOptions} onChange={(value) => void setTheme(value)} hint="Applies here and in every Sidestage dock at once." />
      <ActionError action="appearance.save" what="Appearance not saved" />
    </FormSection>
  );
}

function ObsSettings() {
  const obs = useSidestage((state) => state.obs);
  const { setActivePanel } = store.getState();
  return (
    <FormSection title="OBS" description="Sidestage can check OBS’s stream settings, fill them in and start or stop the stream.">
      <p className="small">{obs ? (obs.enabled ? obs.statusText : 'Not connected: Sidestage works without OBS too.') : 'Reading the OBS connection…'}</p>
      <div className="button-row">
        <button type="button" onClick={() => setActivePanel('obs')}>
          OBS connection settings
        </button>
      </div>
    </FormSection>
  );
}

function AccountSettings() {
  const broadcaster = useSidestage(selectCurrentBroadcaster);
  const canCallApi = useSidestage(selectCanCallApi);
  const { setActivePanel } = store.getState();
  return (
    <FormSection title="Account">
      <p className="small">{!broadcaster ? 'Not signed in.' : canCallApi ? `Signed in as ${broadcaster.login}.` : `${broadcaster.login}: sign in again.`}</p>
      <div className="button-row">
        <button type="button" onClick={() => setActivePanel('account')}>
          {broadcaster ? 'Account and sign-out' : 'Sign in'}
        </button>
      </div>
    </FormSection>
  );
}

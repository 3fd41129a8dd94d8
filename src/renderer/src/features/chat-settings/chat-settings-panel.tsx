import { useState, type ReactNode } from 'react';
import { chatSettingLimits, checkChatSettings } from '../../../../shared/domain/chat-settings';
import { ActionError } from '../../components/action-error';
import { NumberInput } from '../../components/number-input';
import { LiveStatus } from '../../components/live-status';
import { Select } from '../../components/select';
import { Switch } from '../../components/switch';
import { formatCountdown } from '../../lib/live-format';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import type { ChatSettingsValues } from '../../store/slice-types/live';
import { selectAction } from '../../store/selectors';
import { ChannelGate } from '../../components/channel-gate';
import { durationOutcome } from './duration-setting-model';
import { PendingRevertNote } from './pending-revert-note';
import { ChatRulesSettings } from '../moderation/chat-rules-settings';

export function ChatSettingsPanel() {
  return (
    <section className="panel" aria-labelledby="chat-settings-heading">
      <h2 id="chat-settings-heading">Chat settings</h2>
      <ChannelGate signedOut={<p>Sign in to see and change your chat settings.</p>}>
        <ChatSettingsBody />
      </ChannelGate>
    </section>
  );
}

function ChatSettingsBody() {
  const state = useSidestage((s) => s.chatSettings);
  if (!state?.values) {
    return (
      <>
        <p className="muted">{state?.error ?? 'Loading chat settings…'}</p>
        <ActionError action="chatSettings.load" what="Could not read the chat settings" />
      </>
    );
  }
  const values = state.values;
  const update = (changes: Partial<ChatSettingsValues>) => void store.getState().updateChatSettings(changes);
  return (
    <div className="stack">
      <fieldset className="options" aria-busy={state.pending}>
        <legend>Modes</legend>
        <ModeSwitch label="Emote-only" checked={values.emoteMode} onChange={(v) => update({ emoteMode: v })} />
        <ModeSwitch label="Subscriber-only" checked={values.subscriberMode} onChange={(v) => update({ subscriberMode: v })} />
        <ModeSwitch label="Unique chat" checked={values.uniqueChatMode} onChange={(v) => update({ uniqueChatMode: v })} />
        <DurationSetting
          label="Follower-only"
          unit="minutes"
          checked={values.followerMode}
          value={values.followerModeDuration}
          min={chatSettingLimits.followerModeDuration.min}
          max={chatSettingLimits.followerModeDuration.max}
          onToggle={(on) => update({ followerMode: on })}
          onValue={(n) => update({ followerMode: true, followerModeDuration: n })}
          check={(n) => checkChatSettings({ followerModeDuration: n })}
        />
        <DurationSetting
          label="Slow mode"
          unit="seconds"
          checked={values.slowMode}
          value={values.slowModeWaitTime}
          min={chatSettingLimits.slowModeWaitTime.min}
          max={chatSettingLimits.slowModeWaitTime.max}
          onToggle={(on) => update({ slowMode: on })}
          onValue={(n) => update({ slowMode: true, slowModeWaitTime: n })}
          check={(n) => checkChatSettings({ slowModeWaitTime: n })}
        />
        <ChatDelay checked={values.nonModeratorChatDelay} value={values.nonModeratorChatDelayDuration} update={update} />
      </fieldset>
      <LiveStatus>{state.pending ? 'Saving…' : ''}</LiveStatus>
      <ActionError action="chatSettings.update" what="Chat settings not changed" />
      <Presets />
      <ChatRulesSettings />
    </div>
  );
}

/** A mode that applies at once, named by its label (the names the e2e tests and screen readers use). */
function ModeSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <Switch checked={checked} onChange={onChange}>
      {label}
    </Switch>
  );
}

interface DurationSettingProps {
  label: string;
  /** The unit the platform takes for this mode: what is typed is what is sent. */
  unit: 'seconds' | 'minutes';
  checked: boolean;
  value: number;
  min: number;
  max: number;
  onToggle: (on: boolean) => void;
  onValue: (value: number) => void;
  check: (value: number) => string | null;
}

/** A mode with its duration: the number is checked against the platform's range before it is sent. */
function DurationSetting({ label, unit, checked, value, min, max, onToggle, onValue, check }: DurationSettingProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const { shown, problem, send } = durationOutcome({ draft, value, checked, unit, min, max, check });
  const apply = () => {
    if (problem || draft === null) return;
    setDraft(null);
    if (send !== null) onValue(send);
  };
  return (
    <div className="stack">
      <ModeSwitch label={label} checked={checked} onChange={onToggle} />
      <div className="button-row">
        <NumberInput
          label={`${label} ${unit}`}
          labelHidden
          unit={unit}
          min={min}
          max={max}
          value={shown}
          onChange={setDraft}
          onEnter={apply}
          error={draft !== null ? problem : null}
        />
        <button type="button" disabled={draft === null || Boolean(problem)} onClick={apply}>
          Set {label.toLowerCase()} {unit}
        </button>
      </div>
    </div>
  );
}

const delayChoices = chatSettingLimits.nonModeratorChatDelayDuration.choices.map((s) => ({ value: String(s) as `${typeof s}`, label: `${s} seconds` }));

function ChatDelay({ checked, value, update }: { checked: boolean; value: number; update: (changes: Partial<ChatSettingsValues>) => void }) {
  return (
    <div className="stack">
      <ModeSwitch label="Delay messages for non-moderators" checked={checked} onChange={(on) => update({ nonModeratorChatDelay: on })} />
      <Select
        label="Delay"
        value={String(value) as `${2 | 4 | 6}`}
        options={delayChoices}
        onChange={(chosen) => update({ nonModeratorChatDelay: true, nonModeratorChatDelayDuration: Number(chosen) as 2 | 4 | 6 })}
      />
    </div>
  );
}

function Presets() {
  const state = useSidestage((s) => s.chatSettings);
  const applying = useSidestage((s) => selectAction('chatSettings.preset')(s).pending);
  const now = useNow(1000, Boolean(state?.pendingRevert));
  if (!state) return null;
  const revert = state.pendingRevert;
  let revertNote: ReactNode = null;
  if (revert) {
    const left = formatCountdown(revert.dueAt, now);
    revertNote = (
      <PendingRevertNote
        label={revert.label}
        left={left}
        onRevertNow={() => void store.getState().revertChatNow()}
        onKeep={() => void store.getState().cancelChatRevert()}
      />
    );
  }
  return (
    <fieldset className="options">
      <legend>Presets</legend>
      {state.presets.map((preset) => (
        <div key={preset.id} className="button-row">
          <button type="button" disabled={applying} onClick={() => void store.getState().applyChatPreset(preset.id)}>
            {preset.label}
          </button>
          <span className="muted small">{preset.description}</span>
        </div>
      ))}
      {revertNote}
      <ActionError action="chatSettings.preset" what="Preset not applied" />
      <ActionError action="chatSettings.revertNow" what="Could not revert" />
      <ActionError action="chatSettings.cancelRevert" what="Could not keep the settings" />
    </fieldset>
  );
}

import { useId } from 'react';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { Switch } from '../../components/switch';
import { formatCountdown } from '../../lib/live-format';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import type { ChatSettingsState } from '../../../../shared/ipc/contract';
import type { SidestageStore } from '../../store/create-store';
import { selectAction } from '../../store/selectors';
import { quickModeChange, quickModes, type QuickChatMode } from './chat-modes-quick-model';
import './chat-modes-quick.css';
import { PendingRevertNote } from './pending-revert-note';

/**
 * The Live view's chat modes: the four modes a broadcaster flips while live and the presets, through
 * the same store actions as the Chat settings panel (which keeps the durations and the rest).
 */
export function ChatModesQuick() {
  const state = useSidestage((s) => s.chatSettings);
  const applying = useSidestage((s) => selectAction('chatSettings.preset')(s).pending);
  const now = useNow(1000, Boolean(state?.pendingRevert));
  const actions = store.getState();
  return (
    <ChatModesQuickView
      state={state}
      applying={applying}
      now={now}
      onToggle={(mode, on) => void toggleQuickMode(store, mode, on)}
      onPreset={(id) => void actions.applyChatPreset(id)}
      onRevertNow={() => void actions.revertChatNow()}
      onKeep={() => void actions.cancelChatRevert()}
      onOpenChatSettings={() => actions.setActivePanel('chat-settings')}
    />
  );
}

/** Switches a mode through the Chat settings panel's action, with the change that panel sends. */
export function toggleQuickMode(target: Pick<SidestageStore, 'getState'>, mode: QuickChatMode, on: boolean): Promise<void> {
  return target.getState().updateChatSettings(quickModeChange(mode, on));
}

export interface ChatModesQuickViewProps {
  state: ChatSettingsState | null;
  applying: boolean;
  now: number;
  onToggle(mode: QuickChatMode, on: boolean): void;
  onPreset(presetId: string): void;
  onRevertNow(): void;
  onKeep(): void;
  onOpenChatSettings(): void;
}

export function ChatModesQuickView({ state, applying, now, onToggle, onPreset, onRevertNow, onKeep, onOpenChatSettings }: ChatModesQuickViewProps) {
  const headingId = useId();
  const presetsId = useId();
  const values = state?.values ?? null;
  const revert = state?.pendingRevert ?? null;
  const left = revert ? formatCountdown(revert.dueAt, now) : null;
  return (
    <section className="chat-modes-quick" aria-labelledby={headingId} aria-busy={state?.pending ?? false}>
      <h3 id={headingId}>Chat modes</h3>
      {values ? (
        <ul className="chat-modes-quick-list">
          {quickModes(values).map((m) => (
            <li key={m.mode} className="chat-modes-quick-mode">
              <Switch checked={m.checked} onChange={(on) => onToggle(m.mode, on)}>
                {m.label}
              </Switch>
              {m.duration ? (
                <span className="muted small" data-testid={`chat-mode-duration-${m.mode}`}>
                  {m.duration}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{state?.error ?? 'Loading chat settings…'}</p>
      )}
      <LiveStatus>{state?.pending ? 'Saving…' : ''}</LiveStatus>
      <ActionError action="chatSettings.load" what="Could not read the chat settings" />
      <ActionError action="chatSettings.update" what="Chat settings not changed" />
      {state && state.presets.length > 0 ? (
        <div className="stack" role="group" aria-labelledby={presetsId}>
          <h4 id={presetsId}>Presets</h4>
          <div className="chat-modes-quick-presets">
            {state.presets.map((preset) => (
              <span key={preset.id}>
                <button type="button" title={preset.description} aria-describedby={`${presetsId}-${preset.id}`} disabled={applying} onClick={() => onPreset(preset.id)}>
                  {preset.label}
                </button>
                {/* The description is heard, and shown on hover: the dock has no room to print it. */}
                <span id={`${presetsId}-${preset.id}`} className="visually-hidden">
                  {preset.description}
                </span>
              </span>
            ))}
          </div>
        </div>
      ) : null}
      {revert ? <PendingRevertNote label={revert.label} left={left} onRevertNow={onRevertNow} onKeep={onKeep} compact /> : null}
      <ActionError action="chatSettings.preset" what="Preset not applied" />
      <ActionError action="chatSettings.revertNow" what="Could not revert" />
      <ActionError action="chatSettings.cancelRevert" what="Could not keep the settings" />
      <p className="small">
        <button type="button" className="quiet" onClick={onOpenChatSettings}>
          More in Chat settings
        </button>
      </p>
    </section>
  );
}

/** The chat overlay's options, on its card: which lines it leaves out, and whether its lines fade. */
import { ActionError } from '../../components/action-error';
import { Switch } from '../../components/switch';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { DraftInput, wholeNumberProblem } from './draft-input';

export function ChatOverlayOptionsForm() {
  const options = useSidestage((s) => s.overlays?.chatOverlay);
  const pending = useSidestage((s) => selectAction('overlays.chatOptions')(s).pending);
  if (!options) return null;
  const set = (changes: Parameters<ReturnType<typeof store.getState>['setChatOverlayOptions']>[0]) => void store.getState().setChatOverlayOptions(changes);
  return (
    <div className="chat-overlay-options" role="group" aria-label="Chat overlay options">
      <Switch checked={options.hideCommands} disabled={pending} onChange={(on) => set({ hideCommands: on })}>
        Hide commands (lines starting with !)
      </Switch>
      <Switch checked={options.hideBot} disabled={pending} onChange={(on) => set({ hideBot: on })}>
        Hide the bot’s lines
      </Switch>
      <Switch checked={options.hideOtherChannels} disabled={pending} onChange={(on) => set({ hideOtherChannels: on })}>
        Hide lines from other channels (shared chat)
      </Switch>
      <label className="field">
        <span className="field-label">Lines fade after (seconds, 0: never)</span>
        <DraftInput
          type="number"
          min={0}
          max={3600}
          disabled={pending}
          saved={String(options.fadeAfterSeconds)}
          problem={wholeNumberProblem(0, 3600)}
          onCommit={(draft) => set({ fadeAfterSeconds: Number(draft) })}
        />
      </label>
      <ActionError action="overlays.chatOptions" what="Not saved" />
    </div>
  );
}

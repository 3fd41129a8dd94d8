import type { GoalConfig } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { Select } from '../../components/select';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { DraftInput, wholeNumberProblem } from './draft-input';

const sources = [
  { value: 'charity', label: 'Your charity campaign' },
  { value: 'followers', label: 'Your follower goal (on the platform)' },
  { value: 'subscriptions', label: 'Your subscriber goal (on the platform)' },
  { value: 'custom', label: 'A goal of your own' },
] as const;

const counts = [
  { value: 'follows', label: 'New follows' },
  { value: 'subscriptions', label: 'New and gifted subscriptions' },
  { value: 'bits', label: 'Bits cheered' },
  { value: 'manual', label: 'Moved by hand' },
] as const;

/** What a goal bar follows and, for your own goal, its target and where it stands. */
export function GoalSettings({ goal }: { goal: GoalConfig }) {
  const pending = useSidestage((s) => selectAction(`overlays.goal.${goal.id}`)(s).pending);
  const { saveGoal, removeGoal, adjustGoal } = store.getState();
  const save = (changes: Partial<Pick<GoalConfig, 'title' | 'source' | 'counts' | 'target'>>) =>
    void saveGoal({ id: goal.id, title: goal.title, source: goal.source, counts: goal.counts, target: goal.target, ...changes });
  return (
    <div className="stack goal-settings">
      <label className="field">
        <span className="field-label">Title</span>
        <DraftInput type="text" maxLength={80} saved={goal.title} placeholder="The platform’s or the charity’s" onCommit={(title) => save({ title })} />
      </label>
      <Select label="Follows" value={goal.source} options={sources} onChange={(source) => save({ source })} />
      {goal.source === 'custom' ? (
        <>
          <Select label="Counts" value={goal.counts} options={counts} onChange={(value) => save({ counts: value })} />
          <label className="field">
            <span className="field-label">Target</span>
            <DraftInput type="number" min={1} saved={String(goal.target)} problem={wholeNumberProblem(1, 1_000_000_000)} onCommit={(d) => save({ target: Number(d) })} />
          </label>
          <label className="field">
            <span className="field-label">Now at</span>
            <DraftInput type="number" min={0} saved={String(goal.current)} problem={wholeNumberProblem(0, 1_000_000_000)} onCommit={(d) => void adjustGoal(goal.id, Number(d))} />
          </label>
        </>
      ) : null}
      <div className="button-row">
        <button type="button" className="danger" disabled={pending} onClick={() => void removeGoal(goal.id)}>
          Remove this goal bar
        </button>
      </div>
      <ActionError action={`overlays.goal.${goal.id}`} what="The goal was not saved" />
    </div>
  );
}

export function AddGoal() {
  const pending = useSidestage((s) => selectAction('overlays.goal.new')(s).pending);
  return (
    <>
      <div className="button-row">
        <button type="button" disabled={pending} onClick={() => void store.getState().saveGoal({ title: '', source: 'custom', counts: 'follows', target: 100 })}>
          Add a goal bar
        </button>
      </div>
      <ActionError action="overlays.goal.new" what="No goal bar added" />
    </>
  );
}

import { useId, useState } from 'react';
import { engagementLimits, engagementTemplateSchema, type EngagementTemplate, type RunningPoll, type RunningPrediction } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { store, useSidestage } from '../../store/index';
import { selectAction } from '../../store/selectors';
import { formatLeft, secondsBetween } from '../../components/tiles/countdown';
import type { TileFormProps } from '../../components/tiles/tile-model';
import { chosenTemplate } from './tile-states';
import { useCountdownClock } from '../../components/tiles/use-countdown-clock';

/** The Start tile's sheet: which template P starts, Start, and the saved templates (new, edit, delete). */
export function TemplateForm({ close }: TileFormProps) {
  const engagement = useSidestage((state) => state.engagement);
  const chosen = useSidestage(chosenTemplate);
  const starting = useSidestage((state) => selectAction('polls.start')(state).pending);
  const [editing, setEditing] = useState<EngagementTemplate | null>(null);
  const pickId = useId();
  const templates = engagement?.templates ?? [];
  return (
    <div className="tile-form" data-testid="template-form">
      {templates.length ? (
        <div className="tile-form-row">
          <label htmlFor={pickId}>Template</label>
          <select id={pickId} data-autofocus value={chosen?.id ?? ''} onChange={(event) => void store.getState().changeLiveView({ templateId: event.target.value })}>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.kind === 'poll' ? 'Poll' : 'Prediction'}: {t.title}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="primary"
            disabled={!chosen || starting}
            onClick={() => {
              if (!chosen) return;
              void store.getState().startEngagement(chosen.id);
              close();
            }}
          >
            Start
          </button>
        </div>
      ) : (
        <p className="muted small">No templates yet: add one below.</p>
      )}
      <ActionError action="polls.start" what="Not started" />
      <h4 className="tile-form-heading">Templates</h4>
      <ul className="quick-action-list">
        {templates.map((t) => (
          <li key={t.id}>
            <span>
              {t.kind === 'poll' ? 'Poll' : 'Prediction'}: {t.title} ({t.choices.length} {t.kind === 'poll' ? 'choices' : 'outcomes'}, {formatSeconds(t.durationSeconds)})
            </span>
            <span className="button-row">
              <button type="button" className="quiet" onClick={() => setEditing(t)} aria-label={`Edit template ${t.title}`}>
                Edit
              </button>
              <button type="button" className="quiet danger" onClick={() => void store.getState().deleteTemplate(t.id)} aria-label={`Delete template ${t.title}`}>
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <button type="button" onClick={() => setEditing(blankTemplate('poll'))}>
          New poll template
        </button>
        <button type="button" onClick={() => setEditing(blankTemplate('prediction'))}>
          New prediction template
        </button>
      </div>
      {editing ? <TemplateEditor key={editing.id} template={editing} onDone={() => setEditing(null)} /> : null}
      <ActionError action="polls.deleteTemplate" what="Template not deleted" />
    </div>
  );
}

/** The End poll tile's sheet: the poll running (or last), its votes per choice, End poll. */
export function PollForm(_props: TileFormProps) {
  const poll = useSidestage((state) => state.engagement?.poll ?? null);
  return poll ? <PollView poll={poll} /> : <p className="muted">No poll since Sidestage started. Start one from its template (P).</p>;
}

/** The Lock tile's sheet: the prediction running (or last): lock, pick the winner, or cancel and refund. */
export function PredictionForm(_props: TileFormProps) {
  const prediction = useSidestage((state) => state.engagement?.prediction ?? null);
  return prediction ? <PredictionView prediction={prediction} /> : <p className="muted">No prediction since Sidestage started. Start one from its template (P).</p>;
}

function PollView({ poll }: { poll: RunningPoll }) {
  const active = poll.status === 'active';
  const now = useCountdownClock(active ? [poll.endsAt] : []);
  const left = active ? formatLeft(poll.endsAt, now, secondsBetween(poll.startedAt, poll.endsAt)) : null;
  const ending = useSidestage((state) => selectAction('polls.end')(state).pending);
  const total = poll.choices.reduce((n, c) => n + c.votes, 0);
  return (
    <div className="quick-action-running" data-testid="running-poll">
      <p>
        <strong>Poll: {poll.title}</strong> <span className="muted small">{active ? (left ? `ends in ${left}` : 'ending…') : pollStatusWords(poll.status)}</span>
      </p>
      <ul className="quick-action-bars">
        {poll.choices.map((c) => (
          <li key={c.id}>
            <span className="quick-action-bar-label">
              {c.title}: {c.votes} {c.votes === 1 ? 'vote' : 'votes'}
            </span>
            <meter min={0} max={Math.max(1, total)} value={c.votes} aria-label={`${c.title} votes`} />
          </li>
        ))}
      </ul>
      {active ? (
        <button type="button" disabled={ending} onClick={() => void store.getState().endPoll()}>
          End poll
        </button>
      ) : null}
      <ActionError action="polls.end" what="Poll not ended" />
    </div>
  );
}

function PredictionView({ prediction }: { prediction: RunningPrediction }) {
  const open = prediction.status === 'active' || prediction.status === 'locked';
  const now = useCountdownClock(prediction.status === 'active' ? [prediction.locksAt] : []);
  const locksIn = prediction.status === 'active' ? formatLeft(prediction.locksAt, now, secondsBetween(prediction.startedAt, prediction.locksAt)) : null;
  const busy = useSidestage((state) => ['polls.lock', 'polls.resolve', 'polls.cancel'].some((id) => selectAction(id as 'polls.lock')(state).pending));
  const [winner, setWinner] = useState<string>('');
  const winnerId = useId();
  const winning = prediction.outcomes.find((o) => o.id === prediction.winningOutcomeId);
  return (
    <div className="quick-action-running" data-testid="running-prediction">
      <p>
        <strong>Prediction: {prediction.title}</strong>{' '}
        <span className="muted small">
          {prediction.status === 'active'
            ? locksIn
              ? `takes predictions for ${locksIn}`
              : 'locking…'
            : prediction.status === 'locked'
              ? 'locked: choose the winner'
              : prediction.status === 'resolved'
                ? `resolved: ${winning?.title ?? 'winner chosen'}`
                : 'canceled: points refunded'}
        </span>
      </p>
      <ul className="quick-action-bars">
        {prediction.outcomes.map((o) => (
          <li key={o.id}>
            <span className="quick-action-bar-label">
              {o.title}: {o.users} {o.users === 1 ? 'viewer' : 'viewers'}, {o.channelPoints.toLocaleString('en-US')} points
            </span>
          </li>
        ))}
      </ul>
      {open ? (
        <div className="button-row">
          {prediction.status === 'active' ? (
            <button type="button" disabled={busy} onClick={() => void store.getState().lockPrediction()}>
              Lock
            </button>
          ) : null}
          <label htmlFor={winnerId}>Winner</label>
          <select id={winnerId} value={winner} onChange={(e) => setWinner(e.target.value)}>
            <option value="">Choose…</option>
            {prediction.outcomes.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
              </option>
            ))}
          </select>
          <button type="button" className="primary" disabled={busy || !winner} onClick={() => void store.getState().resolvePrediction(winner)}>
            Resolve
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => void store.getState().cancelPrediction()}>
            Cancel and refund
          </button>
        </div>
      ) : null}
      <ActionError action="polls.lock" what="Prediction not locked" />
      <ActionError action="polls.resolve" what="Prediction not resolved" />
      <ActionError action="polls.cancel" what="Prediction not canceled" />
    </div>
  );
}

/** A small editor: title, one choice per line, duration in seconds; checked against the platform's limits before saving. */
function TemplateEditor({ template, onDone }: { template: EngagementTemplate; onDone: () => void }) {
  const [title, setTitle] = useState(template.title);
  const [choices, setChoices] = useState(template.choices.join('\n'));
  const [duration, setDuration] = useState(String(template.durationSeconds));
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useSidestage((state) => selectAction('polls.saveTemplate')(state).pending);
  const ids = { title: useId(), choices: useId(), duration: useId() };
  const limits = engagementLimits[template.kind];
  const word = template.kind === 'poll' ? 'Choices' : 'Outcomes';
  return (
    <form
      className="quick-action-editor"
      aria-label={`${template.kind === 'poll' ? 'Poll' : 'Prediction'} template`}
      onSubmit={(event) => {
        event.preventDefault();
        const candidate = {
          ...template,
          title: title.trim(),
          choices: choices
            .split('\n')
            .map((c) => c.trim())
            .filter(Boolean),
          durationSeconds: Number(duration),
        };
        const parsed = engagementTemplateSchema.safeParse(candidate);
        if (!parsed.success) {
          setProblem(parsed.error.issues[0]?.message ?? 'The template is not valid.');
          return;
        }
        setProblem(null);
        void store
          .getState()
          .saveTemplate(parsed.data)
          .then(() => {
            if (!store.getState().actions['polls.saveTemplate']?.error) onDone();
          });
      }}
    >
      <label htmlFor={ids.title}>Title (up to {limits.title} characters)</label>
      <input id={ids.title} type="text" maxLength={limits.title} value={title} onChange={(e) => setTitle(e.target.value)} />
      <label htmlFor={ids.choices}>
        {word}, one per line ({limits.choices.min} to {limits.choices.max})
      </label>
      <textarea id={ids.choices} rows={Math.min(limits.choices.max, 4)} value={choices} onChange={(e) => setChoices(e.target.value)} />
      <label htmlFor={ids.duration}>
        {template.kind === 'poll' ? 'Runs for' : 'Takes predictions for'} (seconds, {limits.duration.min} to {limits.duration.max})
      </label>
      <input id={ids.duration} type="number" inputMode="numeric" min={limits.duration.min} max={limits.duration.max} value={duration} onChange={(e) => setDuration(e.target.value)} />
      {problem ? (
        <p className="warning-text small" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="primary" disabled={saving}>
          Save template
        </button>
        <button type="button" className="quiet" onClick={onDone}>
          Close
        </button>
      </div>
      <ActionError action="polls.saveTemplate" what="Template not saved" />
    </form>
  );
}

function blankTemplate(kind: EngagementTemplate['kind']): EngagementTemplate {
  return { id: crypto.randomUUID(), kind, title: '', choices: kind === 'poll' ? ['', ''] : ['Yes', 'No'], durationSeconds: kind === 'poll' ? 120 : 120 };
}

function formatSeconds(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

function pollStatusWords(status: RunningPoll['status']): string {
  switch (status) {
    case 'completed':
      return 'ended';
    case 'terminated':
      return 'ended early';
    case 'archived':
      return 'ended and hidden';
    default:
      return status;
  }
}

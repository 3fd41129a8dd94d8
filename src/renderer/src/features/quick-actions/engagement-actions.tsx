import { useId, useState } from 'react';
import { engagementLimits, engagementTemplateSchema, type EngagementTemplate, type RunningPoll, type RunningPrediction } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { formatCountdown } from '../../lib/live-format';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';

interface EngagementActionsProps {
  templateId: string | null;
  onTemplate: (id: string) => void;
  startKey: string;
  endKey: string;
  lockKey: string;
}

/** Polls and predictions: start one from a saved template, follow it live, end / lock / resolve / cancel it. */
export function EngagementActions({ templateId, onTemplate, startKey, endKey, lockKey }: EngagementActionsProps) {
  const engagement = useSidestage((state) => state.engagement);
  const starting = useSidestage((state) => selectAction('polls.start')(state).pending);
  const [editing, setEditing] = useState<EngagementTemplate | null>(null);
  const pickId = useId();
  const templates = engagement?.templates ?? [];
  const chosen = templates.find((t) => t.id === templateId) ?? templates[0] ?? null;
  return (
    <div className="quick-action" role="group" aria-labelledby="quick-engagement-title">
      <h4 id="quick-engagement-title">Poll or prediction</h4>
      {templates.length ? (
        <div className="button-row">
          <label htmlFor={pickId}>Template</label>
          <select id={pickId} value={chosen?.id ?? ''} onChange={(event) => onTemplate(event.target.value)}>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.kind === 'poll' ? 'Poll' : 'Prediction'}: {t.title}
              </option>
            ))}
          </select>
          <button type="button" className="primary" aria-keyshortcuts={startKey} disabled={!chosen || starting} onClick={() => chosen && void store.getState().startEngagement(chosen.id)}>
            Start
          </button>
        </div>
      ) : (
        <p className="muted small">No templates yet: add one below.</p>
      )}
      <ActionError action="polls.start" what="Not started" />
      {engagement?.poll ? <PollView poll={engagement.poll} endKey={endKey} /> : null}
      {engagement?.prediction ? <PredictionView prediction={engagement.prediction} lockKey={lockKey} /> : null}
      <details className="quick-action-more" open={editing !== null} onToggle={(e) => !(e.target as HTMLDetailsElement).open && setEditing(null)}>
        <summary>Templates</summary>
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
      </details>
    </div>
  );
}

function PollView({ poll, endKey }: { poll: RunningPoll; endKey: string }) {
  const active = poll.status === 'active';
  const now = useNow(1000, active);
  const left = active ? formatCountdown(poll.endsAt, now) : null;
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
        <button type="button" aria-keyshortcuts={endKey} disabled={ending} onClick={() => void store.getState().endPoll()}>
          End poll
        </button>
      ) : null}
      <ActionError action="polls.end" what="Poll not ended" />
    </div>
  );
}

function PredictionView({ prediction, lockKey }: { prediction: RunningPrediction; lockKey: string }) {
  const open = prediction.status === 'active' || prediction.status === 'locked';
  const now = useNow(1000, prediction.status === 'active');
  const locksIn = prediction.status === 'active' ? formatCountdown(prediction.locksAt, now) : null;
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
              {o.title}: {o.users} {o.users === 1 ? 'viewer' : 'viewers'}, {o.channelPoints.toLocaleString()} points
            </span>
          </li>
        ))}
      </ul>
      {open ? (
        <div className="button-row">
          {prediction.status === 'active' ? (
            <button type="button" aria-keyshortcuts={lockKey} disabled={busy} onClick={() => void store.getState().lockPrediction()}>
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

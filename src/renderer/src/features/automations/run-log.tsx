import type { RunRecord, RunStatus, RunStep } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { formatClockTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { formatAge } from '../../store/queue-model';

const statusWords: Record<RunStatus, string> = {
  queued: 'Waiting',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  skipped: 'Skipped',
  interrupted: 'Interrupted',
};

const stepWords: Record<RunStep['status'], string> = {
  waiting: 'waiting',
  running: 'running',
  done: 'done',
  failed: 'failed',
  interrupted: 'interrupted',
  notRun: 'not run',
};

/** After the event's summary; a run by hand says itself who ran it ("Run button", "Control API: <client>"). */
const sourceWords: Record<RunRecord['event']['source'], string> = {
  live: '',
  caughtUp: ' (missed while disconnected)',
  test: ' (test)',
  manual: '',
};

/** What started a run, as its line in the log says it. */
export const runEventWords = (event: Pick<RunRecord['event'], 'summary' | 'source'>): string => `${event.summary}${sourceWords[event.source]}`;

// To the second: a run's steps usually start and end within the same minute.
const time = (iso: string | null) => (iso ? formatClockTime(iso, { seconds: true }) : '');

/** Each run: its trigger and event, each action's result and time, the error in words. */
export function RunLog() {
  const runs = useSidestage((s) => s.automations?.runs) ?? [];
  const now = useNow(10_000, runs.length > 0);
  return (
    <section className="run-log" aria-labelledby="run-log-heading">
      <div className="run-log-head">
        <h3 id="run-log-heading">Run log</h3>
        {runs.some((r) => r.status !== 'running' && r.status !== 'queued') ? (
          <button type="button" className="quiet" onClick={() => void store.getState().clearAutomationLog()}>
            Clear
          </button>
        ) : null}
      </div>
      <ActionError action="automations.clearLog" what="Could not clear the run log" />
      {runs.length === 0 ? (
        <p className="muted small">Nothing has run yet. Each run shows here: what started it, what each action did, and why one failed.</p>
      ) : (
        <ol className="run-list" aria-label="Runs, newest first">
          {runs.map((run) => (
            <li key={run.id} data-status={run.status} data-run-id={run.id}>
              <details>
                <summary>
                  <span className={`run-status run-${run.status}`}>{statusWords[run.status]}</span> <strong>{run.automationName}</strong>{' '}
                  <span className="small">
                    {runEventWords(run.event)}
                  </span>{' '}
                  <time className="small muted" dateTime={run.queuedAt}>
                    {formatAge(run.queuedAt, now)}
                  </time>
                </summary>
                <p className="small muted">Trigger: {run.trigger}</p>
                {run.reason ? <p className={`small ${run.status === 'skipped' ? 'muted' : 'error-text'}`}>{run.reason}</p> : null}
                <ol className="run-steps">
                  {run.steps.map((step, i) => (
                    <li key={i} data-step-status={step.status}>
                      <span>{step.summary}</span> <span className="small muted">{stepWords[step.status]}</span>
                      {step.startedAt ? <span className="small muted"> {time(step.startedAt)}{step.endedAt ? `–${time(step.endedAt)}` : ''}</span> : null}
                      {step.result ? <p className="small">{step.result}</p> : null}
                      {step.error ? <p className="small error-text">{step.error}</p> : null}
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

import { useState } from 'react';
import { alertKindNames } from '../../../../shared/domain/alert-template';
import { alertKinds, type AlertKind, type AlertQueueState } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { Select } from '../../components/select';
import { formatCountdown } from '../../lib/live-format';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';

/** Paused by hand, or for an ad break still on at `now`: pressing resumes them. The sheet and the alerts tile both go by it. */
export function alertsPaused(queue: AlertQueueState, now: number): boolean {
  return queue.pausedByHand || formatCountdown(queue.adBreakEndsAt, now) !== null;
}

/** Why nothing is showing, in the broadcaster's words; null when alerts play. */
function queueWaitReason(queue: AlertQueueState, now: number): string | null {
  const adBreak = formatCountdown(queue.adBreakEndsAt, now);
  if (adBreak) return `Paused for an ad break: alerts resume in ${adBreak}.`;
  if (queue.pausedByHand) return 'Paused by you: alerts wait until you resume.';
  if (queue.pagesOpen === 0) return 'No alerts overlay is open: alerts wait until one is (add it to OBS, or open its URL).';
  return null;
}

/** What is showing and waiting, Pause/Resume, Skip, Replay, and a Test per type. */
export function AlertQueueControls() {
  const queue = useSidestage((s) => s.alertQueue);
  const pending = useSidestage((s) => selectAction('overlays.queue')(s).pending);
  const testing = useSidestage((s) => selectAction('overlays.test')(s).pending);
  const notice = useSidestage((s) => (s.overlayNotice?.key === 'test' ? s.overlayNotice.text : null));
  const [testKind, setTestKind] = useState<AlertKind>('follow');
  const now = useNow(1000, Boolean(queue?.adBreakEndsAt || queue?.showing));
  const speech = useSidestage((s) => s.speech);
  const stopping = useSidestage((s) => selectAction('overlays.speech')(s).pending);
  const { pauseAlerts, resumeAlerts, skipAlert, replayAlert, testAlert, skipSpeech } = store.getState();
  if (!queue) return <p className="muted">Loading the alerts…</p>;
  const paused = alertsPaused(queue, now);
  const reason = queueWaitReason(queue, now);
  return (
    <div className="stack alert-queue" data-testid="alert-queue">
      <p className="alert-now" data-testid="alert-showing">
        {queue.showing ? (
          <>
            <strong>Showing:</strong> {queue.showing.text}
            {queue.showing.test ? <span className="muted small"> (test)</span> : null}
            <span className="muted small"> · {formatCountdown(queue.showing.endsAt, now) ?? '0:00'} left</span>
          </>
        ) : (
          <span className="muted">Nothing showing.</span>
        )}
      </p>
      {speech?.saying ? (
        <p className="alert-saying" data-testid="alert-saying">
          <strong>Saying:</strong> {speech.saying}
        </p>
      ) : null}
      {reason ? (
        <p className="alert-wait" role="status" data-testid="alert-wait">
          {reason}
        </p>
      ) : null}
      <p data-testid="alert-waiting-count">{queue.waitingCount === 0 ? 'No alerts waiting.' : `${queue.waitingCount} waiting`}</p>
      {queue.waiting.length > 0 ? (
        <ol className="alert-waiting" aria-label="Alerts waiting, next first">
          {queue.waiting.map((w) => (
            <li key={w.id} data-kind={w.kind}>
              {w.text}
            </li>
          ))}
        </ol>
      ) : null}
      {queue.dropped.length > 0 ? (
        <ul className="alert-dropped small muted" aria-label="Alerts dropped before their turn" data-testid="alert-dropped">
          {queue.dropped.map((d) => (
            <li key={d.id} data-kind={d.kind}>
              <s>{d.text}</s> not shown: {d.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="button-row">
        {paused ? (
          <button type="button" className="primary" disabled={pending} onClick={() => void resumeAlerts()}>
            Resume alerts
          </button>
        ) : (
          <button type="button" disabled={pending} onClick={() => void pauseAlerts()}>
            Pause alerts
          </button>
        )}
        <button type="button" disabled={pending || !queue.showing} onClick={() => void skipAlert()}>
          Skip
        </button>
        <button type="button" disabled={pending || !queue.last} onClick={() => void replayAlert()} title={queue.last ? `Show “${queue.last.text}” again` : undefined}>
          Replay last
        </button>
        <button type="button" disabled={stopping || !speech?.speaking} onClick={() => void skipSpeech()} title="Stop the viewer’s words being spoken (the alert stays its time)">
          Stop speech
        </button>
      </div>
      <ActionError action="overlays.speech" what="The speech did not stop" />
      <ActionError action="overlays.queue" what="The alert queue did not do that" />
      <div className="overlay-test-row">
        <Select<AlertKind> label="Test alert" value={testKind} options={alertKinds.map((kind) => ({ value: kind, label: alertKindNames[kind] }))} onChange={setTestKind} />
        <button type="button" disabled={testing} onClick={() => void testAlert(testKind)}>
          Test
        </button>
      </div>
      {notice ? (
        <p className="muted small" role="status">
          {notice}
        </p>
      ) : null}
      <ActionError action="overlays.test" what="No test alert" />
    </div>
  );
}

import { useId, useState } from 'react';
import { formatCountdown } from '../../lib/live-format';
import { formatClockTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { ChannelGate } from '../../components/channel-gate';
import { QuickActions } from './quick-actions-section';
import { QueueHead } from '../queue/queue-head';
import { ArrangeLiveView } from './arrange-live-view';
import { LiveFeed } from './live-feed';
import { StatusErrors, StatusStrip } from './status-strip';
import { ModerationStatus } from '../moderation/moderation-status';
import { ariaKeyFor } from './quick-action-keys';
import './live-panel.css';

/**
 * The Live view: what a broadcaster uses every minute on one screen. A status strip, the quick
 * actions as tiles, the oldest redemption with Fulfil and Cancel, and what arrives (chat and
 * activity). In a dock that is one column as high as the panel, chat taking what is left; in a wide
 * window the tiles and the queue on the left, activity and chat on the right. Forms open in sheets.
 */
export function LivePanel() {
  return (
    <section className="panel live-panel" aria-labelledby="live-heading">
      <ChannelGate
        signedOut={
          <>
            <h2 id="live-heading">Live</h2>
            <p>
              Sign in to see your stream and use the live controls.{' '}
              <button type="button" className="primary" onClick={() => store.getState().setActivePanel('account')}>
                Go to sign-in
              </button>
            </p>
          </>
        }
      >
        <div className="live-layout">
          <div className="live-section live-section-status">
            <div className="live-head">
              <h2 id="live-heading">Live</h2>
              <StatusStrip />
              <ArrangeLiveView />
            </div>
            <StatusErrors />
            <ModerationStatus shieldKey={ariaKeyFor('shield-mode')} />
            <NoteRequest />
          </div>
          <div className="live-section live-section-actions">
            <QuickActions />
          </div>
          <div className="live-section live-section-queue">
            <QueueHead />
          </div>
          <div className="live-section live-section-feed">
            <LiveFeed />
          </div>
        </div>
      </ChannelGate>
    </section>
  );
}

/** The note shortcut was pressed: the marker waits here for its note, with the press's time. */
function NoteRequest() {
  const request = useSidestage((state) => state.markers?.noteRequest ?? null);
  const [note, setNote] = useState('');
  const id = useId();
  const now = useNow(1000, request !== null);
  if (!request) return null;
  const left = formatCountdown(request.expiresAt, now);
  return (
    <form
      className="banner banner-info"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void store.getState().dropMarker(note.trim() || undefined, request.id);
        setNote('');
      }}
    >
      <strong id={`${id}-title`} className="banner-title">
        Note for the marker pressed at {formatClockTime(request.pressedAt)}
      </strong>
      <label htmlFor={id}>Note</label>
      <div className="button-row">
        <input id={id} type="text" maxLength={140} autoFocus value={note} onChange={(event) => setNote(event.target.value)} />
        <button type="submit" className="primary">
          Place marker
        </button>
      </div>
      <p className="muted small">The marker keeps the time of the press{left ? `; without a note it is placed in ${left}` : ''}.</p>
    </form>
  );
}

import { useEffect, useId, useState } from 'react';
import type { ChannelInfo } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { formatCountdown, formatLiveState, formatViewers } from '../../lib/live-format';
import { formatClockTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import type { ChannelInfoChanges } from '../../store/live-slice';
import { selectAction, selectIsSignedIn } from '../../store/selectors';
import { ObsStreaming } from '../obs/obs-streaming';

const adLengths = [30, 60, 90, 120, 150, 180];

export function LivePanel() {
  const signedIn = useSidestage(selectIsSignedIn);
  return (
    <section className="panel live-panel" aria-labelledby="live-heading">
      <h2 id="live-heading">Live</h2>
      {signedIn ? (
        // The live view's sections: one column in a 320-500 px dock, side by side in a wide window.
        // Each feature adds its own section component here, one line each.
        <div className="live-layout">
          <section className="live-section live-section-stream" aria-label="Stream">
            <NoteRequest />
            <StreamSummary />
            <ObsStreaming />
          </section>
          <section className="live-section live-section-actions" aria-label="Quick actions">
            <DropMarker />
            <RunAd />
          </section>
          <section className="live-section live-section-channel" aria-label="Channel">
            <ChannelInfoForm />
          </section>
        </div>
      ) : (
        <p>
          Sign in to see your stream and use the live controls.{' '}
          <button type="button" className="primary" onClick={() => store.getState().setActivePanel('account')}>
            Go to sign-in
          </button>
        </p>
      )}
    </section>
  );
}

function StreamSummary() {
  const status = useSidestage((state) => state.streamStatus);
  const refreshing = useSidestage((state) => selectAction('stream.refresh')(state).pending);
  const now = useNow(1000, Boolean(status?.live));
  if (!status) return <p className="muted">Checking whether you are live…</p>;
  return (
    <div className="stack">
      <dl className="live-summary">
        <dt>Stream</dt>
        <dd data-testid="live-state">{formatLiveState(status, now)}</dd>
        <dt>Viewers</dt>
        <dd>{status.live ? formatViewers(status.viewerCount) : '—'}</dd>
        <dt>Title</dt>
        <dd>{status.title || '—'}</dd>
        <dt>Category</dt>
        <dd>{status.categoryName || '—'}</dd>
      </dl>
      {status.error ? <p className="warning-text">This may be out of date: {status.error}</p> : null}
      <div className="button-row">
        <button type="button" disabled={refreshing} onClick={() => void store.getState().refreshStream()}>
          Check now
        </button>
      </div>
      <ActionError action="stream.refresh" what="Could not check the stream" />
      <ActionError action="stream.load" what="Could not read the stream status" />
    </div>
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

function DropMarker() {
  const live = useSidestage((state) => state.streamStatus?.live ?? false);
  const pending = useSidestage((state) => selectAction('markers.drop')(state).pending);
  const lastResult = useSidestage((state) => state.markers?.lastResult ?? null);
  const [note, setNote] = useState('');
  const noteId = useId();
  return (
    <fieldset className="options">
      <legend>Stream marker</legend>
      <label htmlFor={noteId}>Description (optional)</label>
      <input id={noteId} type="text" maxLength={140} value={note} onChange={(event) => setNote(event.target.value)} />
      <div className="button-row">
        <button
          type="button"
          className="primary"
          disabled={pending}
          onClick={() => {
            void store.getState().dropMarker(note.trim() || undefined);
            setNote('');
          }}
        >
          Drop marker
        </button>
        {!live ? <span className="muted small">Markers can be placed only while you are live.</span> : null}
      </div>
      <LiveStatus>{pending ? 'Placing the marker…' : lastResult?.ok ? lastResult.message : ''}</LiveStatus>
      <ActionError action="markers.drop" what="Marker not created" />
    </fieldset>
  );
}

function RunAd() {
  const ads = useSidestage((state) => state.ads);
  const live = useSidestage((state) => state.streamStatus?.live ?? false);
  const pending = useSidestage((state) => selectAction('ads.run')(state).pending);
  const [length, setLength] = useState(30);
  const now = useNow(1000, Boolean(ads?.nextAllowedAt));
  const countdown = formatCountdown(ads?.nextAllowedAt ?? null, now);
  const lengthId = useId();
  return (
    <fieldset className="options">
      <legend>Ads</legend>
      <div className="button-row">
        <label htmlFor={lengthId}>Length</label>
        <select id={lengthId} value={length} onChange={(event) => setLength(Number(event.target.value))}>
          {adLengths.map((l) => (
            <option key={l} value={l}>
              {l} s
            </option>
          ))}
        </select>
        <button type="button" disabled={pending || !live || countdown !== null} onClick={() => void store.getState().runAd(length)}>
          Run ad
        </button>
      </div>
      <p className="muted small" aria-live="polite">
        {!live ? 'Ads run only while you are live.' : countdown ? `Another ad can run in ${countdown}.` : 'Ready.'}
        {ads?.message ? ` ${ads.message}` : ''}
      </p>
      <ActionError action="ads.run" what="Ad not started" />
    </fieldset>
  );
}

function ChannelInfoForm() {
  const info = useSidestage((state) => state.channelInfo);
  useEffect(() => {
    void store.getState().loadChannelInfo();
  }, []);
  if (!info) {
    return (
      <>
        <p className="muted">Loading channel info…</p>
        <ActionError action="channel.load" what="Could not read the channel" />
      </>
    );
  }
  // A new answer from main starts the form over from it.
  return <ChannelInfoEditor key={JSON.stringify(info)} info={info} />;
}

function ChannelInfoEditor({ info }: { info: ChannelInfo }) {
  const results = useSidestage((state) => state.categoryResults);
  const saving = useSidestage((state) => selectAction('channel.update')(state).pending);
  const [title, setTitle] = useState(info.title);
  const [category, setCategory] = useState({ id: info.categoryId, name: info.categoryName });
  const [categoryQuery, setCategoryQuery] = useState(info.categoryName);
  const [language, setLanguage] = useState(info.language);
  const [tags, setTags] = useState(info.tags.join(', '));
  const [branded, setBranded] = useState(info.isBrandedContent);
  const ids = { title: useId(), category: useId(), language: useId(), tags: useId(), list: useId() };

  const submit = () => {
    const tagList = tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const changes: ChannelInfoChanges = {};
    if (title !== info.title) changes.title = title;
    if (category.id !== info.categoryId) changes.categoryId = category.id;
    if (language !== info.language) changes.language = language;
    if (tagList.join(',') !== info.tags.join(',')) changes.tags = tagList;
    if (branded !== info.isBrandedContent) changes.isBrandedContent = branded;
    void store.getState().updateChannelInfo(changes);
  };

  return (
    <form
      className="options"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className="options">
        <legend>Channel</legend>
        <label htmlFor={ids.title}>Title</label>
        <input id={ids.title} type="text" maxLength={140} required value={title} onChange={(e) => setTitle(e.target.value)} />
        <label htmlFor={ids.category}>Category</label>
        <input
          id={ids.category}
          type="text"
          list={ids.list}
          value={categoryQuery}
          onChange={(e) => {
            const text = e.target.value;
            setCategoryQuery(text);
            const chosen = results.find((r) => r.name === text);
            if (chosen) setCategory({ id: chosen.id, name: chosen.name });
            else if (text.trim().length >= 2) void store.getState().searchCategories(text);
          }}
        />
        <datalist id={ids.list}>
          {results.map((r) => (
            <option key={r.id} value={r.name} />
          ))}
        </datalist>
        <p className="muted small">Category in use: {category.name || 'none'}</p>
        <label htmlFor={ids.language}>Language (two letters, e.g. en)</label>
        <input id={ids.language} type="text" maxLength={5} value={language} onChange={(e) => setLanguage(e.target.value)} />
        <label htmlFor={ids.tags}>Tags (comma separated, up to 10)</label>
        <input id={ids.tags} type="text" value={tags} onChange={(e) => setTags(e.target.value)} />
        <label className="switch">
          <input type="checkbox" checked={branded} onChange={(e) => setBranded(e.target.checked)} />
          Branded content
        </label>
        <div className="button-row">
          <button type="submit" disabled={saving}>
            Save channel info
          </button>
        </div>
        <ActionError action="channel.update" what="Channel info not saved" />
        <ActionError action="channel.search" what="Could not search categories" />
      </fieldset>
    </form>
  );
}

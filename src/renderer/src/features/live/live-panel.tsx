import { useEffect, useId, useState } from 'react';
import type { ChannelInfo } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { formatCountdown, formatLiveState, formatViewers } from '../../lib/live-format';
import { formatClockTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import type { ChannelInfoChanges } from '../../store/live-slice';
import { selectAction, selectChannelCategory, selectChannelTitle } from '../../store/selectors';
import { ChannelGate } from '../../components/channel-gate';
import { ObsStreaming } from '../obs/obs-streaming';
import { QuickActions } from '../quick-actions/quick-actions-section';
import { CategoryCombobox } from './category-combobox';
import { chooseCategory } from './category-choice';
import { ActivityFeed } from '../activity/activity-feed';
import { ChatView } from '../chat/chat-view';
import { ChatModesQuick } from '../chat-settings/chat-modes-quick';
import { QueueHead } from '../queue/queue-head';
import './live-panel.css';

export function LivePanel() {
  return (
    <section className="panel live-panel" aria-labelledby="live-heading">
      <h2 id="live-heading">Live</h2>
      <ChannelGate
        signedOut={
          <p>
            Sign in to see your stream and use the live controls.{' '}
            <button type="button" className="primary" onClick={() => store.getState().setActivePanel('account')}>
              Go to sign-in
            </button>
          </p>
        }
      >
        {/* The live view's sections, in the order a broadcaster works through them: one column in a
            320-600 px dock; in a wide window (live-panel.css) the controls on the left and, beside
            them, what arrives (activity and chat) sharing the window's height. Each feature adds its
            own section component here, one line each. */}
        <div className="live-layout">
          <section className="live-section live-section-stream" aria-label="Stream">
            <NoteRequest />
            <StreamSummary />
            <ObsStreaming />
          </section>
          {/* These sections name themselves (their own headings): the wrappers only place them. */}
          <div className="live-section live-section-actions">
            <DropMarker />
            <QuickActions />
          </div>
          <div className="live-section live-section-queue"><QueueHead /></div>
          <div className="live-section live-section-chat-modes"><ChatModesQuick /></div>
          <div className="live-side">
            <div className="live-section live-section-activity">
              <ActivityFeed />
            </div>
            <div className="live-section live-section-chat">
              <ChatView />
            </div>
          </div>
          <section className="live-section live-section-channel" aria-label="Channel">
            <ChannelInfoForm />
          </section>
        </div>
      </ChannelGate>
    </section>
  );
}

function StreamSummary() {
  const status = useSidestage((state) => state.streamStatus);
  const refreshing = useSidestage((state) => selectAction('stream.refresh')(state).pending);
  const title = useSidestage(selectChannelTitle);
  const category = useSidestage(selectChannelCategory);
  const connection = useSidestage((state) => state.connection);
  const now = useNow(1000, Boolean(status?.live) && connection === 'connected');
  if (!status) return <p className="muted">Checking whether you are live…</p>;
  return (
    <div className="stack">
      <dl className="live-summary">
        <dt>Stream</dt>
        <dd data-testid="live-state">{formatLiveState(status, now, connection)}</dd>
        <dt>Viewers</dt>
        <dd>{status.live ? formatViewers(status.viewerCount) : '—'}</dd>
        <dt>Title</dt>
        <dd data-testid="live-title">{title || '—'}</dd>
        <dt>Category</dt>
        <dd data-testid="live-category">{category || '—'}</dd>
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
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const ids = { title: useId(), category: useId(), categoryError: useId(), language: useId(), tags: useId() };

  const submit = () => {
    // A category is saved only as one the platform knows: a partial entry is refused, never dropped.
    const choice = chooseCategory(categoryQuery, category, results);
    if (!choice.ok) {
      setCategoryError(choice.reason);
      return;
    }
    const tagList = tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const changes: ChannelInfoChanges = {};
    if (title !== info.title) changes.title = title;
    if (choice.id !== info.categoryId) changes.categoryId = choice.id;
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
        <CategoryCombobox
          inputId={ids.category}
          text={categoryQuery}
          onText={(text) => {
            setCategoryQuery(text);
            setCategoryError(null);
          }}
          onChoose={(chosen) => {
            setCategory({ id: chosen.id, name: chosen.name });
            setCategoryQuery(chosen.name);
            setCategoryError(null);
          }}
          invalid={categoryError !== null}
          errorId={categoryError ? ids.categoryError : undefined}
        />
        {categoryError ? (
          <p className="error-text small" id={ids.categoryError} role="alert">
            {categoryError}
          </p>
        ) : null}
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

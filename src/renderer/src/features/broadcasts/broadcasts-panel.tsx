/**
 * The Broadcasts panel: a recorded broadcast's story in one picture (the timeline chart), its totals
 * beside the previous broadcast and the average of the last ten, where viewers came and went, who
 * chatted, followed and subscribed, and the exports (PNG, CSV, chapters). In a dock the chart
 * scrolls sideways and the rest stacks; the table beside the chart says it all for a screen reader.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { compareTotals, storyChapters, storyCsv, topChatters, viewerChanges, type OptionalChapterKind, type ViewerChange } from '../../../../shared/domain/broadcast-story';
import { formatPosition } from '../../../../shared/domain/marker-position';
import type { BroadcastStory, BroadcastSummary } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { download } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { store, useSidestage } from '../../store';
import { selectOwnBroadcasts, selectShownBroadcastId } from '../../store/broadcast-story-slice';
import { ChapterOptions } from './chapter-options';
import { drawStoryChart, momentKindWords, type StoryChart } from './story-chart';
import './broadcasts.css';

export function BroadcastsPanel() {
  const list = useSidestage((state) => state.broadcastStories);
  // The current broadcaster's broadcasts only (and those of unknown broadcaster).
  const broadcasts = useSidestage(selectOwnBroadcasts);
  const shownId = useSidestage(selectShownBroadcastId);
  const story = useSidestage((state) => state.shownBroadcast);
  const selectId = useId();
  // Another account signed in: the broadcast shown is another one.
  useEffect(() => {
    if (shownId) void store.getState().readShownBroadcast();
  }, [shownId]);
  return (
    <section className="panel" aria-labelledby="broadcasts-heading">
      <h2 id="broadcasts-heading">Broadcasts</h2>
      {!list ? (
        <ActionError action="broadcastStory.load" what="Could not read the recorded broadcasts" />
      ) : list.unavailable ? (
        <p className="warning-text">{list.unavailable}</p>
      ) : broadcasts.length === 0 ? (
        <p className="muted" data-testid="broadcasts-empty">
          No broadcast recorded yet. Sidestage records each broadcast while you are live (in the demo: switch on Simulate viewers), and its story opens here a few seconds after it ends.
        </p>
      ) : (
        <div className="stack">
          <div className="button-row">
            <label htmlFor={selectId}>Broadcast</label>
            <select id={selectId} value={shownId ?? ''} onChange={(e) => void store.getState().showBroadcast(e.target.value)}>
              {broadcasts.map((b) => (
                <option key={b.id} value={b.id}>
                  {formatDateTime(b.startedAt)}
                  {b.title ? ` — ${b.title}` : ''}
                  {b.id === list.liveId ? ' (live now)' : ''}
                </option>
              ))}
            </select>
          </div>
          <ActionError action="broadcastStory.get" what="Could not read that broadcast" />
          {story && story.id === shownId ? <StoryView story={story} summaries={broadcasts} live={story.id === list.liveId} /> : <p className="muted">Reading the broadcast…</p>}
        </div>
      )}
    </section>
  );
}

function StoryView({ story, summaries, live }: { story: BroadcastStory; summaries: BroadcastSummary[]; live: boolean }) {
  const chartRef = useRef<StoryChart | null>(null);
  return (
    <div className="stack story" data-testid="broadcast-story" data-started-at={story.startedAt} data-ended-at={story.endedAt ?? undefined}>
      <p className="muted small">
        {formatDateTime(story.startedAt)}
        {story.categoryName ? ` · ${story.categoryName}` : ''} · {live ? 'live now: the minute under way is the last point' : `ended ${story.endedAt ? formatDateTime(story.endedAt) : ''}`}
      </p>
      <StoryChartView story={story} chartRef={chartRef} />
      <Exports story={story} chartRef={chartRef} />
      <div className="story-columns">
        <Totals id={story.id} summaries={summaries} />
        <Changes story={story} />
        <People story={story} />
      </div>
      <MinutesTable story={story} />
    </div>
  );
}

function StoryChartView({ story, chartRef }: { story: BroadcastStory; chartRef: React.RefObject<StoryChart | null> }) {
  const host = useRef<HTMLDivElement | null>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const width = Math.max(320, (element.parentElement?.clientWidth ?? 600) - 8);
    // Timed as `story-chart-draw` (the bench reads it): from the record to the drawn canvas and marks.
    const started = performance.now();
    chartRef.current = drawStoryChart(element, story, {
      width,
      onDrawn: () => {
        performance.measure('story-chart-draw', { start: started, end: performance.now(), detail: { points: story.minutes.length, moments: story.moments.length } });
        setDrawn(true);
      },
    });
    return () => {
      chartRef.current?.destroy();
      chartRef.current = null;
      setDrawn(false);
    };
  }, [story, chartRef]);
  return (
    <figure className="story-figure">
      <div className="story-chart-scroll" tabIndex={-1}>
        <div ref={host} className="story-chart" data-testid="story-chart" data-drawn={drawn ? 'true' : 'false'} />
      </div>
      <figcaption className="muted small">
        Viewers and chat lines a minute as lines, follows, subs, redemptions and donations a minute as bars; the marks along the top are the moments: hover one, or focus the row of marks and move along it with the arrow keys (the table below has them all).
      </figcaption>
    </figure>
  );
}

function fileName(story: BroadcastStory, ext: string): string {
  const day = story.startedAt.slice(0, 16).replace(/[:T]/g, '-');
  return `broadcast-${day}.${ext}`;
}

function Exports({ story, chartRef }: { story: BroadcastStory; chartRef: React.RefObject<StoryChart | null> }) {
  const [include, setInclude] = useState<OptionalChapterKind[]>([]);
  const png = () => {
    const canvas = chartRef.current?.canvas();
    canvas?.toBlob((blob) => {
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName(story, 'png');
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }, 'image/png');
  };
  return (
    <div className="stack">
      <div className="button-row">
        <button type="button" onClick={png}>
          Export PNG
        </button>
        <button type="button" onClick={() => download(fileName(story, 'csv'), storyCsv(story), 'text/csv')}>
          Export CSV
        </button>
        <button type="button" onClick={() => download(fileName(story, 'txt'), storyChapters(story, include), 'text/plain')}>
          Export chapters
        </button>
      </div>
      <ChapterOptions include={include} onChange={setInclude} />
    </div>
  );
}

const number = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: 1 }));

function Totals({ id, summaries }: { id: string; summaries: BroadcastSummary[] }) {
  const rows = compareTotals(id, summaries);
  return (
    <section aria-labelledby="story-totals" className="stack">
      <h3 id="story-totals">Totals</h3>
      {/* Focusable: in a narrow column the table scrolls sideways, and a keyboard must reach it. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="story-totals">
        <table className="server-table" aria-labelledby="story-totals">
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">This one</th>
              <th scope="col">Previous</th>
              <th scope="col">Last ten</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td data-testid={`total-${row.key}`}>{number(row.value)}</td>
                <td>{number(row.previous)}</td>
                <td>{number(row.averageOfLastTen)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ChangeList({ title, changes }: { title: string; changes: ViewerChange[] }) {
  return (
    <>
      <h4>{title}</h4>
      {changes.length === 0 ? (
        <p className="muted small">None.</p>
      ) : (
        <ol className="story-changes">
          {changes.map((c) => (
            <li key={c.minute}>
              <span className="mono">{formatPosition(c.minute * 60)}</span> {c.change > 0 ? '+' : ''}
              {c.change} ({c.from} → {c.viewers})
              {c.before.length ? <span className="muted small"> after {c.before.map((m) => `${momentKindWords[m.kind]}: ${m.label}`).join('; ')}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function Changes({ story }: { story: BroadcastStory }) {
  const { rises, drops } = viewerChanges(story);
  return (
    <section aria-labelledby="story-changes" className="stack">
      <h3 id="story-changes">Where viewers came and went</h3>
      <ChangeList title="Largest rises" changes={rises} />
      <ChangeList title="Largest drops" changes={drops} />
    </section>
  );
}

function People({ story }: { story: BroadcastStory }) {
  const top = topChatters(story);
  return (
    <section aria-labelledby="story-people" className="stack">
      <h3 id="story-people">Chatters, followers, subscribers</h3>
      <h4>Top chatters</h4>
      {top.length ? (
        <ol>
          {top.map((c) => (
            <li key={c.name}>
              {c.name} <span className="muted small">{c.lines} lines</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted small">Nobody chatted.</p>
      )}
      <h4>New followers ({story.followers.length})</h4>
      <p className="small">{story.followers.length ? story.followers.join(', ') : 'None.'}</p>
      <h4>New subscribers ({story.subscribers.length})</h4>
      <p className="small">{story.subscribers.length ? story.subscribers.map((s) => `${s.name}${s.gift ? ' (gift)' : ''}`).join(', ') : 'None.'}</p>
    </section>
  );
}

function MinutesTable({ story }: { story: BroadcastStory }) {
  // A 12-hour broadcast has 720 minutes and may have thousands of moments: rendered once opened.
  const [open, setOpen] = useState(false);
  return (
    <details className="story-table" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>The chart as a table ({story.minutes.length} minutes, {story.moments.length} moments)</summary>
      {open ? <StoryTables story={story} /> : null}
    </details>
  );
}

function StoryTables({ story }: { story: BroadcastStory }) {
  return (
    <>
      <div className="table-scroll story-table-scroll" tabIndex={0} role="region" aria-label="Minutes of the broadcast">
        <table className="server-table" aria-label="Minutes of the broadcast" data-testid="story-minutes">
          <thead>
            <tr>
              <th scope="col">Minute</th>
              <th scope="col">Viewers</th>
              <th scope="col">Chat lines</th>
              <th scope="col">Chatters</th>
              <th scope="col">Follows</th>
              <th scope="col">Subs</th>
              <th scope="col">Bits</th>
              <th scope="col">Redemptions</th>
              <th scope="col">Donations</th>
            </tr>
          </thead>
          <tbody>
            {story.minutes.map((m) => (
              <tr key={m.minute}>
                <th scope="row" className="mono">
                  {formatPosition(m.minute * 60)}
                </th>
                <td>{number(m.viewers)}</td>
                <td>{m.chatLines}</td>
                <td>{m.chatters}</td>
                <td>{m.follows}</td>
                <td>{m.subs}</td>
                <td>{m.bits}</td>
                <td>{m.redemptions}</td>
                <td>{m.donations}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <table className="server-table" aria-label="Moments of the broadcast" data-testid="story-moments">
        <thead>
          <tr>
            <th scope="col">At</th>
            <th scope="col">What</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {story.moments.map((m) => (
            <tr key={m.id}>
              <td className="mono">{formatPosition(m.offsetSeconds)}</td>
              <td>{momentKindWords[m.kind]}</td>
              <td>{m.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

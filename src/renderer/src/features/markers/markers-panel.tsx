import { useId, useState } from 'react';
import { formatAccelerator } from '../../../../shared/domain/accelerator';
import { keyboardPlatform as platform } from '../../lib/keyboard-platform';
import { storyChapters, type OptionalChapterKind } from '../../../../shared/domain/broadcast-story';
import { toCsv } from '../../../../shared/domain/marker-export';
import { formatPosition } from '../../../../shared/domain/marker-position';
import type { BroadcastMarkerLog } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { FormSection } from '../../components/form-section';
import { download } from '../../lib/download';
import { formatClockTime, formatDateTime } from '../../lib/format';
import { describeMarkerEntry, exportableMarkers, exportFileName } from '../../lib/live-format';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { ChannelGate } from '../../components/channel-gate';
import { selectStoryOfMarkerLog } from '../../store/broadcast-story-slice';
import { ChapterOptions } from '../broadcasts/chapter-options';
import { DropMarkerButton } from './drop-marker-button';

/** "Ctrl+Alt+M", "⌘⌥M": never Electron's "CommandOrControl+Alt+M". */
const human = (accelerator: string) => formatAccelerator(accelerator, platform);

export function MarkersPanel() {
  return (
    <section className="panel" aria-labelledby="markers-heading">
      <h2 id="markers-heading">Markers</h2>
      <ChannelGate signedOut={<p>Sign in to place stream markers.</p>}>
        <div className="stack">
          <DropMarkerButton />
          <MarkerHotkeys />
          <DescriptionTemplate />
          <MarkerLog />
          <PlatformMarkers />
        </div>
      </ChannelGate>
    </section>
  );
}

/** The marker shortcuts, shown as the keyboard says them; they are changed in Settings with the other hotkeys. */
function MarkerHotkeys() {
  const hotkeys = useSidestage((state) => state.hotkeys);
  if (!hotkeys) return <ActionError action="hotkeys.load" what="Could not read the marker hotkey" />;
  const marker = hotkeys.hotkeys.find((h) => h.action === 'marker');
  const note = hotkeys.hotkeys.find((h) => h.action === 'markerNote');
  const keys = (
    <>
      <kbd data-testid="hotkey-marker">{marker?.accelerator ? human(marker.accelerator) : 'none'}</kbd> drops a marker
      {note?.accelerator ? (
        <>
          , <kbd data-testid="hotkey-note">{human(note.accelerator)}</kbd> asks for a note first
        </>
      ) : null}
      .
    </>
  );
  if (hotkeys.unavailable) {
    // A browser cannot register a global shortcut: nothing to choose here, only where they work.
    return (
      <FormSection title="Marker hotkeys">
        <p data-testid="hotkeys-desktop-only">{hotkeys.unavailable}</p>
        <p className="muted small">In the desktop app: {keys}</p>
      </FormSection>
    );
  }
  return (
    <FormSection title="Marker hotkeys">
      <p>{keys}</p>
      {marker?.error ? <p className="warning-text small">{marker.error}</p> : null}
      {note?.error ? <p className="warning-text small">{note.error}</p> : null}
      <div className="button-row">
        <button type="button" onClick={() => store.getState().setActivePanel('settings')}>
          Change hotkeys in Settings
        </button>
      </div>
    </FormSection>
  );
}

function DescriptionTemplate() {
  const saved = useSidestage((state) => state.markers?.descriptionTemplate ?? '');
  const [value, setValue] = useState<string | null>(null);
  const id = useId();
  return (
    <form
      className="options"
      onSubmit={(event) => {
        event.preventDefault();
        void store.getState().setMarkerTemplate(value ?? saved);
        setValue(null);
      }}
    >
      <label htmlFor={id}>Description of a hotkey marker</label>
      <div className="button-row">
        <input id={id} type="text" maxLength={140} placeholder="e.g. Highlight at {time}" value={value ?? saved} onChange={(e) => setValue(e.target.value)} />
        <button type="submit">Save description</button>
      </div>
      <p className="muted small">{'{time}'} is the time of the press, {'{date}'} the day, {'{n}'} the marker’s number in the broadcast.</p>
      <ActionError action="markers.setTemplate" what="Description not saved" />
    </form>
  );
}

function MarkerLog() {
  const logs = useSidestage((state) => state.markers?.logs ?? null);
  const [selected, setSelected] = useState<string | null>(null);
  const [include, setInclude] = useState<OptionalChapterKind[]>([]);
  const stories = useSidestage((state) => state.broadcastStories);
  const selectId = useId();
  if (!logs) return <ActionError action="markers.load" what="Could not read the marker log" />;
  if (logs.length === 0) return <p className="muted">No markers yet. Press the hotkey or “Drop marker” while live.</p>;
  const log: BroadcastMarkerLog = logs.find((l) => l.streamId === selected) ?? logs[0]!;
  const recorded = selectStoryOfMarkerLog({ broadcastStories: stories }, log.streamId);
  // The raids, ads and category changes come from the broadcast's recorded story (read when asked for).
  const exportChapters = async () => {
    const asked = recorded ? include : [];
    const story = asked.length ? await store.getState().readBroadcastStory(log.streamId) : { moments: [] };
    if (story) download(exportFileName(log, 'txt'), storyChapters(story, asked, exportableMarkers(log)), 'text/plain');
  };
  return (
    <section aria-labelledby="marker-log-heading" className="stack">
      <h3 id="marker-log-heading">Marker log</h3>
      <div className="button-row">
        <label htmlFor={selectId}>Broadcast</label>
        <select id={selectId} value={log.streamId} onChange={(e) => setSelected(e.target.value)}>
          {logs.map((l) => (
            <option key={l.streamId} value={l.streamId}>
              {l.startedAt ? formatDateTime(l.startedAt) : l.streamId}
              {l.title ? ` — ${l.title}` : ''}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => void exportChapters()}>
          Export chapters
        </button>
        <button
          type="button"
          onClick={() =>
            download(
              exportFileName(log, 'csv'),
              toCsv(log.entries.map((e) => ({ positionSeconds: Math.max(0, (e.positionSeconds ?? 0) - e.delaySeconds), description: e.description, at: e.pressedAt, result: e.status }))),
              'text/csv',
            )
          }
        >
          Export CSV
        </button>
      </div>
      {recorded ? (
        <ChapterOptions include={include} onChange={setInclude} />
      ) : (
        <p className="muted small" data-testid="chapter-options-none">
          No raids, ads or category changes to add as chapters: Sidestage recorded no story of this broadcast.
        </p>
      )}
      <ActionError action="broadcastStory.readForExport" what="Could not read the broadcast's raids, ads and category changes" />
      <div className="table-scroll">
        <table className="server-table" aria-label="Marker log">
          <thead>
            <tr>
              <th scope="col">Pressed</th>
              <th scope="col">Position</th>
              <th scope="col">Description</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {[...log.entries].reverse().map((entry) => (
              <tr key={entry.id}>
                <td>{formatClockTime(entry.pressedAt)}</td>
                <td className={entry.status === 'failed' ? 'error-text' : undefined}>{describeMarkerEntry(entry)}</td>
                <td>{entry.description || '—'}</td>
                <td>{entry.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PlatformMarkers() {
  const api = useSidestage((state) => state.markers?.api ?? null);
  const refreshing = useSidestage((state) => selectAction('markers.refreshApi')(state).pending);
  if (!api) return null;
  return (
    <section aria-labelledby="platform-markers-heading" className="stack">
      <h3 id="platform-markers-heading">On the platform{api.videoId ? ` (video ${api.videoId})` : ''}</h3>
      <div className="button-row">
        <button type="button" disabled={refreshing} onClick={() => void store.getState().refreshMarkers()}>
          Reload markers
        </button>
      </div>
      {api.error ? <p className="warning-text">{api.error}</p> : null}
      {api.markers.length === 0 ? (
        <p className="muted">The platform holds no markers of yours for the current or last video.</p>
      ) : (
        <ul aria-label="Markers on the platform">
          {api.markers.map((m) => (
            <li key={m.id}>
              <span className="mono">{formatPosition(m.positionSeconds)}</span> {m.description || '—'}
            </li>
          ))}
        </ul>
      )}
      <ActionError action="markers.refreshApi" what="Could not read the markers" />
    </section>
  );
}

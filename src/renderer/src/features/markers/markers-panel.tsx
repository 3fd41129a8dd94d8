import { useId, useState } from 'react';
import { acceleratorFromKey, formatAccelerator } from '../../../../shared/domain/accelerator';
import { keyboardPlatform as platform } from '../../lib/keyboard-platform';
import { toChapterList, toCsv } from '../../../../shared/domain/marker-export';
import { formatPosition } from '../../../../shared/domain/marker-position';
import type { BroadcastMarkerLog } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { formatClockTime, formatDateTime } from '../../lib/format';
import { describeMarkerEntry, exportableMarkers, exportFileName } from '../../lib/live-format';
import { store, useSidestage } from '../../store';
import { selectAction, selectIsSignedIn } from '../../store/selectors';
import { DropMarkerButton } from './drop-marker-button';

/** "Ctrl+Alt+M", "⌘⌥M": never Electron's "CommandOrControl+Alt+M". */
const human = (accelerator: string) => formatAccelerator(accelerator, platform);

export function MarkersPanel() {
  const signedIn = useSidestage(selectIsSignedIn);
  return (
    <section className="panel" aria-labelledby="markers-heading">
      <h2 id="markers-heading">Markers</h2>
      {signedIn ? (
        <div className="stack">
          <DropMarkerButton />
          <HotkeySettings />
          <DescriptionTemplate />
          <MarkerLog />
          <PlatformMarkers />
        </div>
      ) : (
        <p>Sign in to place stream markers.</p>
      )}
    </section>
  );
}

function HotkeySettings() {
  const hotkey = useSidestage((state) => state.hotkey);
  if (!hotkey) return <ActionError action="hotkeys.load" what="Could not read the marker hotkey" />;
  if (hotkey.unavailable) {
    // A browser cannot register a global shortcut: nothing to choose here, only where they work.
    return (
      <fieldset className="options">
        <legend>Marker hotkeys</legend>
        <p data-testid="hotkeys-desktop-only">{hotkey.unavailable}</p>
        <p className="muted small">
          In the desktop app: <span data-testid="hotkey-marker">{human(hotkey.accelerator)}</span> drops a marker
          {hotkey.note.accelerator ? (
            <>
              , <span data-testid="hotkey-note">{human(hotkey.note.accelerator)}</span> asks for a note first
            </>
          ) : null}
          .
        </p>
      </fieldset>
    );
  }
  return (
    <fieldset className="options">
      <legend>Marker hotkeys</legend>
      <ShortcutField
        which="marker"
        title="Drop marker"
        accelerator={hotkey.accelerator}
        registered={hotkey.registered}
        error={hotkey.error}
        hint="Places a marker at once, from anywhere, even in a game."
      />
      <div className="button-row">
        <button type="button" disabled={!hotkey.registered} onClick={() => void store.getState().testHotkey()}>
          Test hotkey
        </button>
      </div>
      <LiveStatus>
        {hotkey.testingUntil ? `Press ${human(hotkey.accelerator)} now: it will be recorded, no marker is placed.` : ''}
        {!hotkey.testingUntil && hotkey.lastFiredAt ? `Last fired at ${formatClockTime(hotkey.lastFiredAt)}.` : ''}
      </LiveStatus>
      <ActionError action="hotkeys.test" what="Could not test the hotkey" />
      <ShortcutField
        which="note"
        title="Marker with a note"
        accelerator={hotkey.note.accelerator}
        registered={hotkey.note.registered}
        error={hotkey.note.error}
        hint="Optional: asks for a note in Sidestage first; the marker keeps the time of the press."
      />
    </fieldset>
  );
}

interface ShortcutFieldProps {
  which: 'marker' | 'note';
  title: string;
  accelerator: string | null;
  registered: boolean;
  error: string | null;
  hint: string;
}

/** One shortcut: shown, captured by pressing it, or typed; the note shortcut can be turned off. */
function ShortcutField({ which, title, accelerator, registered, error, hint }: ShortcutFieldProps) {
  const action = which === 'note' ? 'hotkeys.setNote' : 'hotkeys.set';
  const saving = useSidestage((state) => selectAction(action)(state).pending);
  const [capturing, setCapturing] = useState(false);
  const [typed, setTyped] = useState('');
  const typedId = useId();
  return (
    <div className="stack">
      <p>
        <strong>{title}:</strong> <span className="mono" data-testid={`hotkey-${which}`}>{accelerator ? human(accelerator) : 'off'}</span>{' '}
        {registered ? <span className="muted">(active)</span> : null}
      </p>
      <p className="muted small">{hint}</p>
      {error ? <p className="warning-text">{accelerator ? error.split(accelerator).join(human(accelerator)) : error}</p> : null}
      <div className="button-row">
        <button
          type="button"
          aria-pressed={capturing}
          aria-label={capturing ? `Press the new ${title.toLowerCase()} shortcut, Escape cancels` : `Change the ${title.toLowerCase()} shortcut`}
          onClick={() => setCapturing(!capturing)}
          onBlur={() => setCapturing(false)}
          onKeyDown={(event) => {
            if (!capturing) return;
            if (event.key === 'Escape') {
              setCapturing(false);
              return;
            }
            event.preventDefault();
            const captured = acceleratorFromKey(event, platform);
            if (!captured) return;
            setCapturing(false);
            void store.getState().setHotkey(captured, which);
          }}
        >
          {capturing ? 'Press the new shortcut… (Esc cancels)' : 'Change shortcut'}
        </button>
        {which === 'note' && accelerator ? (
          <button type="button" className="quiet" disabled={saving} onClick={() => void store.getState().setHotkey('', 'note')}>
            Turn off
          </button>
        ) : null}
      </div>
      <form
        className="button-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim()) void store.getState().setHotkey(typed.trim(), which);
        }}
      >
        <label htmlFor={typedId}>Or type the {title.toLowerCase()} shortcut</label>
        <input id={typedId} type="text" placeholder={`e.g. ${platform === 'mac' ? 'Command' : 'Ctrl'}+Alt+${which === 'note' ? 'N' : 'M'}`} value={typed} onChange={(e) => setTyped(e.target.value)} />
        <button type="submit" disabled={saving}>
          Use this shortcut
        </button>
      </form>
      <ActionError action={action} what="Shortcut not changed" />
    </div>
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

function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function MarkerLog() {
  const logs = useSidestage((state) => state.markers?.logs ?? null);
  const [selected, setSelected] = useState<string | null>(null);
  const selectId = useId();
  if (!logs) return <ActionError action="markers.load" what="Could not read the marker log" />;
  if (logs.length === 0) return <p className="muted">No markers yet. Press the hotkey or “Drop marker” while live.</p>;
  const log: BroadcastMarkerLog = logs.find((l) => l.streamId === selected) ?? logs[0]!;
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
        <button type="button" onClick={() => download(exportFileName(log, 'txt'), toChapterList(exportableMarkers(log)), 'text/plain')}>
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

import { useState } from 'react';
import { Select } from '../../components/select';
import { formatClockTime } from '../../lib/format';
import { useSidestage } from '../../store';
import { describeModLogEntry, filterModLog, modLogChoices, noModLogFilter, type ModLogFilter } from './mod-log-model';
import './moderation.css';

/**
 * The Mod log tile's sheet: every moderator's action on the channel, newest first, by anyone (the
 * broadcaster, their moderators here or on the website), filtered by action, moderator, target and
 * this broadcast. Kept on disk per broadcast by main (src/main/services/moderation/mod-log.ts).
 */
export function ModLogSheet() {
  const log = useSidestage((s) => s.modLog);
  const [filter, setFilter] = useState<ModLogFilter>(noModLogFilter);
  const choices = modLogChoices(log);
  const shown = filterModLog(log, filter);
  const change = (part: Partial<ModLogFilter>) => setFilter((f) => ({ ...f, ...part }));
  if (log?.unavailable) return <p className="warning-text small">{log.unavailable}</p>;
  return (
    <div className="mod-log stack">
      <div className="mod-log-filters">
        <Select label="Action" value={filter.action} options={[{ value: '', label: 'Every action' }, ...choices.actions.map((a) => ({ value: a, label: a.replace(/_/g, ' ') }))]} onChange={(action) => change({ action })} />
        <Select label="Moderator" value={filter.moderatorId} options={[{ value: '', label: 'Anyone' }, ...choices.moderators.map((m) => ({ value: m.id, label: m.name }))]} onChange={(moderatorId) => change({ moderatorId })} />
        <label className="small">
          On whom
          <input type="search" maxLength={30} placeholder="Name" value={filter.target} onChange={(e) => change({ target: e.target.value })} />
        </label>
        <label className="small checkbox-row">
          <input type="checkbox" checked={filter.thisBroadcast} disabled={!log?.liveBroadcastId} onChange={(e) => change({ thisBroadcast: e.target.checked })} />
          This broadcast only
        </label>
      </div>
      {!log ? (
        <p className="muted small">Reading the mod log…</p>
      ) : shown.length === 0 ? (
        <p className="muted small" data-testid="mod-log-empty">
          {log.entries.length ? 'No entry matches.' : 'No moderator has acted yet.'}
        </p>
      ) : (
        <ol className="moderation-list" aria-label="Mod log, newest first">
          {shown.map((e) => (
            <li key={e.id} className="moderation-item small" data-testid="mod-log-entry" data-action={e.action}>
              <span className="muted">{formatClockTime(e.at)}</span> {describeModLogEntry(e)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

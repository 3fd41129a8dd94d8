import { useState } from 'react';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { formatClockTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { searchBanned } from './mod-log-model';
import './moderation.css';

/**
 * The Banned accounts tile's sheet: who is banned or timed out in the channel (the reason, who
 * did it, when a timeout ends), a search, and unban: from the list, or by any account's name.
 */
export function BannedAccountsSheet() {
  const state = useSidestage((s) => s.bannedAccounts);
  const notice = useSidestage((s) => s.bannedNotice);
  const unbanning = useSidestage((s) => selectAction('bannedAccounts.unban')(s).pending);
  const refreshing = useSidestage((s) => selectAction('bannedAccounts.refresh')(s).pending);
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const now = useNow(30_000, (state?.accounts.length ?? 0) > 0);
  const shown = searchBanned(state?.accounts ?? [], search, now);
  const unban = (login: string) => void store.getState().unbanByName(login).then((done) => done && login === name && setName(''));
  return (
    <div className="banned-accounts stack">
      <form
        className="button-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) unban(name.trim());
        }}
      >
        <label className="small">
          Unban by name
          <input type="text" maxLength={26} placeholder="Account name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" disabled={unbanning || !name.trim()}>
          Unban
        </button>
      </form>
      <label className="small">
        Search banned accounts
        <input type="search" maxLength={30} value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {!state?.loaded ? (
        <p className="muted small">{state?.error ?? 'Reading the banned accounts…'}</p>
      ) : shown.length === 0 ? (
        <p className="muted small" data-testid="banned-empty">
          {search.trim() ? 'No banned account matches.' : 'Nobody is banned.'}
        </p>
      ) : (
        <ul className="moderation-list" aria-label="Banned accounts, newest first">
          {shown.map((a) => (
            <li key={a.user.id} className="moderation-item small" data-testid="banned-account" data-user-id={a.user.id}>
              <p>
                <strong>{a.user.name}</strong> {a.expiresAt ? `timed out until ${formatClockTime(a.expiresAt)}` : 'banned'}
                {a.moderator ? ` by ${a.moderator.name}` : ''}
              </p>
              {a.reason ? <p className="muted">{a.reason}</p> : null}
              <button type="button" className="quiet" disabled={a.pending || unbanning} onClick={() => unban(a.user.login)}>
                Unban {a.user.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {state?.loaded && state.truncated ? <p className="muted small">The newest {state.accounts.length} are listed; unban anyone else by name.</p> : null}
      {state?.loaded && state.error ? <p className="warning-text small">{state.error}</p> : null}
      <div className="button-row">
        <button type="button" className="quiet" disabled={refreshing} onClick={() => void store.getState().refreshBannedAccounts()}>
          Read again
        </button>
      </div>
      <LiveStatus>{notice ?? ''}</LiveStatus>
      <ActionError action="bannedAccounts.unban" what="Not unbanned" />
      <ActionError action="bannedAccounts.refresh" what="Could not read the banned accounts" />
    </div>
  );
}

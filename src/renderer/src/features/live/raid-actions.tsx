import { useEffect, useId, useRef, useState } from 'react';
import { ActionError } from '../../components/action-error';
import { formatViewers } from '../../lib/live-format';
import { store, useSidestage } from '../../store/index';
import { selectAction } from '../../store/selectors';
import { formatLeft, secondsBetween } from '../../components/tiles/countdown';
import type { TileFormProps } from '../../components/tiles/tile-model';
import { useCountdownClock } from '../../components/tiles/use-countdown-clock';

/** The Raid tile's sheet: a live channel one follows, filtered as typed; start, the platform's countdown, cancel. */
export function RaidForm({ keyShortcut }: TileFormProps) {
  const raid = useSidestage((state) => state.raids?.raid ?? null);
  const channels = useSidestage((state) => state.followedChannels);
  const starting = useSidestage((state) => selectAction('raids.start')(state).pending);
  const canceling = useSidestage((state) => selectAction('raids.cancel')(state).pending);
  const [query, setQuery] = useState('');
  // How many times the search was taken up: each time (focus, R) reads the list again, since
  // followed channels go live and end all the while.
  const [searches, setSearches] = useState(0);
  const pending = raid?.status === 'pending';
  const now = useCountdownClock(pending ? [raid.dueAt] : []);
  const countdown = pending ? formatLeft(raid.dueAt, now, secondsBetween(raid.startedAt, raid.dueAt)) : null;
  const searchId = useId();
  const listId = useId();

  const readFor = useRef(0);
  // Typing filters; the list of followed live channels is read anew each time the field is taken
  // up, and reused while typing.
  useEffect(() => {
    if (searches === 0) return;
    const fresh = readFor.current !== searches;
    const timer = setTimeout(() => {
      readFor.current = searches;
      void store.getState().searchFollowed(query, fresh);
    }, 150);
    return () => clearTimeout(timer);
  }, [query, searches]);

  return (
    <div className="tile-form">
      {raid ? (
        <p className={pending ? 'quick-action-onair' : 'small'} role="status" data-testid="raid-status">
          {pending
            ? `Raiding ${raid.to.displayName}${countdown ? ` in ${countdown}` : ' now'}`
            : raid.status === 'canceled'
              ? `Raid on ${raid.to.displayName} canceled.`
              : `Raided ${raid.to.displayName}${raid.viewers !== null ? ` with ${formatViewers(raid.viewers)}` : ''}.`}
        </p>
      ) : null}
      {pending ? (
        <button type="button" className="danger" disabled={canceling} onClick={() => void store.getState().cancelRaid()}>
          Cancel raid
        </button>
      ) : (
        <>
          <label htmlFor={searchId}>Live channels you follow</label>
          <input
            id={searchId}
            data-autofocus
            type="search"
            maxLength={100}
            placeholder="Filter by name or category"
            aria-keyshortcuts={keyShortcut}
            aria-controls={listId}
            value={query}
            onFocus={() => setSearches((n) => n + 1)}
            onChange={(e) => {
              setSearches((n) => Math.max(n, 1));
              setQuery(e.target.value);
            }}
          />
          <ul id={listId} className="quick-action-list" aria-label="Channels to raid" data-testid="raid-targets">
            {channels?.length === 0 ? <li className="muted small">{query ? 'No live channel you follow matches.' : 'None of the channels you follow is live.'}</li> : null}
            {(channels ?? []).slice(0, 8).map((c) => (
              <li key={c.id}>
                <span>
                  <strong>{c.displayName}</strong> <span className="muted small">{[c.categoryName, formatViewers(c.viewerCount)].filter(Boolean).join(' · ')}</span>
                </span>
                <button type="button" disabled={starting} onClick={() => void store.getState().startRaid(c.id)} aria-label={`Raid ${c.displayName}`}>
                  Raid
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ActionError action="raids.search" what="Could not list channels" />
      <ActionError action="raids.start" what="Raid not started" />
      <ActionError action="raids.cancel" what="Raid not canceled" />
    </div>
  );
}

/** The Shoutout tile's sheet: a Shoutout by channel name; says when the platform's cooldowns allow the next one. */
export function ShoutoutForm({ keyShortcut }: TileFormProps) {
  const shoutout = useSidestage((state) => state.raids?.shoutout ?? null);
  const sending = useSidestage((state) => selectAction('raids.shoutout')(state).pending);
  const [login, setLogin] = useState('');
  const now = useCountdownClock([shoutout?.nextAllowedAt]);
  const next = formatLeft(shoutout?.nextAllowedAt ?? null, now);
  const id = useId();
  return (
    <form
      className="tile-form"
      aria-label="Shoutout"
      onSubmit={(event) => {
        event.preventDefault();
        if (login.trim()) void store.getState().sendShoutout(login.trim());
      }}
    >
      <label htmlFor={id}>Channel name</label>
      <div className="tile-form-row">
        <input id={id} data-autofocus type="text" maxLength={26} autoComplete="off" aria-keyshortcuts={keyShortcut} value={login} onChange={(e) => setLogin(e.target.value)} />
        <button type="submit" disabled={sending || !login.trim() || next !== null}>
          Shout out
        </button>
      </div>
      <p className="muted small" aria-live="polite" data-testid="shoutout-status">
        {shoutout ? `Shouted out ${shoutout.to.displayName}. ` : ''}
        {next ? `Next shoutout in ${next} (one every 2 minutes; the same channel once an hour).` : 'One shoutout every 2 minutes; the same channel once an hour.'}
      </p>
      <ActionError action="raids.shoutout" what="Shoutout not sent" />
    </form>
  );
}

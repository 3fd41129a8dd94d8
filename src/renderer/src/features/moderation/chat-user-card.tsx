import { memo, useEffect, useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ChatUserAction } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { formatClockTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import type { OpenChatUser } from '../../store/slice-types/chat-users';
import { selectAction } from '../../store/selectors';
import { formatDuration, recentMessagesOf } from './moderation-format';
import { describeModLogEntry, modLogAbout } from './mod-log-model';
import './moderation.css';

const suspiciousWords = { activeMonitoring: 'monitored: their messages are marked for moderators', restricted: 'restricted: their messages reach only moderators' } as const;
const typeWords: Record<string, string> = { manuallyAdded: 'added by a moderator', banEvader: 'possible ban evader', bannedInSharedChannel: 'banned in a channel that shares bans' };

/**
 * A chatter's card, opened from a chat message's menu: account and follow age, roles, banned now,
 * this broadcast's timeouts, bans and warnings, the platform's suspicious-user status; and warn,
 * timeout, ban, unban, moderator and VIP from it, monitor or restrict them as suspicious; their last
 * 50 messages Sidestage saw (removed ones struck through) and the mod log's entries about them. Memoised (it takes no props): an open card re-renders with the chatter's own
 * lines only, not with each chat line.
 */
export const ChatUserCardView = memo(function ChatUserCardView() {
  const open = useSidestage((s) => s.chatUser);
  // One card per chatter: another chatter's card starts with its own fields.
  return open ? <ChatUserCardBody key={open.userId} open={open} /> : null;
});

function ChatUserCardBody({ open }: { open: OpenChatUser }) {
  const notice = useSidestage((s) => s.chatUserNotice);
  const reading = useSidestage((s) => selectAction('chatUsers.card')(s).pending);
  const acting = useSidestage(
    (s) => selectAction('chatUsers.act')(s).pending || selectAction('chatUsers.warn')(s).pending || selectAction('chatUsers.suspicious')(s).pending || selectAction('chat.moderate')(s).pending,
  );
  const [confirmBan, setConfirmBan] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const now = useNow(60_000);
  useEffect(() => headingRef.current?.focus(), []);
  const card = open.card;
  const name = card?.user.name || open.name;
  const act = (action: ChatUserAction) => void store.getState().actOnChatUser(action);
  const moderate = (arg: { action: 'timeout'; durationSeconds: number } | { action: 'ban' }) => {
    setConfirmBan(false);
    void store
      .getState()
      .moderateChat({ ...arg, messageId: open.messageId })
      .then(() => store.getState().openChatUser({ userId: open.userId, name: open.name, messageId: open.messageId }));
  };
  const tally = card?.thisBroadcast;
  // Shallow: the same messages (each kept as it was) are the same list, so others' lines re-render nothing here.
  const recent = useSidestage(useShallow((s) => recentMessagesOf(s.chat?.messages ?? [], open.userId)));
  const logged = useSidestage(useShallow((s) => modLogAbout(s.modLog, open.userId)));
  const suspicious = card?.suspicious?.status ?? 'none';
  return (
    <section className="chat-user-card" aria-labelledby={`${reasonId}-title`} data-testid="chat-user-card">
      <div className="chat-user-card-head">
        <h4 id={`${reasonId}-title`} ref={headingRef} tabIndex={-1}>
          {name}
          {card?.moderator ? ' · moderator' : ''}
          {card?.vip ? ' · VIP' : ''}
        </h4>
        <button type="button" className="quiet" onClick={() => store.getState().closeChatUser()}>
          Close
        </button>
      </div>
      {!card ? (
        <p className="muted small">{reading ? `Reading ${name}'s account…` : ''}</p>
      ) : (
        <dl className="small">
          <dt>Account</dt>
          <dd>{card.createdAt ? `${formatDuration(card.createdAt, now)} old` : 'unknown'}</dd>
          <dt>Follows</dt>
          <dd>{card.followedAt ? `for ${formatDuration(card.followedAt, now)}` : 'no'}</dd>
          <dt>This stream</dt>
          <dd data-testid="chat-user-tally">
            {tally && tally.timeouts + tally.bans + tally.warnings > 0
              ? [plural(tally.timeouts, 'timeout'), plural(tally.bans, 'ban'), plural(tally.warnings, 'warning')].filter(Boolean).join(', ')
              : 'no timeouts, bans or warnings'}
          </dd>
          {card.banned ? (
            <>
              <dt>Banned</dt>
              <dd>{card.banned.until ? `timed out until ${formatClockTime(card.banned.until)}` : 'yes'}{card.banned.reason ? ` (${card.banned.reason})` : ''}</dd>
            </>
          ) : null}
          {card.suspicious ? (
            <>
              <dt>Suspicious</dt>
              <dd>
                {suspiciousWords[card.suspicious.status]}
                {card.suspicious.types.length ? `; ${card.suspicious.types.map((t) => typeWords[t] ?? t).join(', ')}` : ''}
              </dd>
            </>
          ) : null}
        </dl>
      )}
      {card?.unread.length ? <p className="warning-text small">{card.unread.join(' ')}</p> : null}
      <details className="chat-user-recent small" data-testid="chat-user-recent">
        <summary>{recent.length === 0 ? 'No messages in chat yet' : `Recent messages (${recent.length})`}</summary>
        <ol>
          {recent.map((m) => (
            <li key={m.id} data-message-id={m.id}>
              <span className="muted">{formatClockTime(m.at)}</span> {m.removed ? <s>{m.text}</s> : m.text}
              {m.removed ? <span className="muted"> ({m.removedBy ? `removed by ${m.removedBy}` : 'removed'})</span> : null}
            </li>
          ))}
        </ol>
      </details>
      <details className="chat-user-modlog small" data-testid="chat-user-modlog">
        <summary>{logged.length === 0 ? 'Nothing in the mod log' : `In the mod log (${logged.length})`}</summary>
        <ol>
          {logged.map((e) => (
            <li key={e.id}>
              <span className="muted">{formatClockTime(e.at)}</span> {describeModLogEntry(e)}
            </li>
          ))}
        </ol>
      </details>
      {card ? (
        <div className="button-row" role="group" aria-label={`Suspicious-user status of ${name}`}>
          {suspicious !== 'activeMonitoring' ? (
            <button type="button" className="quiet" disabled={acting} onClick={() => void store.getState().setChatUserSuspicious('activeMonitoring')}>
              Monitor
            </button>
          ) : null}
          {suspicious !== 'restricted' ? (
            <button type="button" className="quiet" disabled={acting} onClick={() => void store.getState().setChatUserSuspicious('restricted')}>
              Restrict
            </button>
          ) : null}
          {suspicious !== 'none' ? (
            <button type="button" className="quiet" disabled={acting} onClick={() => void store.getState().setChatUserSuspicious('none')}>
              No longer suspicious
            </button>
          ) : null}
        </div>
      ) : null}
      <form
        className="button-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) return;
          void store
            .getState()
            .warnChatUser(open.userId, reason.trim())
            .then((warned) => warned && setReason(''));
        }}
      >
        <label htmlFor={reasonId} className="visually-hidden">
          Reason for warning {name}
        </label>
        <input id={reasonId} type="text" maxLength={500} placeholder="Reason for a warning" value={reason} onChange={(e) => setReason(e.target.value)} />
        <button type="submit" disabled={acting || !reason.trim()}>
          Warn
        </button>
      </form>
      {confirmBan ? (
        <div role="group" aria-label={`Ban ${name}?`}>
          <p className="small">Ban {name} from chat? They can no longer chat until you unban them.</p>
          <div className="button-row">
            <button type="button" className="danger" onClick={() => moderate({ action: 'ban' })}>
              Ban {name}
            </button>
            <button type="button" className="quiet" onClick={() => setConfirmBan(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          <button type="button" disabled={acting} onClick={() => moderate({ action: 'timeout', durationSeconds: 600 })}>
            Timeout 10 min
          </button>
          {card?.banned ? (
            <button type="button" disabled={acting} onClick={() => act('unban')}>
              Unban
            </button>
          ) : (
            <button type="button" className="danger" disabled={acting} onClick={() => setConfirmBan(true)}>
              Ban…
            </button>
          )}
          <button type="button" className="quiet" disabled={acting || !card} onClick={() => act(card?.moderator ? 'removeModerator' : 'addModerator')}>
            {card?.moderator ? 'Remove moderator' : 'Make moderator'}
          </button>
          <button type="button" className="quiet" disabled={acting || !card} onClick={() => act(card?.vip ? 'removeVip' : 'addVip')}>
            {card?.vip ? 'Remove VIP' : 'Make VIP'}
          </button>
        </div>
      )}
      <LiveStatus>{notice ?? ''}</LiveStatus>
      <ActionError action="chatUsers.card" what="Chatter not shown" />
      <ActionError action="chatUsers.act" what="Not done" />
      <ActionError action="chatUsers.warn" what="Warning not sent" />
      <ActionError action="chatUsers.suspicious" what="Suspicious status not changed" />
    </section>
  );
}

function plural(n: number, one: string): string {
  return n ? `${n} ${one}${n === 1 ? '' : 's'}` : '';
}

import { createContext, memo, useContext, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatMessage } from '../../../../shared/ipc/contract';

/**
 * "A moderator action is under way", read once by the chat view for every line's menu: one store
 * subscription for the whole chat, not one per line (each would run on every store update).
 */
export const ModerationBusy = createContext(false);

const badgeLabels: Record<string, { short: string; name: string }> = {
  broadcaster: { short: 'B', name: 'Broadcaster' },
  moderator: { short: 'M', name: 'Moderator' },
  vip: { short: 'V', name: 'VIP' },
  subscriber: { short: 'S', name: 'Subscriber' },
  'bot-badge': { short: 'Bot', name: 'Chat bot' },
};

export type ModeratorAction = { action: 'delete' } | { action: 'timeout'; durationSeconds: number } | { action: 'ban' };

export interface ChatMessageLineProps {
  message: ChatMessage;
  /** False for the broadcaster's own lines and lines already removed. */
  canModerate: boolean;
  /** This line's moderator menu is open: one menu at a time, held by the chat view, so a line carries no menu state of its own. */
  menuOpen: boolean;
  /** Opens this line's menu (its id) or closes it (null). */
  onMenu(messageId: string | null): void;
  onModerate(message: ChatMessage, action: ModeratorAction): void;
  /** The chatter's card (features/moderation); a warning with its reason, true once sent. */
  onOpenCard(message: ChatMessage): void;
  onWarn(message: ChatMessage, reason: string): Promise<boolean>;
}

const removedWords: Record<NonNullable<ChatMessage['removed']>, string> = { deleted: 'deleted', timedOut: 'timed out', banned: 'banned', cleared: 'chat cleared' };

/** "(deleted by ModMallory)": what removed the line and, once the platform has said, who. */
function removedNote(message: ChatMessage): string {
  const what = removedWords[message.removed!];
  return message.removedBy ? `${what} by ${message.removedBy}` : what;
}

/** One chat line: badges, the name in the chatter's colour, text with emotes, and the moderator menu. */
export const ChatMessageLine = memo(function ChatMessageLine({ message, canModerate, menuOpen, onMenu, onModerate, onOpenCard, onWarn }: ChatMessageLineProps) {
  return (
    <li
      className={`chat-line${message.announcement ? ' chat-announcement' : ''}${message.removed ? ' chat-removed' : ''}${message.sourceChannel ? ' chat-shared' : ''}`}
      data-message-id={message.id}
      data-announcement={message.announcement ?? undefined}
      data-source-channel={message.sourceChannel?.login}
    >
      {message.announcement ? <span className="chat-announcement-label">Announcement</span> : null}
      <span className="chat-body">
        {message.badges.map((b) => {
          const label = badgeLabels[b.setId] ?? { short: b.setId.slice(0, 1).toUpperCase(), name: b.setId };
          return (
            <abbr key={`${b.setId}/${b.id}`} className={`chat-badge chat-badge-${b.setId}`} title={label.name}>
              {label.short}
              <span className="visually-hidden"> ({label.name})</span>
            </abbr>
          );
        })}
        {message.sourceChannel ? (
          <span className="chat-source small" title={`From ${message.sourceChannel.name}'s chat (shared chat)`}>
            <span className="visually-hidden">From the chat of </span>
            {message.sourceChannel.name}
          </span>
        ) : null}
        <strong className="chat-name" style={message.color ? { color: message.color } : undefined}>
          {message.userName}
        </strong>
        <span aria-hidden="true">: </span>
        <span className="visually-hidden">says </span>
        <span className="chat-text">
          {message.fragments.map((f, i) =>
            f.type === 'emote' ? (
              f.emoteUrl ? (
                <img key={i} className="chat-emote" src={f.emoteUrl} alt={f.text} title={f.text} width={28} height={28} />
              ) : (
                <span key={i} className="chat-emote-text" title="emote">
                  {f.text}
                </span>
              )
            ) : f.type === 'mention' ? (
              <span key={i} className="chat-mention">
                {f.text}
              </span>
            ) : (
              <span key={i}>{f.text}</span>
            ),
          )}
        </span>
        {message.removed ? <span className="chat-removed-note small muted"> ({removedNote(message)})</span> : null}
      </span>
      {canModerate ? <ModeratorControls message={message} open={menuOpen} onMenu={onMenu} onModerate={onModerate} onOpenCard={onOpenCard} onWarn={onWarn} /> : null}
    </li>
  );
});

type MenuProps = Pick<ChatMessageLineProps, 'message' | 'onModerate' | 'onOpenCard' | 'onWarn'>;

/**
 * A menu button (WAI-ARIA menu button pattern): Enter/Space/↓ open it with the first item focused,
 * ↑/↓ move, Escape closes and gives focus back. Ban asks first; a warning asks for its reason.
 * It reads "an action is under way" from `ModerationBusy`, so a moderator action re-renders the
 * menus, not every line. Closed, it is the button alone: a raid's burst of lines creates no menu
 * state (each line's own would be four states and an effect, for a menu hardly any line opens).
 */
function ModeratorControls({ message, open, onMenu, ...menu }: MenuProps & { open: boolean; onMenu(messageId: string | null): void }) {
  const busy = useContext(ModerationBusy);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    onMenu(null);
    buttonRef.current?.focus();
  };
  // The menu opens on its own row under the line, inside chat's scroll box (a floating one would be clipped by it).
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="quiet chat-moderate-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Moderate ${message.userName}'s message`}
        disabled={busy}
        onClick={() => (open ? close() : onMenu(message.id))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            onMenu(message.id);
          }
        }}
      >
        ⋯
      </button>
      {open ? <ModeratorMenu message={message} busy={busy} close={close} {...menu} /> : null}
    </>
  );
}

/** The open menu: its items, or the ban's confirmation, or the warning's reason. */
function ModeratorMenu({ message, busy, close, onModerate, onOpenCard, onWarn }: MenuProps & { busy: boolean; close(): void }) {
  const [confirmBan, setConfirmBan] = useState(false);
  const [warning, setWarning] = useState(false);
  const [reason, setReason] = useState('');
  const menuRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>('input, [role="menuitem"], button')?.focus();
    menuRef.current?.scrollIntoView({ block: 'nearest' });
  }, [confirmBan, warning]);
  const act = (action: ModeratorAction) => {
    close();
    onModerate(message, action);
  };
  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
  };
  const who = message.userName;
  return (
    <div ref={menuRef} className="chat-menu" onKeyDown={onMenuKey}>
      {warning ? (
        <form
          className="chat-confirm"
          aria-label={`Warn ${who}`}
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return;
            void onWarn(message, reason.trim()).then((sent) => sent && close());
          }}
        >
          <label className="small" htmlFor={`warn-${message.id}`}>
            Why? {who} reads it and must acknowledge it before chatting again.
          </label>
          <input id={`warn-${message.id}`} type="text" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="button-row">
            <button type="submit" disabled={!reason.trim() || busy}>
              Warn {who}
            </button>
            <button type="button" className="quiet" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      ) : confirmBan ? (
        <div role="group" aria-label={`Ban ${who}?`} className="chat-confirm">
          <p className="small">Ban {who} from chat? They can no longer chat until you unban them.</p>
          <div className="button-row">
            <button type="button" className="danger" onClick={() => act({ action: 'ban' })}>
              Ban {who}
            </button>
            <button type="button" className="quiet" onClick={close}>
              Cancel
            </button>
          </div>
        </div>
      ) : message.sourceChannel ? (
        // A line from another channel of a shared chat session is that channel's to moderate:
        // deleting, timing out, warning or banning from here would act on this channel instead.
        <div role="menu" aria-label={`Moderate ${who}'s message`}>
          <p className="small chat-shared-note" id={`shared-${message.id}`}>
            This line is from {message.sourceChannel.name}'s chat (shared chat): {message.sourceChannel.name}'s moderators moderate it, not this channel's.
          </p>
          <button type="button" role="menuitem" tabIndex={-1} aria-describedby={`shared-${message.id}`} onClick={close}>
            Close
          </button>
        </div>
      ) : (
        <div role="menu" aria-label={`Moderate ${who}'s message`}>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => act({ action: 'delete' })}>
            Delete message
          </button>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => act({ action: 'timeout', durationSeconds: 600 })}>
            Timeout 10 min
          </button>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => setWarning(true)}>
            Warn…
          </button>
          <button type="button" role="menuitem" tabIndex={-1} className="danger" onClick={() => setConfirmBan(true)}>
            Ban…
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close();
              onOpenCard(message);
            }}
          >
            {who}'s card
          </button>
        </div>
      )}
    </div>
  );
}

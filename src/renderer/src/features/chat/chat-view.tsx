import { memo, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessage, SharedChatState } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { store, useSidestage, type SidestageState } from '../../store';
import type { AnnouncementColor } from '../../store/slice-types/chat';
import { selectAction } from '../../store/selectors';
import { useBatchedValue } from '../../lib/batched-value';
import { ChatMessageLine, ModerationBusy, type ModeratorAction } from './chat-message-line';
import { ChatUserCardView } from '../moderation/chat-user-card';
import './chat.css';

/** Lines in the DOM: chat scrolls on its own, and older lines stay in main's buffer. */
export const chatLinesShown = 150;
const colors: AnnouncementColor[] = ['primary', 'blue', 'green', 'orange', 'purple'];

// The same functions at every render: each line is memoised, and a flood re-renders only the new lines.
const onModerate = (message: { id: string }, action: ModeratorAction) => void store.getState().moderateChat({ ...action, messageId: message.id });
const onOpenCard = (message: ChatMessage) => void store.getState().openChatUser({ userId: message.userId, name: message.userName, messageId: message.id });
const onWarn = (message: ChatMessage, reason: string) => store.getState().warnChatUser(message.userId, reason);

const selectChat = (s: SidestageState) => s.chat;

/** The Live view's chat: read, send (or announce), and a message's moderator actions. */
export function ChatView() {
  // Batched: the deltas of a raid's burst that queue up behind a render are drawn in one go, not one render (and layout) each.
  const chat = useBatchedValue(store, selectChat);
  const notice = useSidestage((s) => s.chatNotice);
  const busy = useSidestage((s) => selectAction('chat.moderate')(s).pending || selectAction('chatUsers.warn')(s).pending);
  const lines = chat ? chat.messages.slice(-chatLinesShown) : [];
  // The one open moderator menu (a message id): the lines themselves hold no menu state.
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const stuckToBottom = useRef(true);
  useLayoutEffect(() => {
    // New lines keep the newest in view, unless the broadcaster scrolled up to read.
    const el = scrollRef.current;
    if (el && stuckToBottom.current) el.scrollTop = el.scrollHeight;
  }, [lines.length, chat?.version]);
  useEffect(() => {
    // The box changes height (a tab shown again, the dock resized, the Live view's layout): the
    // newest line stays in view unless the broadcaster scrolled up.
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stuckToBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <section className="chat-view" aria-labelledby="chat-heading">
      <h3 id="chat-heading">Chat</h3>
      {chat?.sharedChat ? <SharedChatHeader session={chat.sharedChat} selfId={chat.selfId} /> : null}
      <ChatUserCardView />
      <div
        ref={scrollRef}
        className="chat-scroll"
        tabIndex={0}
        role="log"
        aria-label="Chat messages"
        aria-live="off"
        onScroll={(e) => {
          const el = e.currentTarget;
          stuckToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {!chat ? (
          <p className="muted">Loading chat…</p>
        ) : lines.length === 0 ? (
          <p className="muted" data-testid="chat-empty">
            No messages yet. Messages in your chat show up here.
          </p>
        ) : (
          <ModerationBusy.Provider value={busy}>
            <ul className="chat-lines">
              {lines.map((m) => (
                <ChatMessageLine
                  key={m.id}
                  message={m}
                  canModerate={m.userId !== chat.selfId && m.removed === null}
                  menuOpen={menuFor === m.id}
                  onMenu={setMenuFor}
                  onModerate={onModerate}
                  onOpenCard={onOpenCard}
                  onWarn={onWarn}
                />
              ))}
            </ul>
          </ModerationBusy.Provider>
        )}
      </div>
      <LiveStatus>{notice ?? ''}</LiveStatus>
      <ActionError action="chat.moderate" what="Moderator action" />
      <SendBox />
    </section>
  );
}

/** Who is in the channel's shared chat session: lines from the other channels are marked with their channel. */
function SharedChatHeader({ session, selfId }: { session: SharedChatState; selfId: string | null }) {
  const others = session.channels.filter((c) => c.id !== selfId);
  const host = session.channels.find((c) => c.id === session.hostId);
  return (
    <p className="chat-shared-session small" data-testid="chat-shared-session">
      Shared chat with {others.map((c) => c.name).join(', ') || 'no other channel'}
      {host ? ` (hosted by ${host.id === selfId ? 'you' : host.name})` : ''}. Their lines are marked with their channel; their moderators moderate them.
    </p>
  );
}

/** Memoised: a flood re-renders the chat's lines, not the form below them. */
const SendBox = memo(function SendBox() {
  const [text, setText] = useState('');
  const [announce, setAnnounce] = useState(false);
  const [color, setColor] = useState<AnnouncementColor>('primary');
  const sending = useSidestage((s) => selectAction('chat.send')(s).pending);
  const error = useSidestage((s) => selectAction('chat.send')(s).error);
  const ids = { text: useId(), color: useId(), error: useId() };
  useEffect(() => {
    // A new attempt (or a dismissal) starts from a clean slate.
    if (!text) store.getState().dismissError('chat.send');
  }, [text]);
  return (
    <form
      className="chat-send"
      onSubmit={(event) => {
        event.preventDefault();
        const message = text.trim();
        if (!message || sending) return;
        void store
          .getState()
          .sendChat(message, announce ? color : undefined)
          .then((sent) => {
            // A failed send keeps the text, so nothing typed is lost; the reason shows below.
            if (sent) setText('');
          });
      }}
    >
      <label htmlFor={ids.text} className="visually-hidden">
        {announce ? 'Announcement' : 'Chat message'}
      </label>
      <div className="chat-send-row">
        <input
          id={ids.text}
          type="text"
          maxLength={500}
          placeholder={announce ? 'Announcement' : 'Send a message'}
          value={text}
          aria-describedby={error ? ids.error : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="primary" disabled={sending || !text.trim()}>
          {announce ? 'Announce' : 'Send'}
        </button>
        {/* On the same line as the field: the Live view keeps its height for the chat itself. */}
        <label className="switch chat-send-announce small">
          <input type="checkbox" checked={announce} onChange={(e) => setAnnounce(e.target.checked)} />
          Announcement
        </label>
      </div>
      {announce ? (
        <div className="chat-send-options">
          <label htmlFor={ids.color} className="small">
            Colour
          </label>
          <select id={ids.color} value={color} onChange={(e) => setColor(e.target.value as AnnouncementColor)}>
            {colors.map((c) => (
              <option key={c} value={c}>
                {c === 'primary' ? 'Channel colour' : c[0]!.toUpperCase() + c.slice(1)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {error ? (
        <p id={ids.error} className="chat-send-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
});

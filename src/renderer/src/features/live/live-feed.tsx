import { Activity as ReactActivity, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { FeedTab } from '../../../../shared/ipc/contract';
import { useMediaQuery } from '../../lib/use-media-query';
import { store, useSidestage } from '../../store';
import { selectLiveView } from '../../store/live-view-slice';
import { ActivityFeed } from '../activity/activity-feed';
import { ChatView } from '../chat/chat-view';
import { HeldMessages } from '../moderation/held-messages';

const tabs: { id: FeedTab; label: string }[] = [
  { id: 'chat', label: 'Chat' },
  { id: 'activity', label: 'Activity' },
];

/**
 * What arrives while live: chat and the activity feed. A wide window shows both; a dock shows them
 * as the broadcaster chose (Arrange): as tabs, one at a time, or one above the other. Both stay
 * mounted, so a message being typed or the feed's filter survive a change of tab.
 */
export function LiveFeed() {
  const wide = useMediaQuery('(min-width: 960px)');
  const layout = useSidestage((state) => selectLiveView(state).feedLayout);
  const tab = useSidestage((state) => selectLiveView(state).feedTab);
  const mode = wide ? 'both' : layout === 'split' ? 'both' : 'tabs';
  const ids = { chat: useId(), activity: useId() };
  const tabRefs = useRef<Partial<Record<FeedTab, HTMLButtonElement | null>>>({});
  const choose = (next: FeedTab) => void store.getState().changeLiveView({ feedTab: next });
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const to = event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : step ? (at + step + tabs.length) % tabs.length : -1;
    if (to < 0) return;
    event.preventDefault();
    choose(tabs[to]!.id);
    tabRefs.current[tabs[to]!.id]?.focus();
  };
  return (
    <div className="live-feed" data-mode={mode}>
      {mode === 'tabs' ? (
        <div className="live-feed-tabs" role="tablist" aria-label="Chat or activity">
          {tabs.map((t) => (
            <button
              key={t.id}
              ref={(element) => {
                tabRefs.current[t.id] = element;
              }}
              type="button"
              role="tab"
              id={`${ids[t.id]}-tab`}
              aria-selected={tab === t.id}
              aria-controls={ids[t.id]}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => choose(t.id)}
              onKeyDown={onTabKey}
            >
              {t.label}
              {t.id === 'activity' ? <ActivityTabCount /> : null}
            </button>
          ))}
        </div>
      ) : null}
      <FeedPane id={ids.activity} tabs={mode === 'tabs'} shown={tab === 'activity'}>
        {/* Hidden, the feed keeps its state but renders only when the page is idle (React's
            Activity): a hate raid's follows must not hold up the chat lines being drawn. Chat's
            pane is not deferred so: its effects (the chatter card's focus) would run again at
            every return to its tab. */}
        <ReactActivity mode={mode === 'tabs' && tab !== 'activity' ? 'hidden' : 'visible'}>
          <ActivityFeed />
        </ReactActivity>
      </FeedPane>
      <FeedPane id={ids.chat} tabs={mode === 'tabs'} shown={tab === 'chat'}>
        <HeldMessages />
        <ChatView />
      </FeedPane>
    </div>
  );
}

/** The activity tab's count, subscribed here alone: each activity item re-renders this span, not the feed with chat. */
function ActivityTabCount() {
  const count = useSidestage((state) => state.activity?.items.length ?? null);
  return count ? <span className="live-feed-count"> {count.toLocaleString('en-US')}</span> : null;
}

/** Chat's or the activity's place: a tab's panel (hidden while another tab is chosen), or simply a pane beside the other. */
function FeedPane({ id, tabs, shown, children }: { id: string; tabs: boolean; shown: boolean; children: ReactNode }) {
  return (
    <div className="live-feed-pane" id={id} role={tabs ? 'tabpanel' : undefined} aria-labelledby={tabs ? `${id}-tab` : undefined} hidden={tabs && !shown}>
      {children}
    </div>
  );
}

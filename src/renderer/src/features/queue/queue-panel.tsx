import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Redemption } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { store, useSidestage } from '../../store';
import { visibleRedemptions } from '../../store/redemptions-slice';
import { selectAction } from '../../store/selectors';
import { ChannelGate } from '../../components/channel-gate';
import { formatAge, formatQueueSync } from '../../store/queue-model';
import { useNow } from '../../lib/use-now';
import { PendingCancelNotice } from './pending-cancel-notice';
import '../channel-points.css';
import './queue-panel.css';

/** Two lines (reward, points and age; who and what they wrote): dense, and no empty band. */
const rowHeight = 48;
/** One formatter for every row: `toLocaleString()` builds a new one per call, the most a row cost. */
const points = new Intl.NumberFormat('en-US');

export function QueuePanel() {
  return (
    <section className="panel" aria-labelledby="queue-heading">
      <h2 id="queue-heading">Redemption queue</h2>
      <ChannelGate
        signedOut={
          <p>
            Sign in to work through your channel-point redemptions.{' '}
            <button type="button" onClick={() => store.getState().setActivePanel('account')}>
              Go to Account
            </button>
          </p>
        }
      >
        <QueueBody />
      </ChannelGate>
    </section>
  );
}

function QueueBody() {
  const loaded = useSidestage((s) => s.queue !== null);
  const loading = useSidestage((s) => selectAction('redemptions.load')(s).pending);
  if (!loaded) {
    return (
      <>
        <p className="muted">{loading ? 'Loading the queue…' : 'The queue is not loaded.'}</p>
        <ActionError action="redemptions.load" what="Could not load the queue" />
      </>
    );
  }
  return (
    <div className="stack">
      <SyncStatus />
      <Failures />
      <Filters />
      <QueueList />
      <ActionError action="redemptions.resolve" what="Some redemptions could not be updated" />
      <ActionError action="redemptions.resolveAll" what="Could not update the reward's redemptions" />
    </div>
  );
}

function SyncStatus() {
  const status = useSidestage((s) => s.queueStatus);
  const reconciling = useSidestage((s) => selectAction('redemptions.reconcile')(s).pending);
  const connection = useSidestage((s) => s.connection);
  const eventSub = useSidestage((s) => s.eventSub?.state ?? null);
  // The age moves with time ("checked 2 min ago").
  const now = useNow(10_000, status !== null);
  if (!status) return null;
  const connected = connection === 'connected';
  return (
    <div className="queue-status">
      <span data-testid="queue-sync">
        {formatQueueSync(status, now, connection, eventSub)}
        {connected ? ` ${status.size} waiting.` : ''}
      </span>
      {connected && status.outboxCount > 0 ? (
        <span className="warning-text" role="status">
          {status.outboxCount} {status.outboxCount === 1 ? 'action waits' : 'actions wait'} to be sent. {status.outboxError ?? ''}
        </span>
      ) : null}
      {status.error ? <span className="error-text">{status.error}</span> : null}
      <button type="button" disabled={reconciling || status.syncing} onClick={() => void store.getState().reconcileQueue()}>
        Sync now
      </button>
      <ActionError action="redemptions.reconcile" what="Could not sync the queue" />
    </div>
  );
}

function Failures() {
  const failures = useSidestage((s) => s.queueFailures);
  if (failures.length === 0) return null;
  const { resolveRedemptions, dismissQueueFailure } = store.getState();
  return (
    <div className="stack">
      {failures.map((f) => (
        <div key={f.at} className="action-error" role="alert">
          <p>{f.message} They are back in the queue.</p>
          <div className="button-row">
            <button type="button" onClick={() => void dismissQueueFailure(f.at).then(() => resolveRedemptions(f.ids, f.status))}>
              Retry
            </button>
            <button type="button" className="quiet" onClick={() => void dismissQueueFailure(f.at)}>
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}

function Filters() {
  const { rewards, filter, settings } = useSidestage(useShallow((s) => ({ rewards: s.queueRewards, filter: s.queueFilter, settings: s.notificationSettings })));
  const count = useSidestage((s) => (filter.rewardId ? (s.queue?.items.filter((r) => r.rewardId === filter.rewardId).length ?? 0) : 0));
  const { setQueueFilter, resolveAllOfReward, setNotificationSettings } = store.getState();
  const reward = rewards.find((r) => r.id === filter.rewardId) ?? null;
  const muted = reward !== null && (settings?.mutedRewardIds.includes(reward.id) ?? false);
  return (
    <div className="queue-filters">
      <label>
        Reward{' '}
        <select value={filter.rewardId ?? ''} onChange={(e) => setQueueFilter({ rewardId: e.target.value || null })}>
          <option value="">All rewards</option>
          {rewards.map((r) => (
            <option key={r.id} value={r.id}>
              {r.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        User <input type="search" value={filter.user} placeholder="name or login" onChange={(e) => setQueueFilter({ user: e.target.value })} />
      </label>
      {settings ? (
        <label className="switch">
          <input type="checkbox" checked={settings.doNotDisturb} onChange={(e) => void setNotificationSettings({ doNotDisturb: e.target.checked })} /> Do not disturb
        </label>
      ) : null}
      {reward ? (
        <div className="button-row">
          <button type="button" className="primary" disabled={count === 0} onClick={() => void resolveAllOfReward(reward.id, 'FULFILLED')}>
            Fulfil all of {reward.title} ({count})
          </button>
          <button type="button" disabled={count === 0} onClick={() => void resolveAllOfReward(reward.id, 'CANCELED')}>
            Cancel all of {reward.title} (refund)
          </button>
          {settings ? (
            <label className="switch">
              <input
                type="checkbox"
                checked={muted}
                onChange={(e) =>
                  void setNotificationSettings({
                    mutedRewardIds: e.target.checked ? [...settings.mutedRewardIds, reward.id] : settings.mutedRewardIds.filter((id) => id !== reward.id),
                  })
                }
              />{' '}
              Mute notifications for {reward.title}
            </label>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function QueueList() {
  const { items, filter, selected, focusedId } = useSidestage(
    useShallow((s) => ({ items: s.queue?.items ?? [], filter: s.queueFilter, selected: s.selectedIds, focusedId: s.focusedId })),
  );
  const notice = useSidestage((s) => s.queueNotice);
  const visible = useMemo(() => visibleRedemptions({ queue: { version: 0, items }, queueFilter: filter }), [items, filter]);
  const parentRef = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  // eslint-disable-next-line react-hooks/incompatible-library -- its functions stay in this component; nothing memoised receives them
  const virtualizer = useVirtualizer({ count: visible.length, getScrollElement: () => parentRef.current, estimateSize: () => rowHeight, overscan: 8 });
  const positions = useMemo(() => new Map(visible.map((r, i) => [r.id, i])), [visible]);
  const focusedIndex = focusedId === null ? -1 : (positions.get(focusedId) ?? -1);
  useLayoutEffect(() => {
    // Rows have one height, so the focused row's place is known: one scroll, before the frame is
    // drawn, and only when it is out of view (the virtualiser's scrollToIndex reads the layout again
    // for several frames after).
    const list = parentRef.current;
    if (focusedIndex < 0 || !list) return;
    const height = virtualizer.scrollRect?.height || list.clientHeight;
    const top = focusedIndex * rowHeight;
    const shown = virtualizer.scrollOffset ?? list.scrollTop;
    if (top < shown) list.scrollTop = top;
    else if (top + rowHeight > shown + height) list.scrollTop = top + rowHeight - height;
  }, [focusedIndex, virtualizer]);

  const { moveQueueFocus, toggleSelected, resolveTargets, clearSelection, focusRedemption, undoCancel } = store.getState();
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const page = Math.max(1, Math.floor((parentRef.current?.clientHeight ?? rowHeight * 8) / rowHeight) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveQueueFocus(1),
      ArrowUp: () => moveQueueFocus(-1),
      PageDown: () => moveQueueFocus(page),
      PageUp: () => moveQueueFocus(-page),
      Home: () => moveQueueFocus(-visible.length),
      End: () => moveQueueFocus(visible.length),
      ' ': () => {
        if (focusedId) toggleSelected(focusedId);
        else moveQueueFocus(1);
      },
      f: () => void resolveTargets('FULFILLED'),
      F: () => void resolveTargets('FULFILLED'),
      c: () => void resolveTargets('CANCELED'),
      C: () => void resolveTargets('CANCELED'),
      u: () => void undoCancel(),
      U: () => void undoCancel(),
      Escape: () => clearSelection(),
    };
    const handler = keys[e.key];
    if (!handler) return;
    e.preventDefault();
    handler();
  };

  const selectedCount = selected.size === 0 ? 0 : visible.filter((r) => selected.has(r.id)).length;
  // One function for every row, so a row that did not change is not rendered again while scrolling.
  const pick = useCallback((id: string, toggle: boolean) => {
    const actions = store.getState();
    actions.focusRedemption(id);
    if (toggle) actions.toggleSelected(id);
  }, []);
  const target = selectedCount ? `${selectedCount} selected` : focusedIndex >= 0 ? 'the focused redemption' : null;
  return (
    <>
      <div className="button-row queue-actions">
        <button type="button" className="primary" aria-keyshortcuts="F" disabled={!target} onClick={() => void resolveTargets('FULFILLED')}>
          Fulfil{target ? ` ${target}` : ''} <kbd>F</kbd>
        </button>
        <button type="button" aria-keyshortcuts="C" disabled={!target} onClick={() => void resolveTargets('CANCELED')}>
          Cancel{target ? ` ${target}` : ''} <kbd>C</kbd>
        </button>
        {selectedCount ? (
          <button type="button" className="quiet" onClick={clearSelection}>
            Clear selection
          </button>
        ) : null}
      </div>
      <p className="small muted" id="queue-keys">
        <kbd>↑</kbd>/<kbd>↓</kbd> move · <kbd>Space</kbd> select · <kbd>F</kbd> fulfil · <kbd>C</kbd> cancel (refunds the points; <kbd>U</kbd> undoes it for 5 s) · <kbd>Esc</kbd> clear selection
      </p>
      <PendingCancelNotice testId="queue-undo" />
      <LiveStatus>{notice ?? ''}</LiveStatus>
      {visible.length === 0 ? (
        <p className="muted" data-testid="queue-empty">
          {items.length === 0 ? 'No redemptions are waiting.' : 'No redemptions match the filter.'}
        </p>
      ) : null}
      <div
        ref={parentRef}
        className="queue-list"
        role="listbox"
        aria-label={`Redemptions, oldest first (${visible.length})`}
        aria-multiselectable="true"
        aria-describedby="queue-keys"
        aria-activedescendant={focusedIndex >= 0 ? rowId(visible[focusedIndex]!) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (focusedId === null && visible.length) focusRedemption(visible[0]!.id);
        }}
        hidden={visible.length === 0}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const r = visible[row.index]!;
            return (
              <QueueRow
                key={r.id}
                redemption={r}
                index={row.index}
                total={visible.length}
                top={row.start}
                focused={r.id === focusedId}
                selected={selected.has(r.id)}
                now={now}
                onPick={pick}
              />
            );
          })}
        </div>
      </div>
    </>
  );
}

function rowId(r: Redemption): string {
  return `redemption-${r.id}`;
}

interface QueueRowProps {
  redemption: Redemption;
  index: number;
  total: number;
  top: number;
  focused: boolean;
  selected: boolean;
  now: number;
  onPick(id: string, toggle: boolean): void;
}

/**
 * One redemption in two lines: the reward, its cost and age; who redeemed it and what they wrote
 * (cut to the row, whole in the label). Memoised: scrolling renders only the rows that come into view.
 */
const QueueRow = memo(function QueueRow({ redemption: r, index, total, top, focused, selected, now, onPick }: QueueRowProps) {
  const age = formatAge(r.redeemedAt, now);
  return (
    <div
      id={rowId(r)}
      role="option"
      aria-selected={selected}
      aria-posinset={index + 1}
      aria-setsize={total}
      aria-label={`${r.userName} redeemed ${r.rewardTitle}${r.userInput ? `: ${r.userInput}` : ''}, ${age}`}
      data-redemption-id={r.id}
      className={`queue-row${focused ? ' is-focused' : ''}${selected ? ' is-selected' : ''}`}
      style={{ transform: `translateY(${top}px)`, height: rowHeight }}
      onClick={(e) => onPick(r.id, e.ctrlKey || e.metaKey || e.shiftKey)}
    >
      {/* A drawn box, not a checkbox: a control inside an option is a nested control to assistive technology. */}
      <span
        className="queue-row-check"
        aria-hidden="true"
        data-checked={selected}
        onClick={(e) => {
          e.stopPropagation();
          onPick(r.id, true);
        }}
      />
      <div className="queue-row-main">
        <div className="queue-row-line queue-row-reward">
          <strong title={r.rewardTitle}>{r.rewardTitle}</strong> <span className="muted small">{points.format(r.rewardCost)} pts · {age}</span>
        </div>
        <div className="queue-row-line small" title={r.userInput ? `${r.userName}: ${r.userInput}` : r.userName}>
          {r.userName}
          {r.userInput ? <span className="queue-row-input"> · {r.userInput}</span> : null}
        </div>
      </div>
    </div>
  );
});

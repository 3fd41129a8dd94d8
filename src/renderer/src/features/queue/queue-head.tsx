import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Redemption } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { useMediaQuery } from '../../lib/use-media-query';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import type { SidestageStore } from '../../store/create-store';
import { visibleRedemptions } from '../../store/redemptions-slice';
import { formatAge, noFilter } from '../../store/queue-model';
import type { SidestageState } from '../../store/types';
import { ariaKeyFor } from '../live/quick-action-keys';
import { PendingCancelNotice } from './pending-cancel-notice';
import './queue-head.css';

/** How many of the oldest redemptions the Live view shows. */
export const queueHeadSize = 3;

/**
 * The head of the queue: the oldest redemptions as the Queue panel lists them (its filter applies,
 * so both views agree on which one is "next"), and how many more wait behind them.
 */
export function queueHead(state: Pick<SidestageState, 'queue' | 'queueFilter'>): { items: Redemption[]; more: number } {
  const visible = visibleRedemptions(state);
  return { items: visible.slice(0, queueHeadSize), more: Math.max(0, visible.length - queueHeadSize) };
}

/** Fulfils one redemption through the Queue panel's own action (sent at once: nothing is lost by it). */
export function fulfilRedemption(target: SidestageStore, id: string): Promise<void> {
  return target.getState().resolveRedemptions([id], 'FULFILLED');
}

/** Cancels one redemption (with a refund) after main's undo window, as the Queue panel's C does. */
export function cancelRedemptionWithUndo(target: SidestageStore, id: string): Promise<void> {
  return target.getState().cancelWithUndo([id]);
}

/** The Live view's F: the first redemption of the head, if any. */
export function fulfilQueueHead(target: SidestageStore): Promise<void> {
  const first = queueHead(target.getState()).items[0];
  return first ? fulfilRedemption(target, first.id) : Promise.resolve();
}

/** The Live view's X: the first redemption of the head, undoable for a few seconds. */
export function cancelQueueHead(target: SidestageStore): Promise<void> {
  const first = queueHead(target.getState()).items[0];
  return first ? cancelRedemptionWithUndo(target, first.id) : Promise.resolve();
}

/** The Live view's section: the next redemptions with Fulfil / Cancel, and keys for the first. */
export function QueueHead() {
  const { items, filter } = useSidestage(useShallow((s) => ({ items: s.queue?.items ?? null, filter: s.queueFilter })));
  const notice = useSidestage((s) => s.queueNotice);
  // Until the first reconciliation, an empty copy says nothing about the platform's queue.
  const syncing = useSidestage((s) => s.queueStatus === null || s.queueStatus.lastSyncedAt === null || s.queueStatus.syncing);
  const head = useMemo(() => (items ? queueHead({ queue: { version: 0, items }, queueFilter: filter }) : null), [items, filter]);
  const now = useNow(10_000, (head?.items.length ?? 0) > 0);
  const filtered = filter.rewardId !== noFilter.rewardId || filter.user !== noFilter.user;
  // A dock shows the oldest one (the Live view fits 420x800 without scrolling); a wider view the three.
  const shown = useMediaQuery('(min-width: 601px)') ? queueHeadSize : 1;
  return (
    <section className="queue-head" aria-labelledby="queue-head-heading">
      <h3 id="queue-head-heading">Next redemptions</h3>
      {head === null ? (
        <p className="muted">Loading the queue…</p>
      ) : (
        <QueueHeadList
          items={head.items.slice(0, shown)}
          more={head.more + Math.max(0, head.items.length - shown)}
          filtered={filtered}
          syncing={syncing}
          now={now}
          onFulfil={(id) => void fulfilRedemption(store, id)}
          onCancel={(id) => void cancelRedemptionWithUndo(store, id)}
          onOpenQueue={() => store.getState().setActivePanel('queue')}
        />
      )}
      <PendingCancelNotice testId="queue-head-undo" />
      <LiveStatus>{notice ?? ''}</LiveStatus>
      <ActionError action="redemptions.load" what="Could not load the queue" />
      <ActionError action="redemptions.resolve" what="Some redemptions could not be updated" />
    </section>
  );
}

export interface QueueHeadListProps {
  items: Redemption[];
  more: number;
  /** The Queue panel's filter hides some: said, so an empty head is not taken for an empty queue. */
  filtered: boolean;
  /** The queue is being brought up to date: an empty head is not yet "nothing waiting". */
  syncing?: boolean;
  now: number;
  onFulfil(id: string): void;
  onCancel(id: string): void;
  onOpenQueue(): void;
}

/** The list itself, without the store (rendered on its own in tests). */
export function QueueHeadList({ items, more, filtered, syncing = false, now, onFulfil, onCancel, onOpenQueue }: QueueHeadListProps) {
  const fulfilKey = ariaKeyFor('fulfilQueueHead');
  const cancelKey = ariaKeyFor('cancelQueueHead');
  return (
    <>
      {items.length === 0 && syncing ? (
        <p className="muted" data-testid="queue-head-syncing">
          Bringing the queue up to date…
        </p>
      ) : items.length === 0 ? (
        <p className="muted" data-testid="queue-head-empty">
          {filtered
            ? 'No redemptions match the Queue panel’s filter.'
            : 'No redemptions are waiting. When viewers redeem a reward that is not skipped, it appears here to fulfil or cancel.'}{' '}
          <button type="button" className="quiet" onClick={onOpenQueue}>
            {filtered ? 'Change the filter in the Queue' : 'Open the Queue'}
          </button>
        </p>
      ) : (
        <ol className="queue-head-list" aria-label="Oldest first">
          {items.map((r, i) => {
            const first = i === 0;
            return (
              <li key={r.id} className="queue-head-item" data-queue-head-id={r.id}>
                <div className="queue-head-main">
                  <div className="queue-head-line">
                    <strong>{r.rewardTitle}</strong>
                  </div>
                  <div className="queue-head-line small">
                    <span className="muted">{r.userName} · {formatAge(r.redeemedAt, now)}</span>
                    {r.userInput ? (
                      <span className="queue-head-input" title={r.userInput}>
                        {r.userInput}
                      </span>
                    ) : null}
                  </div>
                </div>
                <div className="queue-head-buttons">
                  <button
                    type="button"
                    className="primary"
                    aria-label={`Fulfil ${r.userName}'s ${r.rewardTitle}`}
                    aria-keyshortcuts={first ? fulfilKey : undefined}
                    onClick={() => onFulfil(r.id)}
                  >
                    Fulfil{first ? <kbd>{fulfilKey}</kbd> : null}
                  </button>
                  <button
                    type="button"
                    aria-label={`Cancel ${r.userName}'s ${r.rewardTitle} (refund)`}
                    aria-keyshortcuts={first ? cancelKey : undefined}
                    onClick={() => onCancel(r.id)}
                  >
                    Cancel{first ? <kbd>{cancelKey}</kbd> : null}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {more > 0 ? (
        <p className="small queue-head-more">
          <button type="button" className="quiet" data-testid="queue-head-more" onClick={onOpenQueue}>
            {more.toLocaleString('en-US')} more in the queue
          </button>
        </p>
      ) : null}
    </>
  );
}

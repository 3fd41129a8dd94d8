import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { ActivityItem } from '../../../../shared/ipc/contract';
import { formatClockTime } from '../../lib/format';
import { kindLabels } from './activity-kinds';

export const activityRowHeight = 56;
/** The list's height in a dock (activity.css): the first paint assumes it. */
const listHeight = 320;

export interface ActivityListProps {
  /** Newest first. */
  items: ActivityItem[];
  onShoutout(item: ActivityItem): void;
  shoutoutPending: boolean;
}

/**
 * The feed's rows, virtualised: only the rows in view (and a few around them) are in the DOM,
 * so 10,000 items cost what 20 do. Rows have one fixed height; long text is cut with an ellipsis
 * and given whole in the row's title.
 */
export function ActivityList({ items, onShoutout, shoutoutPending }: ActivityListProps) {
  const parentRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- its functions stay in this component; nothing memoised receives them
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => activityRowHeight,
    getItemKey: (index) => items[index]?.id ?? index,
    overscan: 6,
    // The first paint (and a render without layout) assumes the list's own height.
    initialRect: { width: 320, height: listHeight },
  });
  return (
    // Its height is the stylesheet's (activity.css; the Live view's wide layout lets it fill its share).
    <div ref={parentRef} className="activity-scroll" tabIndex={0} role="region" aria-label="Activity, newest first">
      <ul className="activity-list" style={{ height: virtualizer.getTotalSize() }} aria-label="Activity items">
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index]!;
          return (
            <li
              key={row.key}
              className={`activity-row activity-${item.kind}`}
              data-kind={item.kind}
              aria-posinset={row.index + 1}
              aria-setsize={items.length}
              style={{ transform: `translateY(${row.start}px)`, height: activityRowHeight }}
            >
              <div className="activity-main">
                <p className="activity-head">
                  <span className="activity-kind">{kindLabels[item.kind]}</span> <strong className="activity-who">{item.who}</strong>{' '}
                  <time className="activity-time muted small" dateTime={item.at}>
                    {formatClockTime(item.at)}
                  </time>
                </p>
                <p className="activity-text" title={item.text}>
                  {item.text}
                </p>
              </div>
              {item.kind === 'raid' && item.whoId ? (
                <button type="button" className="activity-shoutout" disabled={shoutoutPending} aria-label={`Shoutout to ${item.who}`} onClick={() => onShoutout(item)}>
                  Shoutout
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

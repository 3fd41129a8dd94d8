import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { store, useSidestage } from '../../store';
import { visibleActivity } from '../../store/activity-slice';
import { selectAction } from '../../store/selectors';
import { activityGroups } from './activity-kinds';
import { ActivityList } from './activity-list';
import './activity.css';

/** The Live view's activity feed: newest first, filterable by kind, a raid's one-click shoutout. */
export function ActivityFeed() {
  const { activity, filter } = useSidestage(useShallow((s) => ({ activity: s.activity, filter: s.activityFilter })));
  const notice = useSidestage((s) => s.activityNotice);
  const shoutoutPending = useSidestage((s) => selectAction('activity.shoutout')(s).pending);
  const items = useMemo(() => visibleActivity({ activity, activityFilter: filter }), [activity, filter]);
  const { toggleActivityKind, clearActivityFilter, shoutout } = store.getState();
  return (
    <section className="activity-feed" aria-labelledby="activity-heading">
      <h3 id="activity-heading">
        Activity <span className="muted small" data-testid="activity-count">{activity ? `${activity.items.length.toLocaleString('en-US')} events` : ''}</span>
      </h3>
      <div className="activity-filters" role="group" aria-label="Show only">
        <button type="button" className="activity-chip" aria-pressed={filter.size === 0} onClick={clearActivityFilter}>
          All
        </button>
        {activityGroups.map((group) => {
          const on = group.kinds.every((k) => filter.has(k));
          return (
            <button
              key={group.label}
              type="button"
              className="activity-chip"
              aria-pressed={on}
              onClick={() => {
                for (const kind of group.kinds) if (filter.has(kind) === on) toggleActivityKind(kind);
              }}
            >
              {group.label}
            </button>
          );
        })}
      </div>
      {!activity ? (
        <p className="muted">Loading the activity…</p>
      ) : items.length === 0 ? (
        <p className="muted" data-testid="activity-empty">
          {activity.items.length === 0 ? 'Follows, subs, cheers, raids and rewards show up here as they happen.' : 'Nothing of these kinds yet.'}
        </p>
      ) : (
        <ActivityList items={items} shoutoutPending={shoutoutPending} onShoutout={(item) => item.whoId && void shoutout(item.whoId)} />
      )}
      <LiveStatus>{notice ?? ''}</LiveStatus>
      <ActionError action="activity.shoutout" what="Shoutout" />
      <ActionError action="activity.load" what="Could not read the activity" />
    </section>
  );
}

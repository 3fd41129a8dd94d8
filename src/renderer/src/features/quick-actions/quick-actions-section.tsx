import { useEffect, useId, useRef, useState } from 'react';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { Select } from '../../components/select';
import { formatCountdown } from '../../lib/live-format';
import { formatClockTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { cancelQueueHead, fulfilQueueHead } from '../queue/queue-head';
import { EngagementActions } from './engagement-actions';
import { ariaKeyFor, quickActionFor, quickActionKeys, type QuickActionKey } from './quick-action-keys';
import { RaidActions, ShoutoutAction } from './raid-actions';
import './quick-actions.css';

const adLengths = [30, 60, 90, 120, 150, 180];
const adLengthOptions = adLengths.map((l) => ({ value: String(l), label: `${l} seconds` }));

/**
 * The Live view's quick actions: clip, ads (schedule, snooze, the break on air), polls and
 * predictions, raid, shoutout; each one key away while the Live view is shown (see the legend).
 */
export function QuickActions() {
  const [adLength, setAdLength] = useState(30);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const raidSearch = useRef<HTMLInputElement>(null);
  const shoutoutName = useRef<HTMLInputElement>(null);
  const legendId = useId();

  // The raid hotkey (desktop app) brought this view forward: a raid needs its target chosen here.
  const raidSearchRequested = useSidestage((state) => state.raidSearchRequested);
  useEffect(() => {
    if (!raidSearchRequested) return;
    raidSearch.current?.focus();
    store.getState().takeRaidSearchRequest();
  }, [raidSearchRequested]);

  useEffect(() => {
    const act = (action: QuickActionKey) => {
      const state = store.getState();
      switch (action) {
        case 'marker':
          return void state.dropMarker();
        case 'clip':
          return void state.createClip();
        case 'ad':
          return void state.runAd(adLength);
        case 'snooze':
          return void state.snoozeAd();
        case 'startTemplate': {
          const chosen = templateId ?? state.engagement?.templates[0]?.id;
          return chosen ? void state.startEngagement(chosen) : undefined;
        }
        case 'endPoll':
          return void state.endPoll();
        case 'lockPrediction':
          return void state.lockPrediction();
        case 'raid':
          return raidSearch.current?.focus();
        case 'shoutout':
          return shoutoutName.current?.focus();
        case 'fulfilQueueHead':
          return void fulfilQueueHead(store);
        case 'cancelQueueHead':
          return void cancelQueueHead(store);
        case 'undoQueueCancel':
          return void state.undoCancel();
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const action = quickActionFor(event);
      if (!action) return;
      event.preventDefault();
      act(action);
      bringIntoView(ariaKeyFor(action));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [adLength, templateId]);

  return (
    <section className="quick-actions" aria-labelledby="quick-actions-heading" aria-describedby={legendId}>
      <h3 id="quick-actions-heading">Quick actions</h3>
      <p id={legendId} className="quick-actions-legend muted small">
        Keys while this view is open:{' '}
        {quickActionKeys.map((k, i) => (
          <span key={k.key}>
            <kbd>{k.key.toUpperCase()}</kbd> {k.label}
            {i < quickActionKeys.length - 1 ? ', ' : '.'}
          </span>
        ))}
      </p>
      <div className="quick-actions-grid">
        <ClipAction />
        <AdActions length={adLength} onLength={setAdLength} />
        <EngagementActions templateId={templateId} onTemplate={setTemplateId} startKey={ariaKeyFor('startTemplate')} endKey={ariaKeyFor('endPoll')} lockKey={ariaKeyFor('lockPrediction')} />
        <RaidActions searchRef={raidSearch} searchKey={ariaKeyFor('raid')} />
        <ShoutoutAction inputRef={shoutoutName} inputKey={ariaKeyFor('shoutout')} />
      </div>
    </section>
  );
}

/**
 * A key acts wherever the Live view is scrolled: the part that shows its outcome (the ad on air,
 * the queue head after F) is scrolled into view, or the press would seem to do nothing.
 */
function bringIntoView(key: string): void {
  const control = document.querySelector(`main [aria-keyshortcuts="${key}"]`);
  control?.closest('.quick-action, section')?.scrollIntoView({ block: 'nearest' });
}

function ClipAction() {
  const clips = useSidestage((state) => state.clips);
  const live = useSidestage((state) => state.streamStatus?.live ?? false);
  const pending = useSidestage((state) => selectAction('clips.create')(state).pending);
  const last = clips?.recent[0] ?? null;
  return (
    <div className="quick-action" role="group" aria-labelledby="quick-clip-title">
      <h4 id="quick-clip-title">Clip</h4>
      <div className="button-row">
        <button type="button" className="primary" aria-keyshortcuts={ariaKeyFor('clip')} disabled={pending} onClick={() => void store.getState().createClip()}>
          Create clip
        </button>
        {!live ? <span className="muted small">Clips are made while you are live.</span> : null}
      </div>
      <LiveStatus>{pending ? 'Creating the clip…' : last ? describeClip(last.status, last.error) : ''}</LiveStatus>
      {last?.editUrl ? (
        <p className="small quick-action-link" data-testid="clip-edit-link">
          <a href={last.editUrl} target="_blank" rel="noreferrer noopener">
            Edit the clip of {formatClockTime(last.pressedAt)}
          </a>
        </p>
      ) : null}
      <ActionError action="clips.create" what="Clip not created" />
    </div>
  );
}

function describeClip(status: string, error: string | null): string {
  switch (status) {
    case 'creating':
      return 'Creating the clip…';
    case 'processing':
      return 'Clip created: the platform is processing it.';
    case 'ready':
      return 'Clip ready.';
    default:
      return `Clip failed: ${error ?? 'unknown reason'}`;
  }
}

function AdActions({ length, onLength }: { length: number; onLength: (length: number) => void }) {
  const ads = useSidestage((state) => state.ads);
  const live = useSidestage((state) => state.streamStatus?.live ?? false);
  const running = useSidestage((state) => selectAction('ads.run')(state).pending);
  const snoozing = useSidestage((state) => selectAction('ads.snooze')(state).pending);
  const now = useNow(1000, Boolean(ads?.running || ads?.nextAllowedAt || ads?.schedule?.nextAdAt));
  const onAir = formatCountdown(ads?.running?.endsAt ?? null, now);
  const cooldown = formatCountdown(ads?.nextAllowedAt ?? null, now);
  const schedule = ads?.schedule ?? null;
  const nextBreak = formatCountdown(schedule?.nextAdAt ?? null, now);
  return (
    <div className="quick-action" role="group" aria-labelledby="quick-ads-title">
      <h4 id="quick-ads-title">Ads</h4>
      {onAir ? (
        <p className="quick-action-onair" role="status" data-testid="ad-running">
          {ads?.running?.automatic ? 'Scheduled ad' : 'Ad'} running {onAir}
        </p>
      ) : null}
      <div className="button-row">
        <Select label="Length" value={String(length)} options={adLengthOptions} onChange={(chosen) => onLength(Number(chosen))} />
        <button type="button" aria-keyshortcuts={ariaKeyFor('ad')} disabled={running || !live || cooldown !== null || onAir !== null} onClick={() => void store.getState().runAd(length)}>
          Run ad
        </button>
      </div>
      <p className="muted small" aria-live="polite">
        {!live ? 'Ads run only while you are live.' : onAir ? '' : cooldown ? `Another ad can run in ${cooldown}.` : 'Ready to run an ad.'}
        {ads?.message ? ` ${ads.message}` : ''}
      </p>
      {live && schedule ? (
        <p className="small" data-testid="ad-schedule">
          {nextBreak ? `Next scheduled break in ${nextBreak} (${schedule.durationSeconds} s).` : 'No break scheduled.'} {snoozeWords(schedule.snoozeCount, schedule.snoozeRefreshAt)}
          {schedule.prerollFreeSeconds > 0 ? ` Pre-roll free for ${Math.ceil(schedule.prerollFreeSeconds / 60)} min.` : ''}
        </p>
      ) : null}
      {ads?.scheduleError && live ? <p className="warning-text small">{ads.scheduleError}</p> : null}
      <div className="button-row">
        <button type="button" aria-keyshortcuts={ariaKeyFor('snooze')} disabled={snoozing || !live || !schedule || schedule.snoozeCount === 0} onClick={() => void store.getState().snoozeAd()}>
          Snooze next ad (5 min)
        </button>
      </div>
      <ActionError action="ads.run" what="Ad not started" />
      <ActionError action="ads.snooze" what="Ad not snoozed" />
    </div>
  );
}

function snoozeWords(count: number, refreshAt: string | null): string {
  const left = count === 1 ? '1 snooze left' : `${count} snoozes left`;
  return refreshAt ? `${left}; the next comes back at ${formatClockTime(refreshAt)}.` : `${left}.`;
}

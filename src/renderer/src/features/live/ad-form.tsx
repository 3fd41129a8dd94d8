import { ActionError } from '../../components/action-error';
import { Select } from '../../components/select';
import { formatClockTime } from '../../lib/format';
import { store, useSidestage } from '../../store/index';
import { selectLiveView } from '../../store/live-view-slice';
import { selectAction } from '../../store/selectors';
import { formatLeft, secondsBetween } from '../../components/tiles/countdown';
import type { TileFormProps } from '../../components/tiles/tile-model';
import { useCountdownClock } from '../../components/tiles/use-countdown-clock';

const adLengths = [30, 60, 90, 120, 150, 180];
const adLengthOptions = adLengths.map((l) => ({ value: String(l), label: `${l} seconds` }));

/**
 * The ad tiles' sheet: the length A asks for (kept in main), the break on air and when another can
 * run, right to the second, the platform's schedule and its snoozes.
 */
export function AdForm(_props: TileFormProps) {
  const ads = useSidestage((state) => state.ads);
  const live = useSidestage((state) => state.streamStatus?.live ?? false);
  const length = useSidestage((state) => selectLiveView(state).adLengthSeconds);
  const running = useSidestage((state) => selectAction('ads.run')(state).pending);
  const snoozing = useSidestage((state) => selectAction('ads.snooze')(state).pending);
  const schedule = ads?.schedule ?? null;
  const now = useCountdownClock([ads?.running?.endsAt, ads?.nextAllowedAt, schedule?.nextAdAt]);
  const onAir = ads?.running ? formatLeft(ads.running.endsAt, now, secondsBetween(ads.running.startedAt, ads.running.endsAt)) : null;
  const cooldown = formatLeft(ads?.nextAllowedAt ?? null, now, secondsBetween(ads?.lastStartedAt, ads?.nextAllowedAt));
  const nextBreak = formatLeft(schedule?.nextAdAt ?? null, now);
  return (
    <div className="tile-form">
      {onAir ? (
        <p className="quick-action-onair" role="status" data-testid="ad-running">
          {ads?.running?.automatic ? 'Scheduled ad' : 'Ad'} running {onAir}
        </p>
      ) : null}
      <div className="tile-form-row">
        <Select
          label="Length"
          value={String(length)}
          options={adLengthOptions}
          onChange={(chosen) => void store.getState().changeLiveView({ adLengthSeconds: Number(chosen) })}
        />
        <button type="button" disabled={running || !live || cooldown !== null || onAir !== null} onClick={() => void store.getState().runAd(length)}>
          Run a {length} s ad
        </button>
      </div>
      <p className="muted small" aria-live="polite" data-testid="ad-cooldown">
        {!live ? 'Ads run only while you are live.' : cooldown ? `Another ad can run in ${cooldown}.` : onAir ? '' : 'Ready to run an ad.'}
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
        <button type="button" disabled={snoozing || !live || !schedule || schedule.snoozeCount === 0} onClick={() => void store.getState().snoozeAd()}>
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

/**
 * What each quick-action tile shows under its label, from the store at a given time. Pure, so every
 * wording (and every countdown's boundary) is tested without a page; the registry names them.
 */
import { selectLiveView } from '../../store/live-view-slice';
import { formatObsStreamState } from '../../store/obs-slice';
import { selectAction } from '../../store/selectors';
import type { SidestageState } from '../../store/types';
import { quickModes } from '../chat-settings/chat-modes-quick-model';
import { formatLeft, secondsBetween } from '../../components/tiles/countdown';
import type { TileState } from '../../components/tiles/tile-model';

const live = (state: SidestageState) => state.streamStatus?.live ?? false;
const pending = (state: SidestageState, action: Parameters<typeof selectAction>[0]) => selectAction(action)(state).pending;
const offline: TileState = { text: 'Live only', tone: 'off', disabled: true };

export function markerTileState(state: SidestageState): TileState {
  if (pending(state, 'markers.drop')) return { text: 'Placing…', tone: 'active' };
  if (!live(state)) return offline;
  const last = state.markers?.lastResult ?? null;
  if (!last) return { text: 'Ready' };
  return last.ok ? { text: `Last ${last.message.replace(/^Marker /, '')}` } : { text: 'Not placed', tone: 'warn' };
}

export function clipTileState(state: SidestageState): TileState {
  if (pending(state, 'clips.create')) return { text: 'Creating…', tone: 'active' };
  const last = state.clips?.recent[0] ?? null;
  const disabled = !live(state);
  switch (last?.status) {
    case undefined:
      return disabled ? offline : { text: 'Ready' };
    case 'creating':
      return { text: 'Creating…', tone: 'active', disabled };
    case 'processing':
      return { text: 'Processing', tone: 'active', disabled };
    case 'ready':
      return { text: 'Clip ready', disabled, tone: disabled ? 'off' : 'idle' };
    default:
      return { text: 'Clip failed', tone: 'warn', disabled };
  }
}

/**
 * The ad tile, right to the second: the break on air ("Ad running 0:42") with, beside it, when the
 * platform lets another run (its retry_after: "Another ad in 7:42"), then that cooldown alone;
 * ready, the length it will ask for. The next scheduled break is the snooze tile's.
 */
export function adTileState(state: SidestageState, now: number): TileState {
  const ads = state.ads;
  const running = ads?.running ?? null;
  const onAir = running ? formatLeft(running.endsAt, now, secondsBetween(running.startedAt, running.endsAt)) : null;
  // The platform's wait counts from the ad's start: never shown above it either.
  const cooldown = formatLeft(ads?.nextAllowedAt, now, secondsBetween(ads?.lastStartedAt, ads?.nextAllowedAt));
  const until = [running?.endsAt, ads?.nextAllowedAt];
  if (onAir) {
    const text = `${running?.automatic ? 'Scheduled ad' : 'Ad'} running ${onAir}`;
    return { text, detail: cooldown ? `Another ad in ${cooldown}` : undefined, tone: 'active', disabled: true, until };
  }
  if (pending(state, 'ads.run')) return { text: 'Starting…', tone: 'active', disabled: true };
  if (!live(state)) return offline;
  if (cooldown) return { text: `Another ad in ${cooldown}`, tone: 'off', disabled: true, until };
  return { text: `Ready · ${selectLiveView(state).adLengthSeconds} s` };
}

/** The snooze tile: when the next scheduled break comes ("Next ad 14:05") and the snoozes left. */
export function snoozeTileState(state: SidestageState, now: number): TileState {
  if (pending(state, 'ads.snooze')) return { text: 'Snoozing…', tone: 'active', disabled: true };
  if (!live(state)) return offline;
  const schedule = state.ads?.schedule ?? null;
  if (!schedule) return { text: state.ads?.scheduleError ? 'Schedule unknown' : 'Reading…', tone: 'off', disabled: true };
  const nextBreak = formatLeft(schedule.nextAdAt, now);
  return {
    text: nextBreak ? `Next ad ${nextBreak}` : 'No break due',
    detail: schedule.snoozeCount === 1 ? '1 snooze left' : `${schedule.snoozeCount} snoozes left`,
    disabled: schedule.snoozeCount === 0 || !nextBreak,
    tone: schedule.snoozeCount === 0 ? 'off' : 'idle',
    until: [schedule.nextAdAt],
  };
}

/** The template P starts: the chosen one, or the first saved. */
export function chosenTemplate(state: SidestageState) {
  const templates = state.engagement?.templates ?? [];
  const id = state.liveView?.templateId ?? null;
  return templates.find((t) => t.id === id) ?? templates[0] ?? null;
}

export function startTileState(state: SidestageState): TileState {
  const template = chosenTemplate(state);
  const label = template?.kind === 'prediction' ? 'Start prediction' : 'Start poll';
  // One poll or prediction at a time: while one runs, the End poll and Lock tiles count it down.
  const running = runningEngagement(state);
  if (running) return { text: running, tone: 'off', label, disabled: true };
  if (pending(state, 'polls.start')) return { text: 'Starting…', tone: 'active', label, disabled: true };
  if (!template) return { text: 'No template yet', tone: 'off', label, disabled: true };
  return { text: template.title, label, disabled: !live(state), tone: live(state) ? 'idle' : 'off' };
}

/** A poll or prediction running now, in a word or two; null when none is. */
function runningEngagement(state: SidestageState): string | null {
  if (state.engagement?.poll?.status === 'active') return 'Poll running';
  const prediction = state.engagement?.prediction?.status;
  if (prediction === 'active') return 'Prediction running';
  if (prediction === 'locked') return 'Prediction locked';
  return null;
}

export function endPollTileState(state: SidestageState, now: number): TileState {
  const poll = state.engagement?.poll ?? null;
  if (pending(state, 'polls.end')) return { text: 'Ending…', tone: 'active', disabled: true };
  if (poll?.status !== 'active') return { text: poll ? 'Poll over' : 'No poll running', tone: 'off', disabled: true };
  const left = formatLeft(poll.endsAt, now, secondsBetween(poll.startedAt, poll.endsAt));
  return { text: left ? `Poll: ${left} left` : 'Poll ending…', tone: 'active', until: [poll.endsAt] };
}

export function lockTileState(state: SidestageState, now: number): TileState {
  const prediction = state.engagement?.prediction ?? null;
  if (pending(state, 'polls.lock')) return { text: 'Locking…', tone: 'active', disabled: true };
  switch (prediction?.status) {
    case 'active': {
      const left = formatLeft(prediction.locksAt, now, secondsBetween(prediction.startedAt, prediction.locksAt));
      return { text: left ? `Locks in ${left}` : 'Locking…', tone: 'active', until: [prediction.locksAt] };
    }
    case 'locked':
      return { text: 'Pick the winner', tone: 'warn', disabled: true };
    case 'resolved':
      return { text: 'Resolved', tone: 'off', disabled: true };
    case 'canceled':
      return { text: 'Refunded', tone: 'off', disabled: true };
    default:
      return { text: 'No prediction', tone: 'off', disabled: true };
  }
}

export function raidTileState(state: SidestageState, now: number): TileState {
  const raid = state.raids?.raid ?? null;
  if (raid?.status === 'pending') {
    const left = formatLeft(raid.dueAt, now, secondsBetween(raid.startedAt, raid.dueAt));
    return { text: left ? `${raid.to.displayName} in ${left}` : `${raid.to.displayName} now`, tone: 'active', until: [raid.dueAt] };
  }
  return live(state) ? { text: raid?.status === 'done' ? `Raided ${raid.to.displayName}` : 'Find a channel' } : { text: 'Live only', tone: 'off' };
}

export function shoutoutTileState(state: SidestageState, now: number): TileState {
  const shoutout = state.raids?.shoutout ?? null;
  const next = formatLeft(shoutout?.nextAllowedAt, now);
  if (next) return { text: `Next in ${next}`, tone: 'off', until: [shoutout?.nextAllowedAt] };
  return { text: live(state) ? 'Ready' : 'Live only', tone: live(state) ? 'idle' : 'off' };
}

/** The chat modes on, in short ("Slow 30 s, Emote only"), a preset with its revert's countdown, or "All off". */
export function chatModesTileState(state: SidestageState, now: number): TileState {
  const values = state.chatSettings?.values ?? null;
  if (!values) return { text: state.chatSettings?.error ? 'Unknown' : 'Reading…', tone: 'off' };
  const revert = state.chatSettings?.pendingRevert ?? null;
  const revertsIn = revert ? formatLeft(revert.dueAt, now) : null;
  if (revert && revertsIn) return { text: `${revert.label}: ends in ${revertsIn}`, tone: 'active', until: [revert.dueAt] };
  const on = quickModes(values).filter((m) => m.checked);
  if (on.length === 0) return { text: 'All off' };
  const words = on.map((m) => (m.mode === 'slowMode' ? `Slow ${m.duration}` : m.label));
  return { text: words.join(', '), tone: 'active' };
}

export function channelTileState(state: SidestageState): TileState {
  const info = state.channelInfo;
  if (!info) return { text: 'Reading…', tone: 'off' };
  return { text: info.categoryName || 'No category' };
}

/** OBS's stream in a word or two, as the tile and the status strip say it; null while OBS is off. */
export function obsHealthWord(state: SidestageState): { word: string; tone: NonNullable<TileState['tone']>; detail: string } | null {
  const obs = state.obs;
  if (!obs || !obs.enabled) return null;
  if (obs.status !== 'connected') return { word: 'not connected', tone: 'warn', detail: obs.statusText };
  if (obs.streamState === 'reconnecting' || obs.health?.reconnecting) return { word: 'reconnecting', tone: 'warn', detail: formatObsStreamState(obs.streamState) };
  if (obs.streamState !== 'started') return { word: formatObsStreamState(obs.streamState).toLowerCase(), tone: obs.streamState === 'stopped' ? 'idle' : 'active', detail: formatObsStreamState(obs.streamState) };
  if (obs.health?.problem) return { word: 'poor', tone: 'warn', detail: obs.health.problem };
  return { word: 'good', tone: 'active', detail: 'Streaming, no problem seen' };
}

export function obsTileState(state: SidestageState): TileState {
  const health = obsHealthWord(state);
  if (!health) return { text: 'Not set up', tone: 'off' };
  const streaming = state.obs?.status === 'connected' ? formatObsStreamState(state.obs.streamState) : 'Not connected';
  return { text: health.word === 'good' || health.word === 'poor' ? `${streaming} · ${health.word}` : streaming, tone: health.tone };
}

export function queueTileState(state: SidestageState): TileState {
  const size = state.queueStatus?.size ?? null;
  return size === null ? { text: 'Reading…', tone: 'off' } : { text: `${size.toLocaleString('en-US')} waiting`, tone: size > 0 ? 'active' : 'idle' };
}

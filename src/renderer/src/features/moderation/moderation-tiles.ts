/**
 * What the moderation tiles of the Live view show, from the store. Pure, so every wording is tested
 * without a page; `features/live/tile-registry.tsx` names them.
 */
import { formatClockTime } from '../../lib/format';
import { selectAction } from '../../store/selectors';
import type { SidestageState } from '../../store/types';
import type { TileState } from '../../components/tiles/tile-model';

/** "Shield Mode on" while on (since when, by whom); "Turn on?" while a raid's flood suggests it. */
export function shieldModeTileState(state: SidestageState): TileState {
  const shield = state.shieldMode;
  if (selectAction('shieldMode.set')(state).pending) return { text: shield?.active ? 'Turning off…' : 'Turning on…', tone: 'active' };
  if (!shield?.known) return { text: shield?.error ? 'Not read' : 'Reading…', tone: 'off', disabled: !shield?.error };
  if (shield.active) {
    const since = shield.lastActivatedAt ? `since ${formatClockTime(shield.lastActivatedAt)}` : '';
    const by = shield.by?.name ? `by ${shield.by.name}` : '';
    return { text: 'Shield Mode on', detail: [since, by].filter(Boolean).join(' · ') || undefined, tone: 'warn', label: 'Shield Mode' };
  }
  if (shield.suggestion) return { text: 'Turn on?', detail: `${shield.suggestion.newChatters} first-time chatters after a raid`, tone: 'warn' };
  return { text: 'Off' };
}

/** "2 waiting" while unban requests wait; "None waiting" else. */
export function unbanRequestsTileState(state: SidestageState): TileState {
  const requests = state.unbanRequests;
  if (!requests?.loaded) return { text: requests?.error ? 'Not read' : 'Reading…', tone: 'off' };
  const waiting = requests.requests.filter((r) => r.status === 'pending').length;
  return waiting ? { text: `${waiting} waiting`, tone: 'warn' } : { text: 'None waiting' };
}

/** "3 today" style: how many actions the mod log holds for this broadcast (or in all, off air). */
export function modLogTileState(state: SidestageState): TileState {
  const log = state.modLog;
  if (!log) return { text: 'Reading…', tone: 'off' };
  if (log.unavailable) return { text: 'Off', tone: 'off' };
  const live = log.liveBroadcastId;
  const count = live ? log.entries.filter((e) => e.broadcastId === live).length : log.entries.length;
  if (count === 0) return { text: live ? 'None this stream' : 'None yet' };
  return { text: `${count} ${count === 1 ? 'action' : 'actions'}`, detail: live ? 'this stream' : undefined };
}

/** "4 banned"; "Nobody" when none. */
export function bannedAccountsTileState(state: SidestageState): TileState {
  const banned = state.bannedAccounts;
  if (!banned?.loaded) return { text: banned?.error ? 'Not read' : 'Reading…', tone: 'off' };
  const count = banned.accounts.length;
  return count ? { text: `${count}${banned.truncated ? '+' : ''} banned` } : { text: 'Nobody' };
}

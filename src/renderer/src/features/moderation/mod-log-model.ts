/**
 * What the Mod log sheet, the Banned accounts sheet and the chatter's card show, from the store:
 * the filters (action, moderator, target, this broadcast), each entry in words, and the banned
 * accounts found by a search. Pure, so every wording is tested without a page.
 */
import type { BannedAccount, ModLogEntry, ModLogState } from '../../../../shared/ipc/contract';
import { moderationInWords } from '../../../../shared/domain/moderation-words';

export interface ModLogFilter {
  /** A platform action name ('ban', 'delete', ...); '' for every action. */
  action: string;
  /** A moderator's user id; '' for anyone. */
  moderatorId: string;
  /** Part of the target's name or login; '' for anyone. */
  target: string;
  /** Only the broadcast on air now. */
  thisBroadcast: boolean;
}

export const noModLogFilter: ModLogFilter = { action: '', moderatorId: '', target: '', thisBroadcast: false };

/** The entries the filter keeps, newest first (as main sends them). */
export function filterModLog(state: ModLogState | null, filter: ModLogFilter): ModLogEntry[] {
  const target = filter.target.trim().toLowerCase().replace(/^@/, '');
  return (state?.entries ?? []).filter(
    (e) =>
      (!filter.action || e.action === filter.action) &&
      (!filter.moderatorId || e.moderator.id === filter.moderatorId) &&
      (!target || (e.user !== null && (e.user.name.toLowerCase().includes(target) || e.user.login.toLowerCase().includes(target)))) &&
      (!filter.thisBroadcast || (state?.liveBroadcastId != null && e.broadcastId === state.liveBroadcastId)),
  );
}

/** The actions and moderators seen, for the filters' choices (each once, by name). */
export function modLogChoices(state: ModLogState | null): { actions: string[]; moderators: { id: string; name: string }[] } {
  const actions = new Set<string>();
  const moderators = new Map<string, string>();
  for (const e of state?.entries ?? []) {
    actions.add(e.action);
    if (!moderators.has(e.moderator.id)) moderators.set(e.moderator.id, e.moderator.name || e.moderator.login);
  }
  return {
    actions: [...actions].sort(),
    moderators: [...moderators].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** "ModMallory banned PixelPal: spam"; a deleted line's text follows in quotes. */
export function describeModLogEntry(e: ModLogEntry): string {
  const what = moderationInWords({ action: e.action, user: e.user, reason: e.reason, expiresAt: e.expiresAt, at: e.at, detail: e.detail });
  const line = e.action === 'delete' && e.messageText ? ` (“${e.messageText}”)` : '';
  return `${e.moderator.name || e.moderator.login} ${what}${line}`;
}

/** The entries about one viewer, newest first (the chatter's card). */
export function modLogAbout(state: ModLogState | null, userId: string, limit = 20): ModLogEntry[] {
  return (state?.entries ?? []).filter((e) => e.user?.id === userId).slice(0, limit);
}

/** The banned accounts a search finds (name or login), leaving out timeouts that ended. */
export function searchBanned(accounts: readonly BannedAccount[], search: string, nowMs: number): BannedAccount[] {
  const wanted = search.trim().toLowerCase().replace(/^@/, '');
  return accounts.filter((a) => (a.expiresAt === null || Date.parse(a.expiresAt) > nowMs) && (!wanted || a.user.name.toLowerCase().includes(wanted) || a.user.login.toLowerCase().includes(wanted)));
}

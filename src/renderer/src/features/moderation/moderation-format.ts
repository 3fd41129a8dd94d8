/** The moderation features' words. Pure, so they are tested once. */
import type { ChatMessage, HeldMessage, ShieldModeState, UnbanRequest } from '../../../../shared/ipc/contract';
import { formatUptime } from '../../../../shared/domain/marker-position';

/** "Shield Mode on for 3:12, by ModMaria" while on; null while off. */
export function formatShieldOn(state: ShieldModeState | null, nowMs: number): string | null {
  if (!state?.active) return null;
  const since = state.lastActivatedAt ? Date.parse(state.lastActivatedAt) : NaN;
  const howLong = Number.isFinite(since) ? ` for ${formatUptime(since, nowMs)}` : '';
  return `Shield Mode on${howLong}${state.by?.name ? `, by ${state.by.name}` : ''}`;
}

/** A chatter's card shows their last messages Sidestage saw in this channel. */
export const RECENT_MESSAGES_SHOWN = 50;

/** The chatter's last `limit` messages of chat as Sidestage has it, oldest first (removed ones too: the card says so). */
export function recentMessagesOf(messages: readonly ChatMessage[], userId: string, limit = RECENT_MESSAGES_SHOWN): ChatMessage[] {
  const found: ChatMessage[] = [];
  for (let i = messages.length - 1; i >= 0 && found.length < limit; i--) if (messages[i]!.userId === userId) found.push(messages[i]!);
  return found.reverse();
}

/** "A raid from Raider brought 14 first-time chatters in 30 s." */
export function describeSuggestion(suggestion: NonNullable<ShieldModeState['suggestion']>): string {
  const who = suggestion.raider ? `A raid from ${suggestion.raider.name}` : 'A raid';
  return `${who} brought ${suggestion.newChatters} first-time chatters in ${suggestion.withinSeconds} s.`;
}

/** AutoMod's category names as its events give them, in the broadcaster's words. */
const categoryWords: Record<string, string> = {
  aggressive: 'aggression',
  aggression: 'aggression',
  sexuality: 'sexuality, sex or gender',
  sexuality_sex_or_gender: 'sexuality, sex or gender',
  racism: 'race, ethnicity or religion',
  race_ethnicity_or_religion: 'race, ethnicity or religion',
  sexwords: 'sex-based terms',
  sex_based_terms: 'sex-based terms',
  swearing: 'swearing',
  misogyny: 'misogyny',
  bullying: 'bullying',
  disability: 'disability',
};

/** Why AutoMod held it: "AutoMod: swearing, level 3" or "Blocked term: spoilers". */
export function describeHeldReason(held: Pick<HeldMessage, 'reason' | 'category' | 'level' | 'blockedTerms'>): string {
  if (held.reason === 'blockedTerm') return held.blockedTerms.length ? `Blocked term: ${held.blockedTerms.join(', ')}` : 'Blocked term';
  const category = held.category ? (categoryWords[held.category] ?? held.category.replace(/_/g, ' ')) : 'held';
  return `AutoMod: ${category}${held.level ? `, level ${held.level}` : ''}`;
}

/** "3 years", "5 months", "12 days", "4 hours", "10 minutes": how old an account or a follow is. */
export function formatDuration(sinceIso: string | null, nowMs: number): string | null {
  if (!sinceIso) return null;
  const since = Date.parse(sinceIso);
  if (!Number.isFinite(since)) return null;
  const minutes = Math.max(0, Math.floor((nowMs - since) / 60_000));
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 60) return unit(days, 'day');
  const months = Math.floor(days / 30.44);
  if (months < 24) return unit(months, 'month');
  return unit(Math.floor(days / 365.25), 'year');
}

/** AutoMod's overall levels, as the platform's settings page names them. */
export const autoModLevels = [
  { level: 0, label: 'Off: AutoMod holds nothing' },
  { level: 1, label: 'Level 1: less filtering' },
  { level: 2, label: 'Level 2: some filtering' },
  { level: 3, label: 'Level 3: more filtering' },
  { level: 4, label: 'Level 4: the most filtering' },
] as const;

const statusWords: Record<UnbanRequest['status'], string> = { pending: 'waiting', approved: 'approved', denied: 'denied', canceled: 'taken back', acknowledged: 'seen' };

/** "approved by ModMaria: Welcome back" for a resolved request. */
export function describeResolution(request: UnbanRequest): string {
  const by = request.resolvedBy ? ` by ${request.resolvedBy.name}` : '';
  return `${statusWords[request.status]}${request.status === 'canceled' ? '' : by}${request.resolutionText ? `: ${request.resolutionText}` : ''}`;
}

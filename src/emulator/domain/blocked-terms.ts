/**
 * Blocked terms (the platform's reference; spec part 4 names them only): a moderator adds a word or
 * phrase (2 to 500 characters; `*` at the start or end of a word matches any rest of it) or removes
 * one; a message that contains one does not go out (the sender is told the channel's moderation
 * settings refused it). Moderators and the broadcaster are exempt, as from every chat rule.
 */
import { randomUUID } from 'node:crypto';
import { badRequest } from './api-error';
import type { EmulatorState } from './emulator-state';
import { announceModeration } from './moderator-actions';
import type { BlockedTerm } from './stores/blocked-terms';
import type { User } from './stores/users';
import { containsTerm } from '../../shared/domain/blocked-term-match';

export const MIN_TERM_LENGTH = 2;
export const MAX_TERM_LENGTH = 500;
export const TERM_LENGTH = 'The length of the term in the `text` field is either too short or too long.';

/** Add Blocked Term: a term the channel already blocks (in any letter case) is answered as it is. */
export function addBlockedTerm(state: EmulatorState, broadcaster: User, moderator: User, text: string, now: number): BlockedTerm {
  const length = [...text].length;
  if (length < MIN_TERM_LENGTH || length > MAX_TERM_LENGTH) throw badRequest(TERM_LENGTH);
  const existing = state.blockedTerms.findByText(broadcaster.id, text);
  if (existing) return existing;
  const term: BlockedTerm = { id: randomUUID(), broadcasterId: broadcaster.id, moderatorId: moderator.id, text, createdAt: now, updatedAt: now, expiresAt: null };
  state.blockedTerms.add(term);
  announceModeration(state, broadcaster.id, moderator.id, { action: 'add_blocked_term', terms: [text] });
  return term;
}

/** Remove Blocked Term: an ID the channel does not have is no error, as on the platform. */
export function removeBlockedTerm(state: EmulatorState, broadcaster: User, moderator: User, id: string): void {
  const term = state.blockedTerms.list(broadcaster.id).find((t) => t.id === id);
  if (!term || !state.blockedTerms.remove(broadcaster.id, id)) return;
  announceModeration(state, broadcaster.id, moderator.id, { action: 'remove_blocked_term', terms: [term.text] });
}

/** The channel's terms (in force at `now`) that `text` contains. */
export function blockedTermsIn(state: EmulatorState, broadcasterId: string, text: string, now: number): BlockedTerm[] {
  return state.blockedTerms.list(broadcasterId).filter((term) => (term.expiresAt === null || term.expiresAt > now) && containsTerm(text, term.text));
}

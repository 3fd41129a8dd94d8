/**
 * Polls' rules (the platform's reference, Polls): one active poll per broadcaster, partners and
 * affiliates only; a poll ends when the broadcaster ends it or its duration is up on the emulator
 * clock (`settlePolls`); every viewer has one free vote, more votes cost channel points.
 * Announces `channel.poll.begin`, `progress` and `end`.
 */
import { badRequest, conflict, forbidden, notFound } from './api-error';
import { spendChannelPoints } from './channel-point-balances';
import type { EmulatorState } from './emulator-state';
import { endsAt, type NewPoll, type Poll } from './stores/polls';
import type { User } from './stores/users';
import { knownUser } from './users';

export const ACTIVE_POLL_MESSAGE = 'The broadcaster already has an active poll; end it before creating another.';
export const NOT_MONETIZED_MESSAGE = 'The broadcaster is not a partner or affiliate.';

/** Completes the active polls whose duration is up, with their `channel.poll.end`. */
export function settlePolls(state: EmulatorState, now: number): void {
  for (const poll of state.polls.due(now)) {
    poll.status = 'COMPLETED';
    poll.endedAt = endsAt(poll);
    state.events.publish({ type: 'channel.poll.end', poll });
  }
}

/** The broadcaster's polls of the last 90 days, newest first, as of `now`. */
export function pollsOf(state: EmulatorState, broadcasterId: string, now: number): Poll[] {
  settlePolls(state, now);
  return state.polls.listFor(broadcasterId, now);
}

/** Create Poll. */
export function createPoll(state: EmulatorState, broadcaster: User, input: Omit<NewPoll, 'broadcasterId'>, now: number): Poll {
  settlePolls(state, now);
  if (broadcaster.broadcasterType === '') throw forbidden(NOT_MONETIZED_MESSAGE);
  if (state.polls.active(broadcaster.id)) throw badRequest(ACTIVE_POLL_MESSAGE);
  const poll = state.polls.create({ ...input, broadcasterId: broadcaster.id }, now);
  state.events.publish({ type: 'channel.poll.begin', poll });
  return poll;
}

/** End Poll: TERMINATED ends an active poll; ARCHIVED also hides one that has already ended. */
export function endPoll(state: EmulatorState, broadcasterId: string, pollId: string, status: 'TERMINATED' | 'ARCHIVED', now: number): Poll {
  settlePolls(state, now);
  const poll = state.polls.get(pollId);
  if (!poll || poll.broadcasterId !== broadcasterId) throw notFound('The poll was not found.');
  if (status === 'TERMINATED' && poll.status !== 'ACTIVE') throw badRequest(`The poll is ${poll.status} and can no longer be terminated.`);
  if (status === 'ARCHIVED' && !['ACTIVE', 'COMPLETED', 'TERMINATED'].includes(poll.status)) throw badRequest(`The poll is ${poll.status} and cannot be archived.`);
  const wasActive = poll.status === 'ACTIVE';
  poll.status = status;
  poll.endedAt ??= now;
  if (wasActive) state.events.publish({ type: 'channel.poll.end', poll });
  return poll;
}

/** A viewer votes (simulation API): the free vote, or `channelPoints` worth of votes. */
export function vote(state: EmulatorState, input: { pollId: string; voterId: string; choiceId: string; channelPoints: number }, now: number): Poll {
  settlePolls(state, now);
  const poll = state.polls.get(input.pollId);
  if (!poll) throw notFound(`Unknown poll "${input.pollId}"`);
  const voter = knownUser(state, input.voterId, 'user_id');
  if (poll.status !== 'ACTIVE') throw conflict(`The poll is ${poll.status}`);
  const choice = poll.choices.find((c) => c.id === input.choiceId);
  if (!choice) throw badRequest(`Invalid field "choice_id": not a choice of poll "${poll.id}"`);
  const spent = input.channelPoints;
  if (spent === 0) {
    // Every viewer has one free vote; more votes cost channel points.
    if (poll.freeVoters.has(voter.id)) throw conflict(`User "${voter.login}" has already used their free vote`);
    poll.freeVoters.add(voter.id);
    choice.votes += 1;
  } else {
    if (!poll.channelPointsVotingEnabled) throw conflict('The poll does not take votes with channel points');
    if (spent % poll.channelPointsPerVote !== 0) {
      throw badRequest(`Invalid field "channel_points": must be a multiple of the poll's ${poll.channelPointsPerVote} points per vote`);
    }
    spendChannelPoints(state, poll.broadcasterId, voter, spent);
    const votes = spent / poll.channelPointsPerVote;
    choice.votes += votes;
    choice.channelPointsVotes += votes;
  }
  state.events.publish({ type: 'channel.poll.progress', poll });
  return poll;
}

/** Polls in the current API's shape (the platform's reference, Polls). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Poll } from '../../domain/stores/polls';
import { userFields } from './user-fields';
import type { PollView } from './wire/engagement';

export function pollView(state: EmulatorState, poll: Poll): PollView {
  const broadcaster = userFields(state, 'broadcaster', poll.broadcasterId);
  return {
    id: poll.id,
    broadcaster_id: broadcaster.broadcaster_id,
    broadcaster_name: broadcaster.broadcaster_name,
    broadcaster_login: broadcaster.broadcaster_login,
    title: poll.title,
    choices: poll.choices.map((c) => ({ id: c.id, title: c.title, votes: c.votes, channel_points_votes: c.channelPointsVotes, bits_votes: c.bitsVotes })),
    bits_voting_enabled: false,
    bits_per_vote: 0,
    channel_points_voting_enabled: poll.channelPointsVotingEnabled,
    channel_points_per_vote: poll.channelPointsPerVote,
    status: poll.status,
    duration: poll.duration,
    started_at: toRfc3339(poll.startedAt),
    ended_at: poll.endedAt === null ? null : toRfc3339(poll.endedAt),
  };
}

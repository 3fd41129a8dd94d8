/** `channel.poll.begin`, `progress` and `end`, each with the fields the platform's reference gives it. */
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { endsAt } from '../../domain/stores/polls';
import { userFields } from '../../http/views/user-fields';
import { eventSubTimestamp } from '../messages';
import type { Notification } from '../notification';

export function pollNotification(state: EmulatorState, { type, poll }: PlatformEventOf<'channel.poll.begin' | 'channel.poll.progress' | 'channel.poll.end'>): Notification {
  const event: Record<string, unknown> = {
    id: poll.id,
    ...userFields(state, 'broadcaster_user', poll.broadcasterId),
    title: poll.title,
    choices: poll.choices.map((c) =>
      type === 'channel.poll.begin'
        ? { id: c.id, title: c.title }
        : { id: c.id, title: c.title, bits_votes: c.bitsVotes, channel_points_votes: c.channelPointsVotes, votes: c.votes },
    ),
    bits_voting: { is_enabled: false, amount_per_vote: 0 },
    channel_points_voting: { is_enabled: poll.channelPointsVotingEnabled, amount_per_vote: poll.channelPointsPerVote },
    started_at: eventSubTimestamp(poll.startedAt),
  };
  if (type === 'channel.poll.end') {
    event.status = poll.status.toLowerCase();
    event.ended_at = eventSubTimestamp(poll.endedAt ?? endsAt(poll));
  } else {
    event.ends_at = eventSubTimestamp(endsAt(poll));
  }
  return { type, broadcasterUserId: poll.broadcasterId, event };
}

/** `channel.update` and `channel.follow` (EventSub version 2). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';

export function channelUpdateNotification(state: EmulatorState, { type, channel }: PlatformEventOf<'channel.update'>): Notification {
  return {
    type,
    broadcasterUserId: channel.broadcasterId,
    event: {
      ...userFields(state, 'broadcaster_user', channel.broadcasterId),
      title: channel.title,
      language: channel.language,
      category_id: channel.gameId,
      category_name: state.game(channel.gameId)?.name ?? '',
      content_classification_labels: [...channel.contentClassificationLabels],
    },
  };
}

export function followNotification(state: EmulatorState, { type, follow }: PlatformEventOf<'channel.follow'>): Notification {
  return {
    type,
    broadcasterUserId: follow.broadcasterId,
    event: {
      ...userFields(state, 'user', follow.userId),
      ...userFields(state, 'broadcaster_user', follow.broadcasterId),
      followed_at: toRfc3339(follow.followedAt),
    },
  };
}

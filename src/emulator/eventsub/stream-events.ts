/** The `stream.online` and `stream.offline` events (platform facts, "EventSub ... Payloads"). */
import { toRfc3339 } from '../clock';
import type { EmulatorState } from '../domain/emulator-state';
import type { PlatformEvent } from '../domain/event-bus';
import type { Stream } from '../domain/streams';
import type { User } from '../domain/users';

export function streamOnlineEvent(user: User, stream: Stream): PlatformEvent {
  return {
    type: 'stream.online',
    broadcasterUserId: user.id,
    event: {
      id: stream.id,
      broadcaster_user_id: user.id,
      broadcaster_user_login: user.login,
      broadcaster_user_name: user.displayName,
      type: stream.kind ?? 'live',
      started_at: toRfc3339(stream.startedAt),
    },
  };
}

export function streamOfflineEvent(user: User): PlatformEvent {
  return {
    type: 'stream.offline',
    broadcasterUserId: user.id,
    event: {
      broadcaster_user_id: user.id,
      broadcaster_user_login: user.login,
      broadcaster_user_name: user.displayName,
    },
  };
}

/**
 * Publishes `stream.online` / `stream.offline` whenever the stream store starts or ends a stream,
 * whichever way (simulation API, ingest). Called from `clearStores`, once per stream store.
 */
export function publishStreamEvents(state: EmulatorState): void {
  const streams = state.streams;
  streams.onChange({
    started: (stream) => {
      const user = state.users.get(stream.userId);
      if (user) state.events.publish(streamOnlineEvent(user, stream));
    },
    ended: (stream) => {
      const user = state.users.get(stream.userId);
      if (user) state.events.publish(streamOfflineEvent(user));
    },
  });
}

/**
 * Going live the one way the platform does, for every path that starts a stream: the simulation API
 * (`POST /_emulator/streams/<id>/online`) and an accepted RTMP publish. The stream store's listeners
 * send `stream.online` and follow the broadcast (archives, "last streamed").
 */
import type { EmulatorState } from './emulator-state';
import type { Stream, StreamKind } from './streams';

export interface GoLiveOptions {
  viewerCount?: number;
  vod?: boolean;
  isMature?: boolean;
  kind?: StreamKind;
}

/** Starts the user's stream with their channel's title, category, language and tags, as of now. */
export function startChannelStream(state: EmulatorState, userId: string, options: GoLiveOptions = {}): Stream {
  const channel = state.channels.get(userId) ?? state.channels.create(userId);
  return state.streams.start({
    userId,
    gameId: channel.gameId,
    title: channel.title,
    viewerCount: options.viewerCount ?? 0,
    startedAt: state.clock.now(),
    language: channel.language,
    tags: [...channel.tags],
    isMature: options.isMature ?? false,
    vod: options.vod ?? true,
    kind: options.kind ?? 'live',
  });
}

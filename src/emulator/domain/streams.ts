/**
 * Streams' rules (spec 4.11): going live the one way the platform does, for every path that starts
 * a stream (the simulation API and an accepted RTMP publish), with the channel's title, category,
 * language and tags; going offline; a new stream key, which cuts the publishes on the old one; Get
 * Streams' selection and order. The stream store's listeners announce `stream.online` and
 * `stream.offline` and follow the broadcast (archives, "last streamed").
 */
import * as ids from '../ids';
import { badRequest, conflict, notFound } from './api-error';
import { updateChannel } from './channels';
import type { EmulatorState } from './emulator-state';
import type { Stream, StreamKind } from './stores/streams';

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

/**
 * The simulation API's "go live": the channel takes the given title, category and language; a live
 * stream takes them and the given counts at once, else a stream starts.
 */
export function goLive(state: EmulatorState, userId: string, input: GoLiveOptions & { title?: string; gameId?: string; language?: string }): Stream {
  const user = state.users.get(userId);
  if (!user) throw notFound(`Unknown user "${userId}"`);
  if (input.gameId !== undefined && !state.game(input.gameId)) throw badRequest(`Unknown game_id "${input.gameId}"`);
  const channel = state.channels.get(user.id) ?? state.channels.create(user.id);
  // As on the platform, a title or category changed on the way live is announced by channel.update.
  updateChannel(state, channel, { title: input.title, gameId: input.gameId, language: input.language }, state.clock.now());

  const live = state.streams.get(user.id);
  if (!live) return startChannelStream(state, user.id, input);
  live.title = channel.title;
  live.gameId = channel.gameId;
  live.language = channel.language;
  if (input.viewerCount !== undefined) live.viewerCount = input.viewerCount;
  if (input.vod !== undefined) live.vod = input.vod;
  if (input.isMature !== undefined) live.isMature = input.isMature;
  if (input.kind !== undefined) live.kind = input.kind;
  return live;
}

/** The user's stream ends; answers it as it was. */
export function goOffline(state: EmulatorState, userId: string): Stream {
  const user = state.users.get(userId);
  if (!user) throw notFound(`Unknown user "${userId}"`);
  const ended = state.streams.end(user.id);
  if (!ended) throw conflict(`User "${user.login}" is not live`);
  return ended;
}

/** A new stream key (the platform offers it on its dashboard): publishes on the old key are cut and the stream ends. */
export function resetStreamKey(state: EmulatorState, userId: string): { userId: string; streamKey: string; resetAt: number } {
  const channel = state.channels.get(userId);
  if (!channel) throw notFound(`Unknown user "${userId}"`);
  channel.streamKey = ids.streamKey(channel.broadcasterId);
  state.ingest.keyReset(channel.broadcasterId);
  return { userId: channel.broadcasterId, streamKey: channel.streamKey, resetAt: state.clock.now() };
}

export interface StreamFilter {
  gameIds: ReadonlySet<string>;
  userIds: ReadonlySet<string>;
  /** Lower case. */
  userLogins: ReadonlySet<string>;
  languages: readonly string[];
}

/** The live streams Get Streams' filters select, most viewers first. */
export function selectStreams(state: EmulatorState, filter: StreamFilter): Stream[] {
  const { gameIds, userIds, userLogins, languages } = filter;
  return state.streams
    .list()
    .filter((stream) => {
      if (gameIds.size > 0 && !gameIds.has(stream.gameId)) return false;
      if (languages.length > 0 && !languages.includes(stream.language)) return false;
      // user_id and user_login together name one set of users.
      if (userIds.size > 0 || userLogins.size > 0) {
        const login = state.users.get(stream.userId)?.login ?? '';
        if (!userIds.has(stream.userId) && !userLogins.has(login)) return false;
      }
      return true;
    })
    .sort((a, b) => b.viewerCount - a.viewerCount || a.startedAt - b.startedAt || a.id.localeCompare(b.id));
}

/** The live channels `userId` follows, most viewers first, as the platform lists them. */
export function followedStreams(state: EmulatorState, userId: string): Stream[] {
  const live: Stream[] = [];
  for (const follow of state.follows.followedBy(userId)) {
    const stream = state.streams.get(follow.broadcasterId);
    if (stream) live.push(stream);
  }
  return live.sort((a, b) => b.viewerCount - a.viewerCount || a.startedAt - b.startedAt);
}

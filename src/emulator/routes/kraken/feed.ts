/** Spec 4.17 Legacy channel feed (version 5): posts and their reactions. */
import type { FastifyInstance } from 'fastify';
import { forbidden, invalidParameter, missingParameter, notFound } from '../../http/api-error';
import type { RequestParams } from '../../http/request-params';
import { isNumericId } from '../../ids';
import type { EmulatorState } from '../../domain/emulator-state';
import type { FeedComment, FeedPost, Reactions } from '../../domain/kraken';
import type { User } from '../../domain/users';
import { registerKrakenRoute } from '../../http/kraken-route';
import { encodeV5Cursor, v5Body, v5Page, v5Time, v5User } from './v5-shapes';
import '../../http/app-state';

export const MAX_COMMENTS_PER_POST = 5;

/** Global emotes recognised in post and comment bodies (IDs are the platform's). */
const GLOBAL_EMOTES: ReadonlyMap<string, number> = new Map([
  ['Kappa', 25], ['Kreygasm', 41], ['BibleThump', 86], ['ResidentSleeper', 245], ['4Head', 354], ['Keepo', 1902],
  ['HeyGuys', 30259], ['NotLikeThis', 58765], ['SeemsGood', 64138], ['VoHiYo', 81274], ['LUL', 425618], ['PogChamp', 305954156],
]);

export interface V5Emote {
  start: number;
  end: number;
  id: number;
  set: number;
}

/** Emote positions in `body`: start and end are inclusive character offsets. */
export function findEmotes(body: string): V5Emote[] {
  const emotes: V5Emote[] = [];
  for (const match of body.matchAll(/\S+/g)) {
    const id = GLOBAL_EMOTES.get(match[0]);
    if (id !== undefined) emotes.push({ start: match.index, end: match.index + match[0].length - 1, id, set: 0 });
  }
  return emotes;
}

function reactionsView(reactions: Reactions, caller: User | null) {
  const out: Record<string, { count: number; emote: string; user_ids: string[] }> = {};
  for (const [key, users] of reactions) {
    if (users.size === 0) continue;
    out[key] = { count: users.size, emote: key, user_ids: caller && users.has(caller.id) ? [caller.id] : [] };
  }
  return out;
}

function userView(state: EmulatorState, userId: string) {
  const user = state.users.get(userId);
  return user ? v5User(user) : null;
}

function commentView(state: EmulatorState, post: FeedPost, comment: FeedComment, caller: User | null) {
  const canModerate = caller !== null && state.moderators.canModerate(post.channelId, caller.id);
  return {
    id: comment.id,
    body: comment.body,
    created_at: v5Time(comment.createdAt),
    deleted: comment.deleted,
    emotes: findEmotes(comment.body),
    permissions: { can_delete: caller !== null && (caller.id === comment.userId || canModerate) },
    reactions: reactionsView(comment.reactions, caller),
    user: userView(state, comment.userId),
  };
}

export function postView(state: EmulatorState, post: FeedPost, caller: User | null, commentLimit: number) {
  const comments = post.comments.filter((c) => !c.deleted).reverse();
  const shown = comments.slice(0, commentLimit);
  return {
    id: post.id,
    body: post.body,
    created_at: v5Time(post.createdAt),
    deleted: false,
    embeds: [],
    emotes: findEmotes(post.body),
    permissions: {
      can_delete: caller !== null && caller.id === post.channelId,
      can_moderate: caller !== null && state.moderators.canModerate(post.channelId, caller.id),
      can_reply: caller !== null,
    },
    reactions: reactionsView(post.reactions, caller),
    comments: {
      _cursor: shown.length < comments.length ? encodeV5Cursor(shown.length) : '',
      _total: comments.length,
      comments: shown.map((c) => commentView(state, post, c, caller)),
    },
    user: userView(state, post.authorId),
  };
}

function channelOf(state: EmulatorState, raw: string): User {
  if (!isNumericId(raw)) throw invalidParameter('channel_id', 'must be a numeric channel ID');
  const channel = state.users.get(raw);
  if (!channel) throw notFound(`Channel "${raw}" not found`);
  return channel;
}

function postOf(state: EmulatorState, channelId: string, postId: string): FeedPost {
  const post = state.kraken.post(channelId, postId);
  if (!post) throw notFound(`Post "${postId.slice(0, 64)}" not found`);
  return post;
}

function reactionKey(raw: string | undefined): string {
  if (raw === undefined || raw === '') throw missingParameter('emote_id');
  if (raw !== 'endorse' && !isNumericId(raw)) throw invalidParameter('emote_id', 'must be an emote ID or "endorse"');
  return raw;
}

export function registerFeedRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;
  const commentsParam = (query: RequestParams) =>
    query.integer('comments', { min: 0, max: MAX_COMMENTS_PER_POST, default: MAX_COMMENTS_PER_POST });

  registerKrakenRoute(app, { method: 'GET', path: '/kraken/feed/:channel_id/posts', auth: 'optional' }, ({ params, query, user }) => {
    const channel = channelOf(state, params.channel_id!);
    const comments = commentsParam(query);
    const { page, cursor } = v5Page(state.kraken.posts(channel.id), query);
    return {
      _cursor: cursor,
      _topic: `feeds.channel.${channel.id}`,
      _disabled: false,
      posts: page.map((post) => postView(state, post, user, comments)),
    };
  });

  registerKrakenRoute(app, { method: 'GET', path: '/kraken/feed/:channel_id/posts/:post_id', auth: 'optional' }, ({ params, query, user }) => {
    const channel = channelOf(state, params.channel_id!);
    const comments = commentsParam(query);
    return postView(state, postOf(state, channel.id, params.post_id!), user, comments);
  });

  registerKrakenRoute(
    app,
    { method: 'POST', path: '/kraken/feed/:channel_id/posts', auth: 'user', scopes: ['channel_feed_edit'] },
    ({ params, query, user, body: rawBody, now }) => {
      const channel = channelOf(state, params.channel_id!);
      if (channel.id !== user.id) throw forbidden('Only the channel owner may post to the channel feed');
      // Validated only: no social account is linked to an emulated channel, so a share makes no tweet.
      query.boolean('share', false);
      const body = v5Body(rawBody);
      const content = body.content ?? query.one('content');
      if (content === undefined || content === null || content === '') throw missingParameter('content');
      if (typeof content !== 'string') throw invalidParameter('content', 'must be a string');
      if (content.trim() === '') throw invalidParameter('content', 'must not be blank');
      const post = state.kraken.addPost(channel.id, user.id, content, now);
      return { post: postView(state, post, user, MAX_COMMENTS_PER_POST), tweet: null };
    },
  );

  registerKrakenRoute(
    app,
    { method: 'DELETE', path: '/kraken/feed/:channel_id/posts/:post_id', auth: 'user', scopes: ['channel_feed_edit'] },
    ({ params, user }) => {
      const channel = channelOf(state, params.channel_id!);
      const post = postOf(state, channel.id, params.post_id!);
      if (channel.id !== user.id) throw forbidden('Only the channel owner may delete channel feed posts');
      post.deleted = true;
      return {
        id: post.id,
        body: '',
        created_at: null,
        deleted: true,
        embeds: null,
        emotes: null,
        permissions: null,
        reactions: null,
        comments: null,
        user: null,
      };
    },
  );

  registerKrakenRoute(
    app,
    { method: 'POST', path: '/kraken/feed/:channel_id/posts/:post_id/reactions', auth: 'user', scopes: ['channel_feed_edit'] },
    ({ params, query, user, now }) => {
      const channel = channelOf(state, params.channel_id!);
      const post = postOf(state, channel.id, params.post_id!);
      const key = reactionKey(query.one('emote_id'));
      const record = state.kraken.react(post.reactions, key, user.id, now);
      return { id: record.id, created_at: v5Time(record.createdAt), emote_id: key, user: v5User(user) };
    },
  );

  registerKrakenRoute(
    app,
    { method: 'DELETE', path: '/kraken/feed/:channel_id/posts/:post_id/reactions', auth: 'user', scopes: ['channel_feed_edit'] },
    ({ params, query, user }) => {
      const channel = channelOf(state, params.channel_id!);
      const post = postOf(state, channel.id, params.post_id!);
      const key = reactionKey(query.one('emote_id'));
      if (!state.kraken.unreact(post.reactions, key, user.id)) throw notFound(`No "${key}" reaction of the user on this post`);
      return { deleted: true };
    },
  );
}

/** Spec 4.17 Legacy channel feed (version 5): posts and their reactions; the rules: `domain/kraken.ts`. */
import type { FastifyInstance } from 'fastify';
import { invalidParameter, missingParameter, notFound } from '../../domain/api-error';
import type { RequestParams } from '../../http/request-params';
import { isNumericId } from '../../ids';
import type { EmulatorState } from '../../domain/emulator-state';
import type { FeedPost } from '../../domain/stores/kraken';
import type { User } from '../../domain/stores/users';
import { registerKrakenRoute } from '../../http/kraken-route';
import { deletePost, MAX_COMMENTS_PER_POST, requireFeedOwner } from '../../domain/kraken';
import { v5Body, v5Page } from '../../http/v5-params';
import { postView, v5Time, v5User } from '../../http/views/kraken';
import '../../http/app-state';

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
      requireFeedOwner(channel, user, 'post to');
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
      requireFeedOwner(channel, user, 'delete');
      deletePost(post);
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

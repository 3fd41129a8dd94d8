/**
 * Spec 4.5 Channels, follows, editors: Get Channel Information and Modify Channel Information
 * (platform facts "Other shapes"), Get Channel Editors, Get Followed Channels, Get Channel Followers.
 * Applying a change (the live stream follows; `channel.update`): `domain/channels.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, invalidParameter, missingParameter, unauthorized } from '../../../domain/api-error';
import { CONTENT_CLASSIFICATION_LABELS, mayChangeBrandedContent, updateChannel, type ChannelChanges } from '../../../domain/channels';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { Channel } from '../../../domain/stores/channels';
import type { User } from '../../../domain/stores/users';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { channelEditorView, followRecord, helixChannel } from '../../../http/views/channels';
import * as ids from '../../../ids';

const MAX_BROADCASTER_IDS = 100;
const MAX_TITLE_LENGTH = 140;
const MAX_TAGS = 10;
const MAX_DELAY_SECONDS = 900;
/** Letters and digits of any script, 1-25 of them: no spaces, no special characters. */
const TAG = /^[\p{L}\p{N}]{1,25}$/u;
const LANGUAGE = /^([a-z]{2}|other)$/;
const GAMING_LABEL = 'MatureGame';
const NOT_THE_BROADCASTER = 'The ID in broadcaster_id must match the user ID found in the OAuth token.';

/** Validates the whole body before anything changes: a request either applies completely or not at all. */
function readChannelChanges(state: EmulatorState, body: Record<string, unknown>, channel: Channel, caller: User, now: number): ChannelChanges {
  const has = (name: string) => Object.hasOwn(body, name);
  const known = ['game_id', 'broadcaster_language', 'title', 'delay', 'tags', 'content_classification_labels', 'is_branded_content'];
  if (!known.some(has)) throw badRequest('The request must update at least one property');
  const changes: ChannelChanges = {};

  if (has('game_id')) {
    const gameId = body.game_id;
    if (typeof gameId !== 'string') throw badRequest('The game_id field must be a string');
    if (gameId === '' || gameId === '0') changes.gameId = '';
    else if (!state.game(gameId)) throw badRequest('The ID in game_id is not valid');
    else changes.gameId = gameId;
  }

  if (has('title')) {
    const title = body.title;
    if (typeof title !== 'string') throw badRequest('The title field must be a string');
    if (title.trim() === '') throw badRequest('The title field may not contain an empty string');
    if ([...title].length > MAX_TITLE_LENGTH) throw badRequest(`Title exceeds the ${MAX_TITLE_LENGTH} character limit`);
    changes.title = title;
  }

  if (has('broadcaster_language')) {
    const language = body.broadcaster_language;
    if (typeof language !== 'string') throw badRequest('The broadcaster_language field must be a string');
    // The platform leaves the language unchanged when the code is not one it supports.
    if (LANGUAGE.test(language)) changes.language = language;
  }

  if (has('delay')) {
    const delay = body.delay;
    if (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_SECONDS) {
      throw badRequest(`The delay field must be an integer from 0 to ${MAX_DELAY_SECONDS}`);
    }
    if (state.users.get(channel.broadcasterId)?.broadcasterType !== 'partner') {
      throw badRequest('To update the delay field, the broadcaster must have partner status');
    }
    changes.delay = delay;
  }

  if (has('tags')) {
    const tags = body.tags;
    if (!Array.isArray(tags)) throw badRequest('The tags field must be an array of strings');
    if (tags.length > MAX_TAGS) throw badRequest(`The list in the tags field exceeds the maximum of ${MAX_TAGS} tags`);
    const unique = new Map<string, string>();
    for (const tag of tags) {
      if (typeof tag !== 'string') throw badRequest('The tags field must be an array of strings');
      if (tag === '') throw badRequest('A tag in the tags field is empty');
      if ([...tag].length > 25) throw badRequest(`The tag "${tag.slice(0, 40)}" exceeds the maximum length of 25 characters`);
      if (!TAG.test(tag)) throw badRequest(`The tag "${tag}" contains special characters or spaces`);
      if (!unique.has(tag.toLowerCase())) unique.set(tag.toLowerCase(), tag);
    }
    changes.tags = [...unique.values()];
  }

  if (has('content_classification_labels')) {
    const labels = body.content_classification_labels;
    if (!Array.isArray(labels)) throw badRequest('The content_classification_labels field must be an array of objects');
    if (caller.id !== channel.broadcasterId) throw unauthorized('User requests CCL for a channel they don’t own');
    changes.labels = new Map();
    for (const label of labels) {
      if (label === null || typeof label !== 'object' || Array.isArray(label)) {
        throw badRequest('Each content classification label must be an object with id and is_enabled');
      }
      const { id, is_enabled: enabled } = label as Record<string, unknown>;
      if (typeof id !== 'string' || typeof enabled !== 'boolean') {
        throw badRequest('Each content classification label must have a string id and a boolean is_enabled');
      }
      if (id === GAMING_LABEL) {
        if (enabled) throw forbidden('User requested gaming CCLs to be added to their channel');
        continue;
      }
      if (!(CONTENT_CLASSIFICATION_LABELS as readonly string[]).includes(id)) {
        throw badRequest(`Unknown content classification label "${id.slice(0, 60)}"`);
      }
      changes.labels.set(id, enabled);
    }
  }

  if (has('is_branded_content')) {
    const branded = body.is_branded_content;
    if (typeof branded !== 'boolean') throw badRequest('The is_branded_content field must be a boolean');
    if (branded !== channel.isBrandedContent) {
      if (!mayChangeBrandedContent(channel, now)) throw conflict('User set the Branded Content flag too frequently');
      changes.isBrandedContent = branded;
    }
  }
  return changes;
}

function readBroadcasterId(value: string | undefined): string {
  if (value === undefined || value === '') throw missingParameter('broadcaster_id');
  if (!ids.isNumericId(value)) throw invalidParameter('broadcaster_id', 'not a valid ID');
  return value;
}

export function registerChannelRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/channels', auth: 'any' }, ({ state, query, token }) => {
    const broadcasterIds = query.all('broadcaster_id');
    if (broadcasterIds.length === 0) throw missingParameter('broadcaster_id');
    if (broadcasterIds.length > MAX_BROADCASTER_IDS) {
      throw invalidParameter('broadcaster_id', `may be given at most ${MAX_BROADCASTER_IDS} times`);
    }
    for (const id of broadcasterIds) readBroadcasterId(id);
    const data = [];
    for (const id of new Set(broadcasterIds)) {
      const channel = state.users.get(id) ? state.channels.get(id) : undefined;
      if (channel) data.push(helixChannel(state, channel, token.userId));
    }
    return { data };
  });

  registerHelixRoute(
    app,
    { method: 'PATCH', path: '/channels', auth: 'user', scopes: ['channel:manage:broadcast'] },
    ({ state, query, user, body, now }) => {
      const broadcasterId = query.required('broadcaster_id');
      if (!state.editors.canEdit(broadcasterId, user.id)) throw unauthorized(NOT_THE_BROADCASTER);
      const channel = state.users.get(broadcasterId) ? state.channels.get(broadcasterId) : undefined;
      if (!channel) throw unauthorized(NOT_THE_BROADCASTER);
      const changes = readChannelChanges(state, jsonObjectBody(body), channel, user, now);
      updateChannel(state, channel, changes, now);
      return undefined;
    },
  );

  registerHelixRoute(
    app,
    { method: 'GET', path: '/channels/editors', auth: 'user', scopes: ['channel:read:editors'] },
    ({ state, query, user }) => {
      const broadcasterId = query.required('broadcaster_id');
      if (broadcasterId !== user.id) throw unauthorized(NOT_THE_BROADCASTER);
      return { data: state.editors.list(broadcasterId).map((editor) => channelEditorView(state, editor)) };
    },
  );

  registerHelixRoute(
    app,
    { method: 'GET', path: '/channels/followed', auth: 'user', scopes: ['user:read:follows'] },
    ({ state, query, user }) => {
      const userId = query.required('user_id');
      if (userId !== user.id) throw unauthorized('The ID in the user_id query parameter must match the user ID in the access token.');
      const broadcasterId = query.one('broadcaster_id');
      if (broadcasterId !== undefined && !ids.isNumericId(broadcasterId)) throw invalidParameter('broadcaster_id', 'not a valid ID');
      const all = state.follows.followedBy(user.id);
      const selected = broadcasterId === undefined ? all : all.filter((f) => f.broadcasterId === broadcasterId);
      const page = cursorPage(selected, query, { before: 'ignored' });
      return {
        data: page.items.map((f) => {
          const { broadcaster_id, broadcaster_login, broadcaster_name, followed_at } = followRecord(state, f);
          return { broadcaster_id, broadcaster_login, broadcaster_name, followed_at };
        }),
        pagination: page.pagination,
        total: all.length,
      };
    },
  );

  registerHelixRoute(app, { method: 'GET', path: '/channels/followers', auth: 'user' }, ({ state, query, user, token }) => {
    const broadcasterId = readBroadcasterId(query.one('broadcaster_id'));
    if (!state.users.get(broadcasterId)) throw invalidParameter('broadcaster_id', 'names no user');
    const userId = query.one('user_id');
    const privileged = token.scopes.includes('moderator:read:followers') && state.moderators.canModerate(broadcasterId, user.id);
    if (userId !== undefined && !privileged) {
      throw unauthorized(
        'The user_id parameter was specified but either the user access token is missing the moderator:read:followers scope or the user is not the broadcaster or moderator for the specified channel',
      );
    }
    if (userId !== undefined && !ids.isNumericId(userId)) throw invalidParameter('user_id', 'not a valid ID');
    const all = state.follows.followersOf(broadcasterId);
    const selected = !privileged ? [] : userId === undefined ? all : all.filter((f) => f.userId === userId);
    const page = cursorPage(selected, query, { before: 'ignored' });
    return {
      data: page.items.map((f) => {
        const { user_id, user_login, user_name, followed_at } = followRecord(state, f);
        return { user_id, user_login, user_name, followed_at };
      }),
      pagination: page.pagination,
      total: all.length,
    };
  });
}

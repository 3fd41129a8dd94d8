/**
 * Send a Shoutout (spec part 4 names it only; shape from the platform's reference), with
 * `channel.shoutout.create` and `channel.shoutout.receive` and the platform's cooldowns.
 */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { ApiError, badRequest, forbidden, invalidParameter, unauthorized } from '../../../http/api-error';
import { registerHelixRoute } from '../../../http/helix-route';
import type { EmulatorState } from '../../../domain/emulator-state';
import { SHOUTOUT_COOLDOWN_MS, SHOUTOUT_TARGET_COOLDOWN_MS, type Shoutout } from '../../../domain/shoutouts';
import type { User } from '../../../domain/users';
import { MODERATOR_ID_MISMATCH, NOT_A_MODERATOR } from './chat';

export const SHOUTOUT_SELF = 'The broadcaster may not give themselves a Shoutout.';
export const SHOUTOUT_NOT_LIVE = 'The broadcaster is not streaming live or does not have one or more viewers.';
/** 2 minutes between any two shoutouts. */
export const SHOUTOUT_COOLDOWN = 'The broadcaster exceeded the number of Shoutouts they may send within a given window.';
/** 60 minutes between shoutouts to the same channel. */
export const SHOUTOUT_TARGET_COOLDOWN = 'The broadcaster exceeded the number of Shoutouts they may send the same broadcaster within a given window.';

const names = (prefix: string, user: User) => ({ [`${prefix}_id`]: user.id, [`${prefix}_login`]: user.login, [`${prefix}_name`]: user.displayName });

export function shoutoutView(state: EmulatorState, shoutout: Shoutout) {
  const user = (id: string) => state.users.get(id);
  return {
    from_broadcaster_id: shoutout.fromBroadcasterId,
    from_broadcaster_login: user(shoutout.fromBroadcasterId)?.login ?? '',
    to_broadcaster_id: shoutout.toBroadcasterId,
    to_broadcaster_login: user(shoutout.toBroadcasterId)?.login ?? '',
    moderator_id: shoutout.moderatorId,
    started_at: toRfc3339(shoutout.startedAt),
    viewer_count: shoutout.viewerCount,
  };
}

export function registerShoutoutRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'POST', path: '/chat/shoutouts', auth: 'user', scopes: ['moderator:manage:shoutouts'] }, ({ state, query, user, now }) => {
    const fromId = query.required('from_broadcaster_id');
    const toId = query.required('to_broadcaster_id');
    const moderatorId = query.required('moderator_id');
    if (moderatorId !== user.id) throw unauthorized(MODERATOR_ID_MISMATCH);
    const from = state.users.get(fromId);
    if (!from) throw invalidParameter('from_broadcaster_id', 'no user has this ID');
    const to = state.users.get(toId);
    if (!to) throw invalidParameter('to_broadcaster_id', 'no user has this ID');
    if (!state.moderators.canModerate(from.id, user.id)) throw forbidden(NOT_A_MODERATOR);
    if (from.id === to.id) throw badRequest(SHOUTOUT_SELF);
    const stream = state.streams.get(from.id);
    if (!stream || stream.viewerCount < 1) throw badRequest(SHOUTOUT_NOT_LIVE);
    const last = state.shoutouts.last(from.id);
    if (last && now - last.startedAt < SHOUTOUT_COOLDOWN_MS) throw new ApiError(429, SHOUTOUT_COOLDOWN);
    const lastToTarget = state.shoutouts.last(from.id, to.id);
    if (lastToTarget && now - lastToTarget.startedAt < SHOUTOUT_TARGET_COOLDOWN_MS) throw new ApiError(429, SHOUTOUT_TARGET_COOLDOWN);

    const shoutout: Shoutout = { fromBroadcasterId: from.id, toBroadcasterId: to.id, moderatorId: user.id, startedAt: now, viewerCount: stream.viewerCount };
    state.shoutouts.add(shoutout);
    state.events.publish({
      type: 'channel.shoutout.create',
      broadcasterUserId: from.id,
      event: {
        ...names('broadcaster_user', from),
        ...names('moderator_user', user),
        ...names('to_broadcaster_user', to),
        started_at: toRfc3339(now),
        viewer_count: stream.viewerCount,
        cooldown_ends_at: toRfc3339(now + SHOUTOUT_COOLDOWN_MS),
        target_cooldown_ends_at: toRfc3339(now + SHOUTOUT_TARGET_COOLDOWN_MS),
      },
    });
    state.events.publish({
      type: 'channel.shoutout.receive',
      broadcasterUserId: to.id,
      event: { ...names('broadcaster_user', to), ...names('from_broadcaster_user', from), viewer_count: stream.viewerCount, started_at: toRfc3339(now) },
    });
    return undefined;
  });
}

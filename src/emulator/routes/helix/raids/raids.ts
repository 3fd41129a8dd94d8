/**
 * Start a Raid and Cancel a Raid (spec part 4 names them only; shapes from the platform's
 * reference), with `channel.raid`. A raid happens when its 90-second countdown ends, on the
 * emulator clock: moving the clock (`POST /_emulator/clock`) past it, or real time passing. The
 * target's live stream then gains the raider's viewers, and its chat gets a `raid` notice.
 */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { ApiError, badRequest, BROADCASTER_MISMATCH, notFound, unauthorized } from '../../../http/api-error';
import { registerHelixRoute } from '../../../http/helix-route';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { Raid } from '../../../domain/raids';
import { RAID_COUNTDOWN_MS } from '../../../domain/raids';
import { chatNotificationEvent } from '../chat/chat-messages';
import '../../../http/app-state';

export const FROM_BROADCASTER_MISMATCH = "The ID in from_broadcaster_id must match the user ID found in the request's OAuth token.";
export const RAID_SELF = 'The IDs in from_broadcaster_id and to_broadcaster_id cannot be the same.';
export const RAID_TARGET_NOT_FOUND = 'The targeted channel was not found.';
export const RAID_IN_PROGRESS = 'The broadcaster is already in the process of raiding another channel.';
export const RAID_TOO_MANY = 'The broadcaster exceeded the number of raid requests that they may make. The limit is 10 requests within a 10-minute window.';
export const NO_PENDING_RAID = "The broadcaster doesn't have a pending raid to cancel.";

export function raidView(state: EmulatorState, raid: Raid) {
  const user = (id: string) => state.users.get(id);
  return {
    id: raid.id,
    from_broadcaster_id: raid.fromBroadcasterId,
    from_broadcaster_login: user(raid.fromBroadcasterId)?.login ?? '',
    to_broadcaster_id: raid.toBroadcasterId,
    to_broadcaster_login: user(raid.toBroadcasterId)?.login ?? '',
    status: raid.status,
    created_at: toRfc3339(raid.createdAt),
    due_at: toRfc3339(raid.dueAt),
    is_mature: raid.isMature,
    viewers: raid.viewers,
    completed_at: raid.completedAt === null ? null : toRfc3339(raid.completedAt),
  };
}

/** Carries out every raid whose countdown has ended. */
export function settleDueRaids(state: EmulatorState): void {
  const now = state.clock.now();
  for (const raid of state.raids.due(now)) completeRaid(state, raid, state.streams.get(raid.fromBroadcasterId)?.viewerCount ?? 0, now);
}

/**
 * The raid happens: the target's live stream gains the viewers, `channel.raid` goes out and the
 * target's chat gets a `raid` notice. Also for a raid the simulation API brings in at once.
 */
export function completeRaid(state: EmulatorState, raid: Raid, viewers: number, now: number): void {
  const from = state.users.get(raid.fromBroadcasterId);
  const to = state.users.get(raid.toBroadcasterId);
  raid.status = 'completed';
  raid.viewers = viewers;
  raid.completedAt = now;
  if (!from || !to) return;
  const target = state.streams.get(to.id);
  if (target) target.viewerCount += viewers;
  state.events.publish({
    type: 'channel.raid',
    broadcasterUserId: from.id,
    condition: { from_broadcaster_user_id: from.id, to_broadcaster_user_id: to.id },
    event: {
      from_broadcaster_user_id: from.id,
      from_broadcaster_user_login: from.login,
      from_broadcaster_user_name: from.displayName,
      to_broadcaster_user_id: to.id,
      to_broadcaster_user_login: to.login,
      to_broadcaster_user_name: to.displayName,
      viewers,
    },
  });
  state.events.publish({
    type: 'channel.chat.notification',
    broadcasterUserId: to.id,
    event: chatNotificationEvent(state, to, from, {
      type: 'raid',
      text: '',
      systemMessage: `${viewers} raiders from ${from.displayName} have joined!`,
      details: { user_id: from.id, user_login: from.login, user_name: from.displayName, viewer_count: viewers, profile_image_url: from.profileImageUrl },
    }),
  });
}

export function registerRaidRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;
  const timers = new Set<NodeJS.Timeout>();
  const settle = () => {
    try {
      settleDueRaids(state);
    } catch (error) {
      app.log.error(error);
    }
  };
  const stopListening = state.clock.onAdvance(settle);
  app.addHook('onClose', async () => {
    stopListening();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  registerHelixRoute(app, { method: 'POST', path: '/raids', auth: 'user', scopes: ['channel:manage:raids'] }, ({ state, query, user, now }) => {
    const fromId = query.required('from_broadcaster_id');
    const toId = query.required('to_broadcaster_id');
    if (fromId !== user.id) throw unauthorized(FROM_BROADCASTER_MISMATCH);
    if (fromId === toId) throw badRequest(RAID_SELF);
    const to = state.users.get(toId);
    if (!to) throw notFound(RAID_TARGET_NOT_FOUND);
    settleDueRaids(state);
    if (state.raids.pending(user.id)) throw new ApiError(409, RAID_IN_PROGRESS);
    if (!state.raids.takeRequest(user.id, now)) throw new ApiError(429, RAID_TOO_MANY);
    const raid = state.raids.start({ fromBroadcasterId: user.id, toBroadcasterId: to.id, isMature: state.streams.get(to.id)?.isMature ?? false, now });
    // Real time runs the countdown too (a demo without clock moves); settling twice is harmless.
    const timer = setTimeout(() => {
      timers.delete(timer);
      settle();
    }, RAID_COUNTDOWN_MS);
    timer.unref();
    timers.add(timer);
    return { data: [{ created_at: toRfc3339(raid.createdAt), is_mature: raid.isMature }] };
  });

  registerHelixRoute(app, { method: 'DELETE', path: '/raids', auth: 'user', scopes: ['channel:manage:raids'] }, ({ state, query, user }) => {
    const broadcasterId = query.required('broadcaster_id');
    if (broadcasterId !== user.id) throw unauthorized(BROADCASTER_MISMATCH);
    settleDueRaids(state);
    const raid = state.raids.pending(user.id);
    if (!raid) throw notFound(NO_PENDING_RAID);
    raid.status = 'cancelled';
    return undefined;
  });
}

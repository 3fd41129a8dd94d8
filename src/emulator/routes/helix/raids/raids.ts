/**
 * Start a Raid and Cancel a Raid (spec part 4 names them only; shapes from the platform's
 * reference). A raid happens when its 90-second countdown ends, on the emulator clock: moving the
 * clock past it (`domain/deadlines.ts`), or real time passing (a timer here). The rules and
 * `channel.raid`: `domain/raids.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { badRequest, notFound, unauthorized } from '../../../domain/api-error';
import { cancelRaid, RAID_SELF, settleDueRaids, startRaid } from '../../../domain/raids';
import { RAID_COUNTDOWN_MS } from '../../../domain/stores/raids';
import { registerHelixRoute } from '../../../http/helix-route';
import { BROADCASTER_MISMATCH } from '../../../http/token-user';
import '../../../http/app-state';

export const FROM_BROADCASTER_MISMATCH = "The ID in from_broadcaster_id must match the user ID found in the request's OAuth token.";
export const RAID_TARGET_NOT_FOUND = 'The targeted channel was not found.';

export function registerRaidRoutes(app: FastifyInstance): void {
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
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
    const raid = startRaid(state, user, to, now);
    // Real time runs the countdown too (a demo without clock moves); settling twice is harmless.
    const timer = setTimeout(() => {
      timers.delete(timer);
      try {
        settleDueRaids(state);
      } catch (error) {
        app.log.error(error);
      }
    }, RAID_COUNTDOWN_MS);
    timer.unref();
    timers.add(timer);
    return { data: [{ created_at: toRfc3339(raid.createdAt), is_mature: raid.isMature }] };
  });

  registerHelixRoute(app, { method: 'DELETE', path: '/raids', auth: 'user', scopes: ['channel:manage:raids'] }, ({ state, query, user }) => {
    const broadcasterId = query.required('broadcaster_id');
    if (broadcasterId !== user.id) throw unauthorized(BROADCASTER_MISMATCH);
    cancelRaid(state, user);
    return undefined;
  });
}

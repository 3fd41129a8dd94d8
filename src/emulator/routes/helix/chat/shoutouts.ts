/**
 * Send a Shoutout (spec part 4 names it only; shape from the platform's reference); the rules,
 * cooldowns and `channel.shoutout.create`/`receive`: `domain/shoutouts.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { invalidParameter, unauthorized } from '../../../domain/api-error';
import { sendShoutout } from '../../../domain/shoutouts';
import { registerHelixRoute } from '../../../http/helix-route';
import { MODERATOR_ID_MISMATCH } from '../../../http/token-user';

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
    sendShoutout(state, { from, to, moderator: user, now });
    return undefined;
  });
}

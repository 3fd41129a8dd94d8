/** Spec 4.9 Moderation: Get Moderator Events (moderator-change records, newest first). */
import type { FastifyInstance } from 'fastify';
import { userFields } from '../../../http/views/helix-shapes';
import { badRequest, requireTokenBroadcaster } from '../../../http/api-error';
import { registerHelixRoute } from '../../../http/helix-route';
import { cursorPage, readFirst } from '../../../http/bidirectional-cursor';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { ModeratorChangeRecord } from '../../../domain/moderators';

const MAX_USER_IDS = 100;

export function registerModerationRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/moderation/moderators/events', auth: 'user', scopes: ['moderation:read'] },
    ({ state, query, user }) => {
      const broadcasterId = query.required('broadcaster_id');
      const userIds = query.all('user_id');
      if (userIds.length > MAX_USER_IDS) throw badRequest(`The number of "user_id" parameters must not exceed ${MAX_USER_IDS}`);
      readFirst(query);
      requireTokenBroadcaster(broadcasterId, user.id);

      const records = state.moderators.changes.filter((r) => r.broadcasterId === broadcasterId).reverse();
      if (userIds.length > 0) {
        // user_id supersedes cursor handling: every matching record, no cursor.
        const wanted = new Set(userIds);
        return { data: records.filter((r) => wanted.has(r.userId)).map((r) => moderatorEventView(state, r)), pagination: {} };
      }
      const page = cursorPage(records, query, { before: 'ignored' });
      return { data: page.items.map((r) => moderatorEventView(state, r)), pagination: page.pagination };
    },
  );
}

/** A moderator-change record in the spec's shape (part 2). */
export function moderatorEventView(state: EmulatorState, record: ModeratorChangeRecord) {
  return {
    id: record.id,
    event_type: record.event_type,
    event_timestamp: record.event_timestamp,
    version: record.version,
    event_data: {
      ...userFields(state, 'broadcaster', record.broadcasterId),
      ...userFields(state, 'user', record.userId),
    },
  };
}

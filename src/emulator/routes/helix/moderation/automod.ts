/**
 * AutoMod (spec part 4 names its endpoints only; shapes from the platform's reference): Get and
 * Update AutoMod Settings, Manage Held AutoMod Messages, Check AutoMod Status. The rules, what
 * AutoMod holds and `automod.message.hold` / `.update`: `domain/automod.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, invalidParameter, missingParameter, unauthorized } from '../../../domain/api-error';
import { checkAutoModStatus, OVERALL_OR_INDIVIDUAL, requireAutoModLevel, resolveHeldMessage, updateAutoModSettings, type AutoModUpdate } from '../../../domain/automod';
import { AUTOMOD_CATEGORIES, type AutoModLevels } from '../../../domain/stores/automod';
import { requiredString } from '../../../http/body-fields';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { requireActingModerator, requireBroadcaster } from '../../../http/request-users';
import { USER_ID_MISMATCH } from '../../../http/token-user';
import { autoModSettingsView } from '../../../http/views/moderation';

export const INVALID_ACTION = 'The value in the `action` field is not valid.';
export const CHECK_OWN_CHANNEL = 'The ID in broadcaster_id must match the user ID in the user access token.';
const MAX_CHECKED_MESSAGES = 100;

const present = (value: unknown): boolean => value !== undefined && value !== null;

/** The PUT body: `overall_level`, or the categories' levels (those not sent become 0), never both. */
function readAutoModUpdate(raw: unknown): AutoModUpdate {
  const body = jsonObjectBody(raw);
  const given = AUTOMOD_CATEGORIES.filter((category) => present(body[category]));
  if (present(body.overall_level) === (given.length > 0)) throw badRequest(OVERALL_OR_INDIVIDUAL);
  if (present(body.overall_level)) return { overallLevel: requireAutoModLevel(body.overall_level) };
  const levels: Partial<AutoModLevels> = {};
  for (const category of given) levels[category] = requireAutoModLevel(body[category]);
  return { levels };
}

/** Check AutoMod Status's `data`: 1 to 100 messages `{msg_id, msg_text}`. */
function readCheckedMessages(raw: unknown): { id: string; text: string }[] {
  const body = jsonObjectBody(raw);
  if (!Array.isArray(body.data) || body.data.length === 0) throw missingParameter('data');
  if (body.data.length > MAX_CHECKED_MESSAGES) throw invalidParameter('data', `must hold at most ${MAX_CHECKED_MESSAGES} messages`);
  return body.data.map((item: unknown, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw invalidParameter(`data[${i}]`, 'must be an object');
    const fields = item as Record<string, unknown>;
    return { id: requiredString(fields, 'msg_id'), text: requiredString(fields, 'msg_text') };
  });
}

export function registerAutoModRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/moderation/automod/settings', auth: 'user', scopes: ['moderator:read:automod_settings'] },
    ({ state, query, user }) => {
      const { broadcaster, moderator } = requireActingModerator(state, query, user);
      return { data: [autoModSettingsView(broadcaster.id, moderator.id, state.autoMod.settings(broadcaster.id))] };
    },
  );

  registerHelixRoute(
    app,
    { method: 'PUT', path: '/moderation/automod/settings', auth: 'user', scopes: ['moderator:manage:automod_settings'] },
    ({ state, query, user, body }) => {
      const { broadcaster, moderator } = requireActingModerator(state, query, user);
      const settings = updateAutoModSettings(state, broadcaster, readAutoModUpdate(body));
      return { data: [autoModSettingsView(broadcaster.id, moderator.id, settings)] };
    },
  );

  registerHelixRoute(
    app,
    { method: 'POST', path: '/moderation/automod/message', auth: 'user', scopes: ['moderator:manage:automod'] },
    ({ state, user, body }) => {
      const fields = jsonObjectBody(body);
      const userId = requiredString(fields, 'user_id');
      const messageId = requiredString(fields, 'msg_id');
      const action = requiredString(fields, 'action');
      if (action !== 'ALLOW' && action !== 'DENY') throw badRequest(INVALID_ACTION);
      if (userId !== user.id) throw unauthorized(USER_ID_MISMATCH);
      resolveHeldMessage(state, user, messageId, action);
      return undefined;
    },
  );

  registerHelixRoute(
    app,
    { method: 'POST', path: '/moderation/enforcements/status', auth: 'user', scopes: ['moderation:read'] },
    ({ state, query, user, body, now }) => {
      const broadcaster = requireBroadcaster(state, query.required('broadcaster_id'));
      if (broadcaster.id !== user.id) throw forbidden(CHECK_OWN_CHANNEL);
      const messages = readCheckedMessages(body);
      const permitted = checkAutoModStatus(state, broadcaster, messages.map((m) => m.text), now);
      return { data: messages.map((m, i) => ({ msg_id: m.id, is_permitted: permitted[i] })) };
    },
  );
}

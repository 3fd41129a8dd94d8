/**
 * Simulation API for moderation (design.md, "The emulator's contract"): a viewer's message that
 * AutoMod sees as harmful (held by the channel's AutoMod settings, `automod.message.hold`), the
 * messages AutoMod holds, a warned user acknowledging their warning (`channel.warning.acknowledge`),
 * a ban by a moderator, a banned user's unban request (`channel.unban_request.create`), a user
 * the platform flags as suspicious. The rules are the domain's (`domain/automod.ts`,
 * `domain/chat.ts`, `domain/warnings.ts`, `domain/moderation.ts`, `domain/unban-requests.ts`,
 * `domain/suspicious-users.ts`).
 * Loopback only (app.ts); answers are the objects.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toRfc3339 } from '../../clock';
import { MAX_LEVEL } from '../../domain/automod';
import { MAX_MESSAGE_LENGTH, postChatMessage } from '../../domain/chat';
import { badRequest } from '../../domain/api-error';
import { banUser, MAX_TIMEOUT_SECONDS } from '../../domain/moderation';
import { AUTOMOD_CATEGORIES } from '../../domain/stores/automod';
import { flagSuspiciousUser } from '../../domain/suspicious-users';
import { createUnbanRequest } from '../../domain/unban-requests';
import { knownUser } from '../../domain/users';
import { acknowledgeWarning } from '../../domain/warnings';
import { parseSimulationBody } from '../../http/simulation-body';
import { broadcasterFilter } from '../../http/simulation-query';
import { chatMessageRecordView } from '../../http/views/chat';
import { banView, heldMessageView, suspiciousUserView, unbanRequestView, warningView } from '../../http/views/moderation';
import type {
  AcknowledgedWarningView,
  AutoModMessageAnswer,
  AutoModMessageRequest,
  BanView,
  NewUnbanRequest,
  SimulatedBanRequest,
  SuspiciousUserRequest,
  SuspiciousUserView,
  UnbanRequestView,
  WarningAcknowledgementRequest,
} from '../../http/views/wire/moderation';
import '../../http/app-state';

const userId = z.string().min(1).max(20);

const autoModMessageBody = z
  .object({
    broadcaster_id: userId,
    user_id: userId,
    text: z.string().trim().min(1).max(MAX_MESSAGE_LENGTH),
    category: z.enum(AUTOMOD_CATEGORIES).optional(),
    level: z.number().int().min(1).max(MAX_LEVEL).optional(),
  })
  .strict() satisfies z.ZodType<AutoModMessageRequest>;

const acknowledgementBody = z.object({ broadcaster_id: userId, user_id: userId }).strict() satisfies z.ZodType<WarningAcknowledgementRequest>;

const banBody = z
  .object({
    broadcaster_id: userId,
    user_id: userId,
    moderator_id: userId.optional(),
    reason: z.string().max(500).optional(),
    duration: z.number().int().min(1).max(MAX_TIMEOUT_SECONDS).optional(),
  })
  .strict() satisfies z.ZodType<SimulatedBanRequest>;

const unbanRequestBody = z.object({ broadcaster_id: userId, user_id: userId, text: z.string().trim().min(1).max(500) }).strict() satisfies z.ZodType<NewUnbanRequest>;

const suspiciousUserBody = z
  .object({
    broadcaster_id: userId,
    user_id: userId,
    low_trust_status: z.enum(['none', 'active_monitoring', 'restricted']).optional(),
    types: z.array(z.enum(['manually_added', 'ban_evader', 'banned_in_shared_channel'])).max(3).optional(),
    ban_evasion_evaluation: z.enum(['unknown', 'possible', 'likely']).optional(),
    shared_ban_channel_ids: z.array(userId).max(100).optional(),
  })
  .strict() satisfies z.ZodType<SuspiciousUserRequest>;

export function registerModerationSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/automod/messages', (request): AutoModMessageAnswer => {
    const body = parseSimulationBody(autoModMessageBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const sender = knownUser(state, body.user_id, 'user_id');
    const autoMod = { category: body.category ?? 'aggression', level: body.level ?? MAX_LEVEL };
    const message = postChatMessage(state, { broadcaster, sender, text: body.text, now: state.clock.now(), autoMod });
    const held = state.autoMod.pendingMessage(message.id);
    return { ...chatMessageRecordView(state, message), held: held ? heldMessageView(state, held) : null };
  });

  app.get('/_emulator/automod/messages', (request) => {
    const broadcaster = broadcasterFilter(state, request.query);
    return { messages: state.autoMod.pendingIn(broadcaster.id).map((held) => heldMessageView(state, held)) };
  });

  app.post('/_emulator/warnings/acknowledgements', (request): AcknowledgedWarningView => {
    const body = parseSimulationBody(acknowledgementBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const user = knownUser(state, body.user_id, 'user_id');
    const now = state.clock.now();
    return { ...warningView(acknowledgeWarning(state, broadcaster, user, now)), acknowledged_at: toRfc3339(now) };
  });

  app.post('/_emulator/bans', (request): BanView => {
    const body = parseSimulationBody(banBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const target = knownUser(state, body.user_id, 'user_id');
    const moderator = knownUser(state, body.moderator_id ?? broadcaster.id, 'moderator_id');
    if (!state.moderators.canModerate(broadcaster.id, moderator.id)) throw badRequest(`User "${moderator.login}" does not moderate ${broadcaster.login}'s chat`);
    const ban = banUser(state, { broadcaster, moderator, target, durationSeconds: body.duration ?? null, reason: body.reason ?? '', now: state.clock.now() });
    return banView(ban);
  });

  app.post('/_emulator/unban-requests', (request): UnbanRequestView => {
    const body = parseSimulationBody(unbanRequestBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const user = knownUser(state, body.user_id, 'user_id');
    return unbanRequestView(state, createUnbanRequest(state, broadcaster, user, body.text, state.clock.now()));
  });

  app.post('/_emulator/suspicious-users', (request): SuspiciousUserView => {
    const body = parseSimulationBody(suspiciousUserBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const target = knownUser(state, body.user_id, 'user_id');
    const record = flagSuspiciousUser(state, {
      broadcaster,
      target,
      status: body.low_trust_status ?? 'restricted',
      types: body.types ?? ['ban_evader'],
      banEvasionEvaluation: body.ban_evasion_evaluation ?? 'likely',
      sharedBanChannelIds: body.shared_ban_channel_ids ?? [],
      now: state.clock.now(),
    });
    return suspiciousUserView(state, record);
  });
}

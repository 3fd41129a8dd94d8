/**
 * Simulation API for moderation (design.md, "The emulator's contract"): a viewer's message that
 * AutoMod sees as harmful (held by the channel's AutoMod settings, `automod.message.hold`), the
 * messages AutoMod holds, a warned user acknowledging their warning (`channel.warning.acknowledge`),
 * a ban by a moderator, a banned user's unban request (`channel.unban_request.create`), a user
 * the platform flags as suspicious, a hate raid (new accounts raiding in and chatting at once),
 * Shield Mode's overrides. The rules are the domain's (`domain/automod.ts`, `domain/chat.ts`,
 * `domain/warnings.ts`, `domain/moderation.ts`, `domain/unban-requests.ts`,
 * `domain/suspicious-users.ts`, `domain/hate-raids.ts`, `domain/shield-mode.ts`).
 * Loopback only (app.ts); answers are the objects.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toRfc3339 } from '../../clock';
import { MAX_LEVEL } from '../../domain/automod';
import { MAX_MESSAGE_LENGTH, postChatMessage } from '../../domain/chat';
import { hateRaid, MAX_ACCOUNT_AGE_MINUTES, MAX_HATE_RAIDERS, MAX_MESSAGES_PER_RAIDER } from '../../domain/hate-raids';
import { banUser, knownModerator, MAX_TIMEOUT_SECONDS } from '../../domain/moderation';
import { MAX_FOLLOWER_MINUTES } from '../../domain/chat-refusals';
import { configureShieldMode } from '../../domain/shield-mode';
import { AUTOMOD_CATEGORIES } from '../../domain/stores/automod';
import { flagSuspiciousUser } from '../../domain/suspicious-users';
import { createUnbanRequest } from '../../domain/unban-requests';
import { knownUser } from '../../domain/users';
import { acknowledgeWarning } from '../../domain/warnings';
import { parseSimulationBody } from '../../http/simulation-body';
import { broadcasterFilter } from '../../http/simulation-query';
import { chatMessageRecordView, raidView } from '../../http/views/chat';
import { userFields } from '../../http/views/user-fields';
import { banView, heldMessageView, shieldModeSettingsView, suspiciousUserView, unbanRequestView, warningView } from '../../http/views/moderation';
import type {
  AcknowledgedWarningView,
  AutoModMessageAnswer,
  AutoModMessageRequest,
  BanView,
  HateRaidRequest,
  HateRaidView,
  NewUnbanRequest,
  ShieldModeSettingsRequest,
  ShieldModeSettingsView,
  SimulatedBanRequest,
  SuspiciousUserRequest,
  SuspiciousUserView,
  UnbanRequestView,
  WarningAcknowledgementRequest,
} from '../../http/views/wire/moderation';
import '../../http/app-state';

const userId = z.string().min(1).max(20);

const autoModMessageBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: userId,
      user_id: userId,
      text: z.string().trim().min(1).max(MAX_MESSAGE_LENGTH),
      category: z.enum(AUTOMOD_CATEGORIES).optional(),
      level: z.number().int().min(1).max(MAX_LEVEL).optional(),
    })
    .strict() satisfies z.ZodType<AutoModMessageRequest>,
);

const acknowledgementBody = z.lazy(() =>
  z.object({ broadcaster_id: userId, user_id: userId }).strict() satisfies z.ZodType<WarningAcknowledgementRequest>,
);

const banBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: userId,
      user_id: userId,
      moderator_id: userId.optional(),
      reason: z.string().max(500).optional(),
      duration: z.number().int().min(1).max(MAX_TIMEOUT_SECONDS).optional(),
    })
    .strict() satisfies z.ZodType<SimulatedBanRequest>,
);

const unbanRequestBody = z.lazy(() =>
  z.object({ broadcaster_id: userId, user_id: userId, text: z.string().trim().min(1).max(500) }).strict() satisfies z.ZodType<NewUnbanRequest>,
);

const suspiciousUserBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: userId,
      user_id: userId,
      low_trust_status: z.enum(['none', 'active_monitoring', 'restricted']).optional(),
      types: z.array(z.enum(['manually_added', 'ban_evader', 'banned_in_shared_channel'])).max(3).optional(),
      ban_evasion_evaluation: z.enum(['unknown', 'possible', 'likely']).optional(),
      shared_ban_channel_ids: z.array(userId).max(100).optional(),
    })
    .strict() satisfies z.ZodType<SuspiciousUserRequest>,
);

const hateRaidBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: userId,
      count: z.number().int().min(1).max(MAX_HATE_RAIDERS),
      from_broadcaster_id: userId.optional(),
      lines: z.array(z.string().trim().min(1).max(MAX_MESSAGE_LENGTH)).min(1).max(50).optional(),
      messages_per_account: z.number().int().min(1).max(MAX_MESSAGES_PER_RAIDER).optional(),
      age_minutes: z.number().int().min(0).max(MAX_ACCOUNT_AGE_MINUTES).optional(),
      follow: z.boolean().optional(),
    })
    .strict() satisfies z.ZodType<HateRaidRequest>,
);

const shieldModeSettingsBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: userId,
      follower_mode_minutes: z.number().int().min(0).max(MAX_FOLLOWER_MINUTES).nullable().optional(),
      require_verified_email: z.boolean().optional(),
      restrict_first_time_chatters: z.boolean().optional(),
    })
    .strict() satisfies z.ZodType<ShieldModeSettingsRequest>,
);

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
    const moderator = knownModerator(state, broadcaster, body.moderator_id);
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

  app.post('/_emulator/hate-raids', (request): HateRaidView => {
    const body = parseSimulationBody(hateRaidBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const from = body.from_broadcaster_id === undefined ? undefined : knownUser(state, body.from_broadcaster_id, 'from_broadcaster_id');
    const raid = hateRaid(state, {
      broadcaster,
      from,
      count: body.count,
      lines: body.lines,
      messagesPerAccount: body.messages_per_account,
      ageMinutes: body.age_minutes,
      follow: body.follow,
      now: state.clock.now(),
    });
    return {
      raid: raidView(state, raid.raid),
      raider: userFields(state, 'user', raid.raider.id),
      accounts: raid.accounts.map((account) => userFields(state, 'user', account.id)),
      messages: raid.messages.map((message) => chatMessageRecordView(state, message)),
    };
  });

  app.post('/_emulator/shield-mode/settings', (request): ShieldModeSettingsView => {
    const body = parseSimulationBody(shieldModeSettingsBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const current = state.shieldMode.overrides(broadcaster.id);
    const overrides = configureShieldMode(state, broadcaster, {
      followerModeMinutes: body.follower_mode_minutes === undefined ? current.followerModeMinutes : body.follower_mode_minutes,
      requireVerifiedEmail: body.require_verified_email ?? current.requireVerifiedEmail,
      restrictFirstTimeChatters: body.restrict_first_time_chatters ?? current.restrictFirstTimeChatters,
    });
    return shieldModeSettingsView(broadcaster.id, state.shieldMode.isActive(broadcaster.id), overrides);
  });
}

/**
 * Spec 4.6 Channel points: custom rewards and their redemptions. Rewards belong to the client that
 * created them (only it may update or delete them or manage their redemptions); redemption states
 * follow spec part 3, and every change publishes the platform's EventSub event.
 */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { badRequest, forbidden, invalidParameter, missingParameter, notFound, requireTokenBroadcaster } from '../../../http/api-error';
import { registerHelixRoute, type HelixContext } from '../../../http/helix-route';
import { jsonObjectBody, type RequestParams } from '../../../http/request-params';
import type { EmulatorState } from '../../../domain/emulator-state';
import {
  MAX_REDEMPTION_IDS_PER_REQUEST,
  REDEMPTION_STATUSES,
  updateRedemptions,
  type Redemption,
  type RedemptionCursor,
  type RedemptionStatus,
} from '../../../domain/redemptions';
import {
  characterCount,
  cooldownExpiresAt,
  MAX_REWARD_IDS_PER_REQUEST,
  MAX_REWARD_PROMPT_LENGTH,
  MAX_REWARD_TITLE_LENGTH,
  MAX_REWARDS_PER_CHANNEL,
  type CustomReward,
  type LimitSetting,
} from '../../../domain/rewards';
import type { User } from '../../../domain/users';
import { defaultRewardImageUrls, registerCustomRewardImageRoutes } from '../../static/custom-reward-images';

const PATH = '/channel_points/custom_rewards';
const MANAGE = ['channel:manage:redemptions'] as const;
const READ_OR_MANAGE = ['channel:read:redemptions', 'channel:manage:redemptions'] as const;
/** The emulator's bound for limit values and cooldown seconds (the platform's own bound is not published). */
const MAX_LIMIT_VALUE = 2_147_483_647;
const REDEMPTION_PAGE_MAX = 50;
const REDEMPTION_PAGE_DEFAULT = 20;

export const REWARD_MESSAGES = {
  notPartner: 'The broadcaster must have partner or affiliate status.',
  otherClient: 'The ID in the Client-Id header must match the Client ID used to create the custom reward.',
  /** The platform answers these two with bare error codes. */
  duplicateOnCreate: 'CREATE_CUSTOM_REWARD_DUPLICATE_REWARD',
  duplicateOnUpdate: 'UPDATE_CUSTOM_REWARD_DUPLICATE_REWARD',
  tooManyRewards: 'CREATE_CUSTOM_REWARD_TOO_MANY_REWARDS',
} as const;

// ---- response shapes (spec part 2) ----

export function helixReward(state: EmulatorState, reward: CustomReward, now: number) {
  const broadcaster = state.users.get(reward.broadcasterId);
  const stream = state.streams.get(reward.broadcasterId);
  const redeemedThisStream = stream ? state.redemptions.countInStream(reward.id, stream.id) : null;
  const cooldownEnd = cooldownExpiresAt(reward, now);
  const soldOut = reward.maxPerStream.enabled && redeemedThisStream !== null && redeemedThisStream >= reward.maxPerStream.value;
  return {
    broadcaster_name: broadcaster?.displayName ?? '',
    broadcaster_login: broadcaster?.login ?? '',
    broadcaster_id: reward.broadcasterId,
    id: reward.id,
    image: null,
    background_color: reward.backgroundColor,
    is_enabled: reward.isEnabled,
    cost: reward.cost,
    title: reward.title,
    prompt: reward.prompt,
    is_user_input_required: reward.isUserInputRequired,
    max_per_stream_setting: { is_enabled: reward.maxPerStream.enabled, max_per_stream: reward.maxPerStream.value },
    max_per_user_per_stream_setting: { is_enabled: reward.maxPerUserPerStream.enabled, max_per_user_per_stream: reward.maxPerUserPerStream.value },
    global_cooldown_setting: { is_enabled: reward.globalCooldown.enabled, global_cooldown_seconds: reward.globalCooldown.value },
    is_paused: reward.isPaused,
    is_in_stock: cooldownEnd === null && !soldOut,
    default_image: defaultRewardImageUrls(state.baseUrl),
    should_redemptions_skip_request_queue: reward.shouldRedemptionsSkipRequestQueue,
    redemptions_redeemed_current_stream: reward.maxPerStream.enabled ? redeemedThisStream : null,
    cooldown_expires_at: cooldownEnd === null ? null : toRfc3339(cooldownEnd),
  };
}

export function helixRedemption(state: EmulatorState, redemption: Redemption) {
  const broadcaster = state.users.get(redemption.broadcasterId);
  const user = state.users.get(redemption.userId);
  return {
    broadcaster_name: broadcaster?.displayName ?? '',
    broadcaster_login: broadcaster?.login ?? '',
    broadcaster_id: redemption.broadcasterId,
    id: redemption.id,
    user_login: user?.login ?? '',
    user_id: redemption.userId,
    user_name: user?.displayName ?? '',
    user_input: redemption.userInput,
    status: redemption.status,
    redeemed_at: toRfc3339(redemption.redeemedAt),
    reward: { ...redemption.reward },
  };
}

// ---- shared checks ----

/** broadcaster_id present (400), the token's user (401), with channel points (403). */
function channelPointsBroadcaster(query: RequestParams, user: User): User {
  const broadcasterId = query.required('broadcaster_id');
  requireTokenBroadcaster(broadcasterId, user.id);
  if (user.broadcasterType === '') throw forbidden(REWARD_MESSAGES.notPartner);
  return user;
}

function manageableReward(ctx: HelixContext<'user'>, broadcaster: User, id: string, parameter: 'id' | 'reward_id'): CustomReward {
  const reward = ctx.state.rewards.find(broadcaster.id, id);
  if (!reward) throw notFound(`The custom reward specified in the ${parameter} query parameter was not found`);
  if (reward.clientId !== ctx.client.clientId) throw forbidden(REWARD_MESSAGES.otherClient);
  return reward;
}

/** The given values of a repeatable ID parameter: none empty, at most `max`, duplicates dropped. */
function idList(query: RequestParams, name: string, max: number): string[] {
  const values = query.all(name);
  if (values.some((v) => v.trim() === '')) throw invalidParameter(name, 'must not be empty');
  if (values.length > max) throw badRequest(`The number of "${name}" parameters must not exceed ${max}`);
  return [...new Set(values)];
}

// ---- the reward body ----

interface RewardChanges {
  title?: string;
  prompt?: string;
  cost?: number;
  backgroundColor?: string;
  isEnabled?: boolean;
  isUserInputRequired?: boolean;
  maxPerStreamEnabled?: boolean;
  maxPerStream?: number;
  maxPerUserPerStreamEnabled?: boolean;
  maxPerUserPerStream?: number;
  globalCooldownEnabled?: boolean;
  globalCooldownSeconds?: number;
  isPaused?: boolean;
  skipQueue?: boolean;
}

/** Reads one field; null counts as absent, like the platform's JSON decoding. */
function field(body: Record<string, unknown>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(body, name) ? (body[name] ?? undefined) : undefined;
}

function stringField(body: Record<string, unknown>, name: string, maxLength: number): string | undefined {
  const value = field(body, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParameter(name, 'must be a string');
  if (characterCount(value) > maxLength) throw invalidParameter(name, `must be at most ${maxLength} characters`);
  return value;
}

function booleanField(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = field(body, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalidParameter(name, 'must be true or false');
  return value;
}

function integerField(body: Record<string, unknown>, name: string, max: number, min = 1): number | undefined {
  const value = field(body, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidParameter(name, 'must be an integer');
  if (value < min) throw invalidParameter(name, `must be at least ${min}`);
  if (value > max) throw invalidParameter(name, `must be at most ${max}`);
  return value;
}

function parseRewardChanges(body: Record<string, unknown>, options: { update: boolean }): RewardChanges {
  const title = stringField(body, 'title', MAX_REWARD_TITLE_LENGTH);
  if (title !== undefined && title.trim() === '') throw invalidParameter('title', 'must not be empty');
  const backgroundColor = stringField(body, 'background_color', 7);
  if (backgroundColor !== undefined && !/^#[0-9A-Fa-f]{6}$/.test(backgroundColor)) {
    throw invalidParameter('background_color', 'must be a hex colour like #9147FF');
  }
  return {
    title: title?.trim(),
    prompt: stringField(body, 'prompt', MAX_REWARD_PROMPT_LENGTH),
    cost: integerField(body, 'cost', Number.MAX_SAFE_INTEGER),
    backgroundColor: backgroundColor?.toUpperCase(),
    isEnabled: booleanField(body, 'is_enabled'),
    isUserInputRequired: booleanField(body, 'is_user_input_required'),
    maxPerStreamEnabled: booleanField(body, 'is_max_per_stream_enabled'),
    // A limit's value may be 0 while its switch is off (client libraries send exactly that to turn a
    // limit off, and the platform takes it); `mergeLimit` refuses below 1 with the switch on.
    maxPerStream: integerField(body, 'max_per_stream', MAX_LIMIT_VALUE, 0),
    maxPerUserPerStreamEnabled: booleanField(body, 'is_max_per_user_per_stream_enabled'),
    maxPerUserPerStream: integerField(body, 'max_per_user_per_stream', MAX_LIMIT_VALUE, 0),
    globalCooldownEnabled: booleanField(body, 'is_global_cooldown_enabled'),
    globalCooldownSeconds: integerField(body, 'global_cooldown_seconds', MAX_LIMIT_VALUE, 0),
    // Create Custom Rewards has no is_paused field (spec 4.6): a new reward is never paused.
    isPaused: options.update ? booleanField(body, 'is_paused') : undefined,
    skipQueue: booleanField(body, 'should_redemptions_skip_request_queue'),
  };
}

function mergeLimit(current: LimitSetting, enabled: boolean | undefined, value: number | undefined, names: [string, string]): LimitSetting {
  const merged = { enabled: enabled ?? current.enabled, value: value ?? current.value };
  if (merged.enabled && merged.value < 1) throw invalidParameter(names[1], `must be at least 1 when ${names[0]} is true`);
  return merged;
}

function mergedLimits(current: Pick<CustomReward, 'maxPerStream' | 'maxPerUserPerStream' | 'globalCooldown'>, changes: RewardChanges) {
  return {
    maxPerStream: mergeLimit(current.maxPerStream, changes.maxPerStreamEnabled, changes.maxPerStream, ['is_max_per_stream_enabled', 'max_per_stream']),
    maxPerUserPerStream: mergeLimit(current.maxPerUserPerStream, changes.maxPerUserPerStreamEnabled, changes.maxPerUserPerStream, [
      'is_max_per_user_per_stream_enabled',
      'max_per_user_per_stream',
    ]),
    globalCooldown: mergeLimit(current.globalCooldown, changes.globalCooldownEnabled, changes.globalCooldownSeconds, [
      'is_global_cooldown_enabled',
      'global_cooldown_seconds',
    ]),
  };
}

const NO_LIMITS = {
  maxPerStream: { enabled: false, value: 0 },
  maxPerUserPerStream: { enabled: false, value: 0 },
  globalCooldown: { enabled: false, value: 0 },
};

// ---- redemption list cursor ----

function encodeCursor(cursor: RedemptionCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.redeemedAt, s: cursor.seq })).toString('base64url');
}

function decodeCursor(raw: string): RedemptionCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (parsed !== null && typeof parsed === 'object') {
      const { t, s } = parsed as Record<string, unknown>;
      if (Number.isSafeInteger(t) && Number.isSafeInteger(s)) return { redeemedAt: t as number, seq: s as number };
    }
  } catch {
    // fall through to the 400
  }
  throw invalidParameter('after', 'not a cursor from this endpoint');
}

function redemptionStatusParam(query: RequestParams, name: string): RedemptionStatus | undefined {
  const value = query.one(name);
  if (value === undefined || value === '') return undefined;
  if (!REDEMPTION_STATUSES.includes(value as RedemptionStatus)) throw invalidParameter(name, 'must be UNFULFILLED, FULFILLED or CANCELED');
  return value as RedemptionStatus;
}

// ---- routes ----

export function registerChannelPointsRoutes(app: FastifyInstance): void {
  registerCustomRewardImageRoutes(app);

  registerHelixRoute(app, { method: 'POST', path: PATH, auth: 'user', scopes: MANAGE }, (ctx) => {
    const { state, query, now } = ctx;
    const broadcaster = channelPointsBroadcaster(query, ctx.user);
    const changes = parseRewardChanges(jsonObjectBody(ctx.body), { update: false });
    if (changes.title === undefined) throw missingParameter('title');
    if (changes.cost === undefined) throw missingParameter('cost');
    const limits = mergedLimits(NO_LIMITS, changes);
    if (state.rewards.countFor(broadcaster.id) >= MAX_REWARDS_PER_CHANNEL) throw badRequest(REWARD_MESSAGES.tooManyRewards);
    if (state.rewards.isTitleTaken(broadcaster.id, changes.title)) throw badRequest(REWARD_MESSAGES.duplicateOnCreate);

    const reward = state.rewards.create(
      {
        broadcasterId: broadcaster.id,
        clientId: ctx.client.clientId,
        title: changes.title,
        cost: changes.cost,
        prompt: changes.prompt,
        backgroundColor: changes.backgroundColor,
        isEnabled: changes.isEnabled,
        isUserInputRequired: changes.isUserInputRequired,
        ...limits,
        shouldRedemptionsSkipRequestQueue: changes.skipQueue,
      },
      now,
    );
    return { data: [helixReward(state, reward, now)] };
  });

  registerHelixRoute(app, { method: 'GET', path: PATH, auth: 'user', scopes: READ_OR_MANAGE }, (ctx) => {
    const { state, query, now } = ctx;
    const broadcaster = channelPointsBroadcaster(query, ctx.user);
    const ids = idList(query, 'id', MAX_REWARD_IDS_PER_REQUEST);
    const onlyManageable = query.boolean('only_manageable_rewards', false);

    let rewards = state.rewards.listFor(broadcaster.id);
    if (ids.length > 0) {
      const wanted = new Set(ids);
      rewards = rewards.filter((r) => wanted.has(r.id));
    }
    if (onlyManageable) rewards = rewards.filter((r) => r.clientId === ctx.client.clientId);
    if (ids.length > 0 && rewards.length === 0) throw notFound('No custom rewards with the specified IDs were found');
    return { data: rewards.map((r) => helixReward(state, r, now)) };
  });

  registerHelixRoute(app, { method: 'PATCH', path: PATH, auth: 'user', scopes: MANAGE }, (ctx) => {
    const { state, query, now } = ctx;
    const broadcaster = channelPointsBroadcaster(query, ctx.user);
    const id = query.required('id');
    const changes = parseRewardChanges(ctx.body === undefined ? {} : jsonObjectBody(ctx.body), { update: true });
    const reward = manageableReward(ctx, broadcaster, id, 'id');
    const limits = mergedLimits(reward, changes);
    if (changes.title !== undefined && state.rewards.isTitleTaken(broadcaster.id, changes.title, reward.id)) {
      throw badRequest(REWARD_MESSAGES.duplicateOnUpdate);
    }

    if (changes.title !== undefined) reward.title = changes.title;
    if (changes.prompt !== undefined) reward.prompt = changes.prompt;
    if (changes.cost !== undefined) reward.cost = changes.cost;
    if (changes.backgroundColor !== undefined) reward.backgroundColor = changes.backgroundColor;
    if (changes.isEnabled !== undefined) reward.isEnabled = changes.isEnabled;
    if (changes.isUserInputRequired !== undefined) reward.isUserInputRequired = changes.isUserInputRequired;
    if (changes.isPaused !== undefined) reward.isPaused = changes.isPaused;
    if (changes.skipQueue !== undefined) reward.shouldRedemptionsSkipRequestQueue = changes.skipQueue;
    Object.assign(reward, limits);
    return { data: [helixReward(state, reward, now)] };
  });

  registerHelixRoute(app, { method: 'DELETE', path: PATH, auth: 'user', scopes: MANAGE }, (ctx) => {
    const { state, query, now } = ctx;
    const broadcaster = channelPointsBroadcaster(query, ctx.user);
    const reward = manageableReward(ctx, broadcaster, query.required('id'), 'id');
    // Spec part 3: deleting a reward fulfils its open redemptions; they stay in the channel's record.
    const open = state.redemptions.listForReward(reward.id).filter((r) => r.status === 'UNFULFILLED');
    updateRedemptions(state, open, 'FULFILLED', now);
    state.rewards.delete(reward.id);
    state.redemptions.forgetStreamCounts(reward.id);
    return undefined;
  });

  registerHelixRoute(app, { method: 'GET', path: `${PATH}/redemptions`, auth: 'user', scopes: READ_OR_MANAGE }, (ctx) => {
    const { state, query } = ctx;
    const broadcaster = channelPointsBroadcaster(query, ctx.user);
    const rewardId = query.required('reward_id');
    const ids = idList(query, 'id', MAX_REDEMPTION_IDS_PER_REQUEST);
    const status = redemptionStatusParam(query, 'status');
    if (status === undefined && ids.length === 0) throw missingParameter('status');
    const sort = query.one('sort') || 'OLDEST';
    if (sort !== 'OLDEST' && sort !== 'NEWEST') throw invalidParameter('sort', 'must be OLDEST or NEWEST');
    const first = query.integer('first', { min: 1, max: REDEMPTION_PAGE_MAX, default: REDEMPTION_PAGE_DEFAULT });
    const afterRaw = query.one('after');
    const after = afterRaw === undefined || afterRaw === '' ? undefined : decodeCursor(afterRaw);
    const reward = manageableReward(ctx, broadcaster, rewardId, 'reward_id');

    if (ids.length > 0) {
      const { items } = state.redemptions.page(reward.id, { status, ids: new Set(ids), sort });
      return { data: items.map((r) => helixRedemption(state, r)), pagination: {} };
    }
    const { items, next } = state.redemptions.page(reward.id, { status, sort, first, after });
    return { data: items.map((r) => helixRedemption(state, r)), pagination: next ? { cursor: encodeCursor(next) } : {} };
  });

  registerHelixRoute(app, { method: 'PATCH', path: `${PATH}/redemptions`, auth: 'user', scopes: MANAGE }, (ctx) => {
    const { state, query, now } = ctx;
    const broadcaster = channelPointsBroadcaster(query, ctx.user);
    const ids = idList(query, 'id', MAX_REDEMPTION_IDS_PER_REQUEST);
    if (ids.length === 0) throw missingParameter('id');
    const rewardId = query.required('reward_id');
    const body = jsonObjectBody(ctx.body);
    const status = field(body, 'status');
    if (status === undefined) throw missingParameter('status');
    if (status !== 'FULFILLED' && status !== 'CANCELED') throw invalidParameter('status', 'must be FULFILLED or CANCELED');
    const reward = manageableReward(ctx, broadcaster, rewardId, 'reward_id');

    const matched = ids
      .map((id) => state.redemptions.get(id))
      .filter((r): r is Redemption => r !== undefined && r.rewardId === reward.id && r.status === 'UNFULFILLED');
    if (matched.length === 0) throw notFound('No UNFULFILLED redemptions with the specified IDs were found for this reward');
    updateRedemptions(state, matched, status, now);
    return { data: matched.map((r) => helixRedemption(state, r)) };
  });
}

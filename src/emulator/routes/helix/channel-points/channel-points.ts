/**
 * Spec 4.6 Channel points: custom rewards and their redemptions. The rules (rewards belong to the
 * client that created them; redemption states follow spec part 3) and the EventSub events are in
 * `domain/channel-points.ts`; the default reward image is in `routes/static/custom-reward-images.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, invalidParameter, missingParameter, notFound } from '../../../domain/api-error';
import { createReward, deleteReward, manageableReward, REWARD_MESSAGES, setRedemptionStatus, updateReward, type RewardChanges } from '../../../domain/channel-points';
import { MAX_REDEMPTION_IDS_PER_REQUEST, REDEMPTION_STATUSES, type RedemptionCursor, type RedemptionStatus } from '../../../domain/stores/redemptions';
import { MAX_REWARD_IDS_PER_REQUEST, MAX_REWARD_PROMPT_LENGTH, MAX_REWARD_TITLE_LENGTH } from '../../../domain/stores/rewards';
import { characterCount } from '../../../http/body-fields';
import type { User } from '../../../domain/stores/users';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody, type RequestParams } from '../../../http/request-params';
import { requireTokenBroadcaster } from '../../../http/token-user';
import { helixRedemption, helixReward } from '../../../http/views/channel-points';

const PATH = '/channel_points/custom_rewards';
const MANAGE = ['channel:manage:redemptions'] as const;
const READ_OR_MANAGE = ['channel:read:redemptions', 'channel:manage:redemptions'] as const;
/** The emulator's bound for limit values and cooldown seconds (the platform's own bound is not published). */
const MAX_LIMIT_VALUE = 2_147_483_647;
const REDEMPTION_PAGE_MAX = 50;
const REDEMPTION_PAGE_DEFAULT = 20;

// ---- shared checks ----

/** broadcaster_id present (400), the token's user (401), with channel points (403). */
function channelPointsBroadcaster(query: RequestParams, user: User): User {
  const broadcasterId = query.required('broadcaster_id');
  requireTokenBroadcaster(broadcasterId, user.id);
  if (user.broadcasterType === '') throw forbidden(REWARD_MESSAGES.notPartner);
  return user;
}

/** The given values of a repeatable ID parameter: none empty, at most `max`, duplicates dropped. */
function idList(query: RequestParams, name: string, max: number): string[] {
  const values = query.all(name);
  if (values.some((v) => v.trim() === '')) throw invalidParameter(name, 'must not be empty');
  if (values.length > max) throw badRequest(`The number of "${name}" parameters must not exceed ${max}`);
  return [...new Set(values)];
}

// ---- the reward body ----

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
  registerHelixRoute(app, { method: 'POST', path: PATH, auth: 'user', scopes: MANAGE }, (ctx) => {
    const { state, query, now } = ctx;
    const broadcaster = channelPointsBroadcaster(query, ctx.user);
    const changes = parseRewardChanges(jsonObjectBody(ctx.body), { update: false });
    if (changes.title === undefined) throw missingParameter('title');
    if (changes.cost === undefined) throw missingParameter('cost');
    const reward = createReward(state, broadcaster.id, ctx.client.clientId, { ...changes, title: changes.title, cost: changes.cost }, now);
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
    const reward = updateReward(state, broadcaster.id, ctx.client.clientId, id, changes);
    return { data: [helixReward(state, reward, now)] };
  });

  registerHelixRoute(app, { method: 'DELETE', path: PATH, auth: 'user', scopes: MANAGE }, (ctx) => {
    const { state, query, now } = ctx;
    const broadcaster = channelPointsBroadcaster(query, ctx.user);
    deleteReward(state, broadcaster.id, ctx.client.clientId, query.required('id'), now);
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
    const reward = manageableReward(state, broadcaster.id, ctx.client.clientId, rewardId, 'reward_id');

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
    const reward = manageableReward(state, broadcaster.id, ctx.client.clientId, rewardId, 'reward_id');
    const updated = setRedemptionStatus(state, reward, ids, status, now);
    return { data: updated.map((r) => helixRedemption(state, r)) };
  });
}

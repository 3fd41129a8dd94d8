/**
 * Simulation API for channel points (design.md, "The emulator's contract"): viewers redeem rewards,
 * one at a time with every rule the platform's viewer UI applies, or in bulk for load tests.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toRfc3339 } from '../../clock';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import { RequestParams } from '../../http/request-params';
import { parseSimulationBody } from '../../http/simulation-body';
import { MAX_USER_INPUT_LENGTH, redeemReward, REDEMPTION_STATUSES, type Redemption, type RedemptionStatus } from '../../domain/redemptions';
import { helixRedemption, helixReward } from '../helix/channel-points/channel-points';
import '../../http/app-state';

export const MAX_BULK_REDEMPTIONS = 10_000;
const MAX_BULK_USERS = 1_000;

const id = z.string().min(1).max(100);

const redeemBody = z
  .object({
    broadcaster_id: id,
    reward_id: id,
    user_id: id,
    user_input: z.string().max(MAX_USER_INPUT_LENGTH).nullable().optional(),
  })
  .strict();

const bulkBody = z
  .object({
    broadcaster_id: id,
    reward_id: id,
    count: z.number().int().min(1).max(MAX_BULK_REDEMPTIONS),
    user_ids: z.array(id).min(1).max(MAX_BULK_USERS).optional(),
    user_input: z.string().min(1).max(MAX_USER_INPUT_LENGTH).optional(),
    publish_events: z.boolean().optional(),
  })
  .strict();

export function registerRedemptionSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  const simulationRedemption = (redemption: Redemption) => ({
    ...helixRedemption(state, redemption),
    stream_id: redemption.streamId,
    refunded_points: redemption.refund?.points ?? 0,
    refunded_at: redemption.refund ? toRfc3339(redemption.refund.at) : null,
    reward_deleted: state.rewards.get(redemption.rewardId) === undefined,
  });

  app.post('/_emulator/redemptions', (request) => {
    const body = parseSimulationBody(redeemBody, request.body);
    const result = redeemReward(state, { broadcasterId: body.broadcaster_id, rewardId: body.reward_id, userId: body.user_id, userInput: body.user_input });
    if ('refusal' in result) throw new ApiError(result.refusal.status, result.refusal.message);
    return simulationRedemption(result.redemption);
  });

  // For load tests: the viewers' UI rules (enabled, not paused, user input) hold, but stock,
  // cooldown and per-stream limits are skipped so that `count` redemptions are always made.
  app.post('/_emulator/redemptions/bulk', (request) => {
    const body = parseSimulationBody(bulkBody, request.body);
    let userIds = body.user_ids;
    if (userIds) {
      const unknown = userIds.find((u) => !state.users.get(u));
      if (unknown !== undefined) throw notFound(`Unknown user_id "${unknown}"`);
    } else {
      userIds = state.users.list().filter((u) => u.id !== body.broadcaster_id).map((u) => u.id);
      if (userIds.length === 0) throw badRequest('No viewers to redeem: give user_ids');
    }
    const now = state.clock.now();
    const created: string[] = [];
    for (let i = 0; i < body.count; i++) {
      const result = redeemReward(
        state,
        {
          broadcasterId: body.broadcaster_id,
          rewardId: body.reward_id,
          userId: userIds[i % userIds.length]!,
          userInput: body.user_input ?? `Request #${i + 1}`,
        },
        { now, ignoreLimits: true, publish: body.publish_events ?? true },
      );
      if ('refusal' in result) throw new ApiError(result.refusal.status, result.refusal.message);
      created.push(result.redemption.id);
    }
    return { broadcaster_id: body.broadcaster_id, reward_id: body.reward_id, count: created.length, redemption_ids: created };
  });

  // Everything the API does not show: which client owns each reward, the stream a redemption counts
  // towards, and the points refunded by cancellations.
  app.get('/_emulator/redemptions', (request) => {
    const query = new RequestParams(request.query);
    const broadcasterId = query.required('broadcaster_id');
    if (!state.users.get(broadcasterId)) throw notFound(`Unknown broadcaster_id "${broadcasterId}"`);
    const rewardId = query.one('reward_id');
    const status = query.one('status');
    if (status !== undefined && !REDEMPTION_STATUSES.includes(status as RedemptionStatus)) {
      throw badRequest('Invalid parameter "status": must be UNFULFILLED, FULFILLED or CANCELED');
    }
    const now = state.clock.now();
    const rewards = state.rewards.listFor(broadcasterId).filter((r) => rewardId === undefined || r.id === rewardId);
    // Deleted rewards' redemptions too: they stay, FULFILLED, with `reward_deleted: true`.
    const redemptions = state.redemptions
      .listForBroadcaster(broadcasterId)
      .filter((r) => (rewardId === undefined || r.rewardId === rewardId) && (status === undefined || r.status === status));
    return {
      rewards: rewards.map((r) => ({ ...helixReward(state, r, now), client_id: r.clientId })),
      redemptions: redemptions.map(simulationRedemption),
      refunded_points_by_user: state.redemptions.refundTotals(),
    };
  });
}

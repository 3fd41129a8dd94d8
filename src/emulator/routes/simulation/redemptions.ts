/**
 * Simulation API for channel points (design.md, "The emulator's contract"): viewers redeem rewards,
 * one at a time with every rule the platform's viewer UI applies (`domain/channel-points.ts`), or
 * in bulk for load tests.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, badRequest, notFound } from '../../domain/api-error';
import { RequestParams } from '../../http/request-params';
import { parseSimulationBody } from '../../http/simulation-body';
import { redeemInBulk, redeemReward } from '../../domain/channel-points';
import { MAX_USER_INPUT_LENGTH, REDEMPTION_STATUSES, type RedemptionStatus } from '../../domain/stores/redemptions';
import { redemptionRecord, rewardRecord } from '../../http/views/channel-points';
import type { BulkRedeemAnswer, BulkRedeemRequest, RedeemRequest, RedemptionsOverview } from '../../http/views/wire/channel-points';
import '../../http/app-state';

export const MAX_BULK_REDEMPTIONS = 10_000;
const MAX_BULK_USERS = 1_000;

const id = z.string().min(1).max(100);

const redeemBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: id,
      reward_id: id,
      user_id: id,
      user_input: z.string().max(MAX_USER_INPUT_LENGTH).nullable().optional(),
    })
    .strict() satisfies z.ZodType<RedeemRequest>,
);

const bulkBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: id,
      reward_id: id,
      count: z.number().int().min(1).max(MAX_BULK_REDEMPTIONS),
      user_ids: z.array(id).min(1).max(MAX_BULK_USERS).optional(),
      user_input: z.string().min(1).max(MAX_USER_INPUT_LENGTH).optional(),
      publish_events: z.boolean().optional(),
    })
    .strict() satisfies z.ZodType<BulkRedeemRequest>,
);

export function registerRedemptionSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/redemptions', (request) => {
    const body = parseSimulationBody(redeemBody, request.body);
    const result = redeemReward(state, { broadcasterId: body.broadcaster_id, rewardId: body.reward_id, userId: body.user_id, userInput: body.user_input });
    if ('refusal' in result) throw new ApiError(result.refusal.status, result.refusal.message);
    return redemptionRecord(state, result.redemption);
  });

  // For load tests: see `redeemInBulk`.
  app.post('/_emulator/redemptions/bulk', (request) => {
    const body = parseSimulationBody(bulkBody, request.body);
    const created = redeemInBulk(state, {
      broadcasterId: body.broadcaster_id,
      rewardId: body.reward_id,
      count: body.count,
      userIds: body.user_ids,
      userInput: body.user_input,
      publish: body.publish_events ?? true,
    });
    const answer: BulkRedeemAnswer = { broadcaster_id: body.broadcaster_id, reward_id: body.reward_id, count: created.length, redemption_ids: created };
    return answer;
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
    const overview: RedemptionsOverview = {
      rewards: rewards.map((r) => rewardRecord(state, r, now)),
      redemptions: redemptions.map((r) => redemptionRecord(state, r)),
      refunded_points_by_user: state.redemptions.refundTotals(),
    };
    return overview;
  });
}

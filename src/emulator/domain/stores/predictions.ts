/**
 * Channel Points Predictions (platform reference, Predictions): one prediction ACTIVE or LOCKED per
 * broadcaster; viewers predict with channel points through the simulation API.
 */
import * as ids from '../../ids';

export type PredictionStatus = 'ACTIVE' | 'LOCKED' | 'RESOLVED' | 'CANCELED';

export interface PredictionOutcome {
  id: string;
  title: string;
  color: 'BLUE' | 'PINK';
  /** user ID -> points the user put on this outcome, in the order they first predicted. */
  predictors: Map<string, number>;
}

export interface Prediction {
  id: string;
  broadcasterId: string;
  title: string;
  outcomes: PredictionOutcome[];
  /** Seconds from creation until the prediction locks by itself. */
  predictionWindow: number;
  status: PredictionStatus;
  winningOutcomeId: string | null;
  createdAt: number;
  lockedAt: number | null;
  endedAt: number | null;
  /** Points paid to each winner on resolution (their stake included). */
  payouts: Map<string, number>;
}

export interface NewPrediction {
  broadcasterId: string;
  title: string;
  outcomes: string[];
  predictionWindow: number;
}

/** The most channel points one viewer may put on one prediction. */
export const MAX_POINTS_PER_PREDICTION = 250_000;

export class PredictionStore {
  private readonly byId = new Map<string, Prediction>();

  create(input: NewPrediction, now: number): Prediction {
    const two = input.outcomes.length === 2;
    const prediction: Prediction = {
      id: ids.unusedId(ids.uuid, this.byId),
      broadcasterId: input.broadcasterId,
      title: input.title,
      // The platform colours two outcomes blue and pink, and every outcome blue when there are more.
      outcomes: input.outcomes.map((title, i) => ({ id: ids.uuid(), title, color: two && i === 1 ? 'PINK' : 'BLUE', predictors: new Map() })),
      predictionWindow: input.predictionWindow,
      status: 'ACTIVE',
      winningOutcomeId: null,
      createdAt: now,
      lockedAt: null,
      endedAt: null,
      payouts: new Map(),
    };
    this.byId.set(prediction.id, prediction);
    return prediction;
  }

  get(id: string): Prediction | undefined {
    return this.byId.get(id);
  }

  /** The broadcaster's prediction that is ACTIVE or LOCKED. */
  open(broadcasterId: string): Prediction | undefined {
    for (const p of this.byId.values()) if (p.broadcasterId === broadcasterId && (p.status === 'ACTIVE' || p.status === 'LOCKED')) return p;
    return undefined;
  }

  /** Newest first. */
  listFor(broadcasterId: string): Prediction[] {
    return [...this.byId.values()].filter((p) => p.broadcasterId === broadcasterId).reverse();
  }

  /** Active predictions whose window closed at `now`. */
  due(now: number): Prediction[] {
    return [...this.byId.values()].filter((p) => p.status === 'ACTIVE' && locksAt(p) <= now);
  }
}

export function locksAt(prediction: Prediction): number {
  return prediction.createdAt + prediction.predictionWindow * 1000;
}

export function outcomeTotals(outcome: PredictionOutcome): { users: number; channelPoints: number } {
  let channelPoints = 0;
  for (const points of outcome.predictors.values()) channelPoints += points;
  return { users: outcome.predictors.size, channelPoints };
}

/** The outcome a viewer predicted on, if any. */
export function predictedOutcome(prediction: Prediction, userId: string): PredictionOutcome | undefined {
  return prediction.outcomes.find((o) => o.predictors.has(userId));
}

/** The demo mode's viewer simulation. */
import { z } from 'zod';

export const simulationStateSchema = z.object({
  /** False outside demo mode: there is no emulator to drive. */
  available: z.boolean(),
  running: z.boolean(),
  startedAt: z.string().nullable(),
  /** What the current (or last) run made happen; refusals are not counted. */
  counts: z.object({
    redemptions: z.number().int().nonnegative(),
    donations: z.number().int().nonnegative(),
    /** Chat joins and leaves. */
    chatEvents: z.number().int().nonnegative(),
    chatMessages: z.number().int().nonnegative(),
    follows: z.number().int().nonnegative(),
    /** New subscriptions, each gifted one included. */
    subscriptions: z.number().int().nonnegative(),
    cheers: z.number().int().nonnegative(),
    raids: z.number().int().nonnegative(),
    /** Poll votes and prediction entries. */
    votes: z.number().int().nonnegative(),
  }),
});
export type SimulationState = z.infer<typeof simulationStateSchema>;

/** "Simulate a hate raid": what happened, in words (the flood goes on for a while after). */
export const hateRaidResultSchema = z.object({ message: z.string() });

/** Nothing has happened yet (a new run, or no simulation at all). */
export const noSimulationCounts: SimulationState['counts'] = {
  redemptions: 0,
  donations: 0,
  chatEvents: 0,
  chatMessages: 0,
  follows: 0,
  subscriptions: 0,
  cheers: 0,
  raids: 0,
  votes: 0,
};

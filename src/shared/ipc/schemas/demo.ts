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
    chatEvents: z.number().int().nonnegative(),
  }),
});
export type SimulationState = z.infer<typeof simulationStateSchema>;

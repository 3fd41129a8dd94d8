/** Polls and predictions: saved templates, the running one with live progress, and its actions. */
import { z } from 'zod';

export const engagementLimits = {
  poll: { title: 60, choice: 25, choices: { min: 2, max: 5 }, duration: { min: 15, max: 1800 } },
  prediction: { title: 45, choice: 25, choices: { min: 2, max: 10 }, duration: { min: 30, max: 1800 } },
} as const;

const templateBase = z.object({
  id: z.string().min(1).max(64),
  title: z.string().trim().min(1).max(200),
  choices: z.array(z.string().trim().min(1).max(100)).max(20),
  /** Seconds: how long a poll runs, or how long a prediction takes predictions before it locks. */
  durationSeconds: z.number().int(),
});

/** A saved template, checked against the platform's limits for its kind. */
export const engagementTemplateSchema = templateBase
  .extend({ kind: z.enum(['poll', 'prediction']) })
  .strict()
  .superRefine((t, ctx) => {
    const limits = engagementLimits[t.kind];
    const what = t.kind === 'poll' ? 'A poll' : 'A prediction';
    const choiceWord = t.kind === 'poll' ? 'choices' : 'outcomes';
    if (t.title.length > limits.title) ctx.addIssue({ code: 'custom', path: ['title'], message: `${what}'s title has at most ${limits.title} characters.` });
    if (t.choices.length < limits.choices.min || t.choices.length > limits.choices.max) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: `${what} has ${limits.choices.min} to ${limits.choices.max} ${choiceWord}.` });
    }
    for (const [i, choice] of t.choices.entries()) {
      if (choice.length > limits.choice) ctx.addIssue({ code: 'custom', path: ['choices', i], message: `Each of the ${choiceWord} has at most ${limits.choice} characters.` });
    }
    if (t.durationSeconds < limits.duration.min || t.durationSeconds > limits.duration.max) {
      ctx.addIssue({ code: 'custom', path: ['durationSeconds'], message: `${what} lasts ${limits.duration.min} s to ${limits.duration.max / 60} min.` });
    }
  });
export type EngagementTemplate = z.infer<typeof engagementTemplateSchema>;

const choiceSchema = z.object({ id: z.string(), title: z.string(), votes: z.number().int().nonnegative() });

export const runningPollSchema = z.object({
  id: z.string(),
  title: z.string(),
  choices: z.array(choiceSchema),
  status: z.enum(['active', 'completed', 'terminated', 'archived', 'moderated', 'invalid']),
  startedAt: z.string(),
  /** When it ends by itself (active), or ended. */
  endsAt: z.string(),
});
export type RunningPoll = z.infer<typeof runningPollSchema>;

export const runningPredictionSchema = z.object({
  id: z.string(),
  title: z.string(),
  outcomes: z.array(z.object({ id: z.string(), title: z.string(), users: z.number().int().nonnegative(), channelPoints: z.number().int().nonnegative() })),
  status: z.enum(['active', 'locked', 'resolved', 'canceled']),
  startedAt: z.string(),
  /** When it stops taking predictions by itself. */
  locksAt: z.string(),
  winningOutcomeId: z.string().nullable(),
});
export type RunningPrediction = z.infer<typeof runningPredictionSchema>;

export const engagementStateSchema = z.object({
  templates: z.array(engagementTemplateSchema),
  /** The running (or last) poll and prediction; null: none seen since the start. */
  poll: runningPollSchema.nullable(),
  prediction: runningPredictionSchema.nullable(),
});
export type EngagementState = z.infer<typeof engagementStateSchema>;

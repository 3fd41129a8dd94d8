/**
 * The run log's journal lines (`automation-runs.journal.a|b`): a run is written whole once, as it is
 * recorded, and each change after (a step started, a step done, the run finished) is a short delta
 * naming the run's id and only what changed, not the whole record again. A delta's times are the
 * milliseconds after the run's `queuedAt` (a number) when that gives back the very same text, else the
 * text itself. Files written before deltas hold whole records only: those lines are read as before.
 *
 *   whole run:  {"id":"…","automationId":"…",…,"steps":[…]}            (a `RunRecord`, as before)
 *   delta:      {"d":"<run id>","s":"done","e":812,"t":[{"i":1,"s":"done","e":812,"x":"Sent: hi"}]}
 *
 * Delta keys: `d` the run's id; `s` status, `r` reason, `b` startedAt, `e` endedAt; `t` the steps that
 * changed, each `i` its index and `s` `b` `e` as the run's, `x` result, `f` error. A key left out is
 * unchanged; a null is written as null.
 */
import { z } from 'zod';
import { runRecordSchema, runStatusSchema, runStepStatusSchema, type RunRecord, type RunStep } from '../../../shared/ipc/contract';

const timeSchema = z.union([z.number().int(), z.string()]).nullable();
const stepDeltaSchema = z
  .object({ i: z.number().int().nonnegative().max(10_000), s: runStepStatusSchema.optional(), b: timeSchema.optional(), e: timeSchema.optional(), x: z.string().nullable().optional(), f: z.string().nullable().optional() })
  .strict();
const runDeltaSchema = z
  .object({ d: z.string().min(1), s: runStatusSchema.optional(), r: z.string().nullable().optional(), b: timeSchema.optional(), e: timeSchema.optional(), t: z.array(stepDeltaSchema).optional() })
  .strict();
export type RunDelta = z.infer<typeof runDeltaSchema>;
type StepDelta = z.infer<typeof stepDeltaSchema>;
type Time = z.infer<typeof timeSchema>;

/** One line of the run log's journal: a whole run, or a change of one already written. */
export type RunLogLine = RunRecord | RunDelta;

export const isDelta = (line: RunLogLine): line is RunDelta => 'd' in line;

export function parseRunLogLine(raw: unknown): RunLogLine | null {
  if (raw && typeof raw === 'object' && 'd' in raw) return runDeltaSchema.safeParse(raw).data ?? null;
  return runRecordSchema.safeParse(raw).data ?? null;
}

/** A copy the caller's later changes do not reach. */
export function copyRun(run: RunRecord): RunRecord {
  return { ...run, event: { ...run.event }, steps: run.steps.map((step) => ({ ...step })) };
}

function packTime(value: string | null, base: number): Time {
  if (value === null || !Number.isFinite(base)) return value;
  const at = Date.parse(value);
  return Number.isFinite(at) && new Date(at).toISOString() === value ? at - base : value;
}

function unpackTime(value: Time, base: number): string | null {
  if (typeof value !== 'number') return value;
  // A number is only written over a readable base; a damaged base leaves the time unknown, not wrong.
  return Number.isFinite(base) ? new Date(base + value).toISOString() : null;
}

const stepFields = [
  ['status', 's'],
  ['startedAt', 'b'],
  ['endedAt', 'e'],
  ['result', 'x'],
  ['error', 'f'],
] as const;

/**
 * What changed from `before` (as last written) to `after`: a delta, null when nothing did, or the
 * whole run when something a delta does not carry changed (its steps, its name...).
 */
export function runChange(before: RunRecord, after: RunRecord): RunLogLine | null {
  if (
    before.id !== after.id ||
    before.automationId !== after.automationId ||
    before.automationName !== after.automationName ||
    before.trigger !== after.trigger ||
    before.queuedAt !== after.queuedAt ||
    JSON.stringify(before.event) !== JSON.stringify(after.event) ||
    before.steps.length !== after.steps.length ||
    before.steps.some((step, i) => step.action !== after.steps[i]!.action || step.summary !== after.steps[i]!.summary)
  ) {
    return after;
  }
  const base = Date.parse(after.queuedAt);
  const delta: RunDelta = { d: after.id };
  if (before.status !== after.status) delta.s = after.status;
  if (before.reason !== after.reason) delta.r = after.reason;
  if (before.startedAt !== after.startedAt) delta.b = packTime(after.startedAt, base);
  if (before.endedAt !== after.endedAt) delta.e = packTime(after.endedAt, base);
  const steps: StepDelta[] = [];
  for (const [i, step] of after.steps.entries()) {
    const was = before.steps[i]!;
    const change: StepDelta = { i };
    let changed = false;
    for (const [field, key] of stepFields) {
      if (was[field] === step[field]) continue;
      changed = true;
      if (key === 's') change.s = step.status;
      else if (key === 'b' || key === 'e') change[key] = packTime(step[field] as string | null, base);
      else change[key] = step[field];
    }
    if (changed) steps.push(change);
  }
  if (steps.length) delta.t = steps;
  return Object.keys(delta).length > 1 ? delta : null;
}

/** `run` with `delta` applied (a new record); a step the run does not have is left out. */
export function applyDelta(run: RunRecord, delta: RunDelta): RunRecord {
  const base = Date.parse(run.queuedAt);
  const next = copyRun(run);
  if (delta.s !== undefined) next.status = delta.s;
  if (delta.r !== undefined) next.reason = delta.r;
  if (delta.b !== undefined) next.startedAt = unpackTime(delta.b, base);
  if (delta.e !== undefined) next.endedAt = unpackTime(delta.e, base);
  for (const change of delta.t ?? []) {
    const step: RunStep | undefined = next.steps[change.i];
    if (!step) continue;
    if (change.s !== undefined) step.status = change.s;
    if (change.b !== undefined) step.startedAt = unpackTime(change.b, base);
    if (change.e !== undefined) step.endedAt = unpackTime(change.e, base);
    if (change.x !== undefined) step.result = change.x;
    if (change.f !== undefined) step.error = change.f;
  }
  return next;
}

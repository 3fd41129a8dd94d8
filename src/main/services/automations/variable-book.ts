/**
 * The automations' variables (`automation-variables.json` and its journal
 * `automation-variables.journal.a|b`), kept like the run log: every change is one journal line
 * written before it is answered (so a kill -9 right after keeps it), an atomic snapshot a minute
 * later and on quit (not a second: the snapshot holds the step keys, up to 2,000 of them, about 80 kB,
 * and a counter a busy stream adds to would rewrite them every second; the journal holds every change
 * meanwhile). A line holds the variable as it is AFTER the change, so reading the journal
 * again never adds twice. A change made by a run's step carries a key (the run's id and the step's
 * path, `run-id@2.then.0`): a change whose key was already applied is not applied again, so an
 * increment happens exactly once per step of a run, across a restart and a kill -9.
 *
 * It is the `AutomationVariablesPort` (shared/domain/automation-variables.ts) that overlays and the
 * control API take.
 */
import { join } from 'node:path';
import { z } from 'zod';
import {
  appliedChange,
  variableDefinitionSchema,
  variableNameSchema,
  type AutomationVariable,
  type AutomationVariablesPort,
  type VariableChange,
  type VariableDefinition,
} from '../../../shared/domain/automation-variables';
import type { Clock } from '../../../shared/primitives/clock';
import { Emitter } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import { AppendJournal, SnapshottedJournal } from '../common/append-journal';
import { AtomicJsonFile, keepValid } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';

export const variablesFileName = 'automation-variables.json';
export const variablesJournalName = 'automation-variables.journal';
/** At most this many variables (a broadcaster's counters and texts, not a database). */
export const maxVariables = 200;
/** Step keys remembered: far more than the steps of the runs a restart can find under way. */
const maxAppliedKeys = 2000;

const stepKeySchema = z.string().min(1).max(200);
const lineSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('put'), variable: variableDefinitionSchema, key: stepKeySchema.optional() }).strict(),
  z.object({ op: z.literal('delete'), name: variableNameSchema }).strict(),
]);
type Line = z.infer<typeof lineSchema>;
const parseLine = (raw: unknown): Line | null => lineSchema.safeParse(raw).data ?? null;
const parseDefinition = (raw: unknown): VariableDefinition | null => variableDefinitionSchema.safeParse(raw).data ?? null;
type VariablesFile = { version: 1; seq: number; variables: VariableDefinition[]; applied: string[] };

const publicOf = ({ name, value, updatedAt }: VariableDefinition): AutomationVariable => ({ name, value, updatedAt });

export class VariableBook implements AutomationVariablesPort {
  private readonly variables = new Map<string, VariableDefinition>();
  /** Keys of the run steps whose change is applied, oldest first. */
  private readonly applied = new Set<string>();
  private readonly changes = new Emitter<AutomationVariable>();
  /** Each change with the run step's key that made it (null: by hand or another feature). */
  private readonly keyedChanges = new Emitter<{ variable: AutomationVariable; key: string | null }>();
  private journal: SnapshottedJournal<Line> | null = null;

  private constructor(private readonly clock: Clock) {}

  static async open(dataDir: string, clock: Clock, options: { notices?: DataRecoveryNotices; logger: Logger; saveDelayMs?: number }): Promise<VariableBook> {
    const path = join(dataDir, variablesFileName);
    const notice = (recovered: Parameters<DataRecoveryNotices['add']>[0]) => options.notices?.add(recovered);
    const file = new AtomicJsonFile<VariablesFile>(path, { describeAll: 'the automations’ variables' });
    const snapshot = await file.read({ version: 1, seq: 0, variables: [], applied: [] }, (raw) => {
      if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { variables?: unknown }).variables)) return null;
      const { variables: items, seq, applied } = raw as { variables: unknown[]; seq?: unknown; applied?: unknown };
      const { kept, dropped } = keepValid(items, parseDefinition);
      return {
        value: {
          version: 1 as const,
          seq: typeof seq === 'number' && Number.isInteger(seq) ? seq : 0,
          variables: kept,
          applied: Array.isArray(applied) ? applied.filter((key): key is string => stepKeySchema.safeParse(key).success) : [],
        },
        dropped,
        lost: `${dropped} of ${items.length} variables`,
        kept: `${kept.length} variables`,
      };
    });
    if (snapshot.recovered) notice({ ...snapshot.recovered, done: snapshot.recovered.kept ? 'Kept every readable variable' : 'Started without variables' });
    const opened = await AppendJournal.open(join(dataDir, variablesJournalName), parseLine, 'the latest changes of the automations’ variables', snapshot.value.seq);
    for (const recovered of opened.recovered) notice({ ...recovered, done: 'Kept every readable change of the variables' });
    const book = new VariableBook(clock);
    for (const variable of snapshot.value.variables) book.variables.set(variable.name, variable);
    for (const key of snapshot.value.applied) book.remember(key);
    for (const { seq, entry } of opened.lines) if (seq > snapshot.value.seq) book.apply(entry);
    book.journal = new SnapshottedJournal(opened.journal, {
      path,
      content: (seq) => JSON.stringify({ version: 1, seq, variables: [...book.variables.values()], applied: [...book.applied] } satisfies VariablesFile),
      clock,
      delayMs: options.saveDelayMs ?? 60_000,
      onError: (error) => options.logger.error('automations: the variables could not be saved', { error }),
    });
    await book.journal.snapshot().catch((error: unknown) => options.logger.error('automations: could not write the variables', { error }));
    return book;
  }

  list(): readonly AutomationVariable[] {
    return [...this.variables.values()].map(publicOf);
  }

  /** With their starting values (the Variables section, Reset). */
  definitions(): readonly VariableDefinition[] {
    return [...this.variables.values()];
  }

  get(name: string): VariableDefinition | undefined {
    return this.variables.get(name);
  }

  /** The values as a template reads them: `{var.deaths}`. */
  templateFields(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const { name, value } of this.variables.values()) fields[`var.${name}`] = String(value);
    return fields;
  }

  onChanged(listener: (variable: AutomationVariable) => void): () => void {
    return this.changes.on(listener);
  }

  /** Each change with the key of the run step that made it (the "variable reaches" trigger). */
  onChangedBy(listener: (change: { variable: AutomationVariable; key: string | null }) => void): () => void {
    return this.keyedChanges.on(listener);
  }

  /** Creates a variable, or edits one (its starting value; its type may change only with its value). */
  async define(name: string, initial: number | string, value: number | string = initial): Promise<AutomationVariable> {
    const parsed = variableDefinitionSchema.safeParse({ name, initial, value, updatedAt: this.now() });
    if (!parsed.success) throw new AppError('invalid_argument', parsed.error.issues[0]?.message ?? 'That variable is not valid.');
    if (!this.variables.has(name) && this.variables.size >= maxVariables) throw new AppError('invalid_argument', `At most ${maxVariables} variables: delete one first.`);
    return this.write({ op: 'put', variable: parsed.data });
  }

  async remove(name: string): Promise<void> {
    if (!this.variables.has(name)) throw new AppError('invalid_argument', `There is no variable "${name}".`);
    this.append({ op: 'delete', name });
    this.variables.delete(name);
  }

  change(name: string, change: VariableChange): Promise<AutomationVariable> {
    return this.changeOnce(name, change, null);
  }

  /**
   * A change made by a run's step: `key` (run id and step path) applied at most once, ever: asked
   * again (the same run's step, after a restart), it answers the value as it is without changing it.
   */
  async changeOnce(name: string, change: VariableChange, key: string | null): Promise<AutomationVariable> {
    const variable = this.variables.get(name);
    if (!variable) throw new AppError('invalid_argument', `There is no variable "${name}": create it in the Automations panel's Variables section.`);
    if (key !== null && this.applied.has(key)) return publicOf(variable);
    const next = appliedChange(variable, change);
    if ('refused' in next) throw new AppError('invalid_argument', next.refused);
    return this.write({ op: 'put', variable: { ...variable, value: next.value, updatedAt: this.now() }, ...(key === null ? {} : { key }) });
  }

  flush(): Promise<void> {
    return this.journal?.flush() ?? Promise.resolve();
  }

  dispose(): void {
    this.journal?.close();
    this.changes.dispose();
    this.keyedChanges.dispose();
  }

  private write(line: Extract<Line, { op: 'put' }>): AutomationVariable {
    // On its way to the disk before it is answered: a kill right after keeps it.
    this.append(line);
    this.apply(line);
    const variable = publicOf(line.variable);
    this.changes.fire(variable);
    this.keyedChanges.fire({ variable, key: line.key ?? null });
    return variable;
  }

  private append(line: Line): void {
    if (!this.journal) throw new AppError('unavailable', 'The variables are not open.');
    try {
      this.journal.append(line);
    } catch {
      throw new AppError('unavailable', 'Sidestage could not save the variable (is the disk full?); it was left as it was.');
    }
  }

  private apply(line: Line): void {
    if (line.op === 'delete') {
      this.variables.delete(line.name);
      return;
    }
    this.variables.set(line.variable.name, line.variable);
    if (line.key !== undefined) this.remember(line.key);
  }

  private remember(key: string): void {
    this.applied.add(key);
    if (this.applied.size > maxAppliedKeys) this.applied.delete(this.applied.values().next().value!);
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

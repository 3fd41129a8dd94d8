/**
 * Automation variables: named numbers or texts the broadcaster creates (a death counter, the
 * last raider), that automations set, add to and reset, that templates read (`{var.deaths}`), and
 * that other features (overlay widgets, the control API) read and change through one port. The
 * contract is shared between helpers (briefs/ports.md): its names and shapes do not change.
 */
import { z } from 'zod';

/** Lower-case letters, digits and `_`, starting with a letter: readable in a template as `{var.name}`. */
export const variableNamePattern = /^[a-z][a-z0-9_]{0,31}$/;
export const variableNameSchema = z
  .string()
  .regex(variableNamePattern, 'A variable name is 1 to 32 lower-case letters, digits or _, starting with a letter, like deaths.');

/** The longest text a variable holds (a chat message's length). */
export const variableTextMaxChars = 500;
/** Numbers stay exact integers well within what a double holds. */
export const variableNumberLimit = 1_000_000_000_000;
const variableNumber = z.number().int('A counter holds whole numbers.').min(-variableNumberLimit).max(variableNumberLimit);
const variableText = z.string().max(variableTextMaxChars, `A variable's text is at most ${variableTextMaxChars} characters.`);
export const variableValueSchema = z.union([variableNumber, variableText]);

export interface AutomationVariable {
  name: string;
  value: number | string;
  updatedAt: string;
}

export type VariableChange = { kind: 'set'; value: number | string } | { kind: 'add'; by: number } | { kind: 'reset' };

export const variableChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('set'), value: variableValueSchema }).strict(),
  z.object({ kind: z.literal('add'), by: variableNumber }).strict(),
  z.object({ kind: z.literal('reset') }).strict(),
]) satisfies z.ZodType<VariableChange>;

export interface AutomationVariablesPort {
  list(): readonly AutomationVariable[];
  /** Rejects with an AppError in words when the name is unknown or the change does not fit its type. */
  change(name: string, change: VariableChange): Promise<AutomationVariable>;
  onChanged(listener: (variable: AutomationVariable) => void): () => void;
}

/** A variable as the broadcaster defines it: its type is its starting value's (a number or a text). */
export const variableDefinitionSchema = z
  .object({
    name: variableNameSchema,
    /** What Reset puts back; a number makes a counter, a text a text. */
    initial: variableValueSchema,
    value: variableValueSchema,
    updatedAt: z.string().max(40),
  })
  .strict()
  .refine((v) => typeof v.initial === typeof v.value, { message: "A variable's value has the type of its starting value." });
export type VariableDefinition = z.infer<typeof variableDefinitionSchema>;

export const variableKindOf = (value: number | string): 'number' | 'text' => (typeof value === 'number' ? 'number' : 'text');

/** The value after `change`, or why it does not fit, in words. */
export function appliedChange(variable: Pick<VariableDefinition, 'name' | 'initial' | 'value'>, change: VariableChange): { value: number | string } | { refused: string } {
  switch (change.kind) {
    case 'reset':
      return { value: variable.initial };
    case 'set':
      if (typeof change.value !== typeof variable.initial) {
        return { refused: `"${variable.name}" holds ${variableKindOf(variable.initial) === 'number' ? 'a number' : 'a text'}: it cannot be set to ${typeof change.value === 'number' ? 'a number' : 'a text'}.` };
      }
      return { value: change.value };
    case 'add': {
      if (typeof variable.value !== 'number') return { refused: `"${variable.name}" holds a text: only a number can be added to or subtracted from.` };
      const next = variable.value + change.by;
      if (Math.abs(next) > variableNumberLimit) return { refused: `"${variable.name}" would pass ${variableNumberLimit.toLocaleString('en')}: it was left at ${variable.value}.` };
      return { value: next };
    }
  }
}

/** A chat mode's duration as typed, and what (if anything) it sends. Pure. */

export interface DurationDraft {
  /** The text as typed, or null while the field shows the platform's value. */
  draft: string | null;
  /** The platform's value, in the unit the platform takes (seconds or minutes). */
  value: number;
  /** Whether the mode is on. */
  checked: boolean;
  unit: string;
  min: number;
  max: number;
  /** The platform's rule for this value: its reason in words, or null. */
  check(value: number): string | null;
}

export interface DurationOutcome {
  /** What the field shows. */
  shown: string;
  /** Why the text cannot be sent, in words, or null. */
  problem: string | null;
  /** The number to send, in the platform's unit, or null when there is nothing to send. */
  send: number | null;
}

export function durationOutcome({ draft, value, checked, unit, min, max, check }: DurationDraft): DurationOutcome {
  const shown = draft ?? String(value);
  const number = Number(shown);
  const problem = shown.trim() === '' ? `Enter ${unit} from ${min} to ${max}.` : check(number);
  // Sends only a change: the same number again sends nothing, unless it also turns the mode on.
  const send = problem || draft === null || (number === value && checked) ? null : number;
  return { shown, problem, send };
}

import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

export interface DraftInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'children'> {
  /** What main holds; a new saved value replaces the draft. */
  saved: string;
  /** Called on leaving the field (or Enter) when the draft differs from `saved` and is valid. */
  onCommit(draft: string): void;
  /** Why the draft cannot be saved, in words; null when it can. */
  problem?(draft: string): string | null;
  /** Below the field: its hint, or the draft's problem (without one: the problem, in words, under the field). */
  hint?(draft: string, problem: string | null): ReactNode;
}

/** A field edited as a draft and saved when left: typing never sends a half-written value. */
export function DraftInput(props: DraftInputProps) {
  return <Draft key={props.saved} {...props} />;
}

function Draft({ saved, onCommit, problem, hint, ...input }: DraftInputProps) {
  const [draft, setDraft] = useState(saved);
  const why = problem?.(draft) ?? null;
  const problemId = useId();
  // A red border alone says nothing: without a hint of its own, the field says what is wrong.
  const saysProblem = hint === undefined && why !== null;
  return (
    <>
      <input
        {...input}
        value={draft}
        aria-invalid={why !== null || undefined}
        aria-describedby={input['aria-describedby'] ?? (saysProblem ? problemId : undefined)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (why === null && draft !== saved) onCommit(draft);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
      {hint ? hint(draft, why) : null}
      {saysProblem ? (
        <p id={problemId} className="error-text small" role="alert">
          {why}
        </p>
      ) : null}
    </>
  );
}

/** A whole number within bounds, or the words why not. */
export function wholeNumberProblem(min: number, max: number) {
  return (draft: string): string | null => {
    const value = Number(draft);
    return draft.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? null : `Enter a whole number from ${min} to ${max}.`;
  };
}

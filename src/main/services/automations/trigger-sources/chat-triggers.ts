/**
 * Triggers read from a chat line besides commands: "a viewer's first message" (this broadcast, or
 * the first Sidestage ever saw from them, with `FirstChatters` deciding once per line) and "a
 * message holding one of the broadcaster's words or phrases". The phrases are the broadcaster's
 * own list, compared as whole words in any case; they are escaped, never read as a pattern, and
 * nothing a viewer types becomes one.
 */
import type { AutomationTrigger, ChannelEventOf } from '../../../../shared/ipc/contract';
import type { TriggerEvent } from '../trigger-event';

export type ChatLineTrigger = Extract<AutomationTrigger, { kind: 'firstMessage' | 'chatKeywords' }>;

/** What was decided once for this line: whether it is its viewer's first this broadcast, and ever. */
export interface FirstMessageFacts {
  broadcast: boolean;
  ever: boolean;
}

const wordChar = '[\\p{L}\\p{N}_]';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const compiled = new WeakMap<readonly string[], RegExp>();

/** One expression for the whole list, kept per list: a line is scanned once, whatever the number of phrases. */
function phrasesPattern(phrases: readonly string[]): RegExp {
  let pattern = compiled.get(phrases);
  if (!pattern) {
    // Longest first, so "good game" wins over "good" and names the phrase that matched.
    const alternatives = [...phrases]
      .map((p) => p.trim())
      .filter((p) => p !== '')
      .sort((a, b) => b.length - a.length)
      .map((p) => p.split(/\s+/).map(escape).join('\\s+'));
    pattern = new RegExp(`(?<!${wordChar})(?:${alternatives.join('|')})(?!${wordChar})`, 'iu');
    compiled.set(phrases, pattern);
  }
  return pattern;
}

/** The first of the broadcaster's phrases the text holds as whole words (any case), or null. */
export function matchedPhrase(phrases: readonly string[], text: string): string | null {
  if (phrases.length === 0) return null;
  const found = phrasesPattern(phrases).exec(text);
  return found ? found[0] : null;
}

/** The trigger event when this chat line fires `trigger`, else null. `described` is the line as any chat trigger reads it. */
export function chatLineTriggerEvent(trigger: ChatLineTrigger, event: ChannelEventOf<'chatMessage'>, described: TriggerEvent, first: FirstMessageFacts): TriggerEvent | null {
  // The broadcaster's own lines are neither a viewer's first message nor a viewer's words.
  if (event.roles.broadcaster) return null;
  if (trigger.kind === 'firstMessage') {
    if (!(trigger.scope === 'ever' ? first.ever : first.broadcast)) return null;
    return { ...described, summary: `${event.user.name}'s first message${trigger.scope === 'ever' ? ' ever' : ' this broadcast'}: ${event.text.slice(0, 60)}` };
  }
  const phrase = matchedPhrase(trigger.phrases, event.text);
  if (phrase === null) return null;
  return { ...described, summary: `${event.user.name} said "${phrase.slice(0, 40)}"`, fields: { ...described.fields, phrase } };
}

/**
 * Templates as main fills them (`{field}` placeholders, one pass: shared/domain/automation-template.ts),
 * with the event's values (what viewers typed, their names) made plain first: never text AutoMod
 * held or that holds one of the channel's blocked terms, no bidirectional-override characters, links
 * removed when the automation asks; and what goes to chat made safe: it never starts a chat command
 * (nor, when the start is a viewer's, a `!` command of another bot), has no line breaks, and fits
 * the platform's 500 characters.
 */
import { containsTerm } from '../../../shared/domain/blocked-term-match';
import { templateParts, type RandomSource, type TemplateFields } from '../../../shared/domain/automation-template';
import { markerDescriptionMaxLength } from '../../../shared/domain/marker-position';

/** The platform's longest chat message, in characters (code points). */
const chatMessageMaxChars = 500;
/**
 * Put before a message that would start with `/` or `.`, which chat reads as a command: the text
 * then reads the same and is sent as words. A zero-width space, the usual way bots escape them.
 */
export const commandNeutraliser = '\u200B';

export { renderTemplate, unknownPlaceholders, type TemplateFields } from '../../../shared/domain/automation-template';

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators: one line of plain text.
// eslint-disable-next-line no-control-regex
const controls = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** At most `max` characters (code points, as the platform counts), never half of one. */
export function cutToChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

/** One line: control characters and line breaks become a space. */
export function oneLine(text: string): string {
  return text.replace(controls, ' ');
}

/**
 * Text for chat built from a template: one line, trimmed, never a command (a leading `/` or `.` is
 * neutralised), at most 500 characters. Empty when nothing is left (the caller says so). When the
 * message starts with an event's value (`startsWithField`, from `fillTemplate`), a leading `!` is
 * neutralised too: a viewer's `!addcom ...` echoed by the broadcaster's account would be obeyed by
 * another bot in the channel with the broadcaster's rights. A `!` the template itself starts with
 * is the broadcaster's own.
 */
export function safeChatText(text: string, startsWithField = false): string {
  let line = oneLine(text).trim();
  if (line.startsWith('/') || line.startsWith('.') || (startsWithField && line.startsWith('!'))) line = commandNeutraliser + line;
  return cutToChars(line, chatMessageMaxChars);
}

/** What an event's values may not bring into an automation's output. */
export interface ViewerTextRules {
  /** Fields whose value AutoMod held: never re-posted (the held message of an AutoMod trigger). */
  withheld: readonly string[];
  /** The channel's blocked terms in force: a value holding one is never re-posted. */
  blockedTerms: readonly string[];
  /** The automation's option: links in the event's values are removed. */
  stripLinks: boolean;
}

export const noViewerTextRules: ViewerTextRules = { withheld: [], blockedTerms: [], stripLinks: false };

/** Said instead of a value that may not be re-posted. */
export const heldWords = '[held by AutoMod]';
export const blockedWords = '[blocked term]';
export const linkWords = '[link]';

// Bidirectional embeddings, overrides and isolates: a viewer's text could reorder what is around it.
const bidiControls = /[\u202A-\u202E\u2066-\u2069]/g;
// A link as chat reads one: a scheme, `www.`, or a bare domain with a known-looking ending (`discord.gg/x`).
const links = /\b(?:[a-z][a-z0-9+.-]*:\/\/\S+|www\.\S+|(?:[a-z0-9-]+\.)+[a-z]{2,24}(?:\/\S*)?)/giu;

/** One event value as it may appear in an output. */
export function plainValue(name: string, value: string, rules: ViewerTextRules): string {
  if (rules.withheld.includes(name)) return value === '' ? '' : heldWords;
  let plain = value.replace(bidiControls, '');
  if (rules.stripLinks) plain = plain.replace(links, linkWords);
  if (rules.blockedTerms.some((term) => containsTerm(plain, term))) return blockedWords;
  return plain;
}

/**
 * Fills a template in one pass with the event's values made plain (`plainValue`), and says whether
 * the text (once trimmed) starts with a value rather than the template's own words.
 */
export function fillTemplate(template: string, fields: TemplateFields, rules: ViewerTextRules, random?: RandomSource): { text: string; startsWithField: boolean } {
  let text = '';
  let startsWithField: boolean | null = null;
  for (const part of templateParts(template, fields, random)) {
    const piece = part.field === null ? part.text : plainValue(part.field, part.text, rules);
    if (startsWithField === null && oneLine(piece).trim() !== '') startsWithField = part.field !== null;
    text += piece;
  }
  return { text, startsWithField: startsWithField ?? false };
}

/** A stream marker's description: one line, at most 140 characters. */
export function safeMarkerDescription(text: string): string {
  return cutToChars(oneLine(text).trim(), markerDescriptionMaxLength);
}

/**
 * Templates as main fills them (`{field}` placeholders, one pass: shared/domain/automation-template.ts),
 * and what goes to chat made safe: it never starts a chat command, has no line breaks, and fits
 * the platform's 500 characters.
 */
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
 * neutralised), at most 500 characters. Empty when nothing is left (the caller says so).
 */
export function safeChatText(text: string): string {
  let line = oneLine(text).trim();
  if (line.startsWith('/') || line.startsWith('.')) line = commandNeutraliser + line;
  return cutToChars(line, chatMessageMaxChars);
}

/** A stream marker's description: one line, at most 140 characters. */
export function safeMarkerDescription(text: string): string {
  return cutToChars(oneLine(text).trim(), markerDescriptionMaxLength);
}

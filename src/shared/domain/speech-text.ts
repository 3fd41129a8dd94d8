/**
 * What of a viewer's words is read aloud: plain words only. Links, the channel's blocked terms,
 * emote and cheermote spam, emoji, control and direction characters are taken out, and anything
 * that looks like markup a speech engine could obey (SSML tags, entities, eSpeak's `[[phonemes]]`,
 * SAPI's `\command\`, `say`'s `[[inpt]]`) is removed, so that nothing a viewer types can change the
 * voice, its speed or its volume. The result is cut to the broadcaster's maximum at a word's end.
 */
import { containsTerm } from './blocked-term-match';

export interface SpeechTextRules {
  /** The channel's blocked terms in force (`*` ends match as the platform's do). */
  blockedTerms: readonly string[];
  /** At most this many characters are read. */
  maxLength: number;
}

/** A word said at most this many times in one message ("Kappa Kappa Kappa ..." is read twice). */
const MAX_REPEATS_OF_A_WORD = 2;
/** A letter at most this many times in a row ("noooooo" is read "nooo"). */
const MAX_SAME_CHARACTER = 3;

// Bidirectional controls, zero-width characters and every other control or format character.
const invisible = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
// A link as chat reads one: a scheme, `www.`, or a bare domain with a known-looking ending.
const links = /\b(?:[a-z][a-z0-9+.-]*:\/\/\S*|www\.\S*|(?:[a-z0-9-]+\.)+[a-z]{2,24}(?:\/\S*)?)/giu;
// Markup of any speech engine: <tags>, &entities;, [[embedded commands]], \commands\ and {braces}.
const tags = /<[^>]*>?/gu;
const entities = /&#?[a-z0-9]{1,12};?/giu;
const embedded = /\[\[[^\]]*\]?\]?/gu;
const backslashCommands = /\\[^\\\s]{0,20}\\?/gu;
const markupCharacters = /[<>&[\]{}\\|`^~_*#@=]/gu;
const emoji = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\u{FE0E}|\u{FE0F}|\u{20E3}/gu;
// A cheermote: letters and the bits right after them ("Cheer100", "BibleThump50").
const cheermote = /^\p{L}+\d+$/u;

/** The words of a viewer's message as they may be spoken; '' when nothing is left to say. */
export function speakableText(text: string, rules: SpeechTextRules): string {
  // A long message is cut before the work, so that a megabyte costs no more than a line.
  let plain = text.slice(0, Math.max(0, rules.maxLength) * 4 + 64);
  plain = plain.normalize('NFKC').replace(invisible, ' ');
  plain = plain.replace(links, ' ').replace(embedded, ' ').replace(tags, ' ').replace(entities, ' ').replace(backslashCommands, ' ');
  plain = plain.replace(markupCharacters, ' ').replace(emoji, ' ');
  plain = plain.replace(/(.)\1{3,}/gsu, (_run, c: string) => c.repeat(MAX_SAME_CHARACTER));

  const counts = new Map<string, number>();
  const words: string[] = [];
  for (const word of plain.split(/\s+/u)) {
    if (word === '' || cheermote.test(word)) continue;
    // Only punctuation ("!!!", "...") is not a word; it stays beside the word before it.
    if (!/[\p{L}\p{N}]/u.test(word)) {
      if (words.length > 0 && /^[.,!?;:'"()-]+$/u.test(word)) words[words.length - 1] += word.slice(0, 3);
      continue;
    }
    const key = word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    const seen = counts.get(key) ?? 0;
    counts.set(key, seen + 1);
    if (seen >= MAX_REPEATS_OF_A_WORD) continue;
    words.push(word);
  }

  const kept = withoutBlockedTerms(words, rules.blockedTerms);
  return cutAtWord(kept.join(' '), rules.maxLength);
}

/** The words with every run that holds a blocked term taken out. */
function withoutBlockedTerms(words: string[], terms: readonly string[]): string[] {
  if (terms.length === 0) return words;
  const drop = new Array<boolean>(words.length).fill(false);
  for (const term of terms) {
    const length = term.trim().split(/\s+/u).length;
    for (let start = 0; start + length <= words.length; start++) {
      if (containsTerm(words.slice(start, start + length).join(' '), term)) drop.fill(true, start, start + length);
    }
  }
  return words.filter((_, i) => !drop[i]);
}

function cutAtWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, maxLength)).trim();
}

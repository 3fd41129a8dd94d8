/**
 * How the platform matches a blocked term in a message: whole words in a row, any letter case,
 * the punctuation around a word ignored, and `*` at the start or end of a term's word matching any
 * rest of it. One matcher for the emulator (which refuses such messages) and for Sidestage (which
 * never re-posts viewer text holding one of the channel's terms).
 */

/** A word of a term: its letters and whether `*` opens or closes it. */
interface TermWord {
  core: string;
  anyStart: boolean;
  anyEnd: boolean;
}

/** Words without the punctuation around them, in lower case. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}*]+|[^\p{L}\p{N}*]+$/gu, ''))
    .filter((word) => word !== '');
}

function termWords(text: string): TermWord[] {
  return wordsOf(text).map((word) => {
    const anyStart = word.startsWith('*');
    const anyEnd = word.length > 1 && word.endsWith('*');
    return { core: word.slice(anyStart ? 1 : 0, anyEnd ? -1 : undefined), anyStart, anyEnd };
  });
}

function wordMatches(term: TermWord, word: string): boolean {
  if (term.core === '') return false;
  if (term.anyStart && term.anyEnd) return word.includes(term.core);
  if (term.anyStart) return word.endsWith(term.core);
  if (term.anyEnd) return word.startsWith(term.core);
  return word === term.core;
}

/** Whether `text` holds the term's words in a row (whole words, but for the `*` ends). */
export function containsTerm(text: string, term: string): boolean {
  const pattern = termWords(term);
  if (pattern.length === 0) return false;
  const words = wordsOf(text);
  for (let start = 0; start + pattern.length <= words.length; start++) {
    if (pattern.every((part, i) => wordMatches(part, words[start + i]!))) return true;
  }
  return false;
}

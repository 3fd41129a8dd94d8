/** What the category field's text means on Save. Pure, so it is tested once. */
import type { Category } from '../../../../shared/ipc/contract';

export type CategoryChoice = { ok: true; id: string; name: string } | { ok: false; reason: string };

/**
 * The category to save for the text in the field: the one chosen from the list, one of the search
 * results it names exactly (any case), or the category in use when the text is unchanged. A
 * partial or unknown entry is refused with a reason, never silently dropped.
 */
export function chooseCategory(text: string, chosen: { id: string; name: string }, results: readonly Category[]): CategoryChoice {
  const typed = text.trim();
  if (typed === '') {
    return chosen.id === '' ? { ok: true, id: '', name: '' } : { ok: false, reason: 'Type a category and choose it from the list; a channel keeps its category until another one is chosen.' };
  }
  if (typed === chosen.name) return { ok: true, id: chosen.id, name: chosen.name };
  const exact = results.find((r) => r.name.toLowerCase() === typed.toLowerCase());
  if (exact) return { ok: true, id: exact.id, name: exact.name };
  return { ok: false, reason: `"${typed}" is not a category on the platform: choose one from the list.` };
}

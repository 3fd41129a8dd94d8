import type { MediaItem } from '../../../../shared/ipc/contract';

/**
 * A select's options for an image or a sound of the media library, `none` first; one chosen and
 * since removed from the library is said, not silently dropped.
 */
export function mediaOptions(items: readonly MediaItem[], kind: MediaItem['kind'], chosen: string | null, none = 'None') {
  const options = [{ value: '', label: none }, ...items.filter((i) => i.kind === kind).map((i) => ({ value: i.id, label: i.name }))];
  if (chosen && !options.some((o) => o.value === chosen)) options.push({ value: chosen, label: '(removed from the library)' });
  return options;
}

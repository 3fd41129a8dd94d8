import { visualMediaKinds, type MediaItem, type MediaKind } from '../../../../shared/ipc/contract';

/** The media an alert's slot takes: its picture (an image, a GIF or a video) or its sound. */
export type MediaSlot = 'visual' | 'sound';

export const mediaKindsOf = (slot: MediaSlot): readonly MediaKind[] => (slot === 'visual' ? visualMediaKinds : ['sound']);

/**
 * A select's options for a picture or a sound of the media library, `none` first; one chosen and
 * since removed from the library is said, not silently dropped.
 */
export function mediaOptions(items: readonly MediaItem[], slot: MediaSlot, chosen: string | null, none = 'None') {
  const kinds = mediaKindsOf(slot);
  const options = [{ value: '', label: none }, ...items.filter((i) => kinds.includes(i.kind)).map((i) => ({ value: i.id, label: i.name }))];
  if (chosen && !options.some((o) => o.value === chosen)) options.push({ value: chosen, label: '(removed from the library)' });
  return options;
}

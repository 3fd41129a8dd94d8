/**
 * The kernel of the Live view's quick-action tiles: what a tile is (one entry of the registry beside
 * the Live view, `features/live/tile-registry.tsx`; a feature writes its own entry with these types), and
 * the broadcaster's arrangement of them (which show, in what order), kept in main's `liveView`
 * settings. Pure, so the arrangement is tested without a page.
 */
import type { ComponentType } from 'react';
import type { LiveView } from '../../../../shared/ipc/contract';
import type { SidestageStore } from '../../store/create-store';
import type { ActionId, SidestageState } from '../../store/types';

/** active: something of it is on air or running; warn: it needs the broadcaster; off: it cannot act now. */
export type TileTone = 'idle' | 'active' | 'warn' | 'off';

/** What a tile shows under its label, worked out from the store and the time. */
export interface TileState {
  /** "Ad running 0:42", "Next ad 14:05", "Poll: 1:12 left", "Ready". */
  text: string;
  /** A second fact, on its own line: "Another ad in 7:42" while an ad runs, "3 snoozes left". */
  detail?: string;
  tone?: TileTone;
  /** The label when what the tile does depends on its state ("Start prediction"). */
  label?: string;
  /** Pressing it (or its key) would do nothing now: not live, nothing running. */
  disabled?: boolean;
  /** The ISO times `text` counts down to: the tile is drawn again at the second each changes. */
  until?: readonly (string | null | undefined)[];
}

export interface TileFormProps {
  /** Closes the sheet (after a form did what it was for). */
  close(): void;
  /** The tile's key as `aria-keyshortcuts` writes it ("R"), for the field the key brings up. */
  keyShortcut?: string;
}

/**
 * One quick action of the Live view. A feature adds its tile with one entry in `liveTiles`
 * (`features/live/tile-registry.tsx`); the grid, its key, the sheet, the arrangement and the legend follow.
 */
export interface LiveTile {
  /** Stable: kept in the broadcaster's settings. Lower-case letters, digits and dashes. */
  id: string;
  /** The tile's name, on the tile and in the list the broadcaster arranges. */
  label: string;
  /** One letter the Live view answers with the tile's press (`KeyboardEvent.key`, lower case). */
  key?: string;
  /** What the key does, for the legend ("drop a marker"). */
  keyHelp?: string;
  /** Pure: the tile's state from the store at `now` (epoch ms). */
  state(state: SidestageState, now: number): TileState;
  /** What pressing the tile (or its key) does. Without it, the press opens `Form`. */
  run?(store: SidestageStore): unknown;
  /** A sheet opened from the tile: a form to fill, its options or its details. */
  Form?: ComponentType<TileFormProps>;
  /** The sheet's title, when not the label ("Poll or prediction"). */
  formTitle?: string;
  /** The failures of what `run` calls, shown under the tiles (with Retry) until dismissed. */
  errors?: readonly { action: ActionId; what: string }[];
  /** false: off the view until the broadcaster chooses it (its key works all the same). */
  shownByDefault?: boolean;
}

/** The arrangement as main keeps it. */
export type TileLayout = Pick<LiveView, 'tileOrder' | 'hiddenTiles'>;

export interface ArrangedTile<T extends Pick<LiveTile, 'id' | 'shownByDefault'> = LiveTile> {
  tile: T;
  shown: boolean;
}

/**
 * Every tile of the registry in the broadcaster's order, each shown or not: the tiles the layout
 * names first, in its order; then those it does not name (added since), in the registry's order and
 * shown as the registry says. Ids the registry does not know are left out.
 */
export function arrangeTiles<T extends Pick<LiveTile, 'id' | 'shownByDefault'>>(registry: readonly T[], layout: TileLayout): ArrangedTile<T>[] {
  const byId = new Map(registry.map((tile) => [tile.id, tile]));
  const hidden = new Set(layout.hiddenTiles);
  const placed = layout.tileOrder.flatMap((id) => {
    const tile = byId.get(id);
    return tile ? [{ tile, shown: !hidden.has(id) }] : [];
  });
  const named = new Set(layout.tileOrder);
  const added = registry.filter((tile) => !named.has(tile.id)).map((tile) => ({ tile, shown: !hidden.has(tile.id) && tile.shownByDefault !== false }));
  return [...placed, ...added];
}

/**
 * The layout that keeps `arranged` as it is: every tile named in order, the hidden ones listed; ids
 * of tiles this version does not know (another version's) are kept after them, as they were.
 */
export function layoutOf(arranged: readonly ArrangedTile<Pick<LiveTile, 'id'>>[], before: TileLayout): TileLayout {
  const known = new Set(arranged.map((a) => a.tile.id));
  const unknownOrder = before.tileOrder.filter((id) => !known.has(id));
  const unknownHidden = before.hiddenTiles.filter((id) => !known.has(id));
  return {
    tileOrder: [...arranged.map((a) => a.tile.id), ...unknownOrder],
    hiddenTiles: [...arranged.filter((a) => !a.shown).map((a) => a.tile.id), ...unknownHidden],
  };
}

/** The layout with `id` moved to `index` of the arranged list (clamped); the same layout when `id` is unknown. */
export function moveTile<T extends Pick<LiveTile, 'id' | 'shownByDefault'>>(registry: readonly T[], layout: TileLayout, id: string, index: number): TileLayout {
  const arranged = arrangeTiles(registry, layout);
  const from = arranged.findIndex((a) => a.tile.id === id);
  if (from < 0) return layout;
  const [moving] = arranged.splice(from, 1);
  arranged.splice(Math.max(0, Math.min(arranged.length, index)), 0, moving!);
  return layoutOf(arranged, layout);
}

/** The layout with `id` shown or taken off the view. */
export function showTile<T extends Pick<LiveTile, 'id' | 'shownByDefault'>>(registry: readonly T[], layout: TileLayout, id: string, shown: boolean): TileLayout {
  const arranged = arrangeTiles(registry, layout);
  if (!arranged.some((a) => a.tile.id === id)) return layout;
  return layoutOf(
    arranged.map((a) => (a.tile.id === id ? { ...a, shown } : a)),
    layout,
  );
}

/** The registry's own arrangement (its order, its defaults). */
export const defaultTileLayout: TileLayout = { tileOrder: [], hiddenTiles: [] };

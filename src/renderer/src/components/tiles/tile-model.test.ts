import { describe, expect, it } from 'vitest';
import { arrangeTiles, defaultTileLayout, layoutOf, moveTile, showTile, type TileLayout } from './tile-model';

/** A registry of four, the last kept off the view until chosen. */
const registry = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd', shownByDefault: false }];
const shown = (layout: TileLayout) => arrangeTiles(registry, layout).flatMap((a) => (a.shown ? [a.tile.id] : []));
const order = (layout: TileLayout) => arrangeTiles(registry, layout).map((a) => a.tile.id);

describe('the tile model', () => {
  it('by default: the registry’s order, each tile shown unless the registry keeps it off', () => {
    expect(order(defaultTileLayout)).toEqual(['a', 'b', 'c', 'd']);
    expect(shown(defaultTileLayout)).toEqual(['a', 'b', 'c']);
  });

  it('the broadcaster’s order first; a tile added since comes after, shown as the registry says; an unknown id is left out', () => {
    const layout = { tileOrder: ['c', 'gone', 'a'], hiddenTiles: ['a'] };
    expect(order(layout)).toEqual(['c', 'a', 'b', 'd']);
    expect(shown(layout)).toEqual(['c', 'b']);
  });

  it('moves a tile (clamped to the ends), keeping what is shown and ids of another version', () => {
    const before = { tileOrder: ['later-tile'], hiddenTiles: ['b', 'later-hidden'] };
    const moved = moveTile(registry, before, 'c', 0);
    expect(order(moved)).toEqual(['c', 'a', 'b', 'd']);
    expect(shown(moved)).toEqual(['c', 'a']);
    expect(moved.tileOrder).toEqual(['c', 'a', 'b', 'd', 'later-tile']);
    expect(moved.hiddenTiles).toEqual(['b', 'd', 'later-hidden']);
    expect(order(moveTile(registry, moved, 'c', 99))).toEqual(['a', 'b', 'd', 'c']);
    expect(order(moveTile(registry, moved, 'a', -5))).toEqual(['a', 'c', 'b', 'd']);
    expect(moveTile(registry, moved, 'nope', 1)).toBe(moved);
  });

  it('shows and hides a tile; a tile the registry keeps off stays chosen once shown', () => {
    const withD = showTile(registry, defaultTileLayout, 'd', true);
    expect(shown(withD)).toEqual(['a', 'b', 'c', 'd']);
    const withoutA = showTile(registry, withD, 'a', false);
    expect(shown(withoutA)).toEqual(['b', 'c', 'd']);
    expect(order(withoutA)).toEqual(['a', 'b', 'c', 'd']);
    expect(showTile(registry, withoutA, 'nope', true)).toBe(withoutA);
  });

  it('the layout of an arrangement names every tile in order and the hidden ones', () => {
    expect(layoutOf(arrangeTiles(registry, defaultTileLayout), defaultTileLayout)).toEqual({ tileOrder: ['a', 'b', 'c', 'd'], hiddenTiles: ['d'] });
  });
});

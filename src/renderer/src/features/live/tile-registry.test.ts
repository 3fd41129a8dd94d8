import { describe, expect, it } from 'vitest';
import { tileIdSchema } from '../../../../shared/ipc/contract';
import { arrangeTiles, defaultTileLayout } from '../../components/tiles/tile-model';
import { quickActionFor, quickActionKeys } from './quick-action-keys';
import { deckActions, deckButtons, deckTiles } from '../../../../shared/domain/deck-tiles';
import { liveTiles } from './tile-registry';

describe('the registry', () => {
  it('is the one the phone deck follows (shared/domain/deck-tiles.ts): the same tiles, order and defaults, arranged alike', () => {
    expect(deckTiles.map(({ id, shownByDefault }) => ({ id, shownByDefault }))).toEqual(liveTiles.map((t) => ({ id: t.id, shownByDefault: t.shownByDefault !== false })));
    const layouts = [defaultTileLayout, { tileOrder: ['shield-mode', 'clip', 'marker'], hiddenTiles: ['clip', 'ad'] }, { tileOrder: ['gone-tile', 'raid'], hiddenTiles: ['chat-modes'] }];
    for (const layout of layouts) {
      const shown = arrangeTiles(liveTiles, layout).filter((a) => a.shown).map((a) => a.tile.id);
      expect(deckActions(layout)).toEqual(shown.flatMap((id) => deckTiles.find((t) => t.id === id)!.actions));
      expect(deckButtons(layout).flatMap((b) => ('action' in b ? [b.action] : []))).toEqual(deckActions(layout));
    }
    // The alerts tile, once chosen, is the alerts' pause switch in its place.
    expect(deckButtons({ tileOrder: ['alerts', 'marker'], hiddenTiles: [] }).slice(0, 2)).toEqual([{ control: 'alertsPause' }, { action: 'marker' }]);
  });

  it('has ids main accepts, each once; keys of one letter, each once, none the queue head’s', () => {
    const ids = liveTiles.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(tileIdSchema.safeParse(id).success, id).toBe(true);
    const keys = quickActionKeys.map((k) => k.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]$/);
  });

  it('a new broadcaster gets at least 12 tiles, and every key that worked before tiles still does', () => {
    expect(arrangeTiles(liveTiles, defaultTileLayout).filter((a) => a.shown).length).toBeGreaterThanOrEqual(12);
    const press = (key: string) => quickActionFor({ key, defaultPrevented: false, altKey: false, ctrlKey: false, metaKey: false, repeat: false, target: null });
    expect(['m', 'k', 'a', 's', 'p', 'e', 'l', 'r', 'o', 'f', 'x', 'u'].map(press)).toEqual([
      'marker',
      'clip',
      'ad',
      'snooze',
      'poll',
      'end-poll',
      'prediction',
      'raid',
      'shoutout',
      'fulfilQueueHead',
      'cancelQueueHead',
      'undoQueueCancel',
    ]);
  });

  it('each tile either acts or opens a sheet', () => {
    for (const tile of liveTiles) expect(Boolean(tile.run || tile.Form), tile.id).toBe(true);
  });
});

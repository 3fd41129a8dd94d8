import { useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { store, useSidestage } from '../../store/index';
import { selectLiveView } from '../../store/live-view-slice';
import { ariaKeyFor } from './quick-action-keys';
import { arrangeTiles, defaultTileLayout, moveTile, showTile, type TileLayout } from '../../components/tiles/tile-model';
import { liveTiles } from './tile-registry';

/**
 * Which tiles the Live view shows, and in what order: a switch per tile, Move up / Move down (or
 * Alt+↑/↓ on a tile's row), or a row dragged to its place. Each change is saved in main at once.
 */
export function TileChooser() {
  const layout = useSidestage(useShallow((state): TileLayout => ({ tileOrder: selectLiveView(state).tileOrder, hiddenTiles: selectLiveView(state).hiddenTiles })));
  const arranged = useMemo(() => arrangeTiles(liveTiles, layout), [layout]);
  const [dragging, setDragging] = useState<string | null>(null);
  // After a move, the focus stays on the control that moved the tile (React moves rows, and a moved node loses the focus).
  const refocus = useRef<{ id: string; control: string } | null>(null);
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const row = document.querySelector(`[data-tile-choice="${wanted.id}"]`);
    // The control that moved it, or (moved to an end, that one is disabled now) the other arrow.
    const other = wanted.control === 'up' ? 'down' : wanted.control === 'down' ? 'up' : wanted.control;
    const candidates = [wanted.control, other].map((control) => row?.querySelector<HTMLElement>(`[data-control="${control}"]:not(:disabled)`));
    (candidates.find(Boolean) ?? row?.querySelector<HTMLElement>('input'))?.focus();
  }, [arranged]);

  const save = (next: TileLayout) => void store.getState().changeLiveView(next);
  const move = (id: string, index: number, control: string) => {
    refocus.current = { id, control };
    save(moveTile(liveTiles, layout, id, index));
  };
  const onRowKey = (event: KeyboardEvent<HTMLLIElement>, id: string, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const control = (event.target as HTMLElement).dataset.control ?? 'show';
    move(id, index + (event.key === 'ArrowUp' ? -1 : 1), control);
  };
  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    const id = dragging ?? event.dataTransfer.getData('text/plain');
    setDragging(null);
    if (id) save(moveTile(liveTiles, layout, id, index));
  };
  const shownCount = arranged.filter((a) => a.shown).length;
  return (
    <div className="tile-chooser">
      <p className="muted small">
        {shownCount} of {arranged.length} tiles shown. A tile off the view keeps its key. Drag a row, or use its arrows (Alt+↑ and Alt+↓ on a row).
      </p>
      <ol className="tile-chooser-list" aria-label="Tiles, in their order">
        {arranged.map(({ tile, shown }, index) => (
          <li
            key={tile.id}
            className="tile-chooser-row"
            data-tile-choice={tile.id}
            data-dragging={dragging === tile.id}
            draggable
            onDragStart={(event) => {
              setDragging(tile.id);
              event.dataTransfer.setData('text/plain', tile.id);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragEnd={() => setDragging(null)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            onKeyDown={(event) => onRowKey(event, tile.id, index)}
          >
            <span className="tile-chooser-grip" aria-hidden="true">
              ⠿
            </span>
            <label className="tile-chooser-name">
              <input type="checkbox" data-control="show" checked={shown} onChange={(event) => save(showTile(liveTiles, layout, tile.id, event.target.checked))} />
              {tile.label}
              {tile.key ? <kbd>{ariaKeyFor(tile.id)}</kbd> : null}
            </label>
            <span className="tile-chooser-moves">
              <button type="button" className="quiet" data-control="up" aria-label={`Move ${tile.label} up`} disabled={index === 0} onClick={() => move(tile.id, index - 1, 'up')}>
                ↑
              </button>
              <button
                type="button"
                className="quiet"
                data-control="down"
                aria-label={`Move ${tile.label} down`}
                disabled={index === arranged.length - 1}
                onClick={() => move(tile.id, index + 1, 'down')}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <button type="button" onClick={() => save(defaultTileLayout)}>
          Back to the usual tiles
        </button>
      </div>
    </div>
  );
}

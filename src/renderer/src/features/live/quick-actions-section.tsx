import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { Sheet } from '../../components/sheet';
import { store, useSidestage } from '../../store/index';
import type { SidestageStore } from '../../store/create-store';
import { selectLiveView } from '../../store/live-view-slice';
import type { SidestageState } from '../../store/types';
import { cancelQueueHead, fulfilQueueHead } from '../queue/queue-head';
import { resolveFirstHeld } from '../moderation/held-messages';
import { nextTick } from '../../components/tiles/countdown';
import { ariaKeyFor, quickActionFor, quickActionKeys, type QuickAction } from './quick-action-keys';
import { arrangeTiles, type LiveTile } from '../../components/tiles/tile-model';
import { liveTiles } from './tile-registry';
import './quick-actions.css';

/**
 * The Live view's quick actions: the tiles the broadcaster chose, in their order (`tile-registry.tsx`
 * lists them all), each one key away while the Live view is shown, a tile taken off the view
 * included. A tile's form or details open in a sheet; while one is open, the keys wait.
 */
export function QuickActions() {
  const layout = useSidestage(useShallow((state) => ({ tileOrder: selectLiveView(state).tileOrder, hiddenTiles: selectLiveView(state).hiddenTiles })));
  const shown = useMemo(() => arrangeTiles(liveTiles, layout).filter((a) => a.shown), [layout]);
  const [sheet, setSheet] = useState<{ id: string; request: number } | null>(null);
  const open = useCallback((id: string) => setSheet((before) => ({ id, request: (before?.request ?? 0) + 1 })), []);
  const legendId = useId();

  // The raid hotkey (desktop app) brought this view forward: a raid needs its target chosen here.
  useEffect(() => {
    const take = (state: SidestageState) => {
      if (!state.raidSearchRequested) return;
      state.takeRaidSearchRequest();
      open('raid');
    };
    const stop = store.subscribe(take);
    take(store.getState());
    return stop;
  }, [open]);

  const openSheet = useRef<string | null>(null);
  useEffect(() => {
    openSheet.current = sheet?.id ?? null;
  }, [sheet]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = quickActionFor(event);
      if (!action) return;
      // A sheet open over the view is the task at hand: its own tile's key brings its field back,
      // the others wait until it is closed (Escape).
      if (document.querySelector('dialog[open]') && action !== openSheet.current) return;
      event.preventDefault();
      const tile = act(store, action);
      if (tile && !tile.run) open(tile.id);
      bringIntoView(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const tile = sheet ? liveTiles.find((t) => t.id === sheet.id) : undefined;
  const Form = tile?.Form;
  return (
    <section className="quick-actions" aria-labelledby="quick-actions-heading">
      <h3 id="quick-actions-heading" className="visually-hidden">
        Quick actions
      </h3>
      <p id={legendId} className="quick-actions-legend visually-hidden">
        <KeyLegend />
      </p>
      <ul className="tiles" aria-describedby={legendId}>
        {shown.map(({ tile }) => (
          <TileView key={tile.id} tile={tile} onOpen={() => open(tile.id)} />
        ))}
      </ul>
      <TileErrors />
      <MarkerOutcome />
      <Sheet open={Boolean(Form)} title={tile ? (tile.formTitle ?? tile.label) : ''} focusRequest={sheet?.request} onClose={() => setSheet(null)}>
        {Form ? <Form close={() => setSheet(null)} keyShortcut={tile.key ? ariaKeyFor(tile.id) : undefined} /> : null}
      </Sheet>
    </section>
  );
}

/** Every key of the view in words: "Keys while this view is open: M drop a marker, …". */
export function KeyLegend() {
  return (
    <>
      Keys while this view is open:{' '}
      {quickActionKeys.map((k, i) => (
        <span key={k.key}>
          <kbd>{k.key.toUpperCase()}</kbd> {k.label}
          {i < quickActionKeys.length - 1 ? ', ' : '.'}
        </span>
      ))}
    </>
  );
}

/** Does what a key asks for; answers the tile it belongs to, if any (the caller opens a tile that only has a form). */
function act(target: SidestageStore, action: QuickAction): LiveTile | null {
  switch (action) {
    case 'fulfilQueueHead':
      void fulfilQueueHead(target).catch(() => {});
      return null;
    case 'cancelQueueHead':
      void cancelQueueHead(target).catch(() => {});
      return null;
    case 'undoQueueCancel':
      void Promise.resolve(target.getState().undoCancel()).catch(() => {});
      return null;
    case 'allowHeld':
    case 'denyHeld':
      void resolveFirstHeld(target, action === 'allowHeld' ? 'allow' : 'deny').catch(() => {});
      return null;
  }
  const tile = liveTiles.find((t) => t.id === action) ?? null;
  if (tile?.run) void Promise.resolve(tile.run(target)).catch(() => {});
  return tile;
}

/** A key acts wherever the Live view is scrolled: the tile (or the queue head) it acted on comes into view. */
function bringIntoView(action: QuickAction): void {
  const place =
    action.endsWith('QueueHead') || action === 'undoQueueCancel'
      ? document.querySelector('.queue-head')
      : action.endsWith('Held')
        ? document.querySelector('.held-messages')
        : document.querySelector(`[data-tile-id="${action}"]`);
  place?.scrollIntoView({ block: 'nearest' });
}

/** What a tile shows, from the store now: flat, so that a selector answering it settles (useShallow). */
function tileView(tile: LiveTile, state: SidestageState, now: number) {
  const { text, detail = '', tone = 'idle', label = tile.label, disabled = false, until = [] } = tile.state(state, now);
  return { text, detail, tone, label, disabled, changesAt: nextTick(until, now) };
}

function TileView({ tile, onOpen }: { tile: LiveTile; onOpen(): void }) {
  // Read with the time of this render: a countdown that just started never counts from an older one.
  const view = useSidestage(useShallow((state) => tileView(tile, state, Date.now())));
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (view.changesAt === null) return;
    const timer = setTimeout(redraw, Math.max(0, view.changesAt - Date.now()) + 1);
    return () => clearTimeout(timer);
  }, [view.changesAt]);
  const stateId = useId();
  const key = tile.key ? ariaKeyFor(tile.id) : '';
  const press = () => {
    if (tile.run) void Promise.resolve(tile.run(store)).catch(() => {});
    else onOpen();
  };
  return (
    <li className="tile" data-tile-id={tile.id} data-tone={view.tone}>
      <button
        type="button"
        className="tile-main"
        aria-label={view.label}
        aria-describedby={stateId}
        aria-keyshortcuts={key || undefined}
        aria-haspopup={tile.run ? undefined : 'dialog'}
        disabled={Boolean(tile.run) && view.disabled}
        onClick={press}
      >
        <span className="tile-label">{view.label}</span>
        {key ? (
          <kbd className="tile-key" aria-hidden="true">
            {key}
          </kbd>
        ) : null}
        <span className="tile-state" id={stateId} data-testid={`tile-state-${tile.id}`}>
          {view.text}
          {view.detail ? <span className="tile-detail">{view.detail}</span> : null}
        </span>
      </button>
      {tile.run && tile.Form ? (
        <button type="button" className="tile-more" aria-label={`${view.label}: more`} aria-haspopup="dialog" onClick={onOpen}>
          <span aria-hidden="true">⋯</span>
        </button>
      ) : null}
    </li>
  );
}

/** The failures of what the tiles (or their keys) did, each with Retry, until dismissed. */
function TileErrors() {
  const errors = useMemo(() => {
    const seen = new Set<string>();
    return liveTiles.flatMap((tile) => tile.errors ?? []).filter((e) => !seen.has(e.action) && Boolean(seen.add(e.action)));
  }, []);
  return (
    <div className="tile-errors">
      {errors.map((e) => (
        <ActionError key={e.action} action={e.action} what={e.what} />
      ))}
    </div>
  );
}

/** The last marker's outcome, said to a screen reader (M is pressed without looking). */
function MarkerOutcome() {
  const pending = useSidestage((state) => state.actions['markers.drop']?.pending ?? false);
  const last = useSidestage((state) => state.markers?.lastResult ?? null);
  return <LiveStatus className="visually-hidden">{pending ? 'Placing the marker…' : last?.ok ? last.message : ''}</LiveStatus>;
}

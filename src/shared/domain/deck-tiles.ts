/**
 * The Live view's tiles as a deck shows them: which quick actions each tile presses, in the tile
 * registry's order (`renderer/src/features/live/tile-registry.tsx`, whose test checks this list
 * against it), and the buttons a phone deck shows for the broadcaster's arrangement (the `liveView`
 * settings: the tiles they chose in Arrange, in their order). The alerts tile is one button, the
 * alert queue's pause switch (`POST /api/v1/alerts/pause`). Tiles that are forms (stream info, OBS,
 * unban requests, the mod log, banned accounts, the queue), the speech tile, and the automations
 * tile (its runs need the `automations` scope, which a phone is not given) have no button yet.
 */
import type { HotkeyAction } from '../ipc/contract';

/** A deck's switches that are not quick actions: the alert queue's pause. */
export type DeckControl = 'alertsPause';
export const deckControls: readonly DeckControl[] = ['alertsPause'];

/** One button of a deck: a quick action, or a switch. */
export type DeckButton = { action: HotkeyAction } | { control: DeckControl };

export interface DeckTile {
  id: string;
  actions: readonly HotkeyAction[];
  controls?: readonly DeckControl[];
  /** false: off the view until the broadcaster chooses it. */
  shownByDefault: boolean;
}

/** Every tile of the registry, in its order (the ones without a quick action too: they hold their place). */
export const deckTiles: readonly DeckTile[] = [
  { id: 'marker', actions: ['marker'], shownByDefault: true },
  { id: 'clip', actions: ['clip'], shownByDefault: true },
  { id: 'ad', actions: ['ad'], shownByDefault: true },
  { id: 'snooze', actions: ['snooze'], shownByDefault: true },
  { id: 'poll', actions: ['startTemplate'], shownByDefault: true },
  { id: 'end-poll', actions: ['endPoll'], shownByDefault: true },
  { id: 'prediction', actions: ['lockPrediction'], shownByDefault: true },
  { id: 'raid', actions: ['raid'], shownByDefault: true },
  { id: 'shoutout', actions: ['shoutoutRaider'], shownByDefault: true },
  { id: 'chat-modes', actions: ['slowMode', 'followerMode', 'subscriberMode', 'emoteMode'], shownByDefault: true },
  { id: 'channel', actions: [], shownByDefault: true },
  { id: 'obs', actions: [], shownByDefault: true },
  { id: 'shield-mode', actions: ['shieldMode'], shownByDefault: false },
  { id: 'unban-requests', actions: [], shownByDefault: false },
  { id: 'mod-log', actions: [], shownByDefault: false },
  { id: 'banned-accounts', actions: [], shownByDefault: false },
  { id: 'queue', actions: [], shownByDefault: false },
  { id: 'alerts', actions: [], controls: ['alertsPause'], shownByDefault: false },
  { id: 'speech', actions: [], shownByDefault: false },
  { id: 'automations', actions: [], shownByDefault: false },
];

/** The quick actions of the tiles shown, in the broadcaster's order (as the Live view arranges them). */
export function deckActions(layout: { tileOrder: readonly string[]; hiddenTiles: readonly string[] }): HotkeyAction[] {
  return shownTiles(layout).flatMap((tile) => tile.actions);
}

/** Every button of the tiles shown, in the broadcaster's order: each tile's quick actions, then its switches. */
export function deckButtons(layout: { tileOrder: readonly string[]; hiddenTiles: readonly string[] }): DeckButton[] {
  return shownTiles(layout).flatMap((tile) => [...tile.actions.map((action) => ({ action })), ...(tile.controls ?? []).map((control) => ({ control }))]);
}

function shownTiles(layout: { tileOrder: readonly string[]; hiddenTiles: readonly string[] }): DeckTile[] {
  const byId = new Map(deckTiles.map((tile) => [tile.id, tile]));
  const hidden = new Set(layout.hiddenTiles);
  const placed = layout.tileOrder.flatMap((id) => {
    const tile = byId.get(id);
    return tile && !hidden.has(id) ? [tile] : [];
  });
  const named = new Set(layout.tileOrder);
  const added = deckTiles.filter((tile) => !named.has(tile.id) && !hidden.has(tile.id) && tile.shownByDefault);
  return [...placed, ...added];
}

/**
 * The Live view's tiles as a deck shows them: which quick actions each tile presses, in the tile
 * registry's order (`renderer/src/features/live/tile-registry.tsx`, whose test checks this list
 * against it), and the buttons a phone deck shows for the broadcaster's arrangement (the `liveView`
 * settings: the tiles they chose in Arrange, in their order). Tiles that are forms (stream info,
 * OBS, unban requests, the mod log, banned accounts, the queue), the pause switches (alerts,
 * automations) and Stop speech have no button yet.
 */
import type { HotkeyAction } from '../ipc/contract';

export interface DeckTile {
  id: string;
  actions: readonly HotkeyAction[];
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
  { id: 'alerts', actions: [], shownByDefault: false },
  { id: 'speech', actions: [], shownByDefault: false },
  { id: 'automations', actions: [], shownByDefault: false },
];

/** The quick actions of the tiles shown, in the broadcaster's order (as the Live view arranges them). */
export function deckActions(layout: { tileOrder: readonly string[]; hiddenTiles: readonly string[] }): HotkeyAction[] {
  const byId = new Map(deckTiles.map((tile) => [tile.id, tile]));
  const hidden = new Set(layout.hiddenTiles);
  const placed = layout.tileOrder.flatMap((id) => {
    const tile = byId.get(id);
    return tile && !hidden.has(id) ? [tile] : [];
  });
  const named = new Set(layout.tileOrder);
  const added = deckTiles.filter((tile) => !named.has(tile.id) && !hidden.has(tile.id) && tile.shownByDefault);
  return [...placed, ...added].flatMap((tile) => tile.actions);
}

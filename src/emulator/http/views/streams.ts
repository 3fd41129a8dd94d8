/** Live streams in the current API's shapes (spec 4.11, part 2): Get Streams and Get Streams Metadata. */
import { createHash } from 'node:crypto';
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Stream } from '../../domain/stores/streams';
import type { HelixStream } from './wire/streams';

export function helixStream(state: EmulatorState, stream: Stream): HelixStream {
  const user = state.users.get(stream.userId);
  const login = user?.login ?? '';
  return {
    id: stream.id,
    user_id: stream.userId,
    user_login: login,
    user_name: user?.displayName ?? '',
    game_id: stream.gameId,
    game_name: state.game(stream.gameId)?.name ?? '',
    type: 'live',
    title: stream.title,
    viewer_count: stream.viewerCount,
    started_at: toRfc3339(stream.startedAt),
    language: stream.language,
    thumbnail_url: `${state.baseUrl}/static/previews/live_user_${login}-{width}x{height}.svg`,
    tag_ids: [],
    tags: [...stream.tags],
    is_mature: stream.isMature,
  };
}

const OVERWATCH = '488552';
const HEARTHSTONE = '138585';

const OVERWATCH_HEROES = [
  { role: 'Tank', name: 'Reinhardt', ability: 'Rocket Hammer' },
  { role: 'Damage', name: 'Tracer', ability: 'Blink' },
  { role: 'Damage', name: 'Soldier: 76', ability: 'Heavy Pulse Rifle' },
  { role: 'Support', name: 'Mercy', ability: 'Resurrect' },
  { role: 'Support', name: 'Ana', ability: 'Sleep Dart' },
] as const;

const HEARTHSTONE_HEROES = [
  { type: 'Classic hero', class: 'Mage', name: 'Jaina Proudmoore' },
  { type: 'Classic hero', class: 'Warrior', name: 'Garrosh Hellscream' },
  { type: 'Classic hero', class: 'Priest', name: 'Anduin Wrynn' },
  { type: 'Classic hero', class: 'Rogue', name: 'Valeera Sanguinar' },
  { type: 'Classic hero', class: 'Druid', name: 'Malfurion Stormrage' },
] as const;

/** A stable pick per stream, so the simulated game state does not flicker between calls. */
function pick<T>(list: readonly T[], seed: string): T {
  return list[createHash('sha1').update(seed).digest()[0]! % list.length]!;
}

/** Get Streams Metadata's record: simulated game state for the two games the platform reports on. */
export function streamMetadataView(state: EmulatorState, stream: Stream) {
  const user = state.users.get(stream.userId);
  const isOverwatch = stream.gameId === OVERWATCH;
  const isHearthstone = stream.gameId === HEARTHSTONE;
  return {
    user_id: stream.userId,
    user_name: user?.displayName ?? '',
    game_id: isOverwatch || isHearthstone ? stream.gameId : null,
    overwatch: isOverwatch ? { broadcaster: { hero: { ...pick(OVERWATCH_HEROES, stream.id) } } } : null,
    hearthstone: isHearthstone
      ? {
          broadcaster: { hero: { ...pick(HEARTHSTONE_HEROES, `${stream.id}:broadcaster`) } },
          opponent: { hero: { ...pick(HEARTHSTONE_HEROES, `${stream.id}:opponent`) } },
        }
      : null,
  };
}

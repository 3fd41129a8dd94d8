/** Renders state records in the current API's response shapes (spec part 2, platform facts "Other shapes"). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Stream } from '../../domain/streams';
import type { User } from '../../domain/users';

/** The three fields the platform names a user with in a record. */
export type UserFields<P extends string> = { [K in `${P}_id` | `${P}_login` | `${P}_name`]: string };

/** `<prefix>_id`, `<prefix>_login` and `<prefix>_name` of a user (login and name '' for an unknown user). */
export function userFields<P extends string>(state: EmulatorState, prefix: P, userId: string): UserFields<P> {
  const user = state.users.get(userId);
  // The common prefixes as literal keys: computed keys make every object a slow dictionary.
  const login = user?.login ?? '';
  const name = user?.displayName ?? '';
  switch (prefix as string) {
    case 'user':
      return { user_id: userId, user_login: login, user_name: name } as unknown as UserFields<P>;
    case 'broadcaster':
      return { broadcaster_id: userId, broadcaster_login: login, broadcaster_name: name } as unknown as UserFields<P>;
    default:
      return { [`${prefix}_id`]: userId, [`${prefix}_login`]: login, [`${prefix}_name`]: name } as UserFields<P>;
  }
}

export interface HelixUser {
  id: string;
  login: string;
  display_name: string;
  type: string;
  broadcaster_type: string;
  description: string;
  profile_image_url: string;
  offline_image_url: string;
  view_count: number;
  created_at: string;
  email?: string;
}

export function helixUser(user: User, options: { withEmail: boolean }): HelixUser {
  const shaped: HelixUser = {
    id: user.id,
    login: user.login,
    display_name: user.displayName,
    type: user.type,
    broadcaster_type: user.broadcasterType,
    description: user.description,
    profile_image_url: user.profileImageUrl,
    offline_image_url: user.offlineImageUrl,
    view_count: user.viewCount,
    created_at: toRfc3339(user.createdAt),
  };
  if (options.withEmail) shaped.email = user.email;
  return shaped;
}

export interface HelixStream {
  id: string;
  user_id: string;
  user_login: string;
  user_name: string;
  game_id: string;
  game_name: string;
  type: 'live' | '';
  title: string;
  viewer_count: number;
  started_at: string;
  language: string;
  thumbnail_url: string;
  tag_ids: string[];
  tags: string[];
  is_mature: boolean;
}

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

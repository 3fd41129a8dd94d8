/** How the platform names a user inside a record: `<prefix>_id`, `<prefix>_login`, `<prefix>_name`. */
import type { EmulatorState } from '../../domain/emulator-state';
import type { UserFields } from './wire/common';


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

/** Users in the current API's shape (spec 4.13, part 2). */
import { toRfc3339 } from '../../clock';
import type { User } from '../../domain/stores/users';
import type { HelixUser } from './wire/identity';

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

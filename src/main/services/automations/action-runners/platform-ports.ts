/**
 * The platform's side of issue 25's actions and of the follower check, over the one API client
 * as the current broadcaster (`moderator_id` is the broadcaster): Delete Chat Messages, Ban User
 * (a timeout is a ban with a duration), Warn Chat User, Get Moderators and Get Channel Followers
 * with `user_id`; the title and the category through the channel-info service (its checks and
 * refusals), the category looked up by name with Search Categories.
 */
import type { ApiClient } from '../../api/api-client';
import { requireSignedInBroadcaster, type BroadcasterSource } from '../../common/current-broadcaster';
import { AppError } from '../../app-error';
import type { ChannelInfoService } from '../../channel-info/channel-info-service';
import type { ChannelPort, ModerationPort } from './viewer-actions';

type Broadcaster = Pick<BroadcasterSource, 'id' | 'canCallApi'>;
type Rows = { data?: unknown[] };

const need = (broadcaster: Broadcaster, what: string) => requireSignedInBroadcaster(broadcaster.id, broadcaster, what);

export function platformModeration(api: Pick<ApiClient, 'request'>, broadcaster: Broadcaster): ModerationPort {
  const asModerator = (what: string) => {
    const id = need(broadcaster, what);
    return { broadcaster_id: id, moderator_id: id };
  };
  return {
    async deleteMessage(messageId) {
      await api.request({ method: 'DELETE', path: '/helix/moderation/chat', query: { ...asModerator('Message not deleted'), message_id: messageId } });
    },
    async timeout(userId, seconds, reason) {
      await api.request({ method: 'POST', path: '/helix/moderation/bans', query: asModerator('Timeout not applied'), body: { data: { user_id: userId, duration: seconds, ...(reason ? { reason } : {}) } }, retry: 'never' });
    },
    async ban(userId, reason) {
      await api.request({ method: 'POST', path: '/helix/moderation/bans', query: asModerator('Ban not applied'), body: { data: { user_id: userId, ...(reason ? { reason } : {}) } }, retry: 'never' });
    },
    async warn(userId, reason) {
      await api.request({ method: 'POST', path: '/helix/moderation/warnings', query: asModerator('Warning not sent'), body: { data: { user_id: userId, reason } }, retry: 'never' });
    },
    async isModerator(userId) {
      const answer = await api.request<Rows>({ method: 'GET', path: '/helix/moderation/moderators', query: { broadcaster_id: need(broadcaster, 'Moderators not read'), user_id: userId } });
      return (answer.data?.data?.length ?? 0) > 0;
    },
  };
}

/** Get Channel Followers with `user_id`: one row when they follow. */
export function platformFollows(api: Pick<ApiClient, 'request'>, broadcaster: Broadcaster): (userId: string) => Promise<boolean> {
  return async (userId) => {
    const answer = await api.request<Rows>({ method: 'GET', path: '/helix/channels/followers', query: { broadcaster_id: need(broadcaster, 'Followers not read'), user_id: userId } });
    return (answer.data?.data?.length ?? 0) > 0;
  };
}

export function platformChannel(channel: Pick<ChannelInfoService, 'update' | 'searchCategories'>): ChannelPort {
  return {
    async setTitle(title) {
      await channel.update({ title });
    },
    async setCategory(name) {
      const found = await channel.searchCategories(name);
      // The exact name (any case) when the platform has it; else its best match.
      const category = found.find((c) => c.name.toLocaleLowerCase() === name.toLocaleLowerCase()) ?? found[0];
      if (!category) throw new AppError('invalid_argument', `There is no category called "${name.slice(0, 60)}" on the platform.`);
      await channel.update({ categoryId: category.id });
      return category.name;
    },
  };
}

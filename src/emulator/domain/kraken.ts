/**
 * The retired v5 API's rules (spec 4.16-4.18): community names and text limits, comments shown
 * per post; and the writes the spec does not show, which the simulation API makes: communities,
 * their moderators and channels, feed comments, a channel's own cheermote.
 */
import { badRequest, conflict, forbidden, notFound } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { Community, CommunityImageKind, FeedPost, NewCommunity, StoredImage } from './stores/kraken';
import type { User } from './stores/users';

export const COMMUNITY_NAME_MIN = 3;
export const COMMUNITY_NAME_MAX = 25;
export const COMMUNITY_SUMMARY_MAX = 160;
export const COMMUNITY_TEXT_MAX = 1_572_864;
/** Comments a feed post shows with it. */
export const MAX_COMMENTS_PER_POST = 5;

function requireUsers(state: EmulatorState, ids: readonly string[]): void {
  const unknown = ids.find((id) => !state.users.get(id));
  if (unknown !== undefined) throw badRequest(`Unknown user_id "${unknown}"`);
}

function communityOr404(state: EmulatorState, id: string): Community {
  const community = state.kraken.community(id);
  if (!community) throw notFound(`Unknown community "${id}"`);
  return community;
}

/** A community (simulation API): its owner, moderators and channels must be users; names are unique. */
export function createCommunity(state: EmulatorState, input: NewCommunity): Community {
  requireUsers(state, [input.ownerId, ...(input.moderatorIds ?? []), ...(input.channelIds ?? [])]);
  if (state.kraken.isCommunityNameTaken(input.name)) throw conflict(`Community "${input.name}" exists`);
  return state.kraken.createCommunity(input, state.clock.now());
}

/** A user becomes one of the community's moderators, or stops being one. */
export function setCommunityModerator(state: EmulatorState, communityId: string, userId: string, action: 'add' | 'remove'): Community {
  const community = communityOr404(state, communityId);
  requireUsers(state, [userId]);
  if (action === 'add') community.moderatorIds.add(userId);
  else community.moderatorIds.delete(userId);
  return community;
}

/** A channel joins the community, or leaves it. */
export function setCommunityChannel(state: EmulatorState, communityId: string, channelId: string, action: 'add' | 'remove'): Community {
  const community = communityOr404(state, communityId);
  requireUsers(state, [channelId]);
  if (action === 'add') community.channelIds.add(channelId);
  else community.channelIds.delete(channelId);
  return community;
}

/** A viewer comments on a channel's feed post. */
export function commentOnPost(state: EmulatorState, channelId: string, postId: string, userId: string, body: string): FeedPost {
  const post = state.kraken.post(channelId, postId);
  if (!post) throw notFound(`Unknown post "${postId}" in channel "${channelId}"`);
  requireUsers(state, [userId]);
  state.kraken.addComment(post, userId, body, state.clock.now());
  return post;
}

/** A channel's own cheermote prefix, or (null) none. */
export function setChannelCheermote(state: EmulatorState, channelId: string, prefix: string | null): void {
  requireUsers(state, [channelId]);
  if (prefix === null) state.kraken.channelCheermotes.delete(channelId);
  else state.kraken.channelCheermotes.set(channelId, prefix);
}

export const COMMUNITY_IMAGE_SIZES: Record<CommunityImageKind, { width: number; height: number; field: string }> = {
  avatar: { width: 600, height: 800, field: 'avatar_image' },
  cover: { width: 1200, height: 180, field: 'cover_image' },
};

/** The community the v5 API names; the platform's 404 otherwise. */
export function communityNamed(state: EmulatorState, id: string): Community {
  const community = state.kraken.community(id);
  if (!community) throw notFound(`Community "${id.slice(0, 64)}" not found`);
  return community;
}

export function requireCommunityOwner(community: Community, user: User): void {
  if (community.ownerId !== user.id) throw forbidden('Only the community owner may do this');
}

export function requireCommunityModerator(community: Community, user: User): void {
  if (community.ownerId !== user.id && !community.moderatorIds.has(user.id)) {
    throw forbidden('Only the community owner or its moderators may do this');
  }
}

/** Live channels of the community and their viewers: what Get Top Communities ranks by. */
function liveFigures(state: EmulatorState, community: Community): { channels: number; viewers: number } {
  let channels = 0;
  let viewers = 0;
  for (const id of community.channelIds) {
    const stream = state.streams.get(id);
    if (!stream) continue;
    channels++;
    viewers += stream.viewerCount;
  }
  return { channels, viewers };
}

/** Get Top Communities: most viewers first, then most live channels, then by name. */
export function topCommunities(state: EmulatorState): { community: Community; channels: number; viewers: number }[] {
  return state.kraken
    .listCommunities()
    .map((community) => ({ community, ...liveFigures(state, community) }))
    .sort((a, b) => b.viewers - a.viewers || b.channels - a.channels || a.community.name.localeCompare(b.community.name));
}

/** Update a Community (its owner, checked already): the fields given change. */
export function updateCommunity(community: Community, changes: { summary?: string; description?: string; rules?: string; email?: string }): void {
  if (changes.summary !== undefined) community.summary = changes.summary;
  if (changes.description !== undefined) community.description = changes.description;
  if (changes.rules !== undefined) community.rules = changes.rules;
  if (changes.email !== undefined) community.email = changes.email;
}

/** Ban Community User: the owner cannot be banned; a ban keeps its first start. */
export function banFromCommunity(community: Community, user: User, now: number): void {
  if (user.id === community.ownerId) throw badRequest('The community owner cannot be banned');
  if (!community.bans.has(user.id)) community.bans.set(user.id, now);
}

export function unbanFromCommunity(community: Community, user: User): void {
  community.bans.delete(user.id);
}

/** A community image of the exact size of its kind (checked already) replaces the last one. */
export function setCommunityImage(community: Community, kind: CommunityImageKind, image: Omit<StoredImage, 'revision'>): void {
  community.imageRevision++;
  community.images[kind] = { ...image, revision: community.imageRevision };
}

export function removeCommunityImage(community: Community, kind: CommunityImageKind): void {
  delete community.images[kind];
}

/** Only a channel's owner posts to its feed and deletes its posts. */
export function requireFeedOwner(channel: User, user: User, action: 'post to' | 'delete'): void {
  if (channel.id === user.id) return;
  throw forbidden(action === 'post to' ? 'Only the channel owner may post to the channel feed' : 'Only the channel owner may delete channel feed posts');
}

export function deletePost(post: FeedPost): void {
  post.deleted = true;
}

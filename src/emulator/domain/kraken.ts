/**
 * The retired v5 API's rules (spec 4.16-4.18): community names and text limits, comments shown
 * per post; and the writes the spec does not show, which the simulation API makes: communities,
 * their moderators and channels, feed comments, a channel's own cheermote.
 */
import { badRequest, conflict, notFound } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { Community, FeedPost, NewCommunity } from './stores/kraken';

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

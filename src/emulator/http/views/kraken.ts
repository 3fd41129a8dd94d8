/**
 * The retired v5 API's shapes (spec part 2, "Legacy ..."): users, communities, feed posts and
 * comments, cheermote actions; timestamps with fractions of a second.
 */
import {
  CHEERMOTE_BACKGROUNDS,
  CHEERMOTE_SCALES,
  CHEERMOTE_STATES,
  CHEERMOTE_TIERS,
} from '../../catalogue/cheermotes';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Community, CommunityImageKind, FeedComment, FeedPost, Reactions } from '../../domain/stores/kraken';
import type { User } from '../../domain/stores/users';
import { encodeV5Cursor } from '../v5-params';
import { markdownToHtml } from './markdown';
import type { SimulationCommunity } from './wire/kraken';

/** v5 timestamps carry fractions of a second. */
export const v5Time = (ms: number): string => new Date(ms).toISOString();

export interface V5User {
  _id: string;
  bio: string;
  created_at: string;
  display_name: string;
  logo: string;
  name: string;
  type: string;
  updated_at: string;
}

export function v5User(user: User): V5User {
  return {
    _id: user.id,
    bio: user.description,
    created_at: v5Time(user.createdAt),
    display_name: user.displayName,
    logo: user.profileImageUrl,
    name: user.login,
    type: user.type === '' ? 'user' : user.type,
    updated_at: v5Time(user.createdAt),
  };
}

const EXTENSIONS = { png: 'png', jpeg: 'jpg', gif: 'gif' } as const;
export const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' } as const;

export function imageFileName(community: Community, kind: CommunityImageKind): string | null {
  const image = community.images[kind];
  if (!image) return null;
  return `${kind}-${image.revision}-${image.width}x${image.height}.${EXTENSIONS[image.format]}`;
}

export function imageUrl(state: EmulatorState, community: Community, kind: CommunityImageKind): string {
  const file = imageFileName(community, kind);
  return file === null ? '' : `${state.baseUrl}/static/community-images/${community.id}/${file}`;
}

export function v5Community(state: EmulatorState, community: Community) {
  return {
    _id: community.id,
    owner_id: community.ownerId,
    name: community.name,
    summary: community.summary,
    description: community.description,
    rules: community.rules,
    description_html: markdownToHtml(community.description),
    rules_html: markdownToHtml(community.rules),
    language: community.language,
    avatar_image_url: imageUrl(state, community, 'avatar'),
    cover_image_url: imageUrl(state, community, 'cover'),
  };
}

/** A community as the simulation API shows it: with its moderators and channels. */
export function simulationCommunity(state: EmulatorState, community: Community): SimulationCommunity {
  return { ...v5Community(state, community), moderator_ids: [...community.moderatorIds], channel_ids: [...community.channelIds] };
}

/** Global emotes recognised in post and comment bodies (IDs are the platform's). */
const GLOBAL_EMOTES: ReadonlyMap<string, number> = new Map([
  ['Kappa', 25], ['Kreygasm', 41], ['BibleThump', 86], ['ResidentSleeper', 245], ['4Head', 354], ['Keepo', 1902],
  ['HeyGuys', 30259], ['NotLikeThis', 58765], ['SeemsGood', 64138], ['VoHiYo', 81274], ['LUL', 425618], ['PogChamp', 305954156],
]);

export interface V5Emote {
  start: number;
  end: number;
  id: number;
  set: number;
}

/** Emote positions in `body`: start and end are inclusive character offsets. */
export function findEmotes(body: string): V5Emote[] {
  const emotes: V5Emote[] = [];
  for (const match of body.matchAll(/\S+/g)) {
    const id = GLOBAL_EMOTES.get(match[0]);
    if (id !== undefined) emotes.push({ start: match.index, end: match.index + match[0].length - 1, id, set: 0 });
  }
  return emotes;
}

function reactionsView(reactions: Reactions, caller: User | null) {
  const out: Record<string, { count: number; emote: string; user_ids: string[] }> = {};
  for (const [key, users] of reactions) {
    if (users.size === 0) continue;
    out[key] = { count: users.size, emote: key, user_ids: caller && users.has(caller.id) ? [caller.id] : [] };
  }
  return out;
}

function userView(state: EmulatorState, userId: string) {
  const user = state.users.get(userId);
  return user ? v5User(user) : null;
}

function commentView(state: EmulatorState, post: FeedPost, comment: FeedComment, caller: User | null) {
  const canModerate = caller !== null && state.moderators.canModerate(post.channelId, caller.id);
  return {
    id: comment.id,
    body: comment.body,
    created_at: v5Time(comment.createdAt),
    deleted: comment.deleted,
    emotes: findEmotes(comment.body),
    permissions: { can_delete: caller !== null && (caller.id === comment.userId || canModerate) },
    reactions: reactionsView(comment.reactions, caller),
    user: userView(state, comment.userId),
  };
}

export function postView(state: EmulatorState, post: FeedPost, caller: User | null, commentLimit: number) {
  const comments = post.comments.filter((c) => !c.deleted).reverse();
  const shown = comments.slice(0, commentLimit);
  return {
    id: post.id,
    body: post.body,
    created_at: v5Time(post.createdAt),
    deleted: false,
    embeds: [],
    emotes: findEmotes(post.body),
    permissions: {
      can_delete: caller !== null && caller.id === post.channelId,
      can_moderate: caller !== null && state.moderators.canModerate(post.channelId, caller.id),
      can_reply: caller !== null,
    },
    reactions: reactionsView(post.reactions, caller),
    comments: {
      _cursor: shown.length < comments.length ? encodeV5Cursor(shown.length) : '',
      _total: comments.length,
      comments: shown.map((c) => commentView(state, post, c, caller)),
    },
    user: userView(state, post.authorId),
  };
}

type ImageMap = Record<string, Record<string, Record<string, string>>>;

function tierImages(state: EmulatorState, prefix: string, tierId: string): ImageMap {
  const images: ImageMap = {};
  for (const background of CHEERMOTE_BACKGROUNDS) {
    images[background] = {};
    for (const imageState of CHEERMOTE_STATES) {
      const byScale: Record<string, string> = {};
      for (const scale of CHEERMOTE_SCALES) {
        byScale[scale] =
          `${state.baseUrl}/static/cheermotes/${encodeURIComponent(prefix.toLowerCase())}/${background}/${imageState}/${tierId}/${scale}.${imageState === 'animated' ? 'gif' : 'png'}`;
      }
      images[background]![imageState] = byScale;
    }
  }
  return images;
}

export function legacyCheermoteAction(state: EmulatorState, prefix: string) {
  return {
    prefix,
    backgrounds: [...CHEERMOTE_BACKGROUNDS],
    scales: [...CHEERMOTE_SCALES],
    states: [...CHEERMOTE_STATES],
    tiers: CHEERMOTE_TIERS.map((tier) => ({
      id: tier.id,
      min_bits: tier.minBits,
      color: tier.color,
      images: tierImages(state, prefix, tier.id),
    })),
  };
}


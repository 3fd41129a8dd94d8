/**
 * State of the retired v5 API (spec 4.16-4.18): communities, channel feeds and channels' own
 * cheermotes.
 */
import { randomUUID } from 'node:crypto';

export type CommunityImageKind = 'avatar' | 'cover';

export interface StoredImage {
  bytes: Buffer;
  format: 'png' | 'jpeg' | 'gif';
  width: number;
  height: number;
  /** Bumped on each upload so the URL changes with the image. */
  revision: number;
}

export interface Community {
  id: string;
  ownerId: string;
  name: string;
  summary: string;
  description: string;
  rules: string;
  email: string;
  language: string;
  images: Partial<Record<CommunityImageKind, StoredImage>>;
  imageRevision: number;
  moderatorIds: Set<string>;
  /** user ID -> ban start (ms), in order of banning. */
  bans: Map<string, number>;
  /** Channels in the community: their live streams count towards `channels` and `viewers`. */
  channelIds: Set<string>;
  createdAt: number;
}

export interface NewCommunity {
  name: string;
  ownerId: string;
  summary?: string;
  description?: string;
  rules?: string;
  language?: string;
  moderatorIds?: readonly string[];
  channelIds?: readonly string[];
}

/** Reaction keys are emote IDs or the word `endorse`. */
export type Reactions = Map<string, Map<string, { id: string; createdAt: number }>>;

export interface FeedComment {
  id: string;
  userId: string;
  body: string;
  createdAt: number;
  deleted: boolean;
  reactions: Reactions;
}

export interface FeedPost {
  id: string;
  channelId: string;
  authorId: string;
  body: string;
  createdAt: number;
  deleted: boolean;
  reactions: Reactions;
  /** Oldest first. */
  comments: FeedComment[];
}

export class KrakenStore {
  private readonly communities = new Map<string, Community>();
  private readonly communityIdByName = new Map<string, string>();
  /** Per channel, newest post last. */
  private readonly feeds = new Map<string, FeedPost[]>();
  /** Channel ID -> the prefix of the channel's own cheermote. */
  readonly channelCheermotes = new Map<string, string>();

  createCommunity(input: NewCommunity, now: number): Community {
    const key = input.name.toLowerCase();
    if (this.communityIdByName.has(key)) throw new Error(`community ${input.name} exists`);
    const community: Community = {
      id: randomUUID(),
      ownerId: input.ownerId,
      name: input.name,
      summary: input.summary ?? '',
      description: input.description ?? '',
      rules: input.rules ?? '',
      email: '',
      language: input.language ?? 'EN',
      images: {},
      imageRevision: 0,
      moderatorIds: new Set(input.moderatorIds ?? []),
      bans: new Map(),
      channelIds: new Set(input.channelIds ?? []),
      createdAt: now,
    };
    this.communities.set(community.id, community);
    this.communityIdByName.set(key, community.id);
    return community;
  }

  isCommunityNameTaken(name: string): boolean {
    return this.communityIdByName.has(name.toLowerCase());
  }

  community(id: string): Community | undefined {
    return this.communities.get(id);
  }

  communityByName(name: string): Community | undefined {
    const id = this.communityIdByName.get(name.toLowerCase());
    return id === undefined ? undefined : this.communities.get(id);
  }

  listCommunities(): Community[] {
    return [...this.communities.values()];
  }

  /** The channel's posts that are not deleted, newest first. */
  posts(channelId: string): FeedPost[] {
    return (this.feeds.get(channelId) ?? []).filter((p) => !p.deleted).reverse();
  }

  post(channelId: string, postId: string): FeedPost | undefined {
    return this.feeds.get(channelId)?.find((p) => p.id === postId && !p.deleted);
  }

  addPost(channelId: string, authorId: string, body: string, now: number): FeedPost {
    const post: FeedPost = { id: randomUUID(), channelId, authorId, body, createdAt: now, deleted: false, reactions: new Map(), comments: [] };
    const feed = this.feeds.get(channelId) ?? [];
    feed.push(post);
    this.feeds.set(channelId, feed);
    return post;
  }

  addComment(post: FeedPost, userId: string, body: string, now: number): FeedComment {
    const comment: FeedComment = { id: randomUUID(), userId, body, createdAt: now, deleted: false, reactions: new Map() };
    post.comments.push(comment);
    return comment;
  }

  /** Adds the user's reaction (once per key); returns the reaction record. */
  react(reactions: Reactions, key: string, userId: string, now: number): { id: string; createdAt: number } {
    const users = reactions.get(key) ?? new Map<string, { id: string; createdAt: number }>();
    reactions.set(key, users);
    let record = users.get(userId);
    if (!record) {
      record = { id: randomUUID(), createdAt: now };
      users.set(userId, record);
    }
    return record;
  }

  /** False when the user had no such reaction. */
  unreact(reactions: Reactions, key: string, userId: string): boolean {
    const users = reactions.get(key);
    if (!users?.delete(userId)) return false;
    if (users.size === 0) reactions.delete(key);
    return true;
  }
}

import { newestFirst } from './newest-first';

/** A follow: `userId` follows the channel of `broadcasterId`. */
export interface Follow {
  userId: string;
  broadcasterId: string;
  followedAt: number;
}

/** Who follows whom. Lists are newest first (spec part 2, follow records). */
export class FollowStore {
  private readonly follows: Follow[] = [];

  get(userId: string, broadcasterId: string): Follow | undefined {
    return this.follows.find((f) => f.userId === userId && f.broadcasterId === broadcasterId);
  }

  /** Null when the user already follows the broadcaster. */
  follow(userId: string, broadcasterId: string, followedAt: number): Follow | null {
    if (this.get(userId, broadcasterId)) return null;
    const follow: Follow = { userId, broadcasterId, followedAt };
    this.follows.push(follow);
    return follow;
  }

  unfollow(userId: string, broadcasterId: string): Follow | null {
    const index = this.follows.findIndex((f) => f.userId === userId && f.broadcasterId === broadcasterId);
    if (index < 0) return null;
    return this.follows.splice(index, 1)[0] ?? null;
  }

  followersOf(broadcasterId: string): Follow[] {
    return newestFirst(this.follows.filter((f) => f.broadcasterId === broadcasterId), byFollowedAt);
  }

  followedBy(userId: string): Follow[] {
    return newestFirst(this.follows.filter((f) => f.userId === userId), byFollowedAt);
  }
}

const byFollowedAt = (follow: Follow): number => follow.followedAt;

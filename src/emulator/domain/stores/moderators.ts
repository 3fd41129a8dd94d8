import { randomUUID } from 'node:crypto';

/** A moderator-change record (spec part 2), kept for Get Moderator Events. */
export interface ModeratorChangeRecord {
  id: string;
  event_type: 'moderation.moderator.add' | 'moderation.moderator.remove';
  event_timestamp: string;
  version: '1.0';
  broadcasterId: string;
  userId: string;
}

/** Who moderates which channel, and the history of changes, newest last. */
export class ModeratorStore {
  private readonly byBroadcaster = new Map<string, Set<string>>();
  readonly changes: ModeratorChangeRecord[] = [];

  isModerator(broadcasterId: string, userId: string): boolean {
    return this.byBroadcaster.get(broadcasterId)?.has(userId) ?? false;
  }

  /** The broadcaster counts as a moderator of their own channel for moderator checks. */
  canModerate(broadcasterId: string, userId: string): boolean {
    return broadcasterId === userId || this.isModerator(broadcasterId, userId);
  }

  list(broadcasterId: string): string[] {
    return [...(this.byBroadcaster.get(broadcasterId) ?? [])];
  }

  /** Returns the record, or null when nothing changed (already a moderator / not one). */
  add(broadcasterId: string, userId: string, timestamp: string): ModeratorChangeRecord | null {
    const set = this.byBroadcaster.get(broadcasterId) ?? new Set<string>();
    if (set.has(userId)) return null;
    set.add(userId);
    this.byBroadcaster.set(broadcasterId, set);
    return this.record('moderation.moderator.add', broadcasterId, userId, timestamp);
  }

  remove(broadcasterId: string, userId: string, timestamp: string): ModeratorChangeRecord | null {
    if (!this.byBroadcaster.get(broadcasterId)?.delete(userId)) return null;
    return this.record('moderation.moderator.remove', broadcasterId, userId, timestamp);
  }

  private record(type: ModeratorChangeRecord['event_type'], broadcasterId: string, userId: string, timestamp: string): ModeratorChangeRecord {
    const record: ModeratorChangeRecord = {
      id: randomUUID(),
      event_type: type,
      event_timestamp: timestamp,
      version: '1.0',
      broadcasterId,
      userId,
    };
    this.changes.push(record);
    return record;
  }
}

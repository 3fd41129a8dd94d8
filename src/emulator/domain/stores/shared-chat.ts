/**
 * Shared chat sessions: channels whose chats are joined into one for a while (the platform's shared
 * chat). A channel is in at most one session; a session lives while it has two or more channels.
 */

export interface SharedChatSession {
  id: string;
  hostBroadcasterId: string;
  /** In the order they joined; the host first. */
  participantIds: string[];
  createdAt: number;
  updatedAt: number;
}

export class SharedChatStore {
  private readonly sessions = new Map<string, SharedChatSession>();

  /** A copy of the session `broadcasterId` is in, if any. */
  sessionOf(broadcasterId: string): SharedChatSession | undefined {
    for (const session of this.sessions.values()) {
      if (session.participantIds.includes(broadcasterId)) return { ...session, participantIds: [...session.participantIds] };
    }
    return undefined;
  }

  save(session: SharedChatSession): void {
    this.sessions.set(session.id, { ...session, participantIds: [...session.participantIds] });
  }

  remove(sessionId: string): void {
    this.sessions.delete(sessionId);
  }
}

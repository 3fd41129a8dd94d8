/** The warnings moderators gave, per channel and user: the latest one, until it is acknowledged. */

export interface Warning {
  broadcasterId: string;
  userId: string;
  moderatorId: string;
  reason: string;
  createdAt: number;
  /** Null until the user acknowledges it. */
  acknowledgedAt: number | null;
}

export class WarningStore {
  private readonly byChannelAndUser = new Map<string, Warning>();

  /** The user's warning in the channel that they have not acknowledged yet. */
  pending(broadcasterId: string, userId: string): Warning | undefined {
    const warning = this.byChannelAndUser.get(`${broadcasterId}:${userId}`);
    return warning && warning.acknowledgedAt === null ? warning : undefined;
  }

  /** A new warning replaces the user's previous one in the channel. */
  put(warning: Warning): void {
    this.byChannelAndUser.set(`${warning.broadcasterId}:${warning.userId}`, warning);
  }
}

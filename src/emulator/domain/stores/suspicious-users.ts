/**
 * The users a channel treats as suspicious: monitored (their messages go out, marked for the
 * moderators) or restricted (their messages reach the moderators only), why (added by hand,
 * detected as a likely ban evader, banned in a channel that shares bans), and by whom.
 */

export type LowTrustStatus = 'none' | 'active_monitoring' | 'restricted';
export type SuspiciousUserType = 'manually_added' | 'ban_evader' | 'banned_in_shared_channel';
export type BanEvasionEvaluation = 'unknown' | 'possible' | 'likely';

export interface SuspiciousUser {
  broadcasterId: string;
  userId: string;
  status: LowTrustStatus;
  types: SuspiciousUserType[];
  banEvasionEvaluation: BanEvasionEvaluation;
  /** Channels that share their bans with this one and banned the user. */
  sharedBanChannelIds: string[];
  /** Who last changed the status; null when the platform set it. */
  moderatorId: string | null;
  updatedAt: number;
}

export class SuspiciousUserStore {
  private readonly byChannelAndUser = new Map<string, SuspiciousUser>();

  /** A copy. */
  get(broadcasterId: string, userId: string): SuspiciousUser | undefined {
    const record = this.byChannelAndUser.get(`${broadcasterId}:${userId}`);
    return record ? { ...record, types: [...record.types], sharedBanChannelIds: [...record.sharedBanChannelIds] } : undefined;
  }

  put(record: SuspiciousUser): void {
    this.byChannelAndUser.set(`${record.broadcasterId}:${record.userId}`, { ...record, types: [...record.types], sharedBanChannelIds: [...record.sharedBanChannelIds] });
  }
}

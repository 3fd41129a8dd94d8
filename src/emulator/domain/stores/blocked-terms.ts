/** The words and phrases each channel blocks in its chat (Get, Add and Remove Blocked Terms). */

export interface BlockedTerm {
  id: string;
  broadcasterId: string;
  /** Who blocked it. */
  moderatorId: string;
  text: string;
  createdAt: number;
  updatedAt: number;
  /** When the block ends (ms); null for a term added by hand, which never ends. */
  expiresAt: number | null;
}

export class BlockedTermStore {
  /** Per channel, oldest first. */
  private readonly byBroadcaster = new Map<string, BlockedTerm[]>();

  /** Newest first, as the platform lists them. */
  list(broadcasterId: string): BlockedTerm[] {
    return [...(this.byBroadcaster.get(broadcasterId) ?? [])].reverse();
  }

  /** The channel's term with the same text, regardless of letter case. */
  findByText(broadcasterId: string, text: string): BlockedTerm | undefined {
    const lower = text.toLowerCase();
    return this.byBroadcaster.get(broadcasterId)?.find((term) => term.text.toLowerCase() === lower);
  }

  add(term: BlockedTerm): void {
    const terms = this.byBroadcaster.get(term.broadcasterId) ?? [];
    terms.push(term);
    this.byBroadcaster.set(term.broadcasterId, terms);
  }

  /** False when the channel has no term with this ID. */
  remove(broadcasterId: string, id: string): boolean {
    const terms = this.byBroadcaster.get(broadcasterId);
    const index = terms?.findIndex((term) => term.id === id) ?? -1;
    if (!terms || index < 0) return false;
    terms.splice(index, 1);
    return true;
  }
}

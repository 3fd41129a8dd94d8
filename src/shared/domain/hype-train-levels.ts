/**
 * "Once per hype-train level", the one rule automations and alerts share: a train's level counts
 * the first time an event shows it above the highest level seen of that train (its many progress
 * events within a level, a duplicate or a late event of a lower level count nothing). Bounded: the
 * latest 100 trains are remembered. Automations also key the run on `hypeTrainLevelId`, so the
 * exactly-once ledger keeps a level once across a restart.
 */
const maxTrains = 100;

/** The identity of one level of one train (the ledger's key for "this level already fired"). */
export const hypeTrainLevelId = (trainId: string, level: number) => `hype-level:${trainId}:${level}`;

export class HypeTrainLevels {
  private readonly highest = new Map<string, number>();

  /** Whether `level` is new for this train; if so it becomes the highest seen. */
  isNewLevel(trainId: string, level: number): boolean {
    const known = this.highest.get(trainId) ?? 0;
    if (level <= known) return false;
    // Re-inserted: the latest trains stay, the oldest go first.
    this.highest.delete(trainId);
    this.highest.set(trainId, level);
    if (this.highest.size > maxTrains) this.highest.delete(this.highest.keys().next().value!);
    return true;
  }
}

/**
 * Skipped runs, counted by automation and by why (paused, offline, a condition, a cooldown, busy,
 * a full queue) rather than logged one by one: a command spammed on its cooldown would otherwise
 * fill the run log and push the runs that did something out of it. In memory: since Sidestage
 * started, or since the log was cleared.
 */
import type { AutomationSkip, SkipKind } from '../../../shared/ipc/contract';

export type { SkipKind };

export class SkipCounts {
  private readonly byAutomation = new Map<string, Map<SkipKind, { count: number; lastAt: number; reason: string }>>();

  count(automationId: string, kind: SkipKind, reason: string, at: number): void {
    let kinds = this.byAutomation.get(automationId);
    if (!kinds) this.byAutomation.set(automationId, (kinds = new Map()));
    const entry = kinds.get(kind);
    if (entry) Object.assign(entry, { count: entry.count + 1, lastAt: at, reason });
    else kinds.set(kind, { count: 1, lastAt: at, reason });
  }

  /** The automation's skips, the latest first. */
  of(automationId: string): AutomationSkip[] {
    const kinds = this.byAutomation.get(automationId);
    if (!kinds) return [];
    return [...kinds]
      .sort((a, b) => b[1].lastAt - a[1].lastAt)
      .map(([kind, { count, lastAt, reason }]) => ({ kind, count, lastAt: new Date(lastAt).toISOString(), reason }));
  }

  forget(automationId: string): void {
    this.byAutomation.delete(automationId);
  }

  clear(): void {
    this.byAutomation.clear();
  }
}

/**
 * Conditions: an automation's comparisons on the event's fields, and its cooldowns (for everyone
 * and per viewer). Each refusal says why in words, for the run log.
 */
import type { Automation, ConditionRule } from '../../../shared/ipc/contract';
import { describeRule } from '../../../shared/domain/automation-words';
import { textMatches, type TriggerEvent } from './triggers';

/** What rules read beyond the event: the variables, and the command's target once looked up (an If step). */
export interface RuleContext {
  variable(name: string): number | string | undefined;
  /** Whether the first argument names a platform user; undefined before it is looked up (the conditions before a run). */
  targetFound?: boolean;
}

const noContext: RuleContext = { variable: () => undefined };

function variableHolds(rule: Extract<ConditionRule, { field: 'variable' }>, value: number | string): boolean {
  if (typeof value === 'number' && typeof rule.value === 'number') {
    return { atLeast: value >= rule.value, atMost: value <= rule.value, equals: value === rule.value, notEquals: value !== rule.value }[rule.op];
  }
  const same = String(value).toLowerCase() === String(rule.value).toLowerCase();
  if (rule.op === 'equals') return same;
  if (rule.op === 'notEquals') return !same;
  return false;
}

/** Why `rule` does not hold for `event`, or null when it does. */
export function ruleRefusal(rule: ConditionRule, event: TriggerEvent, context: RuleContext = noContext): string | null {
  const words = describeRule(rule);
  switch (rule.field) {
    case 'role': {
      if (!event.roles) return `"${words}" cannot be checked: this event has no chat role`;
      const has = event.roles[rule.role];
      return (rule.op === 'is') === has ? null : `not met: ${words}`;
    }
    case 'amount': {
      if (event.amount === null) return `"${words}" cannot be checked: this event has no amount`;
      const ok = rule.op === 'atLeast' ? event.amount >= rule.value : rule.op === 'atMost' ? event.amount <= rule.value : event.amount === rule.value;
      return ok ? null : `not met: ${words} (it was ${event.amount})`;
    }
    case 'tier': {
      if (event.tier === null) return `"${words}" cannot be checked: this event has no tier`;
      return (rule.op === 'is') === (event.tier === rule.tier) ? null : `not met: ${words}`;
    }
    case 'text': {
      if (event.text === null) return `"${words}" cannot be checked: this event has no text`;
      const ok = rule.op === 'notContains' ? !textMatches({ mode: 'contains', text: rule.value }, event.text) : textMatches({ mode: rule.op, text: rule.value }, event.text);
      return ok ? null : `not met: ${words}`;
    }
    case 'user': {
      if (!event.user) return `"${words}" cannot be checked: this event has no viewer`;
      const same = event.user.login.toLowerCase() === rule.login.trim().replace(/^@/, '').toLowerCase();
      return (rule.op === 'is') === same ? null : `not met: ${words}`;
    }
    case 'variable': {
      const value = context.variable(rule.name);
      if (value === undefined) return `"${words}" cannot be checked: there is no variable ${rule.name}`;
      if (typeof value !== typeof rule.value && rule.op !== 'equals' && rule.op !== 'notEquals') return `"${words}" cannot be checked: ${rule.name} holds a text`;
      return variableHolds(rule, value) ? null : `not met: ${words} (it was ${value})`;
    }
    case 'target': {
      if (context.targetFound === undefined) return `"${words}" can only be checked in an If step`;
      return (rule.op === 'found') === context.targetFound ? null : `not met: ${words}`;
    }
  }
}

/** The first rule that does not hold, in words; null when all do. */
export function rulesRefusal(rules: readonly ConditionRule[], event: TriggerEvent, context: RuleContext = noContext): string | null {
  for (const rule of rules) {
    const refusal = ruleRefusal(rule, event, context);
    if (refusal) return `Condition ${refusal}.`;
  }
  return null;
}

const inSeconds = (ms: number) => `${Math.max(1, Math.ceil(ms / 1000))} s`;

/** One cooldown as it is kept on disk: until when `automationId` waits, for everyone (`userId` null) or one viewer. */
export interface CooldownEntry {
  automationId: string;
  userId: string | null;
  until: number;
}

/**
 * When each automation may run again, for everyone and per viewer. `onStart` is told each
 * cooldown as it starts (the cooldown book journals it), and `restore` brings them back at start,
 * so a restart does not reopen a command that is cooling down.
 */
export class Cooldowns {
  private readonly everyone = new Map<string, number>();
  private readonly perViewer = new Map<string, Map<string, number>>();

  constructor(private readonly onStart: (entry: CooldownEntry) => void = () => {}) {}

  /** Cooldowns kept from before a restart; those already over are left out. */
  restore(entries: Iterable<CooldownEntry>, now: number): void {
    for (const { automationId, userId, until } of entries) {
      if (until <= now) continue;
      if (userId === null) this.everyone.set(automationId, Math.max(until, this.everyone.get(automationId) ?? 0));
      else {
        let viewers = this.perViewer.get(automationId);
        if (!viewers) this.perViewer.set(automationId, (viewers = new Map()));
        viewers.set(userId, Math.max(until, viewers.get(userId) ?? 0));
      }
    }
  }

  /** Every cooldown still running at `now` (the book's snapshot). */
  entries(now: number): CooldownEntry[] {
    const kept: CooldownEntry[] = [];
    for (const [automationId, until] of this.everyone) if (until > now) kept.push({ automationId, userId: null, until });
    for (const [automationId, viewers] of this.perViewer) for (const [userId, until] of viewers) if (until > now) kept.push({ automationId, userId, until });
    return kept;
  }

  /** Why `automation` may not run for `userId` at `now`, or null. */
  refusal(automation: Automation, userId: string | null, now: number): string | null {
    const until = this.everyone.get(automation.id) ?? 0;
    if (now < until) return `Cooldown: it can run again in ${inSeconds(until - now)}.`;
    if (userId !== null) {
      const viewerUntil = this.perViewer.get(automation.id)?.get(userId) ?? 0;
      if (now < viewerUntil) return `Cooldown for this viewer: again in ${inSeconds(viewerUntil - now)}.`;
    }
    return null;
  }

  /** A run was accepted at `now`: the cooldowns start. */
  start(automation: Automation, userId: string | null, now: number): void {
    const { cooldownSeconds, perViewerCooldownSeconds } = automation.conditions;
    if (cooldownSeconds > 0) {
      const until = now + cooldownSeconds * 1000;
      this.everyone.set(automation.id, until);
      this.onStart({ automationId: automation.id, userId: null, until });
    }
    if (perViewerCooldownSeconds > 0 && userId !== null) {
      let viewers = this.perViewer.get(automation.id);
      if (!viewers) this.perViewer.set(automation.id, (viewers = new Map()));
      const until = now + perViewerCooldownSeconds * 1000;
      viewers.set(userId, until);
      this.onStart({ automationId: automation.id, userId, until });
    }
  }

  /** Drops what has expired, so a long stream's many viewers do not pile up. */
  prune(now: number): void {
    for (const [id, until] of this.everyone) if (until <= now) this.everyone.delete(id);
    for (const [id, viewers] of this.perViewer) {
      for (const [user, until] of viewers) if (until <= now) viewers.delete(user);
      if (viewers.size === 0) this.perViewer.delete(id);
    }
  }

  /** An edited or deleted automation starts without a cooldown. */
  forget(automationId: string): void {
    this.everyone.delete(automationId);
    this.perViewer.delete(automationId);
  }

  /** For tests and the benchmark: how many entries are kept. */
  size(): number {
    let n = this.everyone.size;
    for (const viewers of this.perViewer.values()) n += viewers.size;
    return n;
  }
}

/**
 * Older automations read as today's: the automations file and an export carry a format version,
 * and an automation of an older version is brought up to this one before it is checked.
 *
 * - Version 1 to 2: a chat command's roles were ticked one by one (`allowed`, so "subscribers" refused
 *   a moderator without a sub badge); now it is one role "and above" (`minRole`), the most open of
 *   the ticked ones. Links in viewers' words are kept as before (`stripLinks: false`).
 * - Version 2 to 3: steps may be branches (`if`, `random`) and change variables; a version 2
 *   automation reads as it is (its steps are all actions). The version is bumped so that an older
 *   Sidestage refuses, in words, a file whose branches it cannot run.
 */
import { commandRoleOrder, type CommandRole } from '../ipc/schemas/automations';

/** The versions this Sidestage reads (the newest is written). */
export const readableAutomationsVersions = [1, 2, 3] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One automation of a file of `version`, in today's shape (still to be checked by the schema). */
export function migrateAutomation(raw: unknown, version: number): unknown {
  if (version >= 2 || !isObject(raw)) return raw;
  const automation: Record<string, unknown> = { stripLinks: false, ...raw };
  const trigger = raw.trigger;
  if (isObject(trigger) && trigger.kind === 'chatCommand' && Array.isArray(trigger.allowed)) {
    const { allowed, ...rest } = trigger;
    const ticked = commandRoleOrder.filter((role) => (allowed as unknown[]).includes(role));
    // Nothing readable ticked: the narrowest (only the broadcaster), never wider than meant.
    const minRole: CommandRole = ticked[0] ?? 'broadcaster';
    automation.trigger = { ...rest, minRole };
  }
  return automation;
}

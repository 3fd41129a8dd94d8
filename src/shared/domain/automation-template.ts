/**
 * Automation templates: text with `{field}` placeholders filled with the event's values in one
 * pass, so a viewer who types `{user}` or `$&` gets exactly that text back. Nothing is evaluated.
 * Names may have one dotted part (`{var.deaths}`, `{target.game}`); `{random:a|b|c}` and
 * `{random:1-100}` pick one of the template's own words or a whole number, each time.
 * Main fills them (services/automations/template.ts adds what chat needs); the editor warns about
 * placeholders the trigger's events do not have.
 */
import type { AutomationTrigger } from '../ipc/schemas/automations';

export type TemplateFields = Readonly<Record<string, string>>;

const placeholder = /\{([A-Za-z][A-Za-z0-9]{0,31}(?:\.[a-z][a-z0-9_]{0,31})?|random:[^{}]{1,400})\}/g;

/** Chooses for `{random:...}`: a number in [0, 1). */
export type RandomSource = () => number;

/** `{random:a|b|c}` one of the words, `{random:1-100}` a whole number in the range; null when neither. */
export function randomPick(spec: string, random: RandomSource): string | null {
  const range = /^\s*(-?\d{1,9})\s*-\s*(-?\d{1,9})\s*$/.exec(spec);
  if (range) {
    const low = Math.min(Number(range[1]), Number(range[2]));
    const high = Math.max(Number(range[1]), Number(range[2]));
    return String(low + Math.floor(random() * (high - low + 1)));
  }
  const choices = spec.split('|');
  if (choices.length < 2) return null;
  return choices[Math.min(choices.length - 1, Math.floor(random() * choices.length))]!;
}

/** A piece of a filled template: the template's own words (`field` null) or one field's value. */
export interface TemplatePart {
  text: string;
  field: string | null;
}

/**
 * The template cut into its own words and its fields' values, in order (one pass). A `{random:...}`
 * is the template's own words (the broadcaster wrote the choices), picked with `random`.
 */
export function templateParts(template: string, fields: TemplateFields, random: RandomSource = Math.random): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of template.matchAll(placeholder)) {
    if (match.index > last) parts.push({ text: template.slice(last, match.index), field: null });
    const name = match[1]!;
    const picked = name.startsWith('random:') ? randomPick(name.slice('random:'.length), random) : null;
    if (picked !== null) parts.push({ text: picked, field: null });
    else parts.push(Object.hasOwn(fields, name) ? { text: fields[name]!, field: name } : { text: match[0], field: null });
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push({ text: template.slice(last), field: null });
  return parts;
}

/** `{name}` -> the field's value; an unknown placeholder stays as written, so a typo shows. */
export function renderTemplate(template: string, fields: TemplateFields, random?: RandomSource): string {
  return templateParts(template, fields, random)
    .map((part) => part.text)
    .join('');
}

/** The placeholders a template uses that are not among `known`. */
export function unknownPlaceholders(template: string, known: readonly string[]): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(placeholder)) {
    const name = match[1]!;
    if (known.includes(name) || name.startsWith('random:')) continue;
    names.add(name);
  }
  return [...names];
}

/** The placeholders a template uses (each once), `{random:...}` left out. */
export function placeholdersOf(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(placeholder)) if (!match[1]!.startsWith('random:')) names.add(match[1]!);
  return [...names];
}

/**
 * Fields every template may use, read when a step needs them (the stream's state, one platform
 * request at most): an event's own field of the same name comes first (a raid's `{viewers}`).
 */
export const liveTemplateFields = ['uptime', 'title', 'game', 'viewers', 'followage', 'accountage', 'time', 'target', 'target.name', 'target.login', 'target.game', 'target.url'];

/** The fields each trigger's events fill. */
export function templateFieldsOf(trigger: AutomationTrigger): string[] {
  switch (trigger.kind) {
    case 'redemption':
      return ['user', 'login', 'reward', 'input', 'cost', 'amount'];
    case 'follow':
      return ['user', 'login'];
    case 'subscription':
      return ['user', 'login', 'tier'];
    case 'resubscription':
      return ['user', 'login', 'tier', 'months', 'amount', 'message'];
    case 'giftSubscriptions':
      return ['user', 'login', 'count', 'amount', 'tier'];
    case 'cheer':
      return ['user', 'login', 'bits', 'amount', 'message'];
    case 'raid':
      return ['user', 'login', 'viewers', 'amount'];
    case 'donation':
      return ['user', 'login', 'amount', 'charity'];
    case 'hypeTrainBegin':
    case 'hypeTrainLevelUp':
    case 'hypeTrainEnd':
      return ['level', 'amount', 'total'];
    case 'pollBegin':
    case 'predictionBegin':
      return ['title'];
    case 'pollEnd':
    case 'predictionEnd':
      return ['title', 'winner'];
    case 'adBreakBegin':
      return ['seconds', 'amount'];
    case 'adBreakSoon':
      return ['seconds'];
    case 'shieldModeBegin':
    case 'shieldModeEnd':
      return ['moderator'];
    case 'ban':
      return ['user', 'login', 'moderator', 'reason', 'seconds', 'amount'];
    case 'automodHold':
      return ['user', 'login', 'message', 'reason'];
    case 'unbanRequest':
      return ['user', 'login', 'message'];
    case 'chatCommand':
      return ['user', 'login', 'message', 'command', 'args', 'arg1', 'arg2', 'arg3', 'arg4', 'arg5', 'arg6', 'arg7', 'arg8', 'arg9'];
    case 'firstMessage':
      return ['user', 'login', 'message'];
    case 'chatKeywords':
      return ['user', 'login', 'message', 'phrase'];
    case 'channelUpdate':
      return ['title', 'game', 'category'];
    case 'raidSent':
      return ['user', 'login', 'viewers', 'amount'];
    case 'moderatorActed':
      return ['moderator', 'action', 'user', 'login', 'reason'];
    case 'obsEvent':
      return ['scene'];
    case 'variableReaches':
      return ['variable', 'value'];
    case 'timer':
    case 'hotkey':
    case 'manual':
    case 'streamOnline':
    case 'streamOffline':
      return [];
  }
}

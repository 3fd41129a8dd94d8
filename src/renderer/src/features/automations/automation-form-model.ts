/**
 * The automation editor's model, without React: the choices it offers, and what is wrong with a
 * draft in the broadcaster's words, checked by the same schema main checks it with.
 */
import { actionKindLabels, triggerKindLabels } from '../../../../shared/domain/automation-words';
import { liveTemplateFields, templateFieldsOf, unknownPlaceholders } from '../../../../shared/domain/automation-template';
import { innerStepLists, type AutomationStep } from '../../../../shared/ipc/schemas/automations';
import { automationInputSchema, type Automation, type AutomationInput, type AutomationTrigger } from '../../../../shared/ipc/contract';

/**
 * A select's options from each value's words, in the order written. Not for values that look like
 * whole numbers: an object lists those first, in numeric order.
 */
const optionsOf = <T extends string>(labels: Record<T, string>) => (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

export const triggerKindOptions = optionsOf(triggerKindLabels);
export const actionKindOptions = optionsOf(actionKindLabels);

export const queueModeOptions = optionsOf({
  oneAtATime: 'One at a time: the next waits its turn',
  overlap: 'May overlap: runs side by side',
  skipWhenBusy: 'Skip when busy: drop a run while one is going',
});

const tiers = [
  { value: '1000', label: 'Tier 1' },
  { value: '2000', label: 'Tier 2' },
  { value: '3000', label: 'Tier 3' },
] as const;
export const tierOptions = [{ value: '', label: 'Any tier' } as const, ...tiers];

/** Who may use a chat command, in the broadcaster's words. */
/** "This role and above", lowest first; you (the broadcaster) may always. */
export const commandRoleOptions = optionsOf({ everyone: 'Everyone', follower: 'Followers and above', subscriber: 'Subscribers and above', vip: 'VIPs and above', moderator: 'Moderators and you', broadcaster: 'Only you' });

export const inputMatchOptions = optionsOf({ '': 'is anything', contains: 'contains', equals: 'is', startsWith: 'starts with' });

/** A condition's field, and for each the comparisons and values it offers. */
export const ruleFieldOptions = optionsOf({ amount: 'Amount', text: 'Text', role: 'Role', tier: 'Tier', user: 'Viewer', variable: 'A variable', target: "The command's target" });
export const ruleOptions = {
  amount: optionsOf({ atLeast: 'at least', atMost: 'at most', equals: 'exactly' }),
  text: optionsOf({ contains: 'contains', notContains: 'does not contain', equals: 'is', startsWith: 'starts with' }),
  role: optionsOf({ is: 'is a', isNot: 'is not a' }),
  roles: optionsOf({ subscriber: 'subscriber', vip: 'VIP', moderator: 'moderator', broadcaster: 'broadcaster' }),
  tier: tiers,
  user: optionsOf({ is: 'is', isNot: 'is not' }),
  variable: optionsOf({ atLeast: 'is at least', atMost: 'is at most', equals: 'is', notEquals: 'is not' }),
  target: optionsOf({ found: 'is a known user', notFound: 'is missing or unknown' }),
};

/** The choices of the actions' selects. */
export const actionOptions = {
  visibility: optionsOf({ show: 'Show it', hide: 'Hide it' }),
  mute: optionsOf({ mute: 'Mute', unmute: 'Unmute' }),
  recording: optionsOf({ start: 'Start', stop: 'Stop' }),
  announcementColor: optionsOf({ primary: 'Your channel colour', blue: 'Blue', green: 'Green', orange: 'Orange', purple: 'Purple' }),
  chatMode: optionsOf({ slow: 'Slow mode', followersOnly: 'Followers-only chat', emoteOnly: 'Emote-only chat' }),
  adLength: ([30, 60, 90, 120, 150, 180] as const).map((n) => ({ value: String(n) as `${typeof n}`, label: `${n} seconds` })),
  resolveStatus: optionsOf({ fulfil: 'Fulfil', cancel: 'Cancel and refund' }),
  alertSource: optionsOf({ event: "The event's own alert", custom: 'My own words' }),
  variableOp: optionsOf({ add: 'Add', subtract: 'Subtract', set: 'Set to', reset: 'Reset to its starting value' }),
  shoutoutTo: optionsOf({ eventUser: "The event's viewer or raider", target: "The command's target (!so @name)" }),
};

/** The draft an automation is edited as. */
export function draftOf(automation: Automation): AutomationInput {
  return structuredClone(automation);
}

const pathWords = (path: readonly PropertyKey[], draft: AutomationInput): string => {
  const [first, second] = path;
  if (first === 'name') return 'Name';
  if (first === 'trigger') return 'Trigger';
  if (first === 'conditions') return 'Conditions';
  if (first === 'actions' && typeof second === 'number') {
    const action = draft.actions[second];
    return `Action ${second + 1}${action ? ` (${actionKindLabels[action.kind]})` : ''}`;
  }
  if (first === 'actions') return 'Actions';
  return 'Options';
};

/** What must change before the draft can be saved, in words; empty when it can be. */
export function draftProblems(draft: AutomationInput): string[] {
  const parsed = automationInputSchema.safeParse(draft);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${pathWords(issue.path, draft)}: ${issue.message.replace(/^Invalid .*/, 'this value is not valid')}`);
  if (draft.trigger.kind === 'hotkey' && draft.trigger.accelerator === '') problems.push('Trigger: choose a shortcut.');
  if (draft.trigger.kind === 'chatCommand' && draft.trigger.command === '!') problems.push('Trigger: name the command, like !discord.');
  draft.actions.forEach((action, i) => {
    if (action.kind === 'runAutomation' && action.automationId === '') problems.push(`Action ${i + 1} (${actionKindLabels[action.kind]}): choose the automation.`);
    if (action.kind === 'runAutomation' && draft.id !== undefined && action.automationId === draft.id) problems.push(`Action ${i + 1} (${actionKindLabels[action.kind]}): an automation cannot run itself.`);
  });
  return [...new Set(problems)];
}

/** Placeholders of the draft's templates that its trigger's events do not fill (shown as a warning, not an error). */
export function templateWarnings(draft: AutomationInput, variableNames: readonly string[] = []): string[] {
  // Live fields and the variables fill every template; the trigger's own fields only its events.
  const known = [...templateFieldsOf(draft.trigger), ...liveTemplateFields, ...variableNames.map((name) => `var.${name}`)];
  const warnings: string[] = [];
  const visit = (steps: readonly AutomationStep[], where: string) =>
    steps.forEach((action, i) => {
      const label = `${where}${i + 1}`;
      for (const list of innerStepLists(action)) visit(list, `${label}.`);
      const texts =
        action.kind === 'chatMessage' || action.kind === 'chatAnnouncement' || action.kind === 'obsSetText' || action.kind === 'chatReply' || action.kind === 'setStreamInfo'
          ? [action.text]
          : action.kind === 'moderateUser'
            ? [action.reason]
            : action.kind === 'marker'
            ? [action.description]
            : action.kind === 'showAlert' && action.alert.source === 'custom'
              ? [action.alert.text]
              : action.kind === 'variable' && action.op === 'set'
                ? [action.value]
                : [];
      for (const text of texts) {
        for (const name of unknownPlaceholders(text, known)) warnings.push(`Action ${label}: {${name}} is not a field of this trigger${name.startsWith('var.') ? ' nor a variable' : ''}; it stays as written.`);
      }
    });
  visit(draft.actions, '');
  return warnings;
}

/** The hint under a template: the fields this trigger's events fill. */
export function fieldsHint(trigger: AutomationTrigger): string {
  const fields = templateFieldsOf(trigger);
  const live = 'Always: {uptime} {title} {game} {viewers} {followage} {accountage} {time} {random:a|b|c} {random:1-100} {var.name}';
  const target = trigger.kind === 'chatCommand' ? ' {target} {target.game} {target.url}' : '';
  return fields.length ? `Fields: ${fields.map((f) => `{${f}}`).join(' ')}${target}. ${live}` : `This trigger has no event fields. ${live}`;
}

/** The choices of issue 25's triggers and actions (more-fields.tsx). */
export const moreTriggerOptions = {
  firstMessageScope: optionsOf({ broadcast: 'Their first this broadcast', ever: 'Their first ever (that Sidestage saw)' }),
  channelUpdate: optionsOf({ either: 'The title or the category changed', title: 'The title changed', category: 'The category changed' }),
  obsEvent: optionsOf({ sceneChanged: 'The program scene changed', streamStarted: 'Streaming started', streamStopped: 'Streaming stopped', recordingStarted: 'Recording started', recordingStopped: 'Recording stopped' }),
  moderatorActionWords: { ban: 'A ban', timeout: 'A timeout', delete: 'A deleted message', clear: 'Chat cleared' },
} as const;
export const moreActionOptions = {
  moderate: optionsOf({ timeout: 'Time them out', ban: 'Ban them', warn: 'Warn them' }),
  moderateTo: optionsOf({ eventUser: "The event's viewer", target: "The command's target (!timeout @name)" }),
  streamInfo: optionsOf({ title: 'The stream title', category: 'The category' }),
};

/** The broadcaster's words as typed ("gg, good game"): each phrase trimmed, empty ones and repeats left out. */
export function phrasesFromText(text: string): string[] {
  const seen = new Set<string>();
  const phrases: string[] = [];
  for (const piece of text.split(',')) {
    const phrase = piece.trim().replace(/\s+/g, ' ');
    if (phrase === '' || seen.has(phrase.toLocaleLowerCase())) continue;
    seen.add(phrase.toLocaleLowerCase());
    phrases.push(phrase);
  }
  return phrases;
}

/** Moves an item of a list one place up (-1) or down (+1). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Only redemptions can be learned of by catching up after a disconnection. */
export const canBeMissed = (trigger: AutomationTrigger) => trigger.kind === 'redemption';

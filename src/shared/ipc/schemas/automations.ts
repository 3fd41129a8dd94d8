/**
 * Automations: when something happens on the channel, Sidestage acts. An automation is data, never
 * code: a trigger, conditions and an ordered list of actions, each checked by these schemas on the
 * way into main, on the way out, in its file and in an imported file. Nothing in an automation is
 * evaluated: templates only have `{field}` placeholders filled with the event's values.
 */
import { z } from 'zod';
import { variableChangeSchema, variableDefinitionSchema, variableNameSchema, variableValueSchema } from '../../domain/automation-variables';
import { adLengthSchema } from './ads';
import { announcementColors } from './chat';

/** The version of the automations file and of an export; a newer one is refused with the reason. */
export const automationsFormatVersion = 3;
export const automationsFormatName = 'sidestage-automations';

export const automationIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'An automation id has 1 to 64 letters, digits, - or _.');

/** The platform's subscription tiers. */
export const subscriptionTierSchema = z.enum(['1000', '2000', '3000']);
export type SubscriptionTier = z.infer<typeof subscriptionTierSchema>;

/** Who may use a chat command: this role and every role above it, lowest first (the broadcaster may always). */
export const commandRoleOrder = ['everyone', 'follower', 'subscriber', 'vip', 'moderator', 'broadcaster'] as const;
export const commandRoleSchema = z.enum(commandRoleOrder);
export type CommandRole = z.infer<typeof commandRoleSchema>;

const count = (max: number) => z.number().int().min(0).max(max);
const tiers = z.array(subscriptionTierSchema).max(3);
/** Names of scenes, sources and inputs as OBS has them (picked from OBS's lists, kept by name). */
const obsName = z.string().min(1, 'Choose one from OBS.').max(256);

/** Case-insensitive text test of a viewer's words. */
export const textMatchSchema = z.object({ mode: z.enum(['contains', 'equals', 'startsWith']), text: z.string().trim().min(1).max(200) }).strict();
export type TextMatch = z.infer<typeof textMatchSchema>;

/** The OBS events a trigger may follow. */
export const obsTriggerEvents = ['sceneChanged', 'streamStarted', 'streamStopped', 'recordingStarted', 'recordingStopped'] as const;
export type ObsTriggerEvent = (typeof obsTriggerEvents)[number];
/** The moderator actions "a moderator acted" may follow. */
export const moderatorActions = ['ban', 'timeout', 'delete', 'clear'] as const;
export type ModeratorAction = (typeof moderatorActions)[number];

const simple = <K extends string>(kind: K) => z.object({ kind: z.literal(kind) }).strict();

export const automationTriggerSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('redemption'),
      /** null: any reward. */
      rewardId: z.string().min(1).max(64).nullable(),
      /** The reward's title when chosen, shown while the reward list is not at hand. */
      rewardTitle: z.string().max(100),
      /** Only when the viewer's text matches; null: whatever they typed. */
      inputMatch: textMatchSchema.nullable(),
    })
    .strict(),
  simple('follow'),
  z.object({ kind: z.literal('subscription'), tiers, includeGifted: z.boolean() }).strict(),
  z.object({ kind: z.literal('resubscription'), tiers, minMonths: count(1000) }).strict(),
  z.object({ kind: z.literal('giftSubscriptions'), tiers, minCount: z.number().int().min(1).max(1000) }).strict(),
  z.object({ kind: z.literal('cheer'), minBits: z.number().int().min(1).max(1_000_000) }).strict(),
  z.object({ kind: z.literal('raid'), minViewers: count(10_000_000) }).strict(),
  /** In the currency's units (5.5 = 5.50 USD). */
  z.object({ kind: z.literal('donation'), minAmount: z.number().min(0).max(1_000_000) }).strict(),
  simple('hypeTrainBegin'),
  simple('hypeTrainLevelUp'),
  simple('hypeTrainEnd'),
  simple('pollBegin'),
  simple('pollEnd'),
  simple('predictionBegin'),
  simple('predictionEnd'),
  simple('streamOnline'),
  simple('streamOffline'),
  simple('adBreakBegin'),
  // Moderation (services/moderation/): Shield Mode on and off, a ban or timeout, a message AutoMod held, an unban request.
  simple('shieldModeBegin'),
  simple('shieldModeEnd'),
  simple('ban'),
  simple('automodHold'),
  simple('unbanRequest'),
  /** N seconds before the next automatic ad break of the platform's ad schedule. */
  z.object({ kind: z.literal('adBreakSoon'), secondsBefore: z.number().int().min(5).max(900) }).strict(),
  z
    .object({
      kind: z.literal('chatCommand'),
      command: z.string().regex(/^![A-Za-z0-9_]{1,25}$/, 'A command is ! and 1 to 25 letters, digits or _, like !discord.'),
      /** This role and above. */
      minRole: commandRoleSchema,
    })
    .strict(),
  /** Every N minutes while live, only once at least M chat messages came since the last time. */
  z.object({ kind: z.literal('timer'), everyMinutes: z.number().int().min(1).max(720), minChatMessages: count(10_000) }).strict(),
  /** A global shortcut of its own (Electron's accelerator format), in the desktop app. */
  z.object({ kind: z.literal('hotkey'), accelerator: z.string().min(1).max(100) }).strict(),
  /** Only the Run button. */
  simple('manual'),
  // Issue 25's triggers (trigger-sources/): a viewer's first message, the broadcaster's words, the channel updated, a raid sent, OBS, a moderator.
  /** A viewer's first chat message of this broadcast, or the first Sidestage ever saw from them. */
  z.object({ kind: z.literal('firstMessage'), scope: z.enum(['broadcast', 'ever']) }).strict(),
  /** A chat message holding one of these words or phrases (whole words, any case); the list is the broadcaster's, never a viewer's. */
  z.object({ kind: z.literal('chatKeywords'), phrases: z.array(z.string().trim().min(1, 'A phrase has at least one letter.').max(100)).min(1, 'Add at least one word or phrase.').max(50) }).strict(),
  /** The channel's title or category changed (from anywhere). */
  z.object({ kind: z.literal('channelUpdate'), what: z.enum(['either', 'title', 'category']) }).strict(),
  /** This channel started a raid of another. */
  simple('raidSent'),
  /** An event of OBS's, over obs-websocket. */
  z.object({ kind: z.literal('obsEvent'), event: z.enum(obsTriggerEvents) }).strict(),
  /** A moderator (anyone, anywhere) banned, timed out, deleted a line or cleared chat; none ticked: any of them. */
  z.object({ kind: z.literal('moderatorActed'), actions: z.array(z.enum(moderatorActions)).max(4) }).strict(),
  /** One of the automations' variables (a counter) reaches a value: fired as it goes from below to at least it. */
  z.object({ kind: z.literal('variableReaches'), name: variableNameSchema, value: z.number().int().min(-1_000_000_000_000).max(1_000_000_000_000) }).strict(),
]);
export type AutomationTrigger = z.infer<typeof automationTriggerSchema>;
export type AutomationTriggerKind = AutomationTrigger['kind'];

export const conditionRuleSchema = z.discriminatedUnion('field', [
  /** The chatter's role (chat commands). */
  z.object({ field: z.literal('role'), op: z.enum(['is', 'isNot']), role: z.enum(['broadcaster', 'moderator', 'vip', 'subscriber']) }).strict(),
  /** The event's amount: bits, viewers, the donation, gifted subscriptions, months, the hype train's level. */
  z.object({ field: z.literal('amount'), op: z.enum(['atLeast', 'atMost', 'equals']), value: z.number().min(0).max(100_000_000) }).strict(),
  z.object({ field: z.literal('tier'), op: z.enum(['is', 'isNot']), tier: subscriptionTierSchema }).strict(),
  /** The viewer's words: a redemption's input, a command's arguments, a cheer's or resubscription's message. */
  z.object({ field: z.literal('text'), op: z.enum(['contains', 'notContains', 'equals', 'startsWith']), value: z.string().trim().min(1).max(200) }).strict(),
  /** The viewer's login. */
  z.object({ field: z.literal('user'), op: z.enum(['is', 'isNot']), login: z.string().trim().min(1).max(25) }).strict(),
  /** One of the automations' variables: a number compared as a number, a text as a text (any case). */
  z
    .object({ field: z.literal('variable'), name: variableNameSchema, op: z.enum(['atLeast', 'atMost', 'equals', 'notEquals']), value: z.union([z.number(), z.string().max(500)]) })
    .strict(),
  /** A chat command's first argument names a platform user the platform knows (`{target}`). */
  z.object({ field: z.literal('target'), op: z.enum(['found', 'notFound']) }).strict(),
]);
export type ConditionRule = z.infer<typeof conditionRuleSchema>;

export const automationConditionsSchema = z
  .object({
    onlyWhileLive: z.boolean(),
    /** Seconds after a run before the automation runs again for anyone. */
    cooldownSeconds: count(86_400),
    /** Seconds after a run before it runs again for the same viewer. */
    perViewerCooldownSeconds: count(86_400),
    rules: z.array(conditionRuleSchema).max(10),
  })
  .strict();

export const announcementColorSchema = z.enum(announcementColors);
export const chatModeKindSchema = z.enum(['slow', 'followersOnly', 'emoteOnly']);
const volume = z.number().min(0).max(1);
/** A template: text with `{field}` placeholders. */
const template = (max: number) => z.string().max(max);
const mediaId = z.string().min(1).max(128);

export const automationAlertSchema = z.discriminatedUnion('source', [
  /** The overlays' own alert for the event that triggered the run. */
  z.object({ source: z.literal('event') }).strict(),
  z
    .object({
      source: z.literal('custom'),
      text: template(500),
      imageId: mediaId.nullable(),
      soundId: mediaId.nullable(),
      volume,
      durationMs: z.number().int().min(500).max(60_000),
    })
    .strict(),
]);

export const automationActionSchema = z.discriminatedUnion('kind', [
  /** Switch OBS's program scene; back to the scene before after N s (0: stay). */
  z.object({ kind: z.literal('obsSwitchScene'), sceneName: obsName, backAfterSeconds: count(3600) }).strict(),
  /** Show or hide a source in a scene; the other way again after N s (0: leave it). */
  z.object({ kind: z.literal('obsSourceVisibility'), sceneName: obsName, sourceName: obsName, visible: z.boolean(), forSeconds: count(3600) }).strict(),
  z.object({ kind: z.literal('obsInputMute'), inputName: obsName, muted: z.boolean() }).strict(),
  z.object({ kind: z.literal('obsSetText'), inputName: obsName, text: template(2000) }).strict(),
  z.object({ kind: z.literal('obsRecording'), start: z.boolean() }).strict(),
  simple('obsSaveReplay'),
  z.object({ kind: z.literal('chatMessage'), text: template(500).min(1, 'Write the message.') }).strict(),
  z.object({ kind: z.literal('chatAnnouncement'), text: template(500).min(1, 'Write the announcement.'), color: announcementColorSchema }).strict(),
  /**
   * A shoutout to the event's user (the raider, the follower...), or to the chat command's target
   * (`{target}`: the first argument, looked up on the platform), never the broadcaster's own account.
   */
  z.object({ kind: z.literal('shoutout'), to: z.enum(['eventUser', 'target']).optional() }).strict(),
  z.object({ kind: z.literal('marker'), description: template(140) }).strict(),
  simple('clip'),
  /** A chat mode on for N s (0: leave it on). */
  z
    .object({
      kind: z.literal('chatMode'),
      mode: chatModeKindSchema,
      forSeconds: count(3600),
      slowSeconds: z.number().int().min(3).max(120),
      followerMinutes: count(129_600),
    })
    .strict(),
  z.object({ kind: z.literal('runAd'), lengthSeconds: adLengthSchema }).strict(),
  /** A saved poll or prediction template (Live view, quick actions). */
  z.object({ kind: z.literal('startEngagement'), templateId: z.string().min(1).max(64) }).strict(),
  /** Fulfil or cancel (refund) the redemption that triggered the run, through the queue's outbox. */
  z.object({ kind: z.literal('resolveRedemption'), status: z.enum(['fulfil', 'cancel']) }).strict(),
  z.object({ kind: z.literal('playSound'), soundId: mediaId, volume }).strict(),
  z.object({ kind: z.literal('showAlert'), alert: automationAlertSchema }).strict(),
  z.object({ kind: z.literal('wait'), seconds: z.number().int().min(1).max(3600) }).strict(),
  // Issue 25's actions (action-runners/): on the triggering message and its viewer, the channel, another automation.
  /** A reply to the chat message that triggered the run (the platform's reply thread). */
  z.object({ kind: z.literal('chatReply'), text: template(500).min(1, 'Write the reply.') }).strict(),
  /** Delete the chat message that triggered the run. */
  simple('deleteMessage'),
  /** Time out, ban or warn the event's viewer; never the broadcaster, a moderator or Sidestage's own accounts. */
  z
    .object({
      kind: z.literal('moderateUser'),
      action: z.enum(['timeout', 'ban', 'warn']),
      /** A timeout's length. */
      seconds: z.number().int().min(1).max(1_209_600),
      reason: template(500),
      /** Whom: the event's viewer (the default), or the command's target (its first argument, looked up). */
      to: z.enum(['eventUser', 'target']).optional(),
    })
    .strict(),
  /** Set the stream's title, or its category looked up by name, from a template. */
  z.object({ kind: z.literal('setStreamInfo'), field: z.enum(['title', 'category']), text: template(140).min(1, 'Write the title or the category.') }).strict(),
  /** Run another automation with this event (at most 3 deep; a cycle is refused). */
  z.object({ kind: z.literal('runAutomation'), automationId: automationIdSchema }).strict(),
  /**
   * Change one of the automations' variables: set it (a template: `{user}`, or a number for a
   * counter), add to it, subtract from it, or reset it to its starting value. Once per run's step.
   */
  z
    .object({
      kind: z.literal('variable'),
      name: variableNameSchema,
      op: z.enum(['set', 'add', 'subtract', 'reset']),
      /** For `set`: the value, a template. */
      value: template(500),
      /** For `add` and `subtract`. */
      by: z.number().int().min(1).max(1_000_000),
    })
    .strict(),
]);
export type AutomationAction = z.infer<typeof automationActionSchema>;

/** Steps nest at most this deep (an "if" in a "random" in an "if"). */
export const maxStepDepth = 3;
/** Steps in all, nested ones counted. */
export const maxStepsInAll = 60;

/** A branch: steps chosen by the same comparisons as the conditions, or by chance; no loops. */
export type AutomationBranchStep =
  | { kind: 'if'; rules: ConditionRule[]; then: AutomationStep[]; else: AutomationStep[] }
  | { kind: 'random'; choices: { weight: number; steps: AutomationStep[] }[] };
export type AutomationStep = AutomationAction | AutomationBranchStep;

const nestedSteps = () => z.array(automationStepSchema).max(20, 'At most 20 steps in a branch.');
const ifStepSchema = z
  .object({
    kind: z.literal('if'),
    rules: z.array(conditionRuleSchema).min(1, 'Say what to compare.').max(10),
    get then() {
      return nestedSteps();
    },
    get else() {
      return nestedSteps();
    },
  })
  .strict();
const randomStepSchema = z
  .object({
    kind: z.literal('random'),
    get choices() {
      return z
        .array(z.object({ weight: z.number().int().min(1).max(100), steps: nestedSteps() }).strict())
        .min(2, 'Give at least two choices.')
        .max(10, 'At most 10 choices.');
    },
  })
  .strict();

export const automationStepSchema: z.ZodType<AutomationStep> = z.discriminatedUnion('kind', [automationActionSchema, ifStepSchema, randomStepSchema]);
export type AutomationActionKind = AutomationStep['kind'];

/** The branches' step lists of a step (none for an action). */
export function innerStepLists(step: AutomationStep): AutomationStep[][] {
  if (step.kind === 'if') return [step.then, step.else];
  if (step.kind === 'random') return step.choices.map((choice) => choice.steps);
  return [];
}

/** How deep the steps nest (1: no branch) and how many there are in all. */
export function stepsShape(steps: readonly AutomationStep[]): { depth: number; count: number } {
  let depth = steps.length ? 1 : 0;
  let count = 0;
  for (const step of steps) {
    count++;
    for (const list of innerStepLists(step)) {
      const inner = stepsShape(list);
      depth = Math.max(depth, inner.depth + 1);
      count += inner.count;
    }
  }
  return { depth, count };
}

/** How an automation's runs share it: one at a time (the others wait), side by side, or a new one skipped while one runs. */
export const automationQueueModeSchema = z.enum(['oneAtATime', 'overlap', 'skipWhenBusy']);

const automationFields = {
  name: z.string().trim().min(1, 'Name the automation.').max(80),
  enabled: z.boolean(),
  trigger: automationTriggerSchema,
  conditions: automationConditionsSchema,
  actions: z
    .array(automationStepSchema)
    .min(1, 'Add at least one action.')
    .max(20, 'At most 20 actions.')
    .superRefine((steps, context) => {
      const { depth, count } = stepsShape(steps);
      if (depth > maxStepDepth + 1) context.addIssue({ code: 'custom', message: `Branches nest at most ${maxStepDepth} deep: move some steps out of the innermost branch.` });
      if (count > maxStepsInAll) context.addIssue({ code: 'custom', message: `At most ${maxStepsInAll} steps in all, those in branches counted.` });
    }),
  queue: automationQueueModeSchema,
  /** Also run for events Sidestage learned of only by catching up after being disconnected. */
  alsoMissed: z.boolean(),
  /** Stop at the first action that fails; otherwise the next actions still run. */
  stopOnError: z.boolean(),
  /** Links in the event's values (what viewers typed) are removed from every output. */
  stripLinks: z.boolean(),
  /** A named queue shared with other automations: runs in one queue never interleave their steps. None: the automation's own. */
  queueName: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 _-]{1,40}$/, 'A queue name has 1 to 40 letters, digits, spaces, - or _.')
    .optional(),
};

export const automationSchema = z.object({ id: automationIdSchema, ...automationFields }).strict();
export type Automation = z.infer<typeof automationSchema>;

/** What the editor saves: no id for a new automation. */
export const automationInputSchema = z.object({ id: automationIdSchema.optional(), ...automationFields }).strict();
export type AutomationInput = z.infer<typeof automationInputSchema>;

/** The automations file and an export (which has no `paused`). */
export const automationsFileSchema = z
  .object({
    format: z.literal(automationsFormatName),
    version: z.literal(automationsFormatVersion),
    /** The global pause, kept across restarts. */
    paused: z.boolean().optional(),
    automations: z.array(automationSchema),
  })
  .strict();
export type AutomationsFile = z.infer<typeof automationsFileSchema>;

// ---------- runs ----------

export const runStepStatusSchema = z.enum(['waiting', 'running', 'done', 'failed', 'interrupted', 'notRun']);

export const runStepSchema = z.object({
  action: z.string(),
  /** The action in words ("Switch to scene Water, back after 10 s"). */
  summary: z.string(),
  status: runStepStatusSchema,
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** What it did, in words. */
  result: z.string().nullable(),
  /** Why it failed, in words. */
  error: z.string().nullable(),
});
export type RunStep = z.infer<typeof runStepSchema>;

export const runStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'skipped', 'interrupted']);
export type RunStatus = z.infer<typeof runStatusSchema>;

export const runRecordSchema = z.object({
  id: z.string(),
  automationId: z.string(),
  automationName: z.string(),
  /** The trigger in words. */
  trigger: z.string(),
  event: z.object({
    /** The channel event's id (or the run's own, for a Run button press, a hotkey, a timer). */
    id: z.string(),
    kind: z.string(),
    summary: z.string(),
    /** `caughtUp`: learned after a disconnection; `test`: the editor's Test with a sample; `manual`: the Run button. */
    source: z.enum(['live', 'caughtUp', 'test', 'manual']),
  }),
  status: runStatusSchema,
  /** Why it was skipped or failed, in words. */
  reason: z.string().nullable(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  steps: z.array(runStepSchema),
});
export type RunRecord = z.infer<typeof runRecordSchema>;

export const skipKindSchema = z.enum(['paused', 'offline', 'condition', 'cooldown', 'busy', 'queueFull']);
export type SkipKind = z.infer<typeof skipKindSchema>;
export const automationSkipSchema = z.object({
  kind: skipKindSchema,
  count: z.number().int().positive(),
  lastAt: z.string(),
  /** The last one's reason in words ("Skipped. Cooldown: it can run again in 20 s."). */
  reason: z.string(),
});
export type AutomationSkip = z.infer<typeof automationSkipSchema>;

export const automationStatusSchema = z.object({
  id: z.string(),
  running: z.number().int().nonnegative(),
  queued: z.number().int().nonnegative(),
  lastRunAt: z.string().nullable(),
  /** Runs skipped since Sidestage started (or the log was cleared), counted by why: "skipped 37 times: cooldown". */
  skipped: z.array(automationSkipSchema),
  /** Why its hotkey is not registered, in words. */
  hotkeyError: z.string().nullable(),
});
export type AutomationStatus = z.infer<typeof automationStatusSchema>;

export const automationTemplateInfoSchema = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type AutomationTemplateInfo = z.infer<typeof automationTemplateInfoSchema>;

export const automationsStateSchema = z.object({
  /** Numbers every change, so the renderer never shows an older state over a newer one. */
  revision: z.number().int().nonnegative(),
  /** The file has been read. */
  loaded: z.boolean(),
  /** Why automations cannot run at all (their files could not be opened), in words; null when they can. */
  problem: z.string().nullable(),
  /** Nothing runs while paused (the Live view's switch); what happens meanwhile is skipped, not saved for later. */
  paused: z.boolean(),
  automations: z.array(automationSchema),
  statuses: z.array(automationStatusSchema),
  /** Newest first. */
  runs: z.array(runRecordSchema),
  templates: z.array(automationTemplateInfoSchema),
  /** `simulation`: Test sends a sample through the demo's platform, so the whole path runs; `sample`: the sample runs this automation directly. */
  testMode: z.enum(['simulation', 'sample']),
  /** Where no global shortcut can be registered (the browser dock), why, in words. */
  hotkeysUnavailable: z.string().nullable(),
  /** The automations' variables with their starting values (the Variables section). */
  variables: z.array(variableDefinitionSchema),
});
export type AutomationsState = z.infer<typeof automationsStateSchema>;

export const automationSavedSchema = z.object({ state: automationsStateSchema, id: z.string() });

export const automationIdArgSchema = z.object({ id: automationIdSchema }).strict();
export const automationSaveArgSchema = z.object({ automation: automationInputSchema }).strict();
export const automationSetEnabledArgSchema = z.object({ id: automationIdSchema, enabled: z.boolean() }).strict();
export const automationsPausedArgSchema = z.object({ paused: z.boolean() }).strict();
export const automationTemplateArgSchema = z.object({ templateId: z.string().min(1).max(64) }).strict();
/** The largest export read back: within the dock's 1 MB request (hundreds of automations). */
export const automationsImportMaxChars = 900_000;
/** An export as its text. */
export const automationsImportArgSchema = z.object({ json: z.string().min(1).max(automationsImportMaxChars) }).strict();
/** Creates a variable or edits one: its starting value (a number makes a counter) and, optionally, its value now. */
export const variableDefineArgSchema = z.object({ name: variableNameSchema, initial: variableValueSchema, value: variableValueSchema.optional() }).strict();
export const variableChangeArgSchema = z.object({ name: variableNameSchema, change: variableChangeSchema }).strict();
export const variableNameArgSchema = z.object({ name: variableNameSchema }).strict();
export const automationsExportArgSchema = z.object({ ids: z.array(automationIdSchema).max(1000).optional() }).strict();

export const automationsImportResultSchema = z.object({ state: automationsStateSchema, imported: z.number().int().nonnegative(), message: z.string() });
export const automationsExportResultSchema = z.object({ json: z.string(), fileName: z.string() });
export const automationTestResultSchema = z.object({ state: automationsStateSchema, message: z.string() });

/** What the editor picks from: OBS's scenes with their sources, and its inputs. */
export const obsChoicesSchema = z.object({
  connected: z.boolean(),
  /** Why the lists are empty, in words. */
  reason: z.string().nullable(),
  scenes: z.array(z.object({ name: z.string(), sources: z.array(z.string()) })),
  inputs: z.array(z.object({ name: z.string(), kind: z.string(), text: z.boolean(), audio: z.boolean() })),
});
export type ObsChoices = z.infer<typeof obsChoicesSchema>;

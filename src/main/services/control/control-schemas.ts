/**
 * What the control API (`/api/v1`) takes and answers, as zod schemas: requests are parsed with
 * them, answers are built to them, and `control-openapi.ts` describes the API from them (the
 * committed `docs/control-api.openapi.json`). One place, so the three cannot disagree.
 */
import { z } from 'zod';
import { channelEventSchema, hotkeyActionIds, type HotkeyAction } from '../../../shared/ipc/contract';
import { controlScopeSchema, type ControlScope } from '../../../shared/ipc/schemas/control';

export { controlScopeSchema, controlScopes, type ControlScope } from '../../../shared/ipc/schemas/control';

export const CONTROL_API_PREFIX = '/api/v1';


/** The scope each quick action needs: moderation for what changes who may chat, actions for the rest. */
export const actionScopes: Record<HotkeyAction, ControlScope> = {
  marker: 'actions',
  markerNote: 'actions',
  clip: 'actions',
  ad: 'actions',
  snooze: 'actions',
  slowMode: 'moderation',
  followerMode: 'moderation',
  subscriberMode: 'moderation',
  emoteMode: 'moderation',
  startTemplate: 'actions',
  endPoll: 'actions',
  lockPrediction: 'actions',
  shoutoutRaider: 'actions',
  raid: 'actions',
  shieldMode: 'moderation',
};

export const controlActionSchema = z.enum(hotkeyActionIds).meta({ description: 'A quick action, as its global hotkey runs it.' });

/** A client's name as the broadcaster sees it: printable, one line. */
const clientNameSchema = z
  .string()
  .trim()
  .min(1, 'Say the client’s name.')
  .max(60, 'A client’s name is at most 60 characters.')
  .regex(/^[^\p{Cc}\p{Cf}]+$/u, 'A client’s name is one line of printable text.');

export const pairRequestSchema = z.strictObject({ name: clientNameSchema });
export type PairRequest = z.infer<typeof pairRequestSchema>;

export const pairStartedSchema = z
  .object({
    requestId: z.string(),
    /** The six-digit code Sidestage shows beside the request: the client shows it too, to be compared. */
    code: z.string().regex(/^\d{6}$/),
    /** Only the asking client knows it: the token is handed to whoever presents it. */
    claimSecret: z.string(),
    expiresAt: z.iso.datetime(),
  })
  ;
export type PairStarted = z.infer<typeof pairStartedSchema>;

export const claimRequestSchema = z.strictObject({ claimSecret: z.string().min(1).max(200) });

/** The phone page's one-time code from its pairing link's fragment. */
/** A socket ticket (`POST /events/ticket`): a browser's way onto the event socket, used once, within seconds. */
export const socketTicketSchema = z.object({ ticket: z.string(), expiresInMs: z.number().int().positive() });
export type SocketTicket = z.infer<typeof socketTicketSchema>;
/** The ticket as `/events?ticket=` carries it: 32 random bytes, base64url. */
export const socketTicketParamSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'A socket ticket is 43 letters, digits, - and _.');

/** The phone deck's buttons (`GET /phone/buttons`): the quick actions, and every button in order (a switch among them). */
export const phoneButtonsSchema = z.object({
  actions: z.array(controlActionSchema),
  buttons: z.array(z.union([z.strictObject({ action: controlActionSchema }), z.strictObject({ control: z.enum(['alertsPause']) })])),
});
export type PhoneButtons = z.infer<typeof phoneButtonsSchema>;

export const phoneClaimSchema = z.strictObject({ code: z.string().min(10).max(100).regex(/^[A-Za-z0-9_-]+$/, 'A pairing code is letters, digits, - and _.') });

export const claimAnswerSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('pending') }),
    z.object({ status: z.literal('approved'), token: z.string(), clientId: z.string(), scopes: z.array(controlScopeSchema) }),
  ])
  ;
export type ClaimAnswer = z.infer<typeof claimAnswerSchema>;

/** The overlays' alert queue as a deck shows it. */
export const alertsStateSchema = z.object({
  /** Paused by hand. */
  paused: z.boolean(),
  /** Alerts waiting to show. */
  waiting: z.number().int().nonnegative(),
});

export const controlStateSchema = z
  .object({
    signedIn: z.boolean(),
    live: z.boolean(),
    startedAt: z.string().nullable(),
    viewers: z.number().int().nonnegative().nullable(),
    /** null: not read yet. */
    shieldMode: z.boolean().nullable(),
    chatModes: z.object({ slowMode: z.boolean(), followerMode: z.boolean(), subscriberMode: z.boolean(), emoteMode: z.boolean() }).nullable(),
    /** The next automatic ad break; null: none scheduled or not read. */
    nextAdAt: z.string().nullable(),
    /** The ad on air now ends then; null: none. */
    adEndsAt: z.string().nullable(),
    /** The overlays' alert queue. */
    alerts: alertsStateSchema,
  })
  ;
export type ControlState = z.infer<typeof controlStateSchema>;

export const actionsListSchema = z
  .object({ actions: z.array(z.object({ id: controlActionSchema, label: z.string(), scope: controlScopeSchema })) })
  ;

export const actionOutcomeSchema = z
  .object({ action: controlActionSchema, done: z.boolean(), message: z.string() })
  ;
export type ActionOutcome = z.infer<typeof actionOutcomeSchema>;

export const controlErrorCodes = ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'method_not_allowed', 'payload_too_large', 'unsupported_media_type', 'too_many_requests', 'internal', 'unavailable'] as const;
export const controlErrorSchema = z
  .object({ error: z.object({ code: z.enum(controlErrorCodes), message: z.string() }) })
  ;
export type ControlErrorCode = (typeof controlErrorCodes)[number];

export const okSchema = z.object({ ok: z.literal(true) });

// ---------- automations ----------

export const automationsListSchema = z.object({ automations: z.array(z.object({ id: z.string(), name: z.string(), enabled: z.boolean() })) });

export const automationRunSchema = z.object({
  ok: z.literal(true),
  /** The run in Sidestage's run log; null only when a repeated press's first run has left the log. */
  runId: z.string().nullable(),
  /** True when this press's Idempotency-Key was seen already: nothing ran again. */
  again: z.boolean(),
});

/** A press's own id, sent as the Idempotency-Key header: the same key runs once. */
export const idempotencyKeySchema = z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/, 'An Idempotency-Key is 1-100 printable ASCII characters without spaces.');

// ---------- variables ----------

export const VARIABLE_NAME = /^[a-z][a-z0-9_]{0,31}$/;
export const variableNameSchema = z.string().regex(VARIABLE_NAME, 'A variable’s name is a lowercase letter, then up to 31 lowercase letters, digits or underscores.');
const variableValueSchema = z.union([z.number().finite(), z.string().max(500, 'A variable’s text is at most 500 characters.')]);
export const automationVariableSchema = z.object({ name: z.string(), value: z.union([z.number(), z.string()]), updatedAt: z.string() });
export const variablesListSchema = z.object({ variables: z.array(automationVariableSchema) });
export const variableAnswerSchema = z.object({ variable: automationVariableSchema });
export const variableChangeSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('set'), value: variableValueSchema }),
    z.strictObject({ kind: z.literal('add'), by: z.number().finite() }),
    z.strictObject({ kind: z.literal('reset') }),
  ],
  { error: 'Say the change: {"kind":"set","value":…}, {"kind":"add","by":…} or {"kind":"reset"}.' },
);

// ---------- alerts ----------

export const alertsPauseSchema = z.strictObject({ paused: z.boolean({ error: 'Say "paused": true or false.' }) });

// ---------- OBS ----------

export const obsScenesSchema = z.object({ current: z.string().nullable(), scenes: z.array(z.string()) });
export const obsSceneSwitchSchema = z.strictObject({ name: z.string().min(1, 'Say the scene’s name.').max(256, 'A scene’s name is at most 256 characters.') });

// ---------- the event socket ----------

export const controlTopics = ['state', 'events', 'variables', 'alerts'] as const;
export const controlTopicSchema = z.enum(controlTopics, { error: (issue) => `There is no topic "${String(issue.input).slice(0, 40)}"; the topics are ${controlTopics.join(', ')}.` });
export type ControlTopic = z.infer<typeof controlTopicSchema>;

export const subscribeFrameSchema = z.strictObject({ subscribe: z.array(controlTopicSchema).max(controlTopics.length * 2, 'Name each topic once.') });
export const pressFrameSchema = z.strictObject({
  action: z.enum(hotkeyActionIds, { error: (issue) => `There is no quick action "${String(issue.input).slice(0, 40)}".` }),
  /** Echoed in the answer, so a client can match it to its press (answers come as presses end, not in order). */
  requestId: z.string().max(100).optional(),
});
/** What a client may send on the event socket: which topics it wants, or a quick action to press. */
export const controlClientFrameSchema = z.union([subscribeFrameSchema, pressFrameSchema]);
export type ControlClientFrame = z.infer<typeof controlClientFrameSchema>;

/** What the event socket sends: the topics a client chose (the state first on connecting), and the answer to each press. */
export const controlFrameSchema = z.discriminatedUnion('topic', [
  z.object({ topic: z.literal('state'), state: controlStateSchema }),
  z.object({ topic: z.literal('events'), event: channelEventSchema }),
  z.object({ topic: z.literal('variables'), variable: automationVariableSchema }),
  z.object({ topic: z.literal('alerts'), alerts: alertsStateSchema }),
  z.object({ topic: z.literal('action'), requestId: z.string().nullable(), action: controlActionSchema, done: z.boolean(), message: z.string() }),
  z.object({ topic: z.literal('error'), message: z.string() }),
]);
export type ControlFrame = z.infer<typeof controlFrameSchema>;

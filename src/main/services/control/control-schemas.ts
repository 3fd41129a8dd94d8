/**
 * What the control API (`/api/v1`) takes and answers, as zod schemas: requests are parsed with
 * them, answers are built to them, and `control-openapi.ts` describes the API from them (the
 * committed `docs/control-api.openapi.json`). One place, so the three cannot disagree.
 */
import { z } from 'zod';
import { hotkeyActionIds, type HotkeyAction } from '../../../shared/ipc/contract';
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

export const claimAnswerSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('pending') }),
    z.object({ status: z.literal('approved'), token: z.string(), clientId: z.string(), scopes: z.array(controlScopeSchema) }),
  ])
  ;
export type ClaimAnswer = z.infer<typeof claimAnswerSchema>;

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

export const controlErrorCodes = ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'method_not_allowed', 'payload_too_large', 'unsupported_media_type', 'too_many_requests', 'internal'] as const;
export const controlErrorSchema = z
  .object({ error: z.object({ code: z.enum(controlErrorCodes), message: z.string() }) })
  ;
export type ControlErrorCode = (typeof controlErrorCodes)[number];

/** What the event socket sends: the state whenever it changes (first on connecting). */
export const controlFrameSchema = z.object({ topic: z.literal('state'), state: controlStateSchema });
export type ControlFrame = z.infer<typeof controlFrameSchema>;

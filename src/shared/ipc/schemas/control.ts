import { z } from 'zod';

/** What a paired control client may do; the broadcaster ticks them when approving. */
export const controlScopes = ['read', 'actions', 'moderation', 'automations', 'variables'] as const;
export const controlScopeSchema = z.enum(controlScopes, { error: (issue) => `There is no control scope "${String(issue.input).slice(0, 40)}".` });
export type ControlScope = z.infer<typeof controlScopeSchema>;

/** The phone deck: off by default; on, a server on the one local network address chosen, and a one-time pairing link. */
export const phoneDeckStateSchema = z.object({
  enabled: z.boolean(),
  status: z.enum(['off', 'starting', 'on', 'failed']),
  /** Why it is not on, in words. */
  error: z.string().nullable(),
  address: z.string().nullable(),
  port: z.number().int().nullable(),
  /** Turns itself off when the broadcast ends. */
  offAfterBroadcast: z.boolean(),
  /** The machine's IPv4 interfaces (the loopback one only this computer reaches). */
  interfaces: z.array(z.object({ name: z.string(), address: z.string(), loopback: z.boolean() })),
  /** The one-time pairing link shown now (its code is single use, for five minutes), with its QR code as a data: URL. */
  link: z.object({ url: z.string(), qrCode: z.string(), expiresAt: z.string() }).nullable(),
});
export type PhoneDeckState = z.infer<typeof phoneDeckStateSchema>;

export const controlApiStateSchema = z.object({
  status: z.enum(['stopped', 'starting', 'running', 'failed']),
  port: z.number().int().nullable(),
  /** http://127.0.0.1:<port> while running. */
  origin: z.string().nullable(),
  /** Why it is not serving, in words. */
  error: z.string().nullable(),
  /** Clients asking to pair, each with the code it shows. */
  requests: z.array(z.object({ id: z.string(), name: z.string(), code: z.string(), requestedAt: z.string(), expiresAt: z.string() })),
  /** Paired clients (never their tokens). */
  clients: z.array(z.object({ id: z.string(), name: z.string(), scopes: z.array(controlScopeSchema), pairedAt: z.string(), lastUsedAt: z.string().nullable() })),
  phone: phoneDeckStateSchema,
});
export type ControlApiState = z.infer<typeof controlApiStateSchema>;

const idSchema = z.string().min(1).max(100);
export const controlApproveArgSchema = z.strictObject({ id: idSchema, scopes: z.array(controlScopeSchema).min(1, 'Tick at least one scope.').max(controlScopes.length) });
export const controlIdArgSchema = z.strictObject({ id: idSchema });
export const controlPhoneArgSchema = z.strictObject({
  enabled: z.boolean(),
  address: z.ipv4({ error: 'Choose one of this computer’s IPv4 addresses.' }).optional(),
  offAfterBroadcast: z.boolean().optional(),
});

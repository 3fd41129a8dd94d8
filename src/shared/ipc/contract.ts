/**
 * The one IPC contract between the renderer and main.
 *
 * Every channel is `domain:verb` with a zod schema for its single argument and its result;
 * every event is `domain:changed` (or similar) with a schema for its payload. Main validates
 * arguments on the way in and parses results on the way out (which strips any field a schema
 * does not name, so a secret cannot leak by accident). Types come from the schemas.
 *
 * Secrets never cross: no result carries an access token, a refresh token or the client secret.
 * The stream key crosses only through `ingest:revealStreamKey`, an explicit reveal or copy.
 */
import { z } from 'zod';

const noArg = z.undefined();

// ---------- errors ----------

export const ipcErrorCodes = [
  'invalid_argument',
  'untrusted_sender',
  'unknown_channel',
  'not_signed_in',
  'sign_in_failed',
  'cancelled',
  'timeout',
  'api_error',
  'network_error',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export const ipcErrorSchema = z.object({
  code: z.enum(ipcErrorCodes),
  message: z.string(),
  /** HTTP status of the platform's answer, for `api_error`. */
  status: z.number().int().optional(),
  /** How long to wait before retrying, for `rate_limited` and some `api_error`s. */
  retryAfterMs: z.number().int().nonnegative().optional(),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;
export type IpcErrorCode = IpcError['code'];

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

// ---------- app ----------

export const tokenStorageSchema = z.object({
  kind: z.enum(['safeStorage', 'encrypted-file', 'memory']),
  /** False when the OS gives no real encryption (Linux `basic_text`). */
  secure: z.boolean(),
  warning: z.string().nullable(),
});

export const appInfoSchema = z.object({
  version: z.string(),
  /** `demo`: the built-in emulator; `platform`: the real platform or an emulator named by environment. */
  mode: z.enum(['demo', 'platform']),
  transport: z.enum(['electron', 'dock']),
  platformLabel: z.string(),
  tokenStorage: tokenStorageSchema,
});
export type AppInfo = z.infer<typeof appInfoSchema>;

// ---------- auth ----------

export const accountSchema = z.object({
  id: z.string(),
  login: z.string(),
  displayName: z.string(),
  broadcasterType: z.enum(['partner', 'affiliate', '']),
  profileImageUrl: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const signInFlowSchema = z.enum(['loopback', 'device']);
export type SignInFlow = z.infer<typeof signInFlowSchema>;

export const pendingSignInSchema = z.discriminatedUnion('flow', [
  z.object({
    flow: z.literal('loopback'),
    authorizeUrl: z.string().url(),
    /** `renderer`: main could not open a browser (dock mode); the renderer opens `authorizeUrl`. */
    openedBy: z.enum(['main', 'renderer']),
    expiresAt: z.string(),
  }),
  z.object({
    flow: z.literal('device'),
    userCode: z.string(),
    verificationUri: z.string().url(),
    expiresAt: z.string(),
  }),
]);
export type PendingSignIn = z.infer<typeof pendingSignInSchema>;

export const authStateSchema = z.object({
  status: z.enum(['signedOut', 'signingIn', 'signedIn', 'needsSignIn']),
  account: accountSchema.nullable(),
  scopes: z.array(z.string()),
  /** Scopes Sidestage asks for that the grant lacks. */
  missingScopes: z.array(z.string()),
  pending: pendingSignInSchema.nullable(),
  lastValidatedAt: z.string().nullable(),
  /** Why the last sign-in, refresh or validation failed, in words. */
  error: z.string().nullable(),
});
export type AuthState = z.infer<typeof authStateSchema>;

// ---------- ingest ----------

export const ingestServerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** host:port, for display. */
  host: z.string(),
  /** The RTMP(S) server URL as an encoder's "Server" field wants it (no stream key). */
  serverUrl: z.string(),
  probe: z.discriminatedUnion('status', [
    z.object({ status: z.literal('untested') }),
    z.object({ status: z.literal('ok'), medianMs: z.number().nonnegative(), rounds: z.number().int() }),
    z.object({ status: z.literal('unreachable'), reason: z.string() }),
  ]),
});
export type IngestServer = z.infer<typeof ingestServerSchema>;

export const ingestOverviewSchema = z.object({
  /** Ranked: reachable servers by median connect time, then untested, then unreachable. */
  servers: z.array(ingestServerSchema),
  selectedId: z.number().int().nullable(),
  recommendedId: z.number().int().nullable(),
  /** Where the list came from: the directory now, the cache, or the built-in fallback. */
  source: z.enum(['directory', 'cache', 'fallback']),
  fetchedAt: z.string().nullable(),
  directoryError: z.string().nullable(),
  probing: z.boolean(),
  probedAt: z.string().nullable(),
  secure: z.boolean(),
  bandwidthTest: z.boolean(),
  /** The selected server's full URL with the stream key masked, e.g. rtmp://host/app/live_1234•••• */
  maskedUrl: z.string().nullable(),
  streamKeyError: z.string().nullable(),
});
export type IngestOverview = z.infer<typeof ingestOverviewSchema>;

export const revealedStreamKeySchema = z.object({
  streamKey: z.string(),
  /** The selected server's URL with the key filled in (bandwidth-test suffix included when on). */
  url: z.string(),
});
export type RevealedStreamKey = z.infer<typeof revealedStreamKeySchema>;

// ---------- the contract ----------

export const invokeChannels = {
  'app:getInfo': { arg: noArg, result: appInfoSchema },

  'auth:getState': { arg: noArg, result: authStateSchema },
  'auth:signIn': {
    arg: z.object({ flow: signInFlowSchema.default('loopback') }).strict().optional(),
    result: authStateSchema,
  },
  'auth:cancelSignIn': { arg: noArg, result: authStateSchema },
  'auth:signOut': { arg: noArg, result: authStateSchema },

  'ingest:getOverview': { arg: noArg, result: ingestOverviewSchema },
  'ingest:refresh': { arg: noArg, result: ingestOverviewSchema },
  'ingest:probe': { arg: noArg, result: ingestOverviewSchema },
  'ingest:select': {
    /** null: follow the recommendation again. */
    arg: z.object({ serverId: z.number().int().nonnegative().nullable() }).strict(),
    result: ingestOverviewSchema,
  },
  'ingest:setOptions': {
    arg: z.object({ secure: z.boolean().optional(), bandwidthTest: z.boolean().optional() }).strict(),
    result: ingestOverviewSchema,
  },
  'ingest:revealStreamKey': {
    arg: z.object({ purpose: z.enum(['reveal', 'copy']) }).strict(),
    result: revealedStreamKeySchema,
  },
} as const satisfies Record<string, { arg: z.ZodType; result: z.ZodType }>;

export const eventChannels = {
  'auth:changed': authStateSchema,
  'ingest:changed': ingestOverviewSchema,
} as const satisfies Record<string, z.ZodType>;

// ---------- derived types ----------

type InvokeMap = typeof invokeChannels;
export type Channel = keyof InvokeMap & string;
export type ChannelArg<C extends Channel> = z.input<InvokeMap[C]['arg']>;
/** The argument after parsing (defaults applied). */
export type ParsedArg<C extends Channel> = z.output<InvokeMap[C]['arg']>;
export type ChannelResult<C extends Channel> = z.output<InvokeMap[C]['result']>;

type EventMap = typeof eventChannels;
export type EventName = keyof EventMap & string;
export type EventPayload<E extends EventName> = z.output<EventMap[E]>;

type NamespaceOf<C extends string> = C extends `${infer N}:${string}` ? N : never;
type MethodOf<C extends string, N extends string> = C extends `${N}:${infer M}` ? M : never;

type BridgeFunction<C extends Channel> = undefined extends ChannelArg<C>
  ? (arg?: ChannelArg<C>) => Promise<IpcResult<ChannelResult<C>>>
  : (arg: ChannelArg<C>) => Promise<IpcResult<ChannelResult<C>>>;

/** What the preload exposes as `window.sidestage` (and the dock bridge imitates). */
export type SidestageBridge = {
  [N in NamespaceOf<Channel>]: {
    [M in MethodOf<Channel, N>]: BridgeFunction<Extract<`${N}:${M}`, Channel>>;
  };
} & {
  /** Subscribes to a main -> renderer event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

export const channelNames = Object.keys(invokeChannels) as Channel[];
export const eventNames = Object.keys(eventChannels) as EventName[];

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(invokeChannels, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(eventChannels, name);
}

/** `auth:signIn` -> ['auth', 'signIn'] */
export function splitChannel(channel: string): [namespace: string, method: string] {
  const i = channel.indexOf(':');
  return [channel.slice(0, i), channel.slice(i + 1)];
}

/** The auth state before anything is known: also the renderer's initial state. */
export const signedOutAuthState: AuthState = {
  status: 'signedOut',
  account: null,
  scopes: [],
  missingScopes: [],
  pending: null,
  lastValidatedAt: null,
  error: null,
};

/** OBS Studio over obs-websocket 5: the connection, the stream target, streaming and its health. */
import { z } from 'zod';

export const obsConnectionStatusSchema = z.enum([
  /** Not asked to connect (the default until the broadcaster turns it on). */
  'off',
  'connecting',
  'connected',
  /** Connection refused: nothing listens at host:port. */
  'not-running',
  /** Something else went wrong on the way (unreachable host, timeout, a socket error). */
  'unreachable',
  /** obs-websocket closed with "authentication failed" (or asked for a password none was set for). */
  'wrong-password',
  /** obs-websocket older than 5 (or an RPC version this client does not speak). */
  'too-old',
]);
export type ObsConnectionStatus = z.infer<typeof obsConnectionStatusSchema>;

export const obsStreamStateSchema = z.enum(['unknown', 'stopped', 'starting', 'started', 'stopping', 'reconnecting']);
export type ObsStreamState = z.infer<typeof obsStreamStateSchema>;

export const obsHealthSchema = z.object({
  /** ISO time of the sample. */
  at: z.string(),
  /** From the outputBytes delta between two samples; null on the first one. */
  bitrateKbps: z.number().nonnegative().nullable(),
  /** Frames the output dropped (obs-websocket's outputSkippedFrames) and sent, since the stream started. */
  droppedFrames: z.number().int().nonnegative(),
  totalFrames: z.number().int().nonnegative(),
  /** Dropped frames in the last sampling window, in percent of that window's frames. */
  droppedPercent: z.number().nonnegative(),
  /** 0..1, as OBS reports it. */
  congestion: z.number().nonnegative(),
  reconnecting: z.boolean(),
  cpuPercent: z.number().nonnegative().nullable(),
  /** Frames the encoder skipped (lag) and frames the renderer missed (render lag), since OBS started. */
  encoderSkippedFrames: z.number().int().nonnegative(),
  renderSkippedFrames: z.number().int().nonnegative(),
  averageFrameRenderMs: z.number().nonnegative().nullable(),
  activeFps: z.number().nonnegative().nullable(),
  durationMs: z.number().nonnegative(),
  /** A health problem now (dropped frames over the threshold, or reconnecting), in words; null: healthy. */
  problem: z.string().nullable(),
});
export type ObsHealth = z.infer<typeof obsHealthSchema>;

export const obsStateSchema = z.object({
  enabled: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  /** Whether a password is saved; the password itself never leaves main. */
  passwordSaved: z.boolean(),
  status: obsConnectionStatusSchema,
  /** The status in the broadcaster's words, e.g. "OBS not running at 127.0.0.1:4455". */
  statusText: z.string(),
  obsVersion: z.string().nullable(),
  websocketVersion: z.string().nullable(),
  /** ISO time of the next reconnect attempt, while one is scheduled. */
  nextRetryAt: z.string().nullable(),
  retries: z.number().int().nonnegative(),
  streamState: obsStreamStateSchema,
  /** ISO time the stream state last changed. */
  streamStateSince: z.string().nullable(),
  health: obsHealthSchema.nullable(),
  /** Why the last start did not become a stream (OBS stopped before it started); null otherwise. */
  streamProblem: z.string().nullable(),
  autoMarkerOnReconnect: z.boolean(),
});
export type ObsState = z.infer<typeof obsStateSchema>;

export const obsConnectionArgSchema = z
  .object({
    host: z.string().trim().min(1).max(253).regex(/^[A-Za-z0-9.:[\]-]+$/, 'A host name or address'),
    port: z.number().int().min(1).max(65_535),
  })
  .strict();

export const obsPasswordArgSchema = z
  .object({
    /** Empty: no password (forget the saved one). */
    password: z.string().max(256),
  })
  .strict();

/** What OBS's stream settings hold compared to the ingest server and key Sidestage would send. */
export const obsStreamTargetSchema = z.object({
  /**
   * same: OBS holds exactly this server and key; different: something else (see `differences`);
   * empty: OBS has no custom server set yet.
   */
  match: z.enum(['same', 'different', 'empty']),
  /** In words, never quoting a key: "another server (rtmp://a/app)", "a different stream key". */
  differences: z.array(z.string()),
  /** The server Sidestage would send (no key). */
  server: z.string(),
  serverName: z.string(),
  /** What OBS holds now, without the key: its service type and server. */
  obsService: z.string().nullable(),
  obsServer: z.string().nullable(),
});
export type ObsStreamTarget = z.infer<typeof obsStreamTargetSchema>;

export const obsSendResultSchema = z.object({
  /** sent: written; already: OBS held exactly that; needs-confirmation: OBS holds something else, nothing written. */
  outcome: z.enum(['sent', 'already', 'needs-confirmation']),
  target: obsStreamTargetSchema,
});
export type ObsSendResult = z.infer<typeof obsSendResultSchema>;

export const obsSendArgSchema = z
  .object({
    /** Overwrite what OBS holds when it differs (the broadcaster confirmed). */
    overwrite: z.boolean().default(false),
  })
  .strict()
  .optional();

export const obsOptionsArgSchema = z.object({ autoMarkerOnReconnect: z.boolean().optional() }).strict();

/** Ingest servers and the stream key. */
import { z } from 'zod';

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

/** The demo's "Publish a test stream": ffmpeg as the encoder where OBS is not used. */
import { z } from 'zod';

export const testStreamStatusSchema = z.enum(['stopped', 'starting', 'publishing', 'stopping', 'failed']);
export type TestStreamStatus = z.infer<typeof testStreamStatusSchema>;

export const testStreamStateSchema = z.object({
  /** False outside demo mode: the test stream is a rehearsal, never sent to the real platform. */
  available: z.boolean(),
  /** Whether ffmpeg was found; null until it was looked for. */
  ffmpegInstalled: z.boolean().nullable(),
  status: testStreamStatusSchema,
  /** The state in the broadcaster's words, e.g. "Publishing a test stream to Local 1". */
  statusText: z.string(),
  /** The ingest server's name while starting or publishing; never the key. */
  serverName: z.string().nullable(),
  /** ISO time ffmpeg began publishing; null while not publishing. */
  publishingSince: z.string().nullable(),
  /** Why the last run failed, in words (ffmpeg's reason, the key never quoted); null otherwise. */
  problem: z.string().nullable(),
  /** What is published: 1280x720, 30 fps, 2,500 kbps, keyframes every 2 s. */
  profile: z.string(),
});
export type TestStreamState = z.infer<typeof testStreamStateSchema>;

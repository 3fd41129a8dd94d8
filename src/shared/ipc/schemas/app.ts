/** The app itself: version, mode, platform choice. */
import { z } from 'zod';

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
  /** The client ID of the user's own app registration saved in settings (not a secret), or null. */
  savedClientId: z.string().nullable(),
  /** SIDESTAGE_CLIENT_ID is set: it wins over the saved one. */
  clientIdFromEnvironment: z.boolean(),
  /** Started with `--demo` (or SIDESTAGE_DEMO=1): the demo runs whatever is saved. */
  demoForced: z.boolean(),
  /** The saved choice differs from what runs: it takes effect at the next start. */
  restartRequired: z.boolean(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/** Client IDs of the platform are 30 lower-case letters and digits. */
export const clientIdSchema = z.string().regex(/^[a-z0-9]{30}$/, 'A client ID is 30 lower-case letters and digits.');

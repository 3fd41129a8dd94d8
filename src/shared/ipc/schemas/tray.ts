/** The tray. */
import { z } from 'zod';

/** What the broadcaster chooses. */
export const trayChoiceSchema = z.object({
  /** Closing the window keeps Sidestage running in the tray (desktop app only). */
  closeToTray: z.boolean(),
});

export const traySettingsSchema = trayChoiceSchema.extend({
  /**
   * Set where this desktop shows no tray icon (GNOME without the AppIndicator extension), in
   * words: closing the window then quits, whatever `closeToTray` says, since nothing could bring
   * the window back.
   */
  unavailable: z.string().optional(),
});
export type TraySettings = z.infer<typeof traySettingsSchema>;

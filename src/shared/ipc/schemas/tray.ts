/** The tray. */
import { z } from 'zod';

export const traySettingsSchema = z.object({
  /** Closing the window keeps Sidestage running in the tray (desktop app only). */
  closeToTray: z.boolean(),
});
export type TraySettings = z.infer<typeof traySettingsSchema>;

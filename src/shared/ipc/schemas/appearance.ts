/** How the app looks: the colour theme, shared by the desktop window and the browser dock. */
import { z } from 'zod';

/** `system` follows the OS's light/dark preference. */
export const themeSchema = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof themeSchema>;

export const appearanceSchema = z.object({ theme: themeSchema });
export type Appearance = z.infer<typeof appearanceSchema>;

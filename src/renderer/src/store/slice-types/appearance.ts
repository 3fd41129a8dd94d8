/** The appearance slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { Theme } from '../../../../shared/ipc/contract';

export type AppearanceActionId = 'appearance.load' | 'appearance.save';

export interface AppearanceSlice {
  /** null until main answered: the OS preference shows meanwhile. */
  theme: Theme | null;
  loadAppearance(): Promise<void>;
  setTheme(theme: Theme): Promise<void>;
  applyAppearance(appearance: { theme: Theme }): void;
}

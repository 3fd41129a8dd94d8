/** The ui slice's state and actions: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */

/** Who switched the panel: the broadcaster (or a reload restoring their choice), or Sidestage itself. */
export type PanelOrigin = 'user' | 'auto';

export interface UiSlice {
  activePanel: string;
  /** When the broadcaster last picked a panel (or a reload restored one), epoch ms; null: never. */
  panelChosenAt: number | null;
  setActivePanel(panel: string, origin?: PanelOrigin): void;
}

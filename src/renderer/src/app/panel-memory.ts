/**
 * A reload returns to the panel in use: the panel's id is kept in the window's session storage
 * (it lives as long as the window or the dock's tab, as a reload should) and read back only when
 * the registry still has that panel.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { SidestageState } from '../store/types';

export const panelStorageKey = 'sidestage.panel';

export type PanelStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function rememberPanel(store: StoreApi<SidestageState>, storage: PanelStorage | null, panelIds: readonly string[]): () => void {
  const saved = read(storage);
  if (saved !== null && panelIds.includes(saved)) store.getState().setActivePanel(saved, 'user');
  return store.subscribe((state, previous) => {
    if (state.activePanel !== previous.activePanel) write(storage, state.activePanel);
  });
}

// Storage can be refused (a locked-down browser, a full quota): the panel is then simply not kept.
function read(storage: PanelStorage | null): string | null {
  try {
    return storage?.getItem(panelStorageKey) ?? null;
  } catch {
    return null;
  }
}

function write(storage: PanelStorage | null, panel: string): void {
  try {
    storage?.setItem(panelStorageKey, panel);
  } catch {
    // Not kept; the reload lands on the default panel.
  }
}

/** The window's session storage, or null where the page may not use it. */
export function sessionPanelStorage(): PanelStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

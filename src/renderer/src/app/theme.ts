/**
 * Applies the theme chosen in Settings to <html data-theme>. `system` removes the attribute, so
 * the stylesheet follows the OS's light/dark preference (and its changes) by itself. Main keeps
 * the choice; the last one seen is also kept in local storage, so that the next start does not
 * flash the other theme while main answers.
 */
import type { StoreApi } from 'zustand/vanilla';
import { themeAttribute } from '../store/appearance-slice';
import type { SidestageState } from '../store/types';

export const themeStorageKey = 'sidestage.theme';

export type ThemeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function applyTheme(store: StoreApi<SidestageState>, root: HTMLElement, storage: ThemeStorage | null = null): () => void {
  const set = (attribute: 'light' | 'dark' | null) => {
    if (attribute) root.dataset.theme = attribute;
    else delete root.dataset.theme;
  };
  // Until main answers: the last theme seen here, if it is one of ours.
  if (store.getState().theme === null) {
    const cached = attempt(() => storage?.getItem(themeStorageKey) ?? null);
    set(cached === 'light' || cached === 'dark' ? cached : null);
  } else {
    set(themeAttribute(store.getState().theme));
  }
  return store.subscribe((state, previous) => {
    if (state.theme === previous.theme || state.theme === null) return;
    const attribute = themeAttribute(state.theme);
    set(attribute);
    attempt(() => (attribute ? storage?.setItem(themeStorageKey, attribute) : storage?.removeItem(themeStorageKey)));
  });
}

// Storage can be refused (a locked-down browser, a full quota): the theme then waits for main.
function attempt<T>(work: () => T): T | null {
  try {
    return work();
  } catch {
    return null;
  }
}

/** The window's local storage, or null where the page may not use it. */
export function localThemeStorage(): ThemeStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

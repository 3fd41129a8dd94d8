/**
 * Applies the theme chosen in Settings to <html data-theme>. `system` removes the attribute, so
 * the stylesheet follows the OS's light/dark preference (and its changes) by itself.
 */
import type { StoreApi } from 'zustand/vanilla';
import { themeAttribute } from '../store/appearance-slice';
import type { SidestageState } from '../store/types';

export function applyTheme(store: StoreApi<SidestageState>, root: HTMLElement): () => void {
  const apply = (state: SidestageState) => {
    const attribute = themeAttribute(state.theme);
    if (attribute) root.dataset.theme = attribute;
    else delete root.dataset.theme;
  };
  apply(store.getState());
  return store.subscribe((state, previous) => {
    if (state.theme !== previous.theme) apply(state);
  });
}

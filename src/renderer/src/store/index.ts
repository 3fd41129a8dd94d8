/** The app's one store, wired to the real bridge, and the hook components read it with. */
import { useStore } from 'zustand';
import { bridge, connection, transport } from '../lib/api';
import { createSidestageStore, startMirroring } from './create-store';
import type { SidestageState, StoreDeps } from './types';

const deps: StoreDeps = {
  bridge,
  transport,
  connection,
  openUrl: (url) => {
    window.open(url, '_blank', 'noopener');
  },
  writeClipboard: (text) => {
    if (!navigator.clipboard) return Promise.reject(new Error('the clipboard is not available on this page'));
    return navigator.clipboard.writeText(text);
  },
};

export const store = createSidestageStore(deps);

export function startStore(): () => void {
  return startMirroring(store, deps);
}

export function useSidestage<T>(selector: (state: SidestageState) => T): T {
  return useStore(store, selector);
}

export type { ActionId, ActionStatus, SidestageState } from './types';

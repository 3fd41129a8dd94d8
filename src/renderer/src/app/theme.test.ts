import { describe, expect, it } from 'vitest';
import { createSidestageStore } from '../store/create-store';
import { fakeDeps } from '../test-support/store-fakes';
import { applyTheme, themeStorageKey, type ThemeStorage } from './theme';

/** Just enough of an element: its dataset. */
const fakeRoot = () => ({ dataset: {} as Record<string, string> }) as unknown as HTMLElement;

function memoryStorage(initial: Record<string, string> = {}): ThemeStorage & { values: Record<string, string> } {
  const values = { ...initial };
  return {
    values,
    getItem: (key) => values[key] ?? null,
    setItem: (key, value) => void (values[key] = value),
    removeItem: (key) => void delete values[key],
  };
}

describe('applyTheme', () => {
  it('sets data-theme for light and dark, removes it for system, and applies every change', () => {
    const store = createSidestageStore(fakeDeps().deps);
    const root = fakeRoot();
    const storage = memoryStorage();
    const stop = applyTheme(store, root, storage);
    expect(root.dataset.theme).toBeUndefined();
    store.getState().applyAppearance({ theme: 'light' });
    expect(root.dataset.theme).toBe('light');
    expect(storage.values[themeStorageKey]).toBe('light');
    store.getState().applyAppearance({ theme: 'system' });
    expect(root.dataset.theme).toBeUndefined();
    expect(storage.values[themeStorageKey]).toBeUndefined();
    stop();
    store.getState().applyAppearance({ theme: 'dark' });
    expect(root.dataset.theme).toBeUndefined();
  });

  it('shows the last theme seen until main answers, and ignores a value it does not know', () => {
    const root = fakeRoot();
    applyTheme(createSidestageStore(fakeDeps().deps), root, memoryStorage({ [themeStorageKey]: 'dark' }))();
    expect(root.dataset.theme).toBe('dark');
    const other = fakeRoot();
    applyTheme(createSidestageStore(fakeDeps().deps), other, memoryStorage({ [themeStorageKey]: 'url(evil)' }))();
    expect(other.dataset.theme).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { createSidestageStore } from '../store/create-store';
import { defaultPanel } from '../store/ui-slice';
import { fakeDeps } from '../test-support/store-fakes';
import { panelStorageKey, rememberPanel, type PanelStorage } from './panel-memory';

function memoryStorage(initial: Record<string, string> = {}): PanelStorage & { values: Record<string, string> } {
  const values = { ...initial };
  return { values, getItem: (key) => values[key] ?? null, setItem: (key, value) => void (values[key] = value) };
}

const ids = ['account', 'live', 'queue'];

describe('the panel in use across a reload', () => {
  it('keeps the panel in use and opens it again on the next load', () => {
    const storage = memoryStorage();
    const first = createSidestageStore(fakeDeps().deps);
    const stop = rememberPanel(first, storage, ids);
    first.getState().setActivePanel('queue');
    expect(storage.values[panelStorageKey]).toBe('queue');
    stop();

    const reloaded = createSidestageStore(fakeDeps().deps);
    rememberPanel(reloaded, storage, ids)();
    expect(reloaded.getState()).toMatchObject({ activePanel: 'queue', panelChosenAt: expect.any(Number) });
  });

  it('ignores a stored id the registry does not have', () => {
    const store = createSidestageStore(fakeDeps().deps);
    rememberPanel(store, memoryStorage({ [panelStorageKey]: 'javascript:alert(1)' }), ids)();
    expect(store.getState()).toMatchObject({ activePanel: defaultPanel, panelChosenAt: null });
  });

  it('works without storage, or with storage that refuses', () => {
    const refusing: PanelStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = createSidestageStore(fakeDeps().deps);
    const stop = rememberPanel(store, refusing, ids);
    store.getState().setActivePanel('live');
    expect(store.getState().activePanel).toBe('live');
    stop();
    rememberPanel(createSidestageStore(fakeDeps().deps), null, ids)();
  });
});

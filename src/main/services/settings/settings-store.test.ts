import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { BackedSettingsStore, type KeyValueBackend } from './settings-store';

function backend(values: Record<string, unknown>, failWith?: NodeJS.ErrnoException): KeyValueBackend {
  return {
    get: (key) => values[key],
    set: (key, value) => {
      if (failWith) throw failWith;
      values[key] = value;
    },
  };
}

describe('BackedSettingsStore', () => {
  it('falls back to the default for one value of the wrong type, keeping the others', () => {
    const store = new BackedSettingsStore(backend({ 'markers.hotkey': 42, 'notifications.donations': false }));
    expect(store.get('markers.hotkey')).toBe('CommandOrControl+Alt+M');
    expect(store.get('notifications.donations')).toBe(false);
  });

  it('drops a damaged poll or prediction template alone, keeping the others', () => {
    const good = { id: 'a', kind: 'poll', title: 'Q', choices: ['x', 'y'], durationSeconds: 60 };
    const store = new BackedSettingsStore(backend({ 'engagement.templates': [good, { ...good, id: 'b', choices: ['only'] }, 'junk'] }));
    expect(store.get('engagement.templates')).toEqual([good]);
  });

  it('says the disk is full when a write fails for lack of space', () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const store = new BackedSettingsStore(backend({}, enospc));
    let thrown: unknown;
    try {
      store.set('markers.hotkey', 'F9');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).message).toMatch(/disk is full/);
  });
});

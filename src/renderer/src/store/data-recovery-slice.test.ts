import { describe, expect, it } from 'vitest';
import type { DataRecoveryNotice } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { describeRecoveryNotice } from './data-recovery-slice';
import { fakeDeps, flush, ok } from '../test-support/store-fakes';

const notice: DataRecoveryNotice = {
  id: 'n1',
  file: 'redemption-outbox.json',
  setAsideAs: 'redemption-outbox.json.damaged-2026',
  reason: '1 part of it was damaged',
  done: 'Kept every readable action and set the damaged file aside',
  lost: '1 of 3 pending actions (fulfil or cancel) could not be recovered',
  kept: '2 pending actions, which will still be sent',
  consequence: null,
  at: '2026-01-01T00:00:00.000Z',
};

describe('data recovery slice', () => {
  it('reads the notices at start, follows data:changed and re-reads on resync', async () => {
    const { deps, bridge, emit, connection } = fakeDeps();
    bridge.data.getNotices.mockResolvedValue(ok([notice]));
    const store = createSidestageStore(deps);
    const stop = startMirroring(store, deps);
    await flush();
    expect(store.getState().recoveryNotices).toEqual([notice]);
    emit('data:changed', []);
    expect(store.getState().recoveryNotices).toEqual([]);
    connection.resync();
    await flush();
    expect(bridge.data.getNotices).toHaveBeenCalledTimes(2);
    expect(store.getState().recoveryNotices).toEqual([notice]);
    stop();
  });

  it('dismisses one notice and keeps what main answers', async () => {
    const { deps, bridge } = fakeDeps();
    const other = { ...notice, id: 'n2', file: 'settings.json' };
    bridge.data.dismissNotice.mockResolvedValue(ok([other]));
    const store = createSidestageStore(deps);
    store.getState().applyRecoveryNotices([notice, other]);
    await store.getState().dismissRecoveryNotice('n1');
    expect(bridge.data.dismissNotice).toHaveBeenCalledWith({ id: 'n1' });
    expect(store.getState().recoveryNotices).toEqual([other]);
  });

  it('says which file, what was done, what was kept and what was lost', () => {
    const { title, lines } = describeRecoveryNotice({ ...notice, consequence: 'The OBS dock URL has changed.' });
    expect(title).toContain('redemption-outbox.json');
    expect(lines.join(' ')).toMatch(/Kept every readable action.*Kept: 2 pending actions.*Could not be recovered: 1 of 3.*redemption-outbox\.json\.damaged-2026.*OBS dock URL has changed/);
  });
});

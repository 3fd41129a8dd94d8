/** The one way a slice follows main: its event, a first read, a read again on every resync, and one stop for all. */
import { describe, expect, it, vi } from 'vitest';
import { createSidestageStore } from './create-store';
import { mirrorDomain } from './mirror';
import { fakeDeps, flush, obsOff } from '../test-support/store-fakes';

describe('mirrorDomain', () => {
  it('reads at start, applies each event, reads again on resync, and stops everything it started', async () => {
    const { deps, emit, connection, listenerCount } = fakeDeps();
    const store = createSidestageStore(deps);
    const applied: unknown[] = [];
    const load = vi.fn(async () => {});
    const other = vi.fn();
    const stop = mirrorDomain(store, deps, 'obs:changed', (_, obs) => applied.push(obs), load, [other]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(listenerCount()).toBe(1);
    emit('obs:changed', obsOff);
    expect(applied).toEqual([obsOff]);
    connection.resync();
    await flush();
    expect(load).toHaveBeenCalledTimes(2);

    stop();
    expect(other).toHaveBeenCalledTimes(1);
    expect(listenerCount()).toBe(0);
    emit('obs:changed', obsOff);
    connection.resync();
    expect(applied).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

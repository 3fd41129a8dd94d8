/** The one way a slice follows main: its event, a first read, a read again on every resync, and one stop for all. */
import { describe, expect, it, vi } from 'vitest';
import { createSidestageStore } from './create-store';
import { mirrorDomain } from './mirror';
import { withCurrentBroadcaster } from '../../../shared/domain/current-broadcaster';
import { fakeDeps, flush, obsOff, signedIn, signedOut } from '../test-support/store-fakes';

describe('mirrorDomain', () => {
  it('reads at start, applies each event, reads again on resync, and stops everything it started', async () => {
    const { deps, emit, connection, listenerCount } = fakeDeps();
    const store = createSidestageStore(deps);
    const applied: unknown[] = [];
    const load = vi.fn(async () => {});
    const other = vi.fn();
    const stop = mirrorDomain(store, deps, { events: { 'obs:changed': (_, obs) => void applied.push(obs) }, load, also: [other] });
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

  it('follows several events of a domain, each with its own effect, and stops them all', () => {
    const { deps, emit, listenerCount } = fakeDeps();
    const store = createSidestageStore(deps);
    const seen: string[] = [];
    const stop = mirrorDomain(store, deps, {
      events: {
        'goLive:show': () => void seen.push('show'),
        'hotkeys:raid': () => void seen.push('raid'),
      },
    });
    expect(listenerCount()).toBe(2);
    emit('hotkeys:raid', {});
    emit('goLive:show', {});
    expect(seen).toEqual(['raid', 'show']);
    stop();
    expect(listenerCount()).toBe(0);
  });
});

describe("mirrorDomain for the broadcaster's channel (account)", () => {
  it('reads only while the API can be called, keeps what it shows through a renewal, reads again when the sign-in is back or the account changes, and clears for nobody', async () => {
    const { deps, connection } = fakeDeps();
    const store = createSidestageStore(deps);
    const load = vi.fn(async () => {});
    const clear = vi.fn();
    mirrorDomain(store, deps, { events: { 'obs:changed': () => {} }, load, account: { clear } });
    expect(load).not.toHaveBeenCalled();
    connection.resync();
    expect(load).not.toHaveBeenCalled();

    store.getState().applyAuth(signedIn);
    expect(load).toHaveBeenCalledTimes(1);
    // A renewal: the same account, not callable; nothing is read or cleared.
    store.getState().applyAuth(withCurrentBroadcaster({ ...signedIn, status: 'needsSignIn' }, signedIn.currentBroadcaster));
    connection.resync();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(clear).not.toHaveBeenCalled();
    store.getState().applyAuth(signedIn);
    expect(load).toHaveBeenCalledTimes(2);
    const other = withCurrentBroadcaster({ ...signedIn, account: { ...signedIn.account!, id: '2002', login: 'other' } }, null);
    store.getState().applyAuth(other);
    expect(load).toHaveBeenCalledTimes(3);
    store.getState().applyAuth(signedOut);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(3);
  });
});

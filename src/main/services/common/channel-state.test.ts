import { describe, expect, it } from 'vitest';
import { Emitter } from '../../../shared/primitives/emitter';
import { silentLogger } from '../logger';
import { waitUntil } from '../../test-support/wait-until';
import { ChannelState } from './channel-state';
import type { BroadcasterChange } from './current-broadcaster';

interface Seen {
  of: string | null;
  read: boolean;
}

/** A broadcaster that the test switches, a gap source, and a state whose read answers what `answers` says. */
function harness() {
  const accounts = new Emitter<BroadcasterChange>();
  const gaps = new Emitter<void>();
  const broadcaster = { id: null as string | null, canCallApi: false, onChange: accounts.on };
  const reads: string[] = [];
  const changes: string[] = [];
  const state: ChannelState<Seen> = new ChannelState<Seen>({
    broadcaster,
    empty: { of: null, read: false },
    isRead: (s) => s.read,
    read: async () => {
      const read = state.begin('Not read');
      reads.push(read.broadcasterId);
      await Promise.resolve();
      if (read.current()) state.set({ of: read.broadcasterId, read: true });
    },
    reading: 'reading the test state',
    logger: silentLogger,
    gaps: { onGap: (listener) => gaps.on(listener) },
    onBroadcaster: (change) => changes.push(`${change.previousId}->${change.id}`),
  });
  const signIn = (id: string | null) => {
    const previousId = broadcaster.id;
    broadcaster.id = id;
    broadcaster.canCallApi = id !== null;
    accounts.fire({ id, previousId, canCallApi: id !== null, signedInNow: id !== null });
  };
  return { state, signIn, gaps, reads, changes };
}

describe('ChannelState', () => {
  it('follows the current broadcaster: read at sign-in, back to empty for another account', async () => {
    const { state, signIn, reads, changes } = harness();
    state.start();
    expect(reads).toEqual([]);
    signIn('1');
    await waitUntil(() => state.get().read, 2_000, 'the first read');
    expect(state.get()).toEqual({ of: '1', read: true });
    signIn('2');
    // At once: nothing of the first account's is shown for the second.
    expect(state.get().of).not.toBe('1');
    await waitUntil(() => state.get().of === '2', 2_000, "the second account's read");
    expect(reads).toEqual(['1', '2']);
    expect(changes).toEqual(['null->1', '1->2']);
    signIn(null);
    expect(state.get()).toEqual({ of: null, read: false });
    state.dispose();
  });

  it('reads again after an EventSub gap, only while signed in', async () => {
    const { state, signIn, gaps, reads } = harness();
    state.start();
    gaps.fire();
    expect(reads).toEqual([]);
    signIn('1');
    await waitUntil(() => state.get().read, 2_000, 'the first read');
    gaps.fire();
    await waitUntil(() => reads.length === 2, 2_000, 'the read after the gap');
    state.dispose();
  });

  it('drops a read older than a change: a live change, or another account', () => {
    const { state, signIn } = harness();
    state.start();
    signIn('1');
    const before = state.begin('Not read');
    expect(before.current()).toBe(true);
    state.changed();
    expect(before.current()).toBe(false);
    const again = state.begin('Not read');
    signIn('2');
    expect(again.current()).toBe(false);
    state.setChanged({ of: '2', read: true });
    expect(state.get()).toEqual({ of: '2', read: true });
    state.dispose();
  });

  it('is the one "sign in first" guard: refused in words, led by what was not done', () => {
    const { state, signIn } = harness();
    state.start();
    expect(() => state.require('Shield Mode not read')).toThrow('Shield Mode not read: sign in first.');
    expect(() => state.begin('Unban requests not read')).toThrow('Unban requests not read: sign in first.');
    signIn('1');
    expect(state.require('Shield Mode not read')).toBe('1');
    state.dispose();
  });
});

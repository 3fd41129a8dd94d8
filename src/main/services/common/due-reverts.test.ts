import { silentLogger } from '../logger';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test-support/fake-clock';
import { DueReverts } from './due-reverts';

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
};

function setup(entries: { id: string; dueAt: number }[], run: (id: string) => Promise<void> = async () => {}) {
  const clock = createFakeClock(1000);
  const list = [...entries];
  const ran: string[] = [];
  const errors: string[] = [];
  let ready = true;
  const reverts = new DueReverts({
    clock,
    list: () => list,
    key: (e) => e.id,
    dueAt: (e) => e.dueAt,
    ready: () => ready,
    run: async (e) => {
      ran.push(e.id);
      await run(e.id);
      list.splice(list.indexOf(e), 1);
    },
    retryMs: 100,
    onError: (e) => void errors.push(e.id),
    logger: silentLogger,
  });
  return { clock, list, ran, errors, reverts, setReady: (value: boolean) => (ready = value) };
}

describe('kept reverts at their due time', () => {
  it('one already past is done at once; one ahead at its time', async () => {
    const t = setup([{ id: 'past', dueAt: 500 }, { id: 'ahead', dueAt: 1500 }]);
    t.reverts.reschedule();
    t.clock.advance(0);
    await settle();
    expect(t.ran).toEqual(['past']);
    t.clock.advance(499);
    await settle();
    expect(t.ran).toEqual(['past']);
    t.clock.advance(1);
    await settle();
    expect(t.ran).toEqual(['past', 'ahead']);
  });

  it('a failure is tried again after the retry time, until it is done', async () => {
    let fails = 2;
    const t = setup([{ id: 'a', dueAt: 0 }], async () => {
      if (fails-- > 0) throw new Error('OBS not connected');
    });
    t.reverts.reschedule();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(100);
      await settle();
    }
    expect(t.ran).toEqual(['a', 'a', 'a']);
    expect(t.errors).toEqual(['a', 'a']);
    expect(t.list).toEqual([]);
    expect(t.reverts.scheduled).toBe(0);
  });

  it('waits while not ready (signed out), and is timed again when it is', async () => {
    const t = setup([{ id: 'a', dueAt: 0 }]);
    t.setReady(false);
    t.reverts.reschedule();
    t.clock.advance(1000);
    await settle();
    expect(t.ran).toEqual([]);
    t.setReady(true);
    t.reverts.reschedule();
    t.clock.advance(0);
    await settle();
    expect(t.ran).toEqual(['a']);
  });

  it('runNow does it before its time and rethrows a failure', async () => {
    const t = setup([{ id: 'a', dueAt: 99_999 }], async () => {
      throw new Error('refused');
    });
    t.reverts.reschedule();
    await expect(t.reverts.runNow('a')).rejects.toThrow('refused');
    expect(t.reverts.scheduled).toBe(1);
    t.reverts.dispose();
    expect(t.reverts.scheduled).toBe(0);
  });
});

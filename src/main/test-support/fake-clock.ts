import type { Clock } from '../../shared/primitives/clock';

interface FakeTimer {
  id: number;
  at: number;
  every: number | null;
  callback: () => void;
}

/** A manual clock for tests: timers run only when `advance` moves time past them. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
  /** How many timers are waiting (to assert that disposal cleared them). */
  pendingTimers(): number;
}

export function createFakeClock(start = Date.UTC(2025, 0, 1)): FakeClock {
  let current = start;
  let nextId = 1;
  const timers = new Map<number, FakeTimer>();
  const add = (callback: () => void, ms: number, every: number | null): number => {
    const id = nextId++;
    timers.set(id, { id, at: current + Math.max(0, ms), every, callback });
    return id;
  };
  return {
    now: () => current,
    setTimeout: (callback, ms) => add(callback, ms, null),
    setInterval: (callback, ms) => add(callback, ms, Math.max(1, ms)),
    clearTimeout: (handle) => void timers.delete(handle as number),
    clearInterval: (handle) => void timers.delete(handle as number),
    advance(ms: number) {
      const target = current + ms;
      for (;;) {
        const due = [...timers.values()].filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        current = due.at;
        if (due.every === null) timers.delete(due.id);
        else due.at += due.every;
        due.callback();
      }
      current = target;
    },
    pendingTimers: () => timers.size,
  };
}

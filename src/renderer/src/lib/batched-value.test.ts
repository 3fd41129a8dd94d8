import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { BatchedValue } from './batched-value';

/** A store of one number, a task queue run by hand, and what the listener was shown each time. */
function setup() {
  const store = createStore<{ n: number }>(() => ({ n: 0 }));
  const tasks: (() => void)[] = [];
  const batched = new BatchedValue({ read: () => store.getState().n, subscribe: (listener) => store.subscribe(listener) }, (task) => tasks.push(task));
  const shown: number[] = [];
  const off = batched.subscribe(() => shown.push(batched.current()));
  const runTasks = () => {
    while (tasks.length) tasks.shift()!();
  };
  return { store, batched, shown, off, runTasks, tasks };
}

describe('BatchedValue', () => {
  it('shows a change that comes alone at once', () => {
    const { store, batched, shown } = setup();
    store.setState({ n: 1 });
    expect(shown).toEqual([1]);
    expect(batched.current()).toBe(1);
  });

  it('shows the changes that queued up behind a showing together, in one go', () => {
    const { store, batched, shown, runTasks } = setup();
    store.setState({ n: 1 });
    store.setState({ n: 2 });
    store.setState({ n: 3 });
    store.setState({ n: 4 });
    // Four deltas of a burst: the first drawn at once, the three behind it held...
    expect(shown).toEqual([1]);
    expect(batched.current()).toBe(1);
    runTasks();
    // ...and drawn as one render, not three.
    expect(shown).toEqual([1, 4]);
    store.setState({ n: 5 });
    runTasks();
    expect(shown).toEqual([1, 4, 5]);
  });

  it('shows nothing again when nothing changed while holding', () => {
    const { store, shown, runTasks, tasks } = setup();
    store.setState({ n: 1 });
    runTasks();
    expect(shown).toEqual([1]);
    expect(tasks).toHaveLength(0);
  });

  it('stops following the store once nobody listens, and catches up when someone listens again', () => {
    const { store, batched, shown, off, runTasks } = setup();
    off();
    store.setState({ n: 7 });
    runTasks();
    expect(shown).toEqual([]);
    expect(batched.current()).toBe(0);
    const again: number[] = [];
    batched.subscribe(() => again.push(batched.current()));
    expect(again).toEqual([7]);
  });
});

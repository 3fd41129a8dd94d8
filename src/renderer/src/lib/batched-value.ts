import { useState, useSyncExternalStore } from 'react';

/** Runs `callback` once, as a task of its own. */
export type TaskRequest = (callback: () => void) => void;

let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

/**
 * Runs `callback` as a new task: after the tasks already queued (the socket's messages that came
 * while the page was busy), before any that come later. A message channel, not a timer (clamped,
 * and throttled in a hidden page) nor an animation frame (none in a hidden page, and a change made
 * in one is drawn a frame later than the same change made before it).
 */
export const afterQueuedTasks: TaskRequest = (callback) => {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      for (const run of waiting.splice(0)) run();
    };
  }
  waiting.push(callback);
  if (waiting.length === 1) channel.port2.postMessage(null);
};

/**
 * A value from a store, shown at once when it changes alone, with the changes that came while the
 * page was busy showing it held and shown together, in one go. A hate raid's lines reach the page
 * as a handful of deltas a few milliseconds apart: rendered one by one (each render of fifty new
 * lines takes longer than the gap to the next delta), each would create lines the next pushes out
 * again and force its own layout; batched, the deltas queued behind a render make one more render.
 */
export class BatchedValue<T> {
  private shown: T;
  /** Something was shown and its follow-up task has not run yet: changes until then wait for it. */
  private holding = false;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly source: { read(): T; subscribe(listener: () => void): () => void },
    private readonly nextTask: TaskRequest,
  ) {
    this.shown = source.read();
  }

  /** What is shown now. */
  current = (): T => this.shown;

  /** Follows the source while anyone listens. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.unsubscribe) {
      this.unsubscribe = this.source.subscribe(() => this.changed());
      // What changed before anyone listened is shown now.
      this.changed();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.unsubscribe) {
        this.unsubscribe();
        this.unsubscribe = null;
      }
    };
  };

  private changed(): void {
    if (this.holding) return;
    const latest = this.source.read();
    if (Object.is(latest, this.shown)) return;
    this.shown = latest;
    this.holding = true;
    this.nextTask(this.release);
    for (const listener of [...this.listeners]) listener();
  }

  private readonly release = (): void => {
    this.holding = false;
    // What came while holding is shown now, together (and holds the changes after it in turn).
    if (this.unsubscribe) this.changed();
  };
}

/** `select(state)` of `store` for a component, with changes batched as `BatchedValue` does. */
export function useBatchedValue<S, T>(store: { getState(): S; subscribe(listener: () => void): () => void }, select: (state: S) => T, nextTask: TaskRequest = afterQueuedTasks): T {
  const [batched] = useState(() => new BatchedValue({ read: () => select(store.getState()), subscribe: (listener) => store.subscribe(listener) }, nextTask));
  return useSyncExternalStore(batched.subscribe, batched.current, batched.current);
}

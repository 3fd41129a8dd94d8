/**
 * The one way a service tells others that something changed (after VS Code's `Emitter`): a typed
 * emitter whose subscriptions are disposers, so every owner can collect and release them in one place.
 * A listener that throws is reported and does not stop the others or the service that fired.
 */

/** Undoes one subscription or releases one resource; calling it again does nothing. */
export type Disposer = () => void;

/** How a listener's failure is reported; the main process points it at its logger at start-up. */
let reportListenerError: (error: unknown) => void = (error) => console.error('a listener failed', error);

export function setListenerErrorReporter(report: (error: unknown) => void): void {
  reportListenerError = report;
}

export class Emitter<T> {
  private readonly listeners = new Set<{ listener: (value: T) => void }>();

  /** Subscribes `listener`; the same function may subscribe twice and is then called twice. */
  readonly on = (listener: (value: T) => void): Disposer => {
    const entry = { listener };
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  };

  fire(value: T): void {
    // A copy: listeners may unsubscribe (or subscribe others) while being called.
    for (const entry of [...this.listeners]) {
      if (!this.listeners.has(entry)) continue;
      try {
        entry.listener(value);
      } catch (error) {
        reportListenerError(error);
      }
    }
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  dispose(): void {
    this.listeners.clear();
  }
}

/** Disposers collected by one owner and released together, last first (after VS Code's `DisposableStore`). */
export class Disposers {
  private readonly items: Disposer[] = [];
  private disposed = false;

  /** Keeps `disposer` (released at once if this set is already disposed) and returns it. */
  add(disposer: Disposer): Disposer {
    if (this.disposed) disposer();
    else this.items.push(disposer);
    return disposer;
  }

  /** Releases everything, each even when an earlier one throws; the first failure is rethrown. */
  readonly dispose = (): void => {
    this.disposed = true;
    let failure: { error: unknown } | null = null;
    while (this.items.length > 0) {
      try {
        this.items.pop()!();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  };
}

/**
 * The base of whatever holds subscriptions (after VS Code's `Disposable._register`): `register`
 * keeps each disposer, and `dispose` releases them together, last first. A subclass with more to
 * release overrides `dispose` and calls `super.dispose()`.
 */
export abstract class Disposable {
  private readonly registered = new Disposers();

  protected register(disposer: Disposer): Disposer {
    return this.registered.add(disposer);
  }

  dispose(): void {
    this.registered.dispose();
  }
}

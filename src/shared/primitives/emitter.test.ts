import { afterEach, describe, expect, it, vi } from 'vitest';
import { Disposable, Disposers, Emitter, setListenerErrorReporter } from './emitter';

describe('Emitter', () => {
  afterEach(() => setListenerErrorReporter((error) => console.error('a listener failed', error)));

  it('calls every listener in order until its disposer runs', () => {
    const emitter = new Emitter<number>();
    const seen: string[] = [];
    const offA = emitter.on((n) => seen.push(`a${n}`));
    emitter.on((n) => seen.push(`b${n}`));
    emitter.fire(1);
    offA();
    offA();
    emitter.fire(2);
    expect(seen).toEqual(['a1', 'b1', 'b2']);
    expect(emitter.listenerCount).toBe(1);
  });

  it('reports a throwing listener and still calls the others', () => {
    const report = vi.fn();
    setListenerErrorReporter(report);
    const emitter = new Emitter<string>();
    const seen: string[] = [];
    emitter.on(() => {
      throw new Error('boom');
    });
    emitter.on((v) => seen.push(v));
    expect(() => emitter.fire('x')).not.toThrow();
    expect(seen).toEqual(['x']);
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
  });

  it('does not call a listener removed by an earlier listener in the same fire', () => {
    const emitter = new Emitter<void>();
    const seen: string[] = [];
    let offB: () => void = () => {};
    emitter.on(() => {
      seen.push('a');
      offB();
    });
    offB = emitter.on(() => seen.push('b'));
    emitter.fire();
    expect(seen).toEqual(['a']);
  });

  it('the same function subscribed twice is called twice and removed once per disposer', () => {
    const emitter = new Emitter<void>();
    const listener = vi.fn();
    const off1 = emitter.on(listener);
    emitter.on(listener);
    emitter.fire();
    off1();
    emitter.fire();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('Disposers', () => {
  it('releases last first, every one even when one throws, then rethrows the first failure', () => {
    const order: string[] = [];
    const disposers = new Disposers();
    disposers.add(() => order.push('first'));
    disposers.add(() => {
      order.push('second');
      throw new Error('second failed');
    });
    disposers.add(() => order.push('third'));
    expect(() => disposers.dispose()).toThrow('second failed');
    expect(order).toEqual(['third', 'second', 'first']);
  });

  it('releases at once what is added after it was disposed', () => {
    const disposers = new Disposers();
    disposers.dispose();
    const late = vi.fn();
    disposers.add(late);
    expect(late).toHaveBeenCalledOnce();
  });
});

describe('Disposable', () => {
  class Holder extends Disposable {
    constructor(readonly emitter: Emitter<number>, readonly seen: number[]) {
      super();
      this.register(emitter.on((n) => seen.push(n)));
    }
    /** Registered after dispose: released at once. */
    late(): void {
      this.register(this.emitter.on((n) => this.seen.push(-n)));
    }
  }

  it('releases what it registered on dispose, and at once what is registered after', () => {
    const emitter = new Emitter<number>();
    const holder = new Holder(emitter, []);
    emitter.fire(1);
    holder.dispose();
    holder.late();
    emitter.fire(2);
    expect(holder.seen).toEqual([1]);
    expect(emitter.listenerCount).toBe(0);
  });
});

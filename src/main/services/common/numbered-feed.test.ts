import { describe, expect, it } from 'vitest';
import { NumberedDeltas, NumberedFeed } from './numbered-feed';

const item = (id: string, n = 0) => ({ id, n });

describe('NumberedFeed', () => {
  it('drops the oldest past its capacity, and each delta follows on from the last', () => {
    const feed = new NumberedFeed<{ id: string; n: number }>(3);
    for (const id of ['a', 'b', 'c', 'd']) feed.add(item(id));
    expect(feed.list().map((i) => i.id)).toEqual(['b', 'c', 'd']);
    expect(feed.get('a')).toBeUndefined();
    const first = feed.takeDelta()!;
    expect(first).toMatchObject({ baseVersion: 0, version: 4, cleared: false });
    expect(first.added.map((i) => i.id)).toEqual(['b', 'c', 'd']);
    expect(feed.takeDelta()).toBeNull();
    feed.add(item('e'));
    expect(feed.takeDelta()).toMatchObject({ baseVersion: 4, version: 5, added: [item('e')] });
  });

  it('refuses an id it holds (a resent event) and keeps working across many compactions', () => {
    const feed = new NumberedFeed<{ id: string; n: number }>(10);
    expect(feed.add(item('x'))).toBe(true);
    expect(feed.add(item('x'))).toBe(false);
    for (let i = 0; i < 1000; i++) feed.add(item(`k${i}`, i));
    expect(feed.size).toBe(10);
    expect(feed.list().map((i) => i.n)).toEqual([990, 991, 992, 993, 994, 995, 996, 997, 998, 999]);
  });

  it('sends a changed item as an update, or inside `added` when the renderer has not had it yet', () => {
    const feed = new NumberedFeed<{ id: string; n: number }>(5);
    feed.add(item('a'));
    feed.takeDelta();
    feed.add(item('b'));
    feed.update(item('a', 1));
    feed.update(item('b', 2));
    const delta = feed.takeDelta()!;
    expect(delta.added).toEqual([item('b', 2)]);
    expect(delta.updated).toEqual([item('a', 1)]);
  });

  it('says when it was cleared', () => {
    const feed = new NumberedFeed<{ id: string; n: number }>(5);
    feed.add(item('a'));
    feed.takeDelta();
    feed.clear();
    expect(feed.takeDelta()).toMatchObject({ cleared: true, added: [], baseVersion: 1, version: 2 });
    expect(feed.size).toBe(0);
  });
});

describe('NumberedDeltas', () => {
  it('numbers the changes of a collection of its own: a delta per delivery, from the last version delivered', async () => {
    let pending: string[] = [];
    const delivered: unknown[] = [];
    const numbers = new NumberedDeltas(
      () => {
        const added = pending;
        pending = [];
        return { added };
      },
      (delta) => delivered.push(delta),
    );
    numbers.deliverNow();
    expect(delivered).toEqual([]);
    pending.push('a');
    numbers.changed();
    pending.push('b');
    numbers.changed();
    numbers.deliverSoon();
    numbers.deliverSoon();
    await Promise.resolve();
    expect(delivered).toEqual([{ added: ['a', 'b'], baseVersion: 0, version: 2 }]);
    numbers.changed();
    expect(numbers.takeDelta()).toEqual({ added: [], baseVersion: 2, version: 3 });
    expect(numbers.currentVersion).toBe(3);
    expect(numbers.hasChanges()).toBe(false);
  });
});

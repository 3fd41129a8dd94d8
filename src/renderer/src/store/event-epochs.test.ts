/**
 * The one "ask main, show the answer only while it is fresh" helper every slice uses: an answer
 * that arrives after a newer event or a newer call's answer is not shown, and a failure's rollback
 * follows the same rule.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../lib/ipc-call';
import { deferred, fail, ok } from '../test-support/store-fakes';
import { createEventEpochs } from './event-epochs';

describe('event epochs: ask', () => {
  it('shows the answer and resolves to it when nothing newer came', async () => {
    const epochs = createEventEpochs();
    const show = vi.fn();
    await expect(epochs.ask('obs', async () => ok(1), show)).resolves.toBe(1);
    expect(show).toHaveBeenCalledWith(1);
  });

  it.each([
    ['its own domain holds the answer back (it still resolves to it)', 'obs', false],
    ['another domain does not', 'goLive', true],
  ] as const)('an event during the call: %s', async (_, eventDomain, shown) => {
    const epochs = createEventEpochs();
    const answer = deferred<number>();
    const show = vi.fn();
    const asked = epochs.ask('obs', async () => ok(await answer.promise), show);
    epochs.tick(eventDomain);
    answer.resolve(1);
    await expect(asked).resolves.toBe(1);
    expect(show.mock.calls).toEqual(shown ? [[1]] : []);
  });

  it('an older call answered after a newer one is not shown', async () => {
    const epochs = createEventEpochs();
    const older = deferred<string>();
    const newer = deferred<string>();
    const show = vi.fn();
    const first = epochs.ask('app', async () => ok(await older.promise), show);
    const second = epochs.ask('app', async () => ok(await newer.promise), show);
    newer.resolve('newer');
    await second;
    older.resolve('older');
    await first;
    expect(show.mock.calls).toEqual([['newer']]);
  });

  it('a superseded attempt is neither shown nor counted as shown', async () => {
    const epochs = createEventEpochs();
    const older = deferred<string>();
    const show = vi.fn();
    const first = epochs.ask('app', async () => ok(await older.promise), show);
    // Made later, but its action has a newer attempt: its answer must not hold the older call back.
    await epochs.ask('app', async () => ok('superseded'), show, { isLatest: () => false });
    older.resolve('older');
    await first;
    expect(show.mock.calls).toEqual([['older']]);
  });

  it('a failure rolls back and is rethrown as main said it', async () => {
    const epochs = createEventEpochs();
    const rollback = vi.fn();
    const asked = epochs.ask('appearance', async () => fail({ code: 'unavailable', message: 'Main is busy.' }), vi.fn(), { rollback });
    await expect(asked).rejects.toBeInstanceOf(ApiCallError);
    await expect(asked).rejects.toThrow('Main is busy.');
    expect(rollback).toHaveBeenCalledTimes(1);
  });

  it('a failure overtaken by an event does not undo what the event showed', async () => {
    const epochs = createEventEpochs();
    const answer = deferred<void>();
    const rollback = vi.fn();
    const asked = epochs.ask(
      'appearance',
      async () => {
        await answer.promise;
        return fail({ code: 'unavailable', message: 'Main is busy.' });
      },
      vi.fn(),
      { rollback },
    );
    epochs.tick('appearance');
    answer.resolve();
    await expect(asked).rejects.toThrow('Main is busy.');
    expect(rollback).not.toHaveBeenCalled();
  });

  it('a request that throws before answering still rolls back', async () => {
    const epochs = createEventEpochs();
    const rollback = vi.fn();
    const request = (): never => {
      throw new Error('no bridge');
    };
    await expect(epochs.ask('appearance', request, vi.fn(), { rollback })).rejects.toThrow('no bridge');
    expect(rollback).toHaveBeenCalledTimes(1);
  });
});

describe('event epochs: numbered', () => {
  type Numbered = { revision: number; value: string };
  const holder = () => {
    let shown: Numbered | null = null;
    const epochs = createEventEpochs();
    const show = epochs.numbered(
      () => shown,
      (next: Numbered) => {
        shown = next;
      },
    );
    return { show, shown: () => shown, clear: () => void (shown = null) };
  };

  it('shows a state as new as the one shown or newer, from an event or an answer alike', () => {
    const { show, shown } = holder();
    show({ revision: 3, value: 'first' });
    show({ revision: 3, value: 'again' });
    expect(shown()).toEqual({ revision: 3, value: 'again' });
    show({ revision: 5, value: 'newer' });
    expect(shown()?.value).toBe('newer');
  });

  it('keeps what is shown when an older state comes late', () => {
    const { show, shown } = holder();
    show({ revision: 5, value: 'newer' });
    show({ revision: 4, value: 'late' });
    expect(shown()).toEqual({ revision: 5, value: 'newer' });
  });

  it('takes any state while nothing is shown (cleared for another account, whose numbers may be lower)', () => {
    const { show, shown, clear } = holder();
    show({ revision: 9, value: 'theirs' });
    clear();
    show({ revision: 1, value: 'mine' });
    expect(shown()).toEqual({ revision: 1, value: 'mine' });
  });
});

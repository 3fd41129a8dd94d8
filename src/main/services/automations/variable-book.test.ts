import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../test-support/fake-clock';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { VariableBook, variablesFileName } from './variable-book';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'automation-variables-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (clock = createFakeClock(), notices?: DataRecoveryNotices) => VariableBook.open(dir, clock, { logger: silentLogger, notices });

describe('VariableBook', () => {
  it('set, add, subtract and reset a counter; set and reset a text', async () => {
    const book = await open();
    await book.define('deaths', 0);
    await book.define('last_raider', 'nobody');
    expect((await book.change('deaths', { kind: 'add', by: 3 })).value).toBe(3);
    expect((await book.change('deaths', { kind: 'add', by: -1 })).value).toBe(2);
    expect((await book.change('deaths', { kind: 'set', value: 10 })).value).toBe(10);
    expect((await book.change('deaths', { kind: 'reset' })).value).toBe(0);
    expect((await book.change('last_raider', { kind: 'set', value: 'PixelPal' })).value).toBe('PixelPal');
    expect(book.templateFields()).toEqual({ 'var.deaths': '0', 'var.last_raider': 'PixelPal' });
    expect((await book.change('last_raider', { kind: 'reset' })).value).toBe('nobody');
    book.dispose();
  });

  it('refuses in words: an unknown name, a bad name, a change that does not fit the type', async () => {
    const book = await open();
    await book.define('deaths', 0);
    await book.define('title_text', 'hi');
    await expect(book.change('nope', { kind: 'add', by: 1 })).rejects.toThrow('There is no variable "nope"');
    await expect(book.define('Deaths', 0)).rejects.toThrow('lower-case letters');
    await expect(book.change('title_text', { kind: 'add', by: 1 })).rejects.toThrow('holds a text');
    await expect(book.change('deaths', { kind: 'set', value: 'many' })).rejects.toThrow('holds a number: it cannot be set to a text');
    await expect(book.change('deaths', { kind: 'add', by: 1e12 })).resolves.toMatchObject({ value: 1e12 });
    await expect(book.change('deaths', { kind: 'add', by: 1 })).rejects.toThrow('would pass');
    book.dispose();
  });

  it('a step key is applied once: asked again after a restart from the journal alone (as after a kill), it adds nothing', async () => {
    const clock = createFakeClock();
    const book = await open(clock);
    await book.define('deaths', 0);
    await book.changeOnce('deaths', { kind: 'add', by: 1 }, 'run-1@0');
    await book.changeOnce('deaths', { kind: 'add', by: 1 }, 'run-1@0');
    expect(book.get('deaths')?.value).toBe(1);
    // No snapshot on quit: only the journal's lines hold the change and its key.
    book.dispose();
    const again = await open(clock);
    expect(again.get('deaths')?.value).toBe(1);
    await again.changeOnce('deaths', { kind: 'add', by: 1 }, 'run-1@0');
    expect(again.get('deaths')?.value).toBe(1);
    await again.changeOnce('deaths', { kind: 'add', by: 1 }, 'run-2@0');
    expect(again.get('deaths')?.value).toBe(2);
    await again.flush();
    again.dispose();
    const third = await open(clock);
    await third.changeOnce('deaths', { kind: 'add', by: 1 }, 'run-2@0');
    expect(third.get('deaths')?.value).toBe(2);
    third.dispose();
  });

  it('tells listeners each change; a deleted variable is gone after a restart', async () => {
    const book = await open();
    const seen: unknown[] = [];
    book.onChanged((v) => seen.push([v.name, v.value]));
    await book.define('deaths', 0);
    await book.change('deaths', { kind: 'add', by: 2 });
    await book.remove('deaths');
    expect(seen).toEqual([
      ['deaths', 0],
      ['deaths', 2],
    ]);
    book.dispose();
    expect((await open()).list()).toEqual([]);
  });

  it('a damaged file is set aside with a message naming it', async () => {
    await writeFile(join(dir, variablesFileName), '{ not json');
    const notices = new DataRecoveryNotices(silentLogger);
    const book = await open(createFakeClock(), notices);
    expect(book.list()).toEqual([]);
    expect(JSON.stringify(notices.list())).toContain('variables');
    await book.define('deaths', 0);
    await book.flush();
    expect(JSON.parse(await readFile(join(dir, variablesFileName), 'utf8')).variables).toHaveLength(1);
    book.dispose();
  });

  it('a busy counter does not rewrite the snapshot (its step keys) every second: a minute after, and on quit; the journal holds the changes meanwhile', async () => {
    const clock = createFakeClock();
    const book = await open(clock);
    await book.define('deaths', 0);
    await book.flush();
    const before = await readFile(join(dir, variablesFileName), 'utf8');
    for (let i = 0; i < 20; i++) await book.changeOnce('deaths', { kind: 'add', by: 1 }, `run-${i}@0`);
    clock.advance(5_000);
    // The snapshot's timer still waits (with a second's delay it would have fired by now).
    expect(clock.pendingTimers()).toBe(1);
    expect(await readFile(join(dir, variablesFileName), 'utf8')).toBe(before);
    // Killed here: the journal alone has every change and its key.
    const again = await open(clock);
    expect(again.get('deaths')?.value).toBe(20);
    expect((await again.changeOnce('deaths', { kind: 'add', by: 1 }, 'run-3@0')).value).toBe(20);
    again.dispose();
    clock.advance(60_000);
    await vi.waitFor(async () => expect(JSON.parse(await readFile(join(dir, variablesFileName), 'utf8')).applied).toHaveLength(20), { timeout: 10_000 });
    book.dispose();
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { automation } from '../../test-support/automation-fixtures';
import { createFakeClock } from '../../test-support/fake-clock';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { CooldownBook, cooldownsFileName } from './cooldown-book';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'automation-cooldowns-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const discord = automation({ kind: 'chatCommand', command: '!discord', minRole: 'everyone' }, [{ kind: 'chatMessage', text: 'discord.gg/x' }], {
  id: 'discord',
  conditions: { onlyWhileLive: false, cooldownSeconds: 30, perViewerCooldownSeconds: 600, rules: [] },
});

describe('CooldownBook', () => {
  it('a cooldown survives a restart, from its journal line alone (no snapshot: as after a kill)', async () => {
    const clock = createFakeClock(1_000_000);
    const book = await CooldownBook.open(dir, clock, { logger: silentLogger });
    book.cooldowns.start(discord, 'viewer-1', clock.now());
    // Closed without the quit's snapshot: only the journal line holds it.
    book.dispose();
    clock.advance(10_000);
    const again = await CooldownBook.open(dir, clock, { logger: silentLogger });
    expect(again.cooldowns.refusal(discord, 'viewer-2', clock.now())).toBe('Cooldown: it can run again in 20 s.');
    clock.advance(20_000);
    expect(again.cooldowns.refusal(discord, 'viewer-2', clock.now())).toBeNull();
    expect(again.cooldowns.refusal(discord, 'viewer-1', clock.now())).toBe('Cooldown for this viewer: again in 570 s.');
    again.dispose();
  });

  it('the snapshot on quit keeps only the cooldowns still running', async () => {
    const clock = createFakeClock(1_000_000);
    const book = await CooldownBook.open(dir, clock, { logger: silentLogger });
    book.cooldowns.start(discord, 'viewer-1', clock.now());
    clock.advance(31_000);
    await book.flush();
    book.dispose();
    const again = await CooldownBook.open(dir, clock, { logger: silentLogger });
    expect(again.cooldowns.entries(clock.now())).toEqual([{ automationId: 'discord', userId: 'viewer-1', until: 1_600_000 }]);
    again.dispose();
  });

  it('a damaged file is set aside and named; the readable cooldowns kept', async () => {
    const notices = new DataRecoveryNotices(silentLogger);
    const clock = createFakeClock(1_000_000);
    await writeFile(join(dir, cooldownsFileName), JSON.stringify({ version: 1, seq: 0, cooldowns: [{ automationId: 'discord', userId: null, until: 2_000_000 }, { automationId: 7 }] }));
    const book = await CooldownBook.open(dir, clock, { logger: silentLogger, notices });
    expect(book.cooldowns.entries(clock.now())).toEqual([{ automationId: 'discord', userId: null, until: 2_000_000 }]);
    expect(notices.list()).toHaveLength(1);
    book.dispose();
  });
});

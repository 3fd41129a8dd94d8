import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { automationsFormatName } from '../../../shared/ipc/contract';
import { automation } from '../../test-support/automation-fixtures';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { AutomationStore, automationsFileName, exportAutomations, parseAutomationsExport } from './automation-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'automations-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const hydrate = automation({ kind: 'redemption', rewardId: 'r', rewardTitle: 'Hydrate!', inputMatch: null }, [{ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 10 }], { name: 'Hydrate' });

describe('AutomationStore', () => {
  it('keeps automations and the pause across a restart', async () => {
    const store = await AutomationStore.open(dir);
    const { id: _id, ...input } = hydrate;
    const saved = await store.save(input);
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    await store.save({ ...saved, name: 'Hydrate!' });
    await store.setPaused(true);
    const again = await AutomationStore.open(dir);
    expect(again.list()).toEqual([{ ...saved, name: 'Hydrate!' }]);
    expect(again.isPaused()).toBe(true);
    await again.remove(saved.id);
    expect((await AutomationStore.open(dir)).list()).toEqual([]);
  });

  it('reads a version 1 file: ticked command roles become "this role and above", links kept; the next save writes version 3', async () => {
    const { stripLinks: _s, ...v1Hydrate } = hydrate;
    const command = (id: string, allowed: string[]) => ({ ...v1Hydrate, id, name: id, trigger: { kind: 'chatCommand', command: '!so', allowed } });
    const v1 = [v1Hydrate, command('subs', ['vip', 'subscriber']), command('mods', ['moderator']), command('you', ['broadcaster']), command('all', ['everyone', 'moderator']), command('none', ['nobody'])];
    await writeFile(join(dir, automationsFileName), JSON.stringify({ format: automationsFormatName, version: 1, paused: false, automations: v1 }));
    const store = await AutomationStore.open(dir);
    expect(store.list().map((a) => [a.id, a.trigger.kind === 'chatCommand' ? a.trigger.minRole : null, a.stripLinks])).toEqual([
      [hydrate.id, null, false],
      ['subs', 'subscriber', false],
      ['mods', 'moderator', false],
      ['you', 'broadcaster', false],
      ['all', 'everyone', false],
      ['none', 'broadcaster', false],
    ]);
    await store.setPaused(true);
    const written = JSON.parse(await readFile(join(dir, automationsFileName), 'utf8')) as { version: number; automations: { trigger: Record<string, unknown> }[] };
    expect(written.version).toBe(3);
    expect(written.automations[1]!.trigger).toEqual({ kind: 'chatCommand', command: '!so', minRole: 'subscriber' });
    // An export of version 1 imports the same way.
    const imported = parseAutomationsExport(JSON.stringify({ format: automationsFormatName, version: 1, automations: [command('subs', ['subscriber'])] }));
    expect(imported[0]!.trigger).toEqual({ kind: 'chatCommand', command: '!so', minRole: 'subscriber' });
  });

  it('a damaged entry is dropped alone; the file is set aside and named', async () => {
    const notices = new DataRecoveryNotices(silentLogger);
    await writeFile(join(dir, automationsFileName), JSON.stringify({ format: automationsFormatName, version: 2, automations: [hydrate, { ...hydrate, id: 'b', actions: [] }, 42] }));
    const store = await AutomationStore.open(dir, notices);
    expect(store.list()).toEqual([hydrate]);
    const [notice] = notices.list();
    expect(notice).toMatchObject({ file: automationsFileName, lost: '2 of 3 automations', kept: '1 automation', done: 'Kept every readable automation' });
    expect((await readdir(dir)).some((name) => name.startsWith(`${automationsFileName}.damaged-`))).toBe(true);
  });

  it('a file cut short is set aside whole and named; nothing else is lost', async () => {
    const notices = new DataRecoveryNotices(silentLogger);
    await writeFile(join(dir, automationsFileName), '{"format":"sidestage-automations","version":1,"automations":[{"id"');
    await writeFile(join(dir, 'other.json'), '{"kept":true}');
    const store = await AutomationStore.open(dir, notices);
    expect(store.list()).toEqual([]);
    expect(notices.list()[0]).toMatchObject({ reason: 'it is not valid JSON (it may have been cut short)', done: 'Started with no automations' });
    expect(await readFile(join(dir, 'other.json'), 'utf8')).toBe('{"kept":true}');
  });

  it('a file of a newer Sidestage is set aside rather than misread', async () => {
    const notices = new DataRecoveryNotices(silentLogger);
    await writeFile(join(dir, automationsFileName), JSON.stringify({ format: automationsFormatName, version: 4, automations: [hydrate] }));
    expect((await AutomationStore.open(dir, notices)).list()).toEqual([]);
    expect(notices.list()).toHaveLength(1);
  });
});

describe('export and import', () => {
  it('an export reads back as the same automations', () => {
    const { json, fileName } = exportAutomations([hydrate], new Date('2025-03-04T10:00:00Z'));
    expect(fileName).toBe('sidestage-automations-2025-03-04.json');
    expect(JSON.parse(json)).toMatchObject({ format: automationsFormatName, version: 3 });
    expect(parseAutomationsExport(json)).toEqual([hydrate]);
  });

  it('refuses a file of a newer Sidestage with the reason', () => {
    expect(() => parseAutomationsExport(JSON.stringify({ format: automationsFormatName, version: 4, automations: [] }))).toThrow(
      'This file comes from a newer Sidestage (automations format 4; this one reads format 3). Update Sidestage to import it.',
    );
  });

  it('refuses a damaged file whole, naming the automation and what is wrong', () => {
    const bad = { ...hydrate, name: 'Broken one', actions: [{ kind: 'obsSwitchScene', sceneName: '', backAfterSeconds: 10 }] };
    expect(() => parseAutomationsExport(JSON.stringify({ format: automationsFormatName, version: 2, automations: [hydrate, bad] }))).toThrow(
      'Automation 2 ("Broken one") in this file is damaged at actions.0.sceneName: Choose one from OBS. Nothing was imported.',
    );
    expect(() => parseAutomationsExport('{"format":"sidestage-automations","vers')).toThrow(/not valid JSON/);
    expect(() => parseAutomationsExport('{"some":"thing"}')).toThrow('This is not a Sidestage automations file: nothing was imported.');
    expect(() => parseAutomationsExport(JSON.stringify({ format: automationsFormatName, version: 'one', automations: [] }))).toThrow(/format version is missing or unknown/);
    expect(() => parseAutomationsExport(JSON.stringify({ format: automationsFormatName, version: 2, automations: [{ ...hydrate, script: 'rm -rf /' }] }))).toThrow(/damaged/);
  });
});

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../../shared/ipc/contract';
import { createFakeClock } from '../../test-support/fake-clock';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { handledFileName, handledJournalName, RunLedger, runsFileName, runsJournalName } from './run-ledger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'automations-ledger-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
function run(status: RunRecord['status'], stepStatuses: RunRecord['steps'][number]['status'][] = ['done'], eventId = `e${++n}`): RunRecord {
  return {
    id: `run-${++n}`,
    automationId: 'a1',
    automationName: 'A',
    trigger: 'Raid',
    event: { id: eventId, kind: 'raid', summary: 'x raided', source: 'live' },
    status,
    reason: null,
    queuedAt: '2025-01-01T00:00:00.000Z',
    startedAt: null,
    endedAt: null,
    steps: stepStatuses.map((s) => ({ action: 'shoutout', summary: 'Shout out', status: s, startedAt: null, endedAt: null, result: null, error: null })),
  };
}

describe('RunLedger', () => {
  it('remembers each (automation, event) pair across a restart', async () => {
    const clock = createFakeClock();
    const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
    await ledger.add(run('done', ['done'], 'raid-1'));
    expect(ledger.has('a1', 'raid-1')).toBe(true);
    expect(ledger.has('a2', 'raid-1')).toBe(false);
    // Neither the snapshot nor the handled file was due: the journal's line alone keeps the pair.
    const again = await RunLedger.open(dir, clock, { logger: silentLogger });
    expect(again.has('a1', 'raid-1')).toBe(true);
  });

  it('a change after the snapshot comes back from the journal, and a line the snapshot holds is not applied again', async () => {
    const clock = createFakeClock();
    const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
    const record = run('running', ['running', 'waiting'], 'j1');
    await ledger.add(record);
    await ledger.flush();
    record.steps[0]!.status = 'done';
    record.steps[1]!.status = 'done';
    record.status = 'done';
    await ledger.update(record);
    // Killed here: the snapshot has it running, the journal has it done.
    const after = await RunLedger.open(dir, clock, { logger: silentLogger });
    expect(after.list().map((r) => [r.event.id, r.status])).toEqual([['j1', 'done']]);
    // Opened again: the snapshot written at the last start has it done, and older lines stay old.
    const again = await RunLedger.open(dir, clock, { logger: silentLogger });
    expect(again.list().map((r) => [r.event.id, r.status])).toEqual([['j1', 'done']]);
  });

  it('a run written as under way comes back interrupted; its step is never redone, later ones not run', async () => {
    const clock = createFakeClock();
    const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
    const record = run('running', ['done', 'running', 'waiting'], 'e-mid');
    await ledger.add(record);
    const queued = run('queued', ['waiting'], 'e-queued');
    await ledger.add(queued);
    // kill -9: nothing more is written (no snapshot was due).
    const after = await RunLedger.open(dir, clock, { logger: silentLogger });
    const [q, r] = after.list();
    expect(r!.status).toBe('interrupted');
    expect(r!.reason).toMatch(/^Sidestage stopped during this run/);
    expect(r!.steps.map((s) => s.status)).toEqual(['done', 'interrupted', 'notRun']);
    expect(r!.steps[1]!.error).toMatch(/may or may not have happened, and it was not done again/);
    expect(q!.status).toBe('interrupted');
    expect(q!.reason).toMatch(/before this run started/);
    expect(after.has('a1', 'e-mid') && after.has('a1', 'e-queued')).toBe(true);
    // And that is on disk: a second restart reads the same.
    const raw = JSON.parse(await readFile(join(dir, runsFileName), 'utf8')) as { runs: RunRecord[] };
    expect(raw.runs.map((x) => x.status)).toEqual(['interrupted', 'interrupted']);
  });

  it('keeps the newest runs; the pairs of those that left stay handled across a restart', async () => {
    const clock = createFakeClock();
    const ledger = await RunLedger.open(dir, clock, { logger: silentLogger, maxRuns: 3, saveDelayMs: 1000 });
    for (let i = 0; i < 5; i++) await ledger.add(run('done', ['done'], `k${i}`));
    expect(ledger.sizes()).toEqual({ runs: 3, handled: 5 });
    // Killed: neither snapshot written; the handled journal alone keeps k0 and k1.
    const again = await RunLedger.open(dir, clock, { logger: silentLogger, maxRuns: 3 });
    expect(again.has('a1', 'k0') && again.has('a1', 'k1')).toBe(true);
    expect(again.list().map((r) => r.event.id)).toEqual(['k4', 'k3', 'k2']);
  });

  it('the handled record grows by one journal line per run, never by rewriting the whole record', async () => {
    const clock = createFakeClock();
    const ledger = await RunLedger.open(dir, clock, { logger: silentLogger, maxRuns: 3 });
    const before = await readFile(join(dir, handledFileName), 'utf8');
    for (let i = 0; i < 50; i++) await ledger.add(run('done', ['done'], `b${i}`));
    ledger.markHandled('a2', 'skipped-1');
    // A second later, the run log's snapshot is due; the handled record's is not (minutes).
    clock.advance(1500);
    expect(await readFile(join(dir, handledFileName), 'utf8')).toBe(before);
    const lines = (await readFile(join(dir, `${handledJournalName}.a`), 'utf8').catch(() => readFile(join(dir, `${handledJournalName}.b`), 'utf8'))).trim().split('\n');
    expect(lines).toHaveLength(51);
    for (const line of lines) expect(line.length).toBeLessThan(80);
    await ledger.flush();
    const snapshot = JSON.parse(await readFile(join(dir, handledFileName), 'utf8')) as { version: number; handled: [string, number][] };
    expect(snapshot.version).toBe(2);
    expect(snapshot.handled).toHaveLength(51);
    const again = await RunLedger.open(dir, clock, { logger: silentLogger });
    expect(again.has('a2', 'skipped-1') && again.has('a1', 'b0')).toBe(true);
  });

  it('reads a version 1 handled file (rewritten whole, no seq)', async () => {
    await writeFile(join(dir, handledFileName), JSON.stringify({ version: 1, handled: [['a1|old-1', 1]] }));
    const ledger = await RunLedger.open(dir, createFakeClock(), { logger: silentLogger });
    expect(ledger.has('a1', 'old-1')).toBe(true);
  });

  it('remembers at most maxHandled pairs, the oldest going first', async () => {
    const ledger = await RunLedger.open(dir, createFakeClock(), { logger: silentLogger, maxHandled: 3, maxRuns: 0 });
    for (let i = 0; i < 5; i++) await ledger.add(run('skipped', ['notRun'], `m${i}`));
    await ledger.flush();
    expect(ledger.sizes().handled).toBe(3);
    expect(ledger.has('a1', 'm4')).toBe(true);
  });

  it('clearing the log keeps every pair handled', async () => {
    const clock = createFakeClock();
    const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
    await ledger.add(run('done', ['done'], 'c1'));
    await ledger.add(run('running', ['running'], 'c2'));
    await ledger.flush();
    await ledger.clearFinished();
    expect(ledger.list().map((r) => r.event.id)).toEqual(['c2']);
    expect((await RunLedger.open(dir, clock, { logger: silentLogger })).has('a1', 'c1')).toBe(true);
  });

  it('damaged files are set aside and named, their readable entries kept', async () => {
    const notices = new DataRecoveryNotices(silentLogger);
    await writeFile(join(dir, runsFileName), JSON.stringify({ version: 1, seq: 0, runs: [run('done', ['done'], 'ok'), { broken: true }] }));
    await writeFile(join(dir, handledFileName), '{"version":1,"handled":[["a1|h1",1],');
    await writeFile(join(dir, `${runsJournalName}.a`), `${JSON.stringify([1, run('done', ['done'], 'line-1')])}\n{"broken\n${JSON.stringify([3, run('done', ['done'], 'line-3')])}\n`);
    const ledger = await RunLedger.open(dir, createFakeClock(), { logger: silentLogger, notices });
    expect(ledger.has('a1', 'ok') && ledger.has('a1', 'line-1') && ledger.has('a1', 'line-3')).toBe(true);
    expect(notices.list().map((x) => [x.file, x.done])).toEqual([
      [runsFileName, 'Kept every readable run'],
      [`${runsJournalName}.a`, 'Kept every readable change of the run log'],
      [handledFileName, 'Started a new record of handled events'],
    ]);
  });

  it('a line a crash cut short is not damage: it is left out without a notice', async () => {
    const notices = new DataRecoveryNotices(silentLogger);
    await writeFile(join(dir, `${runsJournalName}.a`), `${JSON.stringify([1, run('done', ['done'], 'whole')])}\n[2,{"id":"cut`);
    const ledger = await RunLedger.open(dir, createFakeClock(), { logger: silentLogger, notices });
    expect(ledger.list().map((r) => r.event.id)).toEqual(['whole']);
    expect(notices.list()).toEqual([]);
  });

  it('a record that cannot be written rejects, so a run does not act without it', async () => {
    const ledger = await RunLedger.open(dir, createFakeClock(), { logger: silentLogger });
    ledger.dispose();
    await expect(ledger.add(run('running', ['running'], 'w1'))).rejects.toThrow('The run log is closed.');
  });

  it('a snapshot that cannot be written keeps the journal: nothing is lost', async () => {
    const clock = createFakeClock();
    const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
    await ledger.add(run('done', ['done'], 's1'));
    await rm(join(dir, runsFileName), { force: true });
    await mkdir(join(dir, runsFileName));
    await expect(ledger.flush()).rejects.toThrow();
    await ledger.add(run('done', ['done'], 's2'));
    await expect(ledger.flush()).rejects.toThrow();
    await rm(join(dir, runsFileName), { recursive: true });
    const after = await RunLedger.open(dir, clock, { logger: silentLogger });
    expect(after.list().map((r) => r.event.id)).toEqual(['s2', 's1']);
  });
});

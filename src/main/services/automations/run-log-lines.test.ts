import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../../shared/ipc/contract';
import { createFakeClock } from '../../test-support/fake-clock';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { RunLedger, runsFileName, runsJournalName } from './run-ledger';
import { applyDelta, copyRun, parseRunLogLine, runChange } from './run-log-lines';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'automations-run-lines-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const queuedAt = Date.parse('2026-01-01T12:00:00.000Z');
const at = (ms: number) => new Date(queuedAt + ms).toISOString();

function newRun(id: string, steps: number): RunRecord {
  return {
    id,
    automationId: 'automation-with-a-long-identity-0001',
    automationName: 'Hydrate! → water scene + fulfil',
    trigger: 'Channel-point reward redeemed: Hydrate!',
    event: { id: `redemption:${id}`, kind: 'redemption', summary: 'PixelPal redeemed Hydrate! (500 points): "a glass of water please"', source: 'live' },
    status: 'running',
    reason: null,
    queuedAt: at(0),
    startedAt: at(0),
    endedAt: null,
    steps: Array.from({ length: steps }, (_, i) => ({
      action: 'obsSwitchScene',
      summary: `Switch to scene Water number ${i}, back after 10 s`,
      status: i === 0 ? 'running' : 'waiting',
      startedAt: i === 0 ? at(0) : null,
      endedAt: null,
      result: null,
      error: null,
    })),
  };
}

/** The service's way: each step started and done in place, each change handed to the ledger. */
async function runThrough(ledger: RunLedger, run: RunRecord, stopAfter = run.steps.length): Promise<number> {
  let changes = 1;
  await ledger.add(run);
  for (const [i, step] of run.steps.entries()) {
    if (i >= stopAfter) return changes;
    if (i > 0) {
      step.status = 'running';
      step.startedAt = at(i * 100);
      await ledger.update(run);
      changes++;
    }
    step.status = i === 1 ? 'failed' : 'done';
    if (i === 1) step.error = 'OBS did not answer within 20 s.';
    else step.result = `Switched to Water number ${i}`;
    step.endedAt = at(i * 100 + 40);
  }
  run.status = 'failed';
  run.reason = '1 of 5 actions failed.';
  run.endedAt = at(run.steps.length * 100);
  await ledger.update(run);
  return changes + 1;
}

const journalLines = async () => {
  const texts = await Promise.all(['a', 'b'].map((s) => readFile(join(dir, `${runsJournalName}.${s}`), 'utf8').catch(() => '')));
  return texts.join('').split('\n').filter(Boolean);
};

describe('the run log journal: a run whole once, then deltas', () => {
  it('a run of N steps writes the run once and one short line per change after', async () => {
    const ledger = await RunLedger.open(dir, createFakeClock(), { logger: silentLogger });
    const run = newRun('run-0001-0000-0000-000000000001', 5);
    const changes = await runThrough(ledger, run);
    // Nothing changed: no line.
    await ledger.update(run);
    const lines = await journalLines();
    expect(lines).toHaveLength(changes);
    expect(changes).toBe(6);
    const [whole, ...deltas] = lines;
    expect(JSON.parse(whole!)[1]).toEqual({ ...newRun(run.id, 5) });
    for (const line of deltas) {
      expect(line.length).toBeLessThan(160);
      expect(line).toContain(run.id);
      // Times as milliseconds after the run was queued, not the text again.
      expect(line).not.toMatch(/2026-01-01T/);
    }
    expect(deltas.reduce((sum, line) => sum + line.length, 0)).toBeLessThan(whole!.length);
  });

  it('replaying the lines gives back the very records, with a snapshot in the middle too', async () => {
    const clock = createFakeClock();
    const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
    const first = newRun('run-a', 5);
    await runThrough(ledger, first);
    const second = newRun('run-b', 5);
    await runThrough(ledger, second, 2);
    // The snapshot lands with the second run under way; more deltas come after it.
    await ledger.flush();
    second.steps[1]!.endedAt = 'not a time the clock wrote';
    second.steps[2]!.status = 'running';
    second.steps[2]!.startedAt = at(250);
    await ledger.update(second);
    const live = ledger.list().map(copyRun);
    // Killed here: the next start reads the snapshot and the lines after it.
    const again = await RunLedger.open(dir, clock, { logger: silentLogger });
    const [b, a] = again.list();
    expect(a).toEqual(live[1]);
    expect(b!.steps.slice(0, 2)).toEqual(live[0]!.steps.slice(0, 2));
    expect(b!.steps[1]!.endedAt).toBe('not a time the clock wrote');
    expect(b!.steps[2]).toMatchObject({ status: 'interrupted', startedAt: at(250) });
    expect(b!.status).toBe('interrupted');
  });

  it('a last line a crash cut short is left out quietly: the run is as the whole lines leave it', async () => {
    const notices = new DataRecoveryNotices(silentLogger);
    const ledger = await RunLedger.open(dir, createFakeClock(), { logger: silentLogger });
    const run = newRun('run-torn', 3);
    await runThrough(ledger, run, 1);
    ledger.dispose();
    const path = join(dir, `${runsJournalName}.a`);
    await writeFile(path, `${await readFile(path, 'utf8')}[9,{"d":"run-torn","t":[{"i":1,"s":"runn`);
    const again = await RunLedger.open(dir, createFakeClock(), { logger: silentLogger, notices });
    expect(notices.list()).toEqual([]);
    expect(again.list()[0]!.steps.map((s) => s.status)).toEqual(['interrupted', 'notRun', 'notRun']);
  });

  it('a damaged delta is set aside and named, the readable lines kept', async () => {
    const notices = new DataRecoveryNotices(silentLogger);
    const run = newRun('run-d', 2);
    await writeFile(
      join(dir, `${runsJournalName}.a`),
      [[1, run], [2, { d: 'run-d', t: [{ i: 0, s: 'exploded' }] }], [3, { d: 'run-d', t: [{ i: 0, s: 'done', e: 5 }] }]].map((line) => JSON.stringify(line)).join('\n') + '\n',
    );
    const ledger = await RunLedger.open(dir, createFakeClock(), { logger: silentLogger, notices });
    expect(notices.list().map((x) => [x.file, x.done])).toEqual([[`${runsJournalName}.a`, 'Kept every readable change of the run log']]);
    expect(ledger.list()[0]!.steps[0]).toMatchObject({ status: 'done', endedAt: at(5) });
  });

  it('reads the files of an older Sidestage (a whole record per change) and goes on with deltas', async () => {
    const run = newRun('run-old', 2);
    const older = copyRun(run);
    older.steps[0] = { ...older.steps[0]!, status: 'done', endedAt: at(30), result: 'Switched' };
    older.steps[1] = { ...older.steps[1]!, status: 'running', startedAt: at(30) };
    await writeFile(join(dir, runsFileName), JSON.stringify({ version: 1, seq: 1, runs: [run] }));
    await writeFile(join(dir, `${runsJournalName}.b`), [[1, run], [2, older]].map((line) => JSON.stringify(line)).join('\n') + '\n');
    const clock = createFakeClock();
    const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
    const [read] = ledger.list();
    expect(read!.steps.map((s) => s.status)).toEqual(['done', 'interrupted']);
    expect(read!.steps[0]!.result).toBe('Switched');
    // A new run on top of it: whole once, then a delta; both read back.
    const next = newRun('run-new', 1);
    await runThrough(ledger, next);
    const again = await RunLedger.open(dir, clock, { logger: silentLogger });
    expect(again.list()).toEqual([next, read]);
  });

  it('a change a delta cannot carry (a step more) is written whole', () => {
    const before = newRun('r', 1);
    const after = copyRun(before);
    after.steps.push({ ...after.steps[0]! });
    expect(runChange(before, after)).toEqual(after);
    expect(runChange(before, copyRun(before))).toBeNull();
  });

  it('a delta gives back nulls and times written as text, and a delta for a step the run lacks changes nothing else', () => {
    const before = newRun('r', 2);
    before.steps[0]!.result = 'was';
    const after = copyRun(before);
    after.steps[0]!.result = null;
    after.endedAt = '2026-01-01T12:00:01Z';
    const delta = runChange(before, after)!;
    expect(delta).toEqual({ d: 'r', e: '2026-01-01T12:00:01Z', t: [{ i: 0, x: null }] });
    const parsed = parseRunLogLine(JSON.parse(JSON.stringify(delta)))!;
    expect(applyDelta(before, parsed as never)).toEqual(after);
    expect(applyDelta(before, { d: 'r', t: [{ i: 7, s: 'done' }] })).toEqual(before);
    expect(parseRunLogLine({ d: 'r', unknown: 1 })).toBeNull();
  });
});

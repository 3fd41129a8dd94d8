/**
 * A real kill -9 in the middle of a run: a child process runs an automation until its first
 * action's request has gone out, and is killed with SIGKILL; the next start reports the run as
 * interrupted and never does its actions again, even when the event comes once more.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { automation, events, quietAutomationSurroundings, recordingPorts } from '../../test-support/automation-fixtures';
import { createFakeClock } from '../../test-support/fake-clock';
import { silentLogger } from '../logger';
import { AutomationStore } from './automation-store';
import { AutomationsService } from './automations-service';
import { RunLedger } from './run-ledger';
import { VariableBook } from './variable-book';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('kill -9 mid-run: the next start reports the run interrupted, and nothing of it is done again', async () => {
  dir = await mkdtemp(join(tmpdir(), 'automations-kill-'));
  const hydrate = automation({ kind: 'redemption', rewardId: null, rewardTitle: '', inputMatch: null }, [
    { kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 0 },
    { kind: 'resolveRedemption', status: 'fulfil' },
  ]);
  await (await AutomationStore.open(dir)).save(hydrate);

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/test-support/automation-run-child.ts', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child never acted: ${output}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('acting')) return;
      clearTimeout(timer);
      resolve();
    });
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');

  const clock = createFakeClock();
  const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
  const [run] = ledger.list();
  expect(run).toMatchObject({ automationId: hydrate.id, event: { id: 'redemption:killed-mid-run' }, status: 'interrupted' });
  expect(run!.steps.map((s) => s.status)).toEqual(['interrupted', 'notRun']);

  const recorded = recordingPorts();
  recorded.queue('killed-mid-run');
  let listener: ((event: never) => void) | null = null;
  const service = new AutomationsService({
    store: await AutomationStore.open(dir),
    ledger,
    events: { on: (_kinds, l) => ((listener = l as (event: never) => void), () => {}) },
    ports: recorded.ports,
    ...quietAutomationSurroundings(),
    clock,
  });
  service.start();
  // The redemption comes again (caught up after the restart, or resent).
  (listener as unknown as (event: unknown) => void)(events.redemption({ id: 'killed-mid-run' }));
  (listener as unknown as (event: unknown) => void)(events.redemption({ id: 'killed-mid-run', source: 'caughtUp' }));
  await new Promise((resolve) => setImmediate(resolve));
  expect(recorded.calls).toEqual([]);
  expect(service.getState().runs).toHaveLength(1);
  service.dispose();
}, 40_000);

it('kill -9 mid-run after a counter step: the increment is kept, applied once, and never again for that run', async () => {
  dir = await mkdtemp(join(tmpdir(), 'automations-kill-vars-'));
  const deathCounter = automation({ kind: 'redemption', rewardId: null, rewardTitle: '', inputMatch: null }, [
    { kind: 'variable', name: 'deaths', op: 'add', value: '', by: 1 },
    { kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 0 },
  ]);
  await (await AutomationStore.open(dir)).save(deathCounter);
  const before = await VariableBook.open(dir, createFakeClock(), { logger: silentLogger });
  await before.define('deaths', 0, 41);
  await before.flush();
  before.dispose();

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/test-support/automation-run-child.ts', dir, 'variables'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child never acted: ${output}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('acting')) return;
      clearTimeout(timer);
      resolve();
    });
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');

  const clock = createFakeClock();
  const ledger = await RunLedger.open(dir, clock, { logger: silentLogger });
  const variables = await VariableBook.open(dir, clock, { logger: silentLogger });
  // The counter step was done before the kill: its journal line holds it.
  expect(variables.get('deaths')?.value).toBe(42);
  const [run] = ledger.list();
  expect(run!.steps.map((s) => s.status)).toEqual(['done', 'interrupted']);
  // The same run's step asked again (its key: the run's id and the step's path) adds nothing.
  await variables.changeOnce('deaths', { kind: 'add', by: 1 }, `${run!.id}@0`);
  expect(variables.get('deaths')?.value).toBe(42);
  variables.dispose();
  ledger.dispose();
}, 40_000);

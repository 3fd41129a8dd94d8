import { describe, expect, it, vi } from 'vitest';
import type { AutomationsState, RunRecord } from '../../../../shared/ipc/contract';
import { createSidestageStore } from '../../store/create-store';
import type { SidestageState } from '../../store/types';
import { automationsState, fakeDeps } from '../../test-support/store-fakes';
import { automationsTile, automationsTileState, lastRunWords } from './automations-tile';

const loaded = automationsState();

const run = (automationName: string, status: RunRecord['status']) => ({ automationName, status }) as RunRecord;
const enabled = { id: 'a1', enabled: true } as AutomationsState['automations'][number];

function storeWith(changes: Partial<SidestageState>) {
  const store = createSidestageStore(fakeDeps().deps);
  store.setState(changes);
  return store;
}
const stateWith = (changes: Partial<SidestageState>) => storeWith(changes).getState();

describe('the automations tile', () => {
  it('says they are on, paused, or what the last run did, in a few words; its label says what a press does', () => {
    expect(automationsTileState(stateWith({ automations: null }))).toMatchObject({ text: 'Reading…', disabled: true });
    expect(automationsTileState(stateWith({ automations: loaded }))).toMatchObject({ text: 'None switched on', tone: 'off', label: 'Pause automations' });
    expect(automationsTileState(stateWith({ automations: { ...loaded, automations: [enabled] } }))).toEqual({ text: 'Automations on', label: 'Pause automations' });
    expect(automationsTileState(stateWith({ automations: { ...loaded, automations: [enabled], paused: true, runs: [run('Hydrate!', 'done')] } }))).toMatchObject({
      text: 'Paused',
      tone: 'warn',
      label: 'Resume automations',
    });
    // Newest first: the last run's outcome, its tone from it.
    const withRuns = (status: RunRecord['status']) => automationsTileState(stateWith({ automations: { ...loaded, automations: [enabled], runs: [run('Hydrate!', status), run('Older', 'failed')] } }));
    expect(withRuns('done')).toEqual({ text: 'Hydrate!: done', tone: 'idle', label: 'Pause automations' });
    expect(withRuns('running')).toMatchObject({ text: 'Hydrate!: running', tone: 'active' });
    expect(withRuns('queued')).toMatchObject({ text: 'Hydrate!: waiting', tone: 'active' });
    expect(withRuns('failed')).toMatchObject({ text: 'Hydrate!: failed', tone: 'warn' });
    expect(withRuns('interrupted')).toMatchObject({ text: 'Hydrate!: interrupted', tone: 'warn' });
    expect(withRuns('skipped')).toMatchObject({ text: 'Hydrate!: skipped', tone: 'idle' });
  });

  it('cuts a long name so the outcome stays in view', () => {
    expect(lastRunWords(run('Raid of 10+ → shoutout + raid scene', 'failed'))).toBe('Raid of 10+ → sho…: failed');
    expect(lastRunWords(run('Exactly eighteen c', 'done'))).toBe('Exactly eighteen c: done');
  });

  it('off (files that could not be opened) or a press under way: it cannot act, and says so', () => {
    expect(automationsTileState(stateWith({ automations: { ...loaded, loaded: true, problem: 'Automations are off: …' } }))).toMatchObject({ text: 'Off: see Automations', tone: 'warn', disabled: true });
    const pressing = stateWith({ automations: { ...loaded, paused: true }, actions: { 'automations.pause': { pending: true, error: null } } });
    expect(automationsTileState(pressing)).toMatchObject({ text: 'Resuming…', disabled: true });
  });

  it('a press pauses them all, the next resumes them; off, it does nothing', async () => {
    const setAutomationsPaused = vi.fn(async () => {});
    const store = storeWith({ automations: loaded, setAutomationsPaused });
    await automationsTile.run!(store);
    store.setState({ automations: { ...loaded, paused: true } });
    await automationsTile.run!(store);
    store.setState({ automations: { ...loaded, problem: 'off' } });
    await automationsTile.run!(store);
    expect(setAutomationsPaused.mock.calls).toEqual([[true], [false]]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { AlertQueueState } from '../../../../shared/ipc/contract';
import { createSidestageStore } from '../../store/create-store';
import type { SidestageState } from '../../store/types';
import { fakeDeps } from '../../test-support/store-fakes';
import { alertsTile, alertsTileState } from './alerts-tile';

const t0 = Date.parse('2030-01-01T10:00:00.000Z');
const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();
const idle: AlertQueueState = { revision: 1, showing: null, waiting: [], waitingCount: 0, pausedByHand: false, adBreakEndsAt: null, pagesOpen: 1, dropped: [], last: null };
const showing = { id: 'event:f1', kind: 'follow' as const, text: 'PixelPal followed', test: false, startedAt: at(-1), endsAt: at(4) };

function storeWith(changes: Partial<SidestageState>) {
  const store = createSidestageStore(fakeDeps().deps);
  store.setState(changes);
  return store;
}
const stateWith = (queue: AlertQueueState | null, changes: Partial<SidestageState> = {}) => storeWith({ alertQueue: queue, ...changes }).getState();

describe('the alerts tile', () => {
  it('says what is showing now and how many wait', () => {
    expect(alertsTileState(stateWith(null), t0)).toMatchObject({ text: 'Reading…', disabled: true });
    expect(alertsTileState(stateWith(idle), t0)).toEqual({ text: 'Nothing waiting', label: 'Pause alerts' });
    expect(alertsTileState(stateWith({ ...idle, waitingCount: 3 }), t0)).toEqual({ text: '3 waiting', label: 'Pause alerts' });
    expect(alertsTileState(stateWith({ ...idle, showing }), t0)).toEqual({ text: 'Showing: PixelPal followed', detail: undefined, tone: 'active', label: 'Pause alerts' });
    expect(alertsTileState(stateWith({ ...idle, showing, waitingCount: 3 }), t0)).toMatchObject({ text: 'Showing: PixelPal followed', detail: '3 waiting' });
  });

  it('paused for an ad break, counting down to the second; paused by hand; no page to show them on', () => {
    const adBreak = stateWith({ ...idle, adBreakEndsAt: at(42), waitingCount: 2 });
    expect(alertsTileState(adBreak, t0)).toEqual({ text: 'Paused: ad break 0:42', detail: '2 waiting', tone: 'warn', label: 'Resume alerts', until: [at(42)] });
    expect(alertsTileState(adBreak, t0 + 41_500).text).toBe('Paused: ad break 0:01');
    // Over, before main says so: not shown as paused.
    expect(alertsTileState(adBreak, t0 + 42_000)).toMatchObject({ text: '2 waiting', label: 'Pause alerts' });
    expect(alertsTileState(stateWith({ ...idle, pausedByHand: true, waitingCount: 1 }), t0)).toEqual({ text: 'Paused', detail: '1 waiting', tone: 'warn', label: 'Resume alerts' });
    expect(alertsTileState(stateWith({ ...idle, pagesOpen: 0, waitingCount: 4 }), t0)).toMatchObject({ text: 'No alerts overlay open', detail: '4 waiting', tone: 'warn' });
    const pressing = stateWith({ ...idle, pausedByHand: true }, { actions: { 'overlays.queue': { pending: true, error: null } } });
    expect(alertsTileState(pressing, t0)).toMatchObject({ text: 'Resuming…', disabled: true });
  });

  it('a press pauses them, or resumes them when paused (by hand or for an ad break); the sheet has Skip, Replay and Test', async () => {
    const pauseAlerts = vi.fn(async () => {});
    const resumeAlerts = vi.fn(async () => {});
    const store = storeWith({ alertQueue: idle, pauseAlerts, resumeAlerts });
    await alertsTile.run!(store);
    store.setState({ alertQueue: { ...idle, pausedByHand: true } });
    await alertsTile.run!(store);
    store.setState({ alertQueue: { ...idle, adBreakEndsAt: new Date(Date.now() + 60_000).toISOString() } });
    await alertsTile.run!(store);
    expect([pauseAlerts.mock.calls.length, resumeAlerts.mock.calls.length]).toEqual([1, 2]);
    expect(alertsTile.Form).toBeDefined();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createSidestageStore, startMirroring } from './create-store';
import { automationsState, fail, fakeDeps, flush, ok, signedIn, signedOut } from '../test-support/store-fakes';

const state = automationsState;

function setup() {
  const fakes = fakeDeps({ transport: 'dock' });
  const automations = {
    getState: vi.fn(async () => ok(state(10))),
    setPaused: vi.fn(async (arg: { paused: boolean }) => ok(state(11, { paused: arg.paused }))),
    test: vi.fn(async (_arg: { id: string }) => ok({ state: state(12), message: 'viewer1 redeemed Hydrate! on the practice channel.' })),
    save: vi.fn(async (_arg: unknown) => ok({ state: state(13), id: 'new-id' })),
    export: vi.fn(async (_arg: { ids?: string[] }) => ok({ json: '{}', fileName: 'sidestage-automations-2030-01-01.json' })),
    import: vi.fn(async (_arg: { json: string }) => fail({ code: 'invalid_argument', message: 'This file comes from a newer Sidestage.' })),
    obsChoices: vi.fn(async () => ok({ connected: false, reason: 'Not connected to OBS', scenes: [], inputs: [] })),
  };
  Object.assign(fakes.bridge, { automations });
  const store = createSidestageStore(fakes.deps);
  return { ...fakes, automations, store };
}

describe('automations slice', () => {
  it("reads main's state once the account can call the platform, follows automations:changed, clears on sign-out", async () => {
    const { store, deps, emit, automations } = setup();
    const stop = startMirroring(store, deps);
    await flush();
    expect(automations.getState).not.toHaveBeenCalled();
    emit('auth:changed', signedIn);
    await flush();
    expect(store.getState().automations?.revision).toBe(10);
    emit('automations:changed', state(20, { paused: true }));
    expect(store.getState().automations?.paused).toBe(true);
    emit('auth:changed', signedOut);
    expect(store.getState().automations).toBeNull();
    stop();
  });

  it('an answer older than what is shown is ignored', async () => {
    const { store, emit, deps } = setup();
    const stop = startMirroring(store, deps);
    emit('automations:changed', state(50, { paused: true }));
    await store.getState().setAutomationsPaused(false);
    // The call's answer (revision 11) lost to the newer event.
    expect(store.getState().automations).toMatchObject({ revision: 50, paused: true });
    stop();
  });

  it('Test keeps what main said until dismissed; a save answers the id', async () => {
    const { store, automations } = setup();
    await store.getState().testAutomation('a1');
    expect(automations.test).toHaveBeenCalledWith({ id: 'a1' });
    expect(store.getState().automationsNote).toBe('viewer1 redeemed Hydrate! on the practice channel.');
    store.getState().dismissAutomationsNote();
    expect(store.getState().automationsNote).toBeNull();
    expect(await store.getState().saveAutomation({ name: 'x' } as never)).toBe('new-id');
  });

  it("an import refused says main's reason as the action's error; an export answers the file", async () => {
    const { store } = setup();
    await store.getState().importAutomations('{"format":"sidestage-automations","version":9}');
    expect(store.getState().actions['automations.import']?.error).toBe('This file comes from a newer Sidestage.');
    expect(await store.getState().exportAutomations(['a1'])).toEqual({ json: '{}', fileName: 'sidestage-automations-2030-01-01.json' });
  });

  it("a refusal keeps main's code and wait: a rate limit says when to try again", async () => {
    const { store, automations } = setup();
    automations.import.mockResolvedValueOnce(fail({ code: 'rate_limited', message: 'Too many imports.', retryAfterMs: 2_000 }));
    await store.getState().importAutomations('{}');
    expect(store.getState().actions['automations.import']?.error).toBe('Too many imports. Try again in 2 s.');
  });

  it("OBS's choices on demand", async () => {
    const { store } = setup();
    await store.getState().loadAutomationsObs();
    expect(store.getState().automationsObs).toMatchObject({ connected: false, reason: 'Not connected to OBS' });
  });
});

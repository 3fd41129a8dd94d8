import type { StoreApi } from 'zustand/vanilla';
import { describeError } from '../lib/ipc-call';
import type { EventEpochs } from './event-epochs';
import type { ActionId, ActionsSlice, ActionStatus, SidestageState, StoreDeps } from './types';

export const idleAction: ActionStatus = Object.freeze({ pending: false, error: null });

export interface RunOptions {
  /** Failures that are an answer rather than an error (a cancelled sign-in). */
  isQuiet?: (error: unknown) => boolean;
}

/**
 * Runs one attempt of an action. `isLatest()` tells the attempt whether a newer attempt of the
 * same action has started since, so a slow, stale answer does not overwrite a newer one.
 * Never rejects: failures end up in `actions[id].error`, where the UI shows them with Retry.
 */
export type RunAction = (
  id: ActionId,
  attempt: (isLatest: () => boolean) => Promise<void>,
  options?: RunOptions,
) => Promise<void>;

export type SetState = StoreApi<SidestageState>['setState'];
export type GetState = StoreApi<SidestageState>['getState'];

export interface SliceContext {
  set: SetState;
  get: GetState;
  deps: StoreDeps;
  run: RunAction;
  /** Runs an action's last attempt again (the actions slice's `retry`). */
  retry: (id: ActionId) => Promise<void>;
  /** Tells a call's answer whether an event of its domain overtook it (see event-epochs.ts). */
  epochs: EventEpochs;
}

export function createActionRunner(set: SetState): { run: RunAction; retry: (id: ActionId) => Promise<void> } {
  const latest = new Map<ActionId, number>();
  const again = new Map<ActionId, () => Promise<void>>();
  let counter = 0;

  const setStatus = (id: ActionId, status: ActionStatus) =>
    set((state) => ({ actions: { ...state.actions, [id]: status } }));

  const run: RunAction = async (id, attempt, options = {}) => {
    const seq = ++counter;
    latest.set(id, seq);
    again.set(id, () => run(id, attempt, options));
    const isLatest = () => latest.get(id) === seq;
    setStatus(id, { pending: true, error: null });
    try {
      await attempt(isLatest);
      if (isLatest()) setStatus(id, idleAction);
    } catch (error) {
      // A superseded attempt's failure is not shown: the user has since asked for something else.
      if (!isLatest()) return;
      setStatus(id, options.isQuiet?.(error) ? idleAction : { pending: false, error: describeError(error) });
    }
  };

  const retry = async (id: ActionId) => {
    await again.get(id)?.();
  };

  return { run, retry };
}

/** Every action's status, as `run` writes it: shown with Retry until it is dismissed. */
export function createActionsSlice({ set, retry }: Pick<SliceContext, 'set' | 'retry'>): ActionsSlice {
  return {
    actions: {},
    retry,
    dismissError: (id) =>
      set((state) => {
        const status = state.actions[id];
        return status?.error ? { actions: { ...state.actions, [id]: { ...status, error: null } } } : {};
      }),
  };
}

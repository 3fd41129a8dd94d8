/**
 * Automations in the store: main keeps them, their run log and the global pause; this mirrors
 * `automations:changed` (the account's domain: read while the platform can be called), and its
 * actions call main. Main numbers its state (`revision`): an answer older than what is shown is
 * ignored. OBS's scenes and inputs are read when the editor asks; sounds and images are the
 * overlays slice's media library.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { AutomationsState, IpcResult } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { AutomationsActionId, AutomationsSlice } from './slice-types/automations';

export function createAutomationsSlice({ set, get, deps, run, epochs }: SliceContext): AutomationsSlice {
  const { bridge } = deps;
  const show = epochs.numbered(() => get().automations, (automations: AutomationsState) => set({ automations }));
  /** Runs a call that answers the state; answers whether it worked. */
  const callForState = async (id: AutomationsActionId, request: () => Promise<IpcResult<AutomationsState>>) => {
    let ok = false;
    await run(id, async () => {
      show(await call(request()));
      ok = true;
    });
    return ok;
  };
  const saved = async (id: AutomationsActionId, request: () => Promise<IpcResult<{ state: AutomationsState; id: string }>>) => {
    let savedId: string | null = null;
    await run(id, async () => {
      const answer = await call(request());
      show(answer.state);
      savedId = answer.id;
    });
    return savedId;
  };
  return {
    automations: null,
    automationsObs: null,
    automationsNote: null,
    loadAutomations: async () => void (await callForState('automations.load', () => bridge.automations.getState())),
    saveAutomation: (automation) => saved('automations.save', () => bridge.automations.save({ automation })),
    createAutomationFromTemplate: (templateId) => saved('automations.template', () => bridge.automations.createFromTemplate({ templateId })),
    duplicateAutomation: async (id) => void (await saved('automations.duplicate', () => bridge.automations.duplicate({ id }))),
    setAutomationEnabled: async (id, enabled) => void (await callForState('automations.toggle', () => bridge.automations.setEnabled({ id, enabled }))),
    deleteAutomation: async (id) => void (await callForState('automations.delete', () => bridge.automations.delete({ id }))),
    setAutomationsPaused: async (paused) => void (await callForState('automations.pause', () => bridge.automations.setPaused({ paused }))),
    runAutomation: async (id) => void (await callForState('automations.run', () => bridge.automations.run({ id }))),
    testAutomation: (id) =>
      run('automations.test', async () => {
        const answer = await call(bridge.automations.test({ id }));
        show(answer.state);
        set({ automationsNote: answer.message });
      }),
    importAutomations: (json) =>
      run('automations.import', async () => {
        const answer = await call(bridge.automations.import({ json }));
        show(answer.state);
        set({ automationsNote: answer.message });
      }),
    exportAutomations: async (ids) => {
      let file: { json: string; fileName: string } | null = null;
      await run('automations.export', async () => {
        file = await call(bridge.automations.export(ids ? { ids } : {}));
      });
      return file;
    },
    clearAutomationLog: async () => void (await callForState('automations.clearLog', () => bridge.automations.clearLog())),
    defineAutomationVariable: async (name, initial, value) =>
      void (await callForState('automations.variable', () => bridge.automations.defineVariable(value === undefined ? { name, initial } : { name, initial, value }))),
    changeAutomationVariable: async (name, change) => void (await callForState('automations.variable', () => bridge.automations.changeVariable({ name, change }))),
    deleteAutomationVariable: async (name) => void (await callForState('automations.variable', () => bridge.automations.deleteVariable({ name }))),
    loadAutomationsObs: () =>
      run('automations.obsChoices', async () => {
        set({ automationsObs: await call(bridge.automations.obsChoices()) });
      }),
    applyAutomations: show,
    dismissAutomationsNote: () => set({ automationsNote: null }),
  };
}

/** Follows `automations:changed`; reads while the platform can be called for the current account, again on resync. */
export function mirrorAutomations(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'automations:changed': (state, automations) => state.applyAutomations(automations) },
    load: (state) => state.loadAutomations(),
    account: { clear: () => store.setState({ automations: null, automationsObs: null, automationsNote: null }) },
  });
}

/**
 * "Add to OBS" against a REAL OBS Studio (headless under xvfb-run), through the app's IPC as the
 * Overlays panel calls it. Debian's OBS has no browser source (its obs-browser plugin is left out):
 * there the app must say so in words, with OBS's code 605, and nothing is added. Where the plugin
 * exists, the source is created in the current scene. Skipped, with the reason, where obs or
 * xvfb-run is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObsState, OverlaysState } from '../../../shared/ipc/contract';
import { obsUnavailableReason, startObsStudio, type RunningObs } from '../../test-support/obs-studio-process';
import { startDemoSidestage, type DemoSidestage } from '../../test-support/demo-sidestage';
import { waitUntil } from '../../test-support/wait-until';
import { noBrowserSourceMessage } from './obs-browser-source';

const reason = obsUnavailableReason();
if (reason) console.warn(`add-to-obs.integration.test.ts skipped: ${reason}`);

describe.skipIf(reason !== null)('Add to OBS with a real OBS Studio', () => {
  let obs: RunningObs;
  let demo: DemoSidestage;

  beforeAll(async () => {
    obs = await startObsStudio({ timeoutMs: 60_000 });
    demo = await startDemoSidestage({ name: 'add-to-obs' });
    await demo.call('obs:setConnection', { host: '127.0.0.1', port: obs.port });
    await demo.call('obs:setPassword', { password: obs.password });
    await demo.call('obs:connect');
    let status = '';
    const off = demo.sidestage.router.onEvent((event, payload) => {
      if (event === 'obs:changed') status = (payload as ObsState).status;
    });
    try {
      status = (await demo.call<ObsState>('obs:getState')).status;
      await waitUntil(() => status === 'connected', 20_000, 'OBS connected');
    } finally {
      off();
    }
  }, 90_000);

  afterAll(async () => {
    await demo?.dispose();
    await obs?.stop();
  }, 30_000);

  it('adds the alerts overlay to the current scene, or says in words that this OBS has no browser source', async () => {
    const state = await demo.call<OverlaysState>('overlays:getState');
    const url = state.overlays.find((o) => o.key === 'alerts')!.url!;
    const kinds = await demo.sidestage.obs.call('GetInputKindList', { unversioned: true });
    const result = await demo.sidestage.router.dispatch('overlays:addToObs', { key: 'alerts' }, { trusted: true, description: 'test' });
    if (kinds.inputKinds.includes('browser_source')) {
      expect(result).toMatchObject({ ok: true, value: { inputName: 'Sidestage Alerts', updated: false } });
      const settings = await demo.sidestage.obs.call('GetInputSettings', { inputName: 'Sidestage Alerts' });
      expect(settings.inputSettings).toMatchObject({ url, width: 1920, height: 1080 });
      return;
    }
    // Debian's OBS: refused in words, OBS's code kept, the token nowhere in the message.
    expect(result).toEqual({ ok: false, error: { code: 'unavailable', message: noBrowserSourceMessage, status: 605 } });
    expect(JSON.stringify(result)).not.toContain(new URL(url).searchParams.get('token')!);
    const { inputs } = await demo.sidestage.obs.call('GetInputList', {});
    expect(inputs.map((input) => input.inputName)).not.toContain('Sidestage Alerts');
  });
});

/**
 * "Back after N s" against a REAL OBS Studio (headless under xvfb-run): a revert due while
 * Sidestage was closed is done at its next start; two automations racing "switch and back" never
 * strand the stream on a scene neither wanted, live and across a quit; a scene change made in OBS
 * fires an "OBS event" trigger. Each "Sidestage" here is
 * the automations service over the real OBS connection (ObsService, ObsSceneControl) and the same
 * data directory, as the app's are. Skipped, with the reason printed, where obs or xvfb-run is missing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Automation } from '../../../shared/ipc/contract';
import { automation, quietAutomationSurroundings, recordingPorts } from '../../test-support/automation-fixtures';
import { obsUnavailableReason, startObsStudio, type RunningObs } from '../../test-support/obs-studio-process';
import { waitUntil } from '../../test-support/wait-until';
import { silentLogger } from '../logger';
import { MemoryObsPasswordStore } from '../obs/obs-password-store';
import { ObsSceneControl } from '../obs/obs-scene-control';
import { ObsService } from '../obs/obs-service';
import { MemorySettingsStore } from '../settings/settings-store';
import { KeptObsReverts } from './action-runners/kept-obs-reverts';
import { obsAutomationEvent } from './trigger-sources/obs-triggers';
import { AutomationStore } from './automation-store';
import { AutomationsService } from './automations-service';
import { RunLedger } from './run-ledger';
import { systemClock } from '../../../shared/primitives/clock';

const reason = obsUnavailableReason();
if (reason) console.warn(`kept-reverts.integration.test.ts skipped: ${reason}`);

describe.skipIf(reason !== null)('kept "back after N s" with a real OBS Studio', () => {
  let obs: RunningObs;
  let service: ObsService;
  const dirs: string[] = [];

  const programScene = async () => (await service.call('GetCurrentProgramScene')).currentProgramSceneName;
  const sourceShown = async (sceneName: string, sourceName: string) => {
    const { sceneItemId } = await service.call('GetSceneItemId', { sceneName, sourceName });
    return (await service.call('GetSceneItemEnabled', { sceneName, sceneItemId })).sceneItemEnabled;
  };

  /** One start of "Sidestage": its files read from `dir`, the service started over the real OBS. */
  async function startSidestage(dir: string, automations: Automation[], recorded = recordingPorts()) {
    const store = await AutomationStore.open(dir);
    for (const a of automations) if (!store.get(a.id)) await store.save(a);
    const ledger = await RunLedger.open(dir, systemClock, { logger: silentLogger });
    const keptReverts = await KeptObsReverts.open(dir, systemClock, { logger: silentLogger });
    const ports = { ...recorded.ports, obs: new ObsSceneControl(service) };
    // OBS's events as the feature reads them (automations-feature.ts).
    const obsEvents = { on: (listener: (event: NonNullable<ReturnType<typeof obsAutomationEvent>>) => void) => service.onEvent(({ name, data }) => { const event = obsAutomationEvent(name, data); if (event) listener(event); }) };
    const automationsService = new AutomationsService({ ...quietAutomationSurroundings(), store, ledger, ports, events: { on: () => () => {} }, keptReverts, keptRevertRetryMs: 500, obsEvents });
    automationsService.start();
    return {
      service: automationsService,
      kept: keptReverts,
      runs: () => automationsService.getState().runs,
      /** As on quit: the runs stop where they are; what is on disk stays. */
      async quit() {
        automationsService.dispose();
        await ledger.flush();
        await keptReverts.flush();
        ledger.dispose();
        keptReverts.dispose();
      },
    };
  }

  beforeAll(async () => {
    obs = await startObsStudio({ timeoutMs: 60_000 });
    service = new ObsService({
      settings: new MemorySettingsStore({ 'obs.host': '127.0.0.1', 'obs.port': obs.port }),
      passwords: new MemoryObsPasswordStore(obs.password),
      logger: silentLogger,
      getIngestTarget: async () => ({ server: 'rtmp://127.0.0.1:1/app', serverName: 'Local test', key: 'live_1_placeholder' }),
    });
    await service.connect();
    await waitUntil(() => service.getState().status === 'connected', 20_000, 'OBS connected');
    for (const sceneName of ['Water', 'Raid']) await service.call('CreateScene', { sceneName });
    await service.call('CreateInput', { sceneName: 'Scene', inputName: 'Banner', inputKind: 'color_source_v3', inputSettings: { color: 4278190335 }, sceneItemEnabled: false });
  }, 120_000);

  afterAll(async () => {
    await service?.dispose();
    await obs?.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }, 30_000);

  const newDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kept-reverts-'));
    dirs.push(dir);
    return dir;
  };

  it('a scene and a source due while Sidestage was closed are put back at its next start', async () => {
    await service.call('SetCurrentProgramScene', { sceneName: 'Scene' });
    const dir = await newDir();
    const water = automation({ kind: 'manual' }, [{ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 2 }], { id: 'water' });
    const banner = automation({ kind: 'manual' }, [{ kind: 'obsSourceVisibility', sceneName: 'Scene', sourceName: 'Banner', visible: true, forSeconds: 2 }], { id: 'banner' });
    const first = await startSidestage(dir, [water, banner]);
    first.service.run('banner');
    first.service.run('water');
    await waitUntil(async () => (await programScene()) === 'Water' && (await sourceShown('Scene', 'Banner')), 15_000, 'Water on air and the banner shown', 50);
    await waitUntil(() => first.runs().every((r) => r.steps[0]!.result !== null), 10_000, 'both waits recorded');
    await first.quit();
    // Closed past both due times: nothing puts them back meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await programScene()).toBe('Water');
    expect(await sourceShown('Scene', 'Banner')).toBe(true);

    const second = await startSidestage(dir, []);
    await waitUntil(async () => (await programScene()) === 'Scene' && !(await sourceShown('Scene', 'Banner')), 15_000, 'the scene back and the banner hidden at start', 100);
    await waitUntil(() => second.kept.fromEarlier().length === 0, 5000, 'the kept reverts done');
    await second.quit();
    // Done once: a third start has nothing to put back.
    const third = await startSidestage(dir, []);
    expect(third.kept.fromEarlier()).toEqual([]);
    await third.quit();
  }, 60_000);

  it('not done at start when the broadcaster chose another scene meanwhile', async () => {
    await service.call('SetCurrentProgramScene', { sceneName: 'Scene' });
    const dir = await newDir();
    const first = await startSidestage(dir, [automation({ kind: 'manual' }, [{ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 1 }], { id: 'water' })]);
    first.service.run('water');
    await waitUntil(async () => (await programScene()) === 'Water', 15_000, 'Water on air', 50);
    await waitUntil(() => first.runs()[0]?.steps[0]!.result !== null, 10_000, 'the wait recorded');
    await first.quit();
    await service.call('SetCurrentProgramScene', { sceneName: 'Raid' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const second = await startSidestage(dir, []);
    await waitUntil(() => second.kept.fromEarlier().length === 0, 10_000, 'the kept revert settled');
    expect(await programScene()).toBe('Raid');
    await second.quit();
  }, 60_000);

  it('"OBS event": a program scene change made in OBS runs the automation with its scene', async () => {
    await service.call('SetCurrentProgramScene', { sceneName: 'Scene' });
    const recorded = recordingPorts();
    const onScene = automation({ kind: 'obsEvent', event: 'sceneChanged' }, [{ kind: 'chatMessage', text: 'Now showing {scene}' }], { id: 'on-scene' });
    const sidestage = await startSidestage(await newDir(), [onScene], recorded);
    await service.call('SetCurrentProgramScene', { sceneName: 'Raid' });
    await waitUntil(() => recorded.of('chat.send').length === 1, 15_000, 'the automation run by the scene change', 50);
    expect(recorded.of('chat.send')).toEqual([['Now showing Raid', undefined]]);
    await sidestage.quit();
  }, 60_000);

  it('the raid scene and back, with a second automation racing it: never a scene neither wanted, live and across a quit', async () => {
    for (const quitMidway of [false, true]) {
      await service.call('SetCurrentProgramScene', { sceneName: 'Scene' });
      const dir = await newDir();
      const hydrate = automation({ kind: 'manual' }, [{ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 2 }], { id: 'hydrate' });
      const raid = automation({ kind: 'manual' }, [{ kind: 'obsSwitchScene', sceneName: 'Raid', backAfterSeconds: 3 }], { id: 'raid' });
      const first = await startSidestage(dir, [hydrate, raid]);
      first.service.run('hydrate');
      await waitUntil(async () => (await programScene()) === 'Water', 15_000, 'Water on air', 50);
      first.service.run('raid');
      await waitUntil(async () => (await programScene()) === 'Raid', 15_000, 'Raid on air', 50);
      let last = first;
      if (quitMidway) {
        await waitUntil(() => first.runs().every((r) => r.steps[0]!.result !== null), 10_000, 'both waits recorded');
        await first.quit();
        await new Promise((resolve) => setTimeout(resolve, 3500));
        last = await startSidestage(dir, []);
        await waitUntil(() => last.kept.fromEarlier().length === 0, 15_000, 'the kept reverts done');
      } else {
        await waitUntil(() => first.runs().length === 2 && first.runs().every((r) => r.status === 'done'), 15_000, 'both runs done');
        const hydrateRun = first.runs().find((r) => r.automationId === 'hydrate')!;
        expect(hydrateRun.steps[0]!.result).toBe('Switched to "Water"; "Raid" was put on air over it, and goes back to "Scene" in its turn');
      }
      // Hydrate saw Raid on air and left it; Raid went back to what Hydrate replaced, never to Water.
      await waitUntil(async () => (await programScene()) === 'Scene', 10_000, 'back on Scene', 100);
      await last.quit();
    }
  }, 90_000);
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { channelNames, type AutomationInput, type AutomationsState } from '../../../shared/ipc/contract';
import { IpcRouter } from '../../ipc/ipc-router';
import { registerAutomationsIpc } from '../../ipc/automations-ipc';
import { automationsFeature } from '../../composition/automations';
import { queueHarnessPerTest } from '../../test-support/redemption-fakes';
import { waitUntil } from '../../test-support/wait-until';
import { silentLogger } from '../logger';
import { createAutomationsFeature, openAutomationFiles, type AutomationsFeature, type AutomationsFeatureDeps } from './automations-feature';

const h = queueHarnessPerTest();
const dirs: string[] = [];
const features: AutomationsFeature[] = [];
afterEach(async () => {
  for (const feature of features.splice(0)) await feature.dispose();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'automations-feature-'));
  dirs.push(dir);
  return dir;
}

/** The feature over the harness's queue and its channel-event stream; chat messages recorded. */
function deps(sent: string[]): AutomationsFeatureDeps {
  const none = () => () => {};
  return {
    logger: silentLogger,
    channelEvents: h.channelEvents!,
    obs: { call: () => Promise.reject(new Error('no OBS')), getState: () => ({ status: 'off', statusText: 'Not connected to OBS' }) },
    chat: {
      send: async (text) => {
        sent.push(text);
        return { messageId: null };
      },
    },
    speakingAccounts: { userIds: () => [] },
    live: {
      stream: { getStatus: () => ({ live: false, startedAt: null }), onChange: none },
      ads: { getState: () => ({ schedule: null }), onChange: none },
    } as never,
    redemptions: { redemptions: h.service!, rewards: { getOverview: () => ({ rewards: [] }), list: async () => ({ rewards: [] }) } } as never,
  };
}

const call = (router: IpcRouter, channel: string, arg?: unknown) => router.dispatch(channel, arg, { trusted: true, description: 'test' });

const echo = (name: string, alsoMissed: boolean): AutomationInput => ({
  name,
  enabled: true,
  trigger: { kind: 'redemption', rewardId: null, rewardTitle: '', inputMatch: null },
  conditions: { onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 0, rules: [] },
  actions: [{ kind: 'chatMessage', text: `${name}: {input}` }],
  queue: 'oneAtATime',
  alsoMissed,
  stopOnError: false,
  stripLinks: false,
});

describe('the automations feature', () => {
  it('is built from its files at once: its IPC serves from the start, before start()', async () => {
    await h.start();
    const feature = createAutomationsFeature(deps([]), await openAutomationFiles(await dataDir(), { logger: silentLogger }));
    features.push(feature);
    const router = new IpcRouter(silentLogger);
    registerAutomationsIpc(router, feature.service!);
    expect(await call(router, 'automations:getState')).toMatchObject({ ok: true, value: { loaded: true, problem: null, automations: [] } });
    const saved = await call(router, 'automations:save', { automation: echo('Echo', false) });
    expect(saved).toMatchObject({ ok: true });
    expect(feature.getState().automations.map((a) => a.name)).toEqual(['Echo']);
  });

  it('runs on the redemptions the queue finds by catching up after a gap (its `caughtUp` events), each once, and only where asked for; it publishes none itself', async () => {
    const waiting = h.api.redeem('a', { user_input: 'waiting at start' });
    await h.start();
    const sent: string[] = [];
    const feature = createAutomationsFeature(deps(sent), await openAutomationFiles(await dataDir(), { logger: silentLogger }));
    features.push(feature);
    const service = feature.service!;
    await service.save(echo('Live only', false));
    await service.save(echo('Also missed', true));
    feature.start();

    const missed = h.api.redeem('b', { user_input: 'missed' });
    h.events.gap();
    await h.settle();
    // Its live event, late, and the queue catching up once more: the stream passed it on already.
    h.events.add(missed);
    h.events.gap();
    await h.settle();
    await waitUntil(() => sent.length > 0 && service.getState().runs.every((r) => r.status === 'done'), 2_000, 'the run');
    expect(sent).toEqual(['Also missed: missed']);
    expect(service.getState().runs.map((r) => [r.automationName, r.event.source])).toEqual([['Also missed', 'caughtUp']]);
    // The stream carried it once, from the queue; the one waiting at start is the queue's, not news.
    expect(h.streamed.map((e) => [e.redemptionId, e.source])).toEqual([[missed.id, 'caughtUp']]);
    expect(sent.join()).not.toContain(waiting.id);
  });

  it('files that cannot be opened leave automations off, saying why: decided before the build, every call but the state refused with the reason', async () => {
    const dir = await dataDir();
    const notAFolder = join(dir, 'file');
    await writeFile(notAFolder, 'x');
    const files = await openAutomationFiles(notAFolder, { logger: silentLogger });
    expect(files.problem).toMatch(/^Automations are off: Sidestage could not open their files in its data folder \([A-Z]+\)\. Free some space/);
    const feature = createAutomationsFeature({ logger: silentLogger } as AutomationsFeatureDeps, files);
    features.push(feature);
    expect(feature.service).toBeNull();
    const router = new IpcRouter(silentLogger);
    // Off as every feature is (composition/automations.ts serves it).
    const resolutions: unknown[] = [];
    const linked: unknown[] = [];
    const earlier = {
      redemptions: { notifications: { useAutomaticResolutions: (automatic: unknown) => resolutions.push(automatic) } },
      overlays: { useVariables: (port: unknown) => (linked.push(port), () => {}) },
    };
    automationsFeature.serve(router, feature, earlier as never, {} as never);
    // Off, it still tells the toasts that no automation resolves a redemption, and the counter widget its (refusing) variables.
    expect(resolutions).toHaveLength(1);
    expect(linked).toEqual([feature.variables]);
    expect(router.missingHandlers().filter((c) => c.startsWith('automations:'))).toEqual([]);
    const state = await call(router, 'automations:getState');
    expect(state).toMatchObject({ ok: true, value: { loaded: true, problem: files.problem } satisfies Partial<AutomationsState> });
    const args: Record<string, unknown> = {
      'automations:save': { automation: echo('x', false) },
      'automations:createFromTemplate': { templateId: 't' },
      'automations:duplicate': { id: 'a' },
      'automations:setEnabled': { id: 'a', enabled: true },
      'automations:delete': { id: 'a' },
      'automations:setPaused': { paused: true },
      'automations:run': { id: 'a' },
      'automations:test': { id: 'a' },
      'automations:import': { json: '{}' },
      'automations:export': {},
      'automations:defineVariable': { name: 'deaths', initial: 0 },
      'automations:changeVariable': { name: 'deaths', change: { kind: 'reset' } },
      'automations:deleteVariable': { name: 'deaths' },
    };
    for (const channel of channelNames.filter((c) => c.startsWith('automations:') && c !== 'automations:getState')) {
      expect(await call(router, channel, args[channel]), channel).toEqual({ ok: false, error: { code: 'unavailable', message: files.problem } });
    }
  });
});

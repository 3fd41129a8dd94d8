/**
 * A counter on an OBS text source across a restart, against a REAL OBS Studio (headless under
 * xvfb-run) and the whole app in demo mode: the starter pack's "!death" (a moderator's command)
 * said in chat through the emulator's simulation API adds one to the deaths variable and writes it
 * on OBS's text source "Deaths"; Sidestage is then disposed and started again over the same data
 * directory and settings (OBS stays open, as the broadcaster's does), "!death" again shows one
 * more. OBS's text is read back through obs-websocket. Skipped, with the reason printed, where obs
 * or xvfb-run is missing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutomationsState, RunRecord } from '../../../shared/ipc/contract';
import { DEMO_VIEWERS } from '../../../emulator/seed';
import { startDemoSidestage, type DemoSidestage } from '../../test-support/demo-sidestage';
import { obsUnavailableReason, startObsStudio, type RunningObs } from '../../test-support/obs-studio-process';
import { waitUntil } from '../../test-support/wait-until';
import { MemorySettingsStore } from '../settings/settings-store';

const reason = obsUnavailableReason();
if (reason) console.warn(`counter-restart.integration.test.ts skipped: ${reason}`);

/** ModMallory, a moderator of the demo channel: "!death" is for moderators. */
const moderator = DEMO_VIEWERS[2]!;

describe.skipIf(reason !== null)('a counter on an OBS text source across a restart, with a real OBS Studio', () => {
  let obs: RunningObs;
  let dataDir: string;
  let app: DemoSidestage | null = null;
  /** Kept across the restart, as the app's settings file is: OBS's address and "connect" stay on. */
  const settings = new MemorySettingsStore();

  const state = async (): Promise<AutomationsState> => app!.call<AutomationsState>('automations:getState');
  /** Waits until the automation has `count` runs that ended (the run log's, earlier starts' too), newest first. */
  const ended = async (id: string, count: number): Promise<RunRecord[]> => {
    let runs: RunRecord[] = [];
    await waitUntil(async () => {
      runs = (await state()).runs.filter((r) => r.automationId === id && r.status !== 'running' && r.status !== 'queued');
      return runs.length >= count;
    }, 20_000, `${count} ended runs of ${id}`, 50).catch(async (error: Error) => {
      const statuses = (await state()).statuses.find((s) => s.id === id);
      throw new Error(`${error.message}; have ${JSON.stringify(runs.map((r) => [r.status, r.reason]))}, skipped ${JSON.stringify(statuses?.skipped)}`);
    });
    return runs;
  };
  const deathsText = async () => ((await app!.sidestage.obs.call('GetInputSettings', { inputName: 'Deaths' })).inputSettings as { text?: unknown }).text;
  const deathsVariable = async () => (await state()).variables.find((v) => v.name === 'deaths')?.value;

  /**
   * One start of Sidestage over the one data directory: signed in, OBS connected, chat subscribed.
   * `firstTime`: OBS connected once as the broadcaster does in Settings (the password saved, the
   * connection left on); a later start connects by itself.
   */
  async function startSidestage(firstTime: boolean): Promise<DemoSidestage> {
    const started = await startDemoSidestage({ name: 'counter-restart', dataDir, settings });
    app = started;
    if (firstTime) {
      await started.call('obs:setPassword', { password: obs.password });
      await started.call('obs:connect');
    }
    await started.signIn();
    await waitUntil(() => started.sidestage.obs.getState().status === 'connected', 30_000, 'OBS connected');
    await waitUntil(async () => (await started.sim.eventSubSubscriptions()).subscriptions.some((s) => s.type === 'channel.chat.message' && s.status === 'enabled'), 20_000, 'chat subscribed', 50);
    return started;
  }

  beforeAll(async () => {
    obs = await startObsStudio({ timeoutMs: 60_000 });
    dataDir = await mkdtemp(join(tmpdir(), 'sidestage-counter-restart-'));
    settings.set('obs.host', '127.0.0.1');
    settings.set('obs.port', obs.port);
  }, 90_000);

  afterAll(async () => {
    await app?.dispose();
    await obs?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('"!death" shows the count on the text source, and one more after Sidestage restarts', async () => {
    const first = await startSidestage(true);
    await first.sidestage.obs.call('CreateInput', { sceneName: 'Scene', inputName: 'Deaths', inputKind: 'text_ft2_source_v2', inputSettings: { text: 'Deaths: 0' } });

    // The starter pack's death counter, as made from its template, then switched on.
    const { id } = await first.call<{ id: string }>('automations:createFromTemplate', { templateId: 'death' });
    const made = (await state()).automations.find((a) => a.id === id)!;
    expect(made).toMatchObject({ enabled: false, trigger: { kind: 'chatCommand', command: '!death', minRole: 'moderator' }, conditions: { cooldownSeconds: 5 } });
    expect(made.actions).toContainEqual({ kind: 'obsSetText', inputName: 'Deaths', text: 'Deaths: {var.deaths}' });
    await first.call('automations:setEnabled', { id, enabled: true });
    expect(await deathsVariable()).toBe(0);

    await first.sim.sendChatMessage({ broadcaster_id: first.broadcasterId, user_id: moderator.id, text: '!death' });
    const [firstRun] = await ended(id, 1);
    expect(firstRun, JSON.stringify(firstRun?.steps)).toMatchObject({ status: 'done' });
    const firstRanAt = Date.now();
    expect(await deathsText()).toBe('Deaths: 1');
    expect(await deathsVariable()).toBe(1);

    // Quit: OBS stays open with what Sidestage wrote on it.
    await first.dispose();
    app = null;

    const second = await startSidestage(false);
    expect(await deathsVariable()).toBe(1);
    expect(await deathsText()).toBe('Deaths: 1');
    expect((await state()).automations.find((a) => a.id === id)).toMatchObject({ enabled: true });
    // "!death" again once the first run's 5 s cooldown is over (whether a restart keeps it is the cooldown book's own test).
    await waitUntil(() => Date.now() - firstRanAt > 5_500, 10_000, 'the cooldown over');
    await second.sim.sendChatMessage({ broadcaster_id: second.broadcasterId, user_id: moderator.id, text: '!death' });
    await waitUntil(async () => (await deathsText()) === 'Deaths: 2', 20_000, 'OBS showing "Deaths: 2"', 50);
    const runs = await ended(id, 2);
    expect(runs.map((r) => r.status)).toEqual(['done', 'done']);
    expect(await deathsVariable()).toBe(2);
    // Said in chat each time, with the count of its own time.
    const said = (await second.sim.chatMessages(second.broadcasterId)).messages.filter((m) => m.user_id === second.broadcasterId && m.text.startsWith('Deaths:'));
    expect(said.map((m) => m.text)).toEqual(['Deaths: 2']);
  }, 120_000);
});

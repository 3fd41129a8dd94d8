/**
 * Automations end to end in main: the whole app in demo mode (its in-process emulator, EventSub,
 * the channel-event stream, the action services) driven through the IPC router as the renderer
 * drives it, events made by the emulator's simulation API, and, where obs and xvfb-run are
 * installed, a REAL OBS Studio (headless) whose scenes and sources are read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutomationInput, AutomationsState, ObsChoices, RunRecord } from '../../../shared/ipc/contract';
import { startDemoSidestage, type DemoSidestage } from '../../test-support/demo-sidestage';
import { obsUnavailableReason, startObsStudio, type RunningObs } from '../../test-support/obs-studio-process';
import { waitUntil } from '../../test-support/wait-until';
import { MemorySettingsStore } from '../settings/settings-store';
import { DEMO_REWARD_IDS } from '../../../emulator/seed-channel-points';
import { commandNeutraliser } from './template';

const hydrateRewardId = DEMO_REWARD_IDS.hydrate;
const noConditions = { onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 0, rules: [] };
const base = { enabled: true, conditions: noConditions, queue: 'oneAtATime' as const, alsoMissed: false, stopOnError: false, stripLinks: false };

async function signedIn(app: DemoSidestage): Promise<void> {
  await app.signIn();
  await waitUntil(() => {
    const status = app.sidestage.redemptions.redemptions.getStatus();
    return status?.lastSyncedAt != null;
  }, 15_000, 'the queue read');
}

function helpers(app: DemoSidestage) {
  const state = () => app.sidestage.router.dispatch('automations:getState', undefined, { trusted: true, description: 'test' }).then((r) => (r as { value: AutomationsState }).value);
  return {
    save: async (automation: AutomationInput) => (await app.call<{ id: string }>('automations:save', { automation })).id,
    state,
    /** The runs of one automation, newest first. */
    runs: async (id: string): Promise<RunRecord[]> => (await state()).runs.filter((r) => r.automationId === id),
    /** Waits until the automation has `count` runs that ended. */
    async ended(id: string, count: number, timeoutMs = 20_000): Promise<RunRecord[]> {
      let runs: RunRecord[] = [];
      const enough = async () => {
        runs = (await state()).runs.filter((r) => r.automationId === id && r.status !== 'running' && r.status !== 'queued');
        return runs.length >= count;
      };
      await waitUntil(enough, timeoutMs, `${count} ended runs of ${id}`, 50).catch((error: Error) => {
        // The runs that did end say why the others did not.
        throw new Error(`${error.message}; have ${JSON.stringify(runs.map((r) => [r.status, r.reason]))}`);
      });
      return runs;
    },
    /** EventSub asked for `type` and the platform enabled it. */
    subscribed: (type: string): Promise<void> =>
      waitUntil(async () => (await app.sim.eventSubSubscriptions()).subscriptions.some((s) => s.type === type && s.status === 'enabled'), 15_000, `EventSub subscribing to ${type}`, 50),
  };
}

describe('automations against the demo platform', () => {
  let app: DemoSidestage;
  let h: ReturnType<typeof helpers>;

  beforeAll(async () => {
    app = await startDemoSidestage({ name: 'automations' });
    await signedIn(app);
    h = helpers(app);
  }, 30_000);

  afterAll(async () => {
    await app?.dispose();
  });

  it('a viewer\'s "/ban someone" in a redemption input reaches chat as plain text, not a command', async () => {
    const songRequest = DEMO_REWARD_IDS.songRequest;
    const id = await h.save({ ...base, name: 'Echo the request', trigger: { kind: 'redemption', rewardId: songRequest, rewardTitle: 'Song request', inputMatch: null }, actions: [{ kind: 'chatMessage', text: '{input}' }] });
    await h.subscribed('channel.channel_points_custom_reward_redemption.add');
    const viewer = app.sidestage.emulator!.demo!.viewers[0]!;
    await app.sim.redeem({ broadcaster_id: app.broadcasterId, reward_id: songRequest, user_id: viewer.id, user_input: '/ban someone' });
    const [run] = await h.ended(id, 1);
    expect(run, JSON.stringify(run?.steps)).toMatchObject({ status: 'done', event: { source: 'live' } });
    const { messages } = await app.sim.chatMessages(app.broadcasterId);
    const sent = messages.filter((m) => m.user_id === app.broadcasterId && m.text.includes('/ban someone'));
    expect(sent.map((m) => m.text)).toEqual([`${commandNeutraliser}/ban someone`]);
    // Delivered to chat as a message, words for everyone to read.
    expect(sent[0]!.is_sent).toBe(true);
    await app.call('automations:setEnabled', { id, enabled: false });
  });

  it('"!echo {args}" answers a viewer once when the platform delivers the echo before the send\'s answer', async () => {
    const id = await h.save({ ...base, name: '!echo', trigger: { kind: 'chatCommand', command: '!echo', minRole: 'everyone' }, actions: [{ kind: 'chatMessage', text: '!echo {args}' }] });
    await h.subscribed('channel.chat.message');
    // Every send of the next few is handled at once and answered a second later: the echo comes first.
    await app.sim.addFault({ path: '^/helix/chat/messages$', answer_delay_ms: 1000, count: 5 });
    try {
      const viewer = app.sidestage.emulator!.demo!.viewers[3]!;
      await app.sim.sendChatMessage({ broadcaster_id: app.broadcasterId, user_id: viewer.id, text: '!echo ping' });
      const [run] = await h.ended(id, 1);
      expect(run, JSON.stringify(run?.steps)).toMatchObject({ status: 'done' });
      // Chat arrives in order: once a second viewer line has run, the echo of the first reply (which
      // came before its answer) was read; had it been taken for a command it would be a run between.
      await app.sim.sendChatMessage({ broadcaster_id: app.broadcasterId, user_id: viewer.id, text: '!echo pong' });
      await h.ended(id, 2);
      const said = (await app.sim.chatMessages(app.broadcasterId)).messages.filter((m) => m.user_id === app.broadcasterId && m.text.startsWith('!echo'));
      expect(said.map((m) => m.text)).toEqual(['!echo ping', '!echo pong']);
      expect((await h.runs(id)).map((r) => r.event.summary)).toEqual([expect.stringContaining('!echo pong'), expect.stringContaining('!echo ping')]);
    } finally {
      await app.sim.clearFaults();
      await app.call('automations:setEnabled', { id, enabled: false });
    }
  });

  it('!discord replies once, and a second time only after the cooldown', async () => {
    const id = await h.save({
      ...base,
      name: '!discord',
      conditions: { ...noConditions, cooldownSeconds: 3 },
      trigger: { kind: 'chatCommand', command: '!discord', minRole: 'everyone' },
      actions: [{ kind: 'chatMessage', text: 'Join us, {user}: discord.gg/example' }],
    });
    await h.subscribed('channel.chat.message');
    const viewer = app.sidestage.emulator!.demo!.viewers[1]!;
    const replies = async () => (await app.sim.chatMessages(app.broadcasterId)).messages.filter((m) => m.text.startsWith('Join us,'));
    await app.sim.sendChatMessage({ broadcaster_id: app.broadcasterId, user_id: viewer.id, text: '!discord' });
    await h.ended(id, 1);
    const firstAt = Date.now();
    await app.sim.sendChatMessage({ broadcaster_id: app.broadcasterId, user_id: viewer.id, text: '!discord please' });
    // Counted in the automation's status, not logged one by one.
    const skipped = async () => (await h.state()).statuses.find((st) => st.id === id)?.skipped ?? [];
    await waitUntil(async () => (await skipped()).length === 1, 10_000, 'the cooldown skip counted', 50);
    expect(await skipped()).toMatchObject([{ kind: 'cooldown', count: 1, reason: expect.stringMatching(/^Skipped\. Cooldown: it can run again in \d s\.$/) }]);
    expect(await replies()).toHaveLength(1);
    // The cooldown is the behaviour under test: wait it out, then the command works again.
    await waitUntil(() => Date.now() - firstAt > 3100, 5000, 'the cooldown over');
    await app.sim.sendChatMessage({ broadcaster_id: app.broadcasterId, user_id: viewer.id, text: '!discord' });
    await h.ended(id, 2);
    const texts = (await replies()).map((m) => m.text);
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text).toMatch(/^Join us, .+: discord\.gg\/example$/);
    // The reply itself (from the broadcaster, as chat) never ran the command.
    expect((await h.runs(id)).filter((r) => r.status === 'done')).toHaveLength(2);
    await app.call('automations:setEnabled', { id, enabled: false });
  });

  it('a redemption missed while EventSub was down fires only the automation that asks for missed events, once', async () => {
    const songRequest = DEMO_REWARD_IDS.songRequest;
    const trigger = { kind: 'redemption' as const, rewardId: songRequest, rewardTitle: 'Song request', inputMatch: { mode: 'equals' as const, text: 'missed me' } };
    const live = await h.save({ ...base, name: 'Live only', trigger, actions: [{ kind: 'marker', description: 'live only' }] });
    const missed = await h.save({ ...base, name: 'Also missed', alsoMissed: true, trigger, actions: [{ kind: 'resolveRedemption', status: 'fulfil' }] });
    await h.subscribed('channel.channel_points_custom_reward_redemption.add');
    const viewer = app.sidestage.emulator!.demo!.viewers[2]!;
    // EventSub is cut and cannot subscribe again for a while: the redemption arrives meanwhile.
    await app.sim.addFault({ path: 'eventsub/subscriptions', method: 'POST', status: 503, count: 1000 });
    await app.sim.addFault({ drop_websockets: true });
    const redemption = await app.sim.redeem({ broadcaster_id: app.broadcasterId, reward_id: songRequest, user_id: viewer.id, user_input: 'missed me' });
    await app.sim.clearFaults();
    const [run] = await h.ended(missed, 1, 40_000);
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'done', event: { id: `redemption:${redemption.id}`, source: 'caughtUp' } });
    expect((await app.sim.redemptions({ broadcaster_id: app.broadcasterId, reward_id: songRequest, status: 'FULFILLED' })).redemptions.map((r) => r.id)).toContain(redemption.id);
    expect(await h.runs(live)).toEqual([]);
    expect(await h.runs(missed)).toHaveLength(1);
    for (const id of [live, missed]) await app.call('automations:setEnabled', { id, enabled: false });
  }, 60_000);

  it("\"Show an alert\" queues the alert in the overlays, with the viewer's words filled in", async () => {
    const id = await h.save({
      ...base,
      name: 'Thank the follower on stream',
      trigger: { kind: 'follow' },
      actions: [{ kind: 'showAlert', alert: { source: 'custom', text: 'Welcome, {user}!', imageId: null, soundId: null, volume: 0.5, durationMs: 3000 } }],
    });
    await h.subscribed('channel.follow');
    const newcomer = await app.sim.createUser({ login: 'automation_newcomer', display_name: 'Newcomer' });
    await app.sim.follow({ user_id: newcomer.id, broadcaster_id: app.broadcasterId });
    const [run] = await h.ended(id, 1);
    expect(run, JSON.stringify(run?.steps)).toMatchObject({ status: 'done' });
    const queue = app.sidestage.overlays.queue.getState();
    const lines = [queue.showing, ...queue.waiting, queue.last].filter((line) => line !== null);
    expect(lines.some((line) => line!.kind === 'custom' && line!.text === 'Welcome, Newcomer!')).toBe(true);
    await app.call('automations:setEnabled', { id, enabled: false });
  });

  it('Test in demo mode makes the event happen on the practice platform, so the whole path runs', async () => {
    const id = await h.save({ ...base, name: 'Thanks for the bits', trigger: { kind: 'cheer', minBits: 50 }, actions: [{ kind: 'chatMessage', text: 'Thanks {user} for {bits} bits!' }] });
    await h.subscribed('channel.cheer');
    const { message } = await app.call<{ message: string }>('automations:test', { id });
    expect(message).toMatch(/cheered 50 bits\. The run shows in the log when the event arrives\.$/);
    const [run] = await h.ended(id, 1);
    expect(run).toMatchObject({ status: 'done', event: { kind: 'cheer', source: 'live' } });
    expect((await app.sim.chatMessages(app.broadcasterId)).messages.some((m) => /^Thanks .+ for 50 bits!$/.test(m.text))).toBe(true);
    await app.call('automations:setEnabled', { id, enabled: false });
  });
});

const obsReason = obsUnavailableReason();
if (obsReason) console.warn(`automations.integration.test.ts: the real-OBS part is skipped: ${obsReason}`);

describe.skipIf(obsReason !== null)('automations with a real OBS Studio', () => {
  let obs: RunningObs;
  let app: DemoSidestage;
  let h: ReturnType<typeof helpers>;
  const programScene = async () => (await app.sidestage.obs.call('GetCurrentProgramScene')).currentProgramSceneName;
  const sourceShown = async (sceneName: string, sourceName: string) => {
    const { sceneItemId } = await app.sidestage.obs.call('GetSceneItemId', { sceneName, sourceName });
    return (await app.sidestage.obs.call('GetSceneItemEnabled', { sceneName, sceneItemId })).sceneItemEnabled;
  };

  beforeAll(async () => {
    obs = await startObsStudio({ timeoutMs: 60_000 });
    app = await startDemoSidestage({ name: 'automations-obs', settings: new MemorySettingsStore({ 'obs.host': '127.0.0.1', 'obs.port': obs.port }) });
    await app.call('obs:setPassword', { password: obs.password });
    await app.call('obs:connect');
    await waitUntil(() => app.sidestage.obs.getState().status === 'connected', 20_000, 'OBS connected');
    for (const sceneName of ['Water', 'BRB']) await app.sidestage.obs.call('CreateScene', { sceneName });
    await app.sidestage.obs.call('CreateInput', { sceneName: 'Scene', inputName: 'Raid alert', inputKind: 'color_source_v3', inputSettings: { color: 4278190335 }, sceneItemEnabled: false });
    await app.sidestage.obs.call('SetCurrentProgramScene', { sceneName: 'Scene' });
    await signedIn(app);
    h = helpers(app);
    // The demo channel live: a shoutout needs it, and so does an ad break.
    await app.sim.streamOnline(app.broadcasterId, { title: 'Automations' });
    await waitUntil(() => app.sidestage.live.stream.getStatus().live, 20_000, 'the stream seen live');
  }, 120_000);

  afterAll(async () => {
    await app?.dispose();
    await obs?.stop();
  }, 30_000);

  it("the editor picks from OBS's own scenes, sources and inputs", async () => {
    const choices = await app.call<ObsChoices>('automations:obsChoices');
    expect(choices.connected).toBe(true);
    expect(choices.scenes.map((s) => s.name)).toEqual(expect.arrayContaining(['Scene', 'Water', 'BRB']));
    expect(choices.scenes.find((s) => s.name === 'Scene')!.sources).toContain('Raid alert');
    expect(choices.inputs.map((i) => i.name)).toContain('Raid alert');
  });

  it('a redemption switches the program scene and back, and fulfils the redemption', async () => {
    const { id } = await app.call<{ id: string }>('automations:createFromTemplate', { templateId: 'hydrate' });
    const made = (await h.state()).automations.find((a) => a.id === id)!;
    expect(made).toMatchObject({ enabled: false, trigger: { rewardId: hydrateRewardId }, actions: [{ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 10 }, { kind: 'resolveRedemption' }] });
    await app.call('automations:save', { automation: { ...made, enabled: true, actions: [{ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 2 }, made.actions[1]!] } });
    await h.subscribed('channel.channel_points_custom_reward_redemption.add');
    const viewer = app.sidestage.emulator!.demo!.viewers[3]!;
    const redemption = await app.sim.redeem({ broadcaster_id: app.broadcasterId, reward_id: hydrateRewardId, user_id: viewer.id });
    await waitUntil(async () => (await programScene()) === 'Water', 15_000, 'OBS showing the water scene', 50);
    const [run] = await h.ended(id, 1);
    expect(run!.steps.map((s) => [s.status, s.result])).toEqual([
      ['done', 'Switched to "Water", and back to "Scene" after 2 s'],
      ['done', 'Redemption fulfilled'],
    ]);
    expect(await programScene()).toBe('Scene');
    expect((await app.sim.redemptions({ broadcaster_id: app.broadcasterId, reward_id: hydrateRewardId, status: 'FULFILLED' })).redemptions.map((r) => r.id)).toContain(redemption.id);
    await app.call('automations:setEnabled', { id, enabled: false });
  });

  it('a raid of 12 shouts out the raider and shows a source for 5 s', async () => {
    const id = await h.save({
      ...base,
      name: 'Raid',
      trigger: { kind: 'raid', minViewers: 10 },
      actions: [{ kind: 'shoutout' }, { kind: 'obsSourceVisibility', sceneName: 'Scene', sourceName: 'Raid alert', visible: true, forSeconds: 5 }],
    });
    await h.subscribed('channel.raid');
    const raider = app.sidestage.emulator!.demo!.viewers[4]!;
    await app.sim.incomingRaid({ from_broadcaster_id: raider.id, to_broadcaster_id: app.broadcasterId, viewers: 12 });
    await waitUntil(() => sourceShown('Scene', 'Raid alert'), 15_000, 'the raid alert shown', 50);
    const shownAt = Date.now();
    const [run] = await h.ended(id, 1);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4000);
    expect(run!.steps.map((s) => s.status)).toEqual(['done', 'done']);
    expect(run!.steps[0]!.result).toMatch(/^Shoutout sent to /);
    expect(run!.steps[1]!.result).toBe('Showed "Raid alert" in "Scene", hidden again after 5 s');
    expect(await sourceShown('Scene', 'Raid alert')).toBe(false);
    const { shoutouts } = await app.sim.shoutouts(app.broadcasterId);
    expect(shoutouts.some((s) => (s as { to_broadcaster_id?: string }).to_broadcaster_id === raider.id)).toBe(true);
    await app.call('automations:setEnabled', { id, enabled: false });
  });

  it('an ad break 30 s away switches to BRB', async () => {
    const { id } = await app.call<{ id: string }>('automations:createFromTemplate', { templateId: 'ad-brb' });
    const made = (await h.state()).automations.find((a) => a.id === id)!;
    expect(made.actions[0]).toMatchObject({ kind: 'obsSwitchScene', sceneName: 'BRB' });
    await app.call('automations:save', { automation: { ...made, enabled: true } });
    // The emulator schedules breaks an hour apart: its next one is brought to 32 s from now.
    const emulator = app.sidestage.emulator!;
    await app.call('ads:refreshSchedule');
    const schedule = emulator.state.adSchedules.get(app.broadcasterId)!;
    schedule.nextAdAt = Date.now() + 32_000;
    await app.call('ads:refreshSchedule');
    await waitUntil(async () => (await programScene()) === 'BRB', 15_000, 'OBS switching to BRB', 100).catch(async (error: Error) => {
      throw new Error(`${error.message}; runs: ${JSON.stringify(await h.runs(id))}`);
    });
    const [run] = await h.runs(id);
    expect(run).toMatchObject({ event: { kind: 'adBreakSoon', summary: expect.stringMatching(/^The next ad break is in (30|31|32) s$/) } });
    await app.sidestage.obs.call('SetCurrentProgramScene', { sceneName: 'Scene' });
    await app.call('automations:setEnabled', { id, enabled: false });
  });

  // Last: OBS is gone after it.
  it('with OBS quit mid-run, the run log says so', async () => {
    const id = await h.save({ ...base, name: 'Water and back', trigger: { kind: 'manual' }, actions: [{ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 2 }, { kind: 'obsSetText', inputName: 'Raid alert', text: 'x' }] });
    await app.call('automations:run', { id });
    await waitUntil(async () => (await programScene()) === 'Water', 10_000, 'OBS showing the water scene', 50);
    await obs.kill();
    const [run] = await h.ended(id, 1, 40_000);
    expect(run).toMatchObject({ status: 'failed', reason: '2 of 2 actions failed.' });
    expect(run!.steps[0]!.result).toMatch(/^Switched to "Water"; back to "Scene" after 2 s$/);
    expect(run!.steps[0]!.error).toMatch(/^(Not connected to OBS|OBS did not answer)/);
    expect(run!.steps[1]!.error).toMatch(/^(Not connected to OBS|OBS did not answer)/);
  }, 60_000);
});

/**
 * Issue 25's actions and triggers end to end in main: the whole app in demo mode (its in-process
 * emulator, EventSub, the channel-event stream), viewers' lines made by the simulation API, the
 * effects read back from the platform: a reply in the platform's reply thread, a line deleted and
 * its author timed out (a moderator's line refused, in words), "a moderator acted" following that
 * timeout, the title and the category set from a command, a first-time chatter welcomed once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutomationInput, AutomationsState, RunRecord } from '../../../shared/ipc/contract';
import { startDemoSidestage, type DemoSidestage } from '../../test-support/demo-sidestage';
import { waitUntil } from '../../test-support/wait-until';
import { DEMO_VIEWERS } from '../../../emulator/seed';

const noConditions = { onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 0, rules: [] };
const base = { enabled: true, conditions: noConditions, queue: 'oneAtATime' as const, alsoMissed: false, stopOnError: false, stripLinks: false };

describe("issue 25's actions and triggers against the demo platform", () => {
  let app: DemoSidestage;
  const state = () => app.sidestage.router.dispatch('automations:getState', undefined, { trusted: true, description: 'test' }).then((r) => (r as { value: AutomationsState }).value);
  const save = async (automation: AutomationInput) => (await app.call<{ id: string }>('automations:save', { automation })).id;
  const ended = async (id: string, count: number): Promise<RunRecord[]> => {
    let runs: RunRecord[] = [];
    await waitUntil(async () => {
      runs = (await state()).runs.filter((r) => r.automationId === id && r.status !== 'running' && r.status !== 'queued');
      return runs.length >= count;
    }, 20_000, `${count} ended runs of ${id}`, 50);
    return runs;
  };
  /** pixelpal, cozy_carrot, ModMallory (a moderator), LurkingLuna, Speedrun_Sam. */
  const viewer = (n: number) => ({ id: DEMO_VIEWERS[n]!.id, name: DEMO_VIEWERS[n]!.displayName });
  const say = (n: number, text: string) => app.sim.sendChatMessage({ broadcaster_id: app.broadcasterId, user_id: viewer(n).id, text });
  const disable = (id: string) => app.call('automations:setEnabled', { id, enabled: false });
  let pings = 0;
  /** Chat is handled in order: once a later "!ping" of the same viewer has run, every line before it has been read. */
  const afterLinesRead = async (n: number) => {
    const ping = (await state()).automations.find((a) => a.name === '!ping')?.id ?? (await save({ ...base, name: '!ping', trigger: { kind: 'chatCommand', command: '!ping', minRole: 'everyone' }, actions: [{ kind: 'wait', seconds: 1 }], queue: 'overlap' }));
    await say(n, '!ping');
    await ended(ping, ++pings);
  };

  beforeAll(async () => {
    app = await startDemoSidestage({ name: 'automations-new' });
    await app.signIn();
    await waitUntil(async () => (await app.sim.eventSubSubscriptions()).subscriptions.some((s) => s.type === 'channel.chat.message' && s.status === 'enabled'), 20_000, 'chat subscribed', 50);
  }, 40_000);

  afterAll(async () => {
    await app?.dispose();
  });

  it("a reply goes into the viewer's thread on the platform", async () => {
    const id = await save({ ...base, name: '!hello', trigger: { kind: 'chatCommand', command: '!hello', minRole: 'everyone' }, actions: [{ kind: 'chatReply', text: 'Hi {user}!' }] });
    const line = await say(1, '!hello');
    const [run] = await ended(id, 1);
    expect(run!.steps[0]).toMatchObject({ status: 'done', result: `Replied: "Hi ${viewer(1).name}!"` });
    const reply = (await app.sim.chatMessages(app.broadcasterId)).messages.find((m) => m.text === `Hi ${viewer(1).name}!`);
    expect(reply?.reply_parent_message_id).toBe(line.message_id);
    await disable(id);
  });

  it("the broadcaster's word: the line deleted and its author timed out, a moderator refused; the timeout is a moderator acting", async () => {
    const acted = await save({ ...base, name: 'Mod log', trigger: { kind: 'moderatorActed', actions: ['timeout'] }, actions: [{ kind: 'marker', description: '{moderator} timed out {user}' }] });
    const id = await save({
      ...base,
      name: 'No spoilers',
      trigger: { kind: 'chatKeywords', phrases: ['spoiler alert'] },
      actions: [{ kind: 'deleteMessage' }, { kind: 'moderateUser', action: 'timeout', seconds: 60, reason: 'No spoilers, {user}.' }],
    });
    await waitUntil(async () => (await app.sim.eventSubSubscriptions()).subscriptions.some((s) => s.type === 'channel.moderate' && s.status === 'enabled'), 20_000, 'channel.moderate subscribed', 50);
    await say(1, 'SPOILER   ALERT: he dies');
    const [run] = await ended(id, 1);
    expect(run!.steps.map((s) => [s.status, s.result ?? s.error])).toEqual([
      ['done', `Deleted ${viewer(1).name}'s message`],
      ['done', `Timed out ${viewer(1).name} for 60 s`],
    ]);
    const [logged] = await ended(acted, 1);
    expect(logged!.event.summary).toMatch(new RegExp(`timed out ${viewer(1).name}`));

    await say(2, 'spoiler alert, mods may joke');
    const runs = await ended(id, 2);
    expect(runs[0]!.steps.map((s) => s.error)).toEqual([
      `Not deleted: ${viewer(2).name} is a moderator; automations never act on moderators.`,
      `Not timed out: ${viewer(2).name} is a moderator; automations never act on moderators.`,
    ]);
    // "spoiler alerted" is not the phrase as whole words: no run.
    await say(3, 'spoiler alerted');
    await afterLinesRead(3);
    expect((await state()).runs.filter((r) => r.automationId === id)).toHaveLength(2);
    await disable(id);
    await disable(acted);
  });

  it('the title and the category set from a command', async () => {
    const title = await save({ ...base, name: '!title', trigger: { kind: 'chatCommand', command: '!title', minRole: 'moderator' }, actions: [{ kind: 'setStreamInfo', field: 'title', text: '{args}' }] });
    const game = await save({ ...base, name: '!game', trigger: { kind: 'chatCommand', command: '!game', minRole: 'moderator' }, actions: [{ kind: 'setStreamInfo', field: 'category', text: '{args}' }] });
    await app.sim.sendChatMessage({ broadcaster_id: app.broadcasterId, user_id: app.broadcasterId, text: '!title Speedrun night' });
    await ended(title, 1);
    expect((await app.sidestage.live.channel.get()).title).toBe('Speedrun night');
    await app.sim.sendChatMessage({ broadcaster_id: app.broadcasterId, user_id: app.broadcasterId, text: '!game just chatting' });
    const [run] = await ended(game, 1);
    expect(run!.steps[0]).toMatchObject({ status: 'done', result: 'Category set to Just Chatting' });
    expect((await app.sidestage.live.channel.get()).categoryName).toBe('Just Chatting');
    await app.sim.sendChatMessage({ broadcaster_id: app.broadcasterId, user_id: app.broadcasterId, text: '!game zzzz no such game qqqq' });
    const [missing] = await ended(game, 2);
    expect(missing!.steps[0]!.error).toMatch(/^Category not changed: There is no category called "zzzz no such game qqqq"/);
    await disable(title);
    await disable(game);
  });

  it('a first-time chatter is welcomed once, as a reply', async () => {
    const id = await save({ ...base, name: 'Welcome', trigger: { kind: 'firstMessage', scope: 'ever' }, actions: [{ kind: 'chatReply', text: 'Welcome, {user}!' }] });
    const newcomer = viewer(0);
    await say(0, 'first time here');
    await say(0, 'second line');
    await afterLinesRead(0);
    const [run] = await ended(id, 1);
    expect(run!.event.summary).toMatch(/first message ever/);
    expect((await state()).runs.filter((r) => r.automationId === id)).toHaveLength(1);
    const welcomes = (await app.sim.chatMessages(app.broadcasterId)).messages.filter((m) => m.text === `Welcome, ${newcomer.name}!`);
    expect(welcomes).toHaveLength(1);
    await disable(id);
  });
});

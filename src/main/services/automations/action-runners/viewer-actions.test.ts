import { describe, expect, it } from 'vitest';
import type { AutomationAction } from '../../../../shared/ipc/contract';
import { events, recordingPorts, viewer } from '../../../test-support/automation-fixtures';
import { createFakeClock } from '../../../test-support/fake-clock';
import { ApiError } from '../../api/api-error';
import { runAction, sampleUserId, Sleeper, type ActionContext } from '../actions';
import { ChatPacer } from '../chat-pacer';
import { SceneRestoreStack } from '../scene-restore-stack';
import { noViewerTextRules } from '../template';
import { triggerEventFor, type TriggerEvent } from '../triggers';

const broadcasterId = 'broadcaster-1';
const botId = 'bot-1';
const command = (text: string, options: Parameters<typeof events.chat>[1] = {}) => triggerEventFor({ kind: 'chatCommand', command: '!x', minRole: 'everyone' }, events.chat(text, options))!;

type Target = Awaited<ReturnType<NonNullable<ActionContext['live']>['lookUpTarget']>>;

function setup(event: TriggerEvent, answers: Parameters<typeof recordingPorts>[0] = {}, target?: Target) {
  const clock = createFakeClock(0);
  const recorded = recordingPorts(answers);
  const expected: string[] = [];
  const context: ActionContext = {
    event,
    ports: recorded.ports,
    clock,
    pacer: new ChatPacer({ clock }),
    sleeper: new Sleeper(clock),
    requestTimeoutMs: 20_000,
    viewerText: noViewerTextRules,
    scenes: new SceneRestoreStack(),
    progress: () => {},
    ownChat: { expect: (text) => (expected.push(text), () => {}) },
    ownAccounts: () => [broadcasterId, botId],
    ...(target ? { live: { lookUpTarget: async () => target } } : {}),
  };
  return { ...recorded, expected, run: (action: AutomationAction) => runAction(action, context) };
}

const timeout: AutomationAction = { kind: 'moderateUser', action: 'timeout', seconds: 60, reason: 'no {message}' };

describe('reply to the triggering message', () => {
  it("goes to the platform's reply thread, registered with the self-loop guard before it is sent", async () => {
    const t = setup(command('!x hi', { messageId: 'parent-1' }));
    expect(await t.run({ kind: 'chatReply', text: 'hello {user}' })).toBe('Replied: "hello Viewer1"');
    expect(t.of('chat.send')).toEqual([['hello Viewer1', undefined, 'parent-1']]);
    expect(t.expected).toEqual(['hello Viewer1']);
  });

  it('refuses in words when the run has no chat message', async () => {
    const t = setup(triggerEventFor({ kind: 'follow' }, events.follow())!);
    await expect(t.run({ kind: 'chatReply', text: 'hi' })).rejects.toThrow('Not replied: this run was not started by a chat message.');
    expect(t.calls).toEqual([]);
  });

  it('neutralises a viewer-made command at the start of the reply', async () => {
    const t = setup(command('!x /ban someone'));
    await t.run({ kind: 'chatReply', text: '{args}' });
    expect((t.of('chat.send')[0]![0] as string).startsWith('/')).toBe(false);
  });
});

describe('delete, timeout, ban, warn: the guards', () => {
  it('deletes the triggering message and times out its author', async () => {
    const t = setup(command('!x spam', { messageId: 'm-9' }));
    expect(await t.run({ kind: 'deleteMessage' })).toBe("Deleted Viewer1's message");
    expect(await t.run(timeout)).toBe('Timed out Viewer1 for 60 s');
    expect(t.of('moderation.deleteMessage')).toEqual([['m-9']]);
    expect(t.of('moderation.timeout')).toEqual([[viewer().id, 60, 'no !x spam']]);
  });

  it('never the broadcaster, a moderator or the bot, said in words, with no request sent', async () => {
    const cases: [TriggerEvent, RegExp][] = [
      [command('!x', { roles: { broadcaster: true }, user: { id: broadcasterId, login: 'b', name: 'B' } }), /is the broadcaster/],
      [command('!x', { roles: { moderator: true } }), /is a moderator; automations never act on moderators/],
      [command('!x', { user: { id: botId, login: 'bot', name: 'Bot' } }), /Sidestage's own bot account/],
    ];
    for (const [event, words] of cases) {
      const t = setup(event);
      for (const action of [timeout, { kind: 'moderateUser', action: 'ban', seconds: 1, reason: '' }, { kind: 'moderateUser', action: 'warn', seconds: 1, reason: 'x' }, { kind: 'deleteMessage' }] as AutomationAction[]) {
        await expect(t.run(action)).rejects.toThrow(words);
      }
      expect(t.calls.filter((c) => c.port !== 'moderation.isModerator')).toEqual([]);
    }
  });

  it('asks the platform whether the viewer is a moderator when the event has no badges', async () => {
    const follow = triggerEventFor({ kind: 'follow' }, events.follow(viewer(3)))!;
    const t = setup(follow, { 'moderation.isModerator': () => true });
    await expect(t.run({ kind: 'moderateUser', action: 'ban', seconds: 1, reason: '' })).rejects.toThrow('Not banned: Viewer3 is a moderator');
    expect(t.of('moderation.ban')).toEqual([]);
  });

  it('a warning needs a reason; a sample viewer of a Test is never acted on', async () => {
    const t = setup(command('!x'));
    await expect(t.run({ kind: 'moderateUser', action: 'warn', seconds: 1, reason: '  ' })).rejects.toThrow(/a warning needs a reason/);
    const sample = setup({ ...command('!x', { user: { id: sampleUserId, login: 's', name: 'S' } }), source: 'test' });
    expect(await sample.run(timeout)).toBe('Not timed out in a test: the sample viewer is not real');
    expect(sample.of('moderation.timeout')).toEqual([]);
  });

  it('a missing permission is named', async () => {
    const missing = new ApiError(401, 'Unauthorized', 'Missing scope: moderator:manage:banned_users');
    const t = setup(command('!x'), { 'moderation.timeout': () => Promise.reject(missing) });
    await expect(t.run(timeout)).rejects.toThrow('Not timed out: Sidestage is missing the permission "moderator:manage:banned_users". Sign in again to allow it.');
  });
});

describe('the stream title and category', () => {
  it('sets the title from a template, and the category by name', async () => {
    const t = setup(command('!x Elden Ring'));
    expect(await t.run({ kind: 'setStreamInfo', field: 'title', text: 'Playing {args} with {user}' })).toBe('Title set to "Playing Elden Ring with Viewer1"');
    expect(await t.run({ kind: 'setStreamInfo', field: 'category', text: '{args}' })).toBe('Category set to Elden Ring');
    expect(t.of('channel.setCategory')).toEqual([['Elden Ring']]);
  });

  it('an empty result changes nothing', async () => {
    const t = setup(command('!x'));
    await expect(t.run({ kind: 'setStreamInfo', field: 'title', text: '{args}' })).rejects.toThrow('The title was empty once filled in; nothing was changed.');
    expect(t.of('channel.setTitle')).toEqual([]);
  });
});

describe('timeout, ban, warn: the command target', () => {
  const targetTimeout: AutomationAction = { kind: 'moderateUser', action: 'timeout', seconds: 30, reason: 'asked by {user}', to: 'target' };
  const found = (id: string, name: string): Target => ({ kind: 'found', user: { id, login: name.toLowerCase(), name, createdAt: null }, game: null });

  it('times out the viewer the command names, not the one who typed it', async () => {
    const t = setup(command('!x @Spammer'), {}, found('spammer-1', 'Spammer'));
    expect(await t.run(targetTimeout)).toBe('Timed out Spammer for 30 s');
    expect(t.of('moderation.timeout')).toEqual([['spammer-1', 30, 'asked by Viewer1']]);
  });

  it('asks the platform whether the target is a moderator (their badge is not on this event), and never acts on one', async () => {
    const t = setup(command('!x @ModMallory', { roles: { moderator: false } }), { 'moderation.isModerator': () => true }, found('mod-1', 'ModMallory'));
    await expect(t.run(targetTimeout)).rejects.toThrow('Not timed out: ModMallory is a moderator; automations never act on moderators.');
    expect(t.of('moderation.timeout')).toEqual([]);
  });

  it('never the broadcaster or the bot as the target; a target not found is said in words', async () => {
    for (const [target, words] of [
      [found(broadcasterId, 'B'), /is the broadcaster/],
      [found(botId, 'Bot'), /Sidestage's own bot account/],
      [{ kind: 'missing', login: 'nobody', reason: "I can't find @nobody." } as Target, /Not timed out: I can't find @nobody\./],
    ] as const) {
      const t = setup(command('!x @someone'), {}, target);
      await expect(t.run(targetTimeout)).rejects.toThrow(words);
      expect(t.of('moderation.timeout')).toEqual([]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { AutomationAction } from '../../../shared/ipc/contract';
import { events, recordingPorts } from '../../test-support/automation-fixtures';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { AppError } from '../app-error';
import { bounded, ClosingError, runAction, sampleUserId, Sleeper, unavailableAlerts, type ActionContext } from './actions';
import { ChatPacer } from './chat-pacer';
import { SceneRestoreStack } from './scene-restore-stack';
import { commandNeutraliser, noViewerTextRules } from './template';
import { ownEvent, triggerEventFor, type TriggerEvent } from './triggers';

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
};

const redemption = triggerEventFor({ kind: 'redemption', rewardId: null, rewardTitle: '', inputMatch: null }, events.redemption({ id: 'r1', input: '/ban someone' }))!;
const raid = triggerEventFor({ kind: 'raid', minViewers: 0 }, events.raid(12))!;

function setup(event: TriggerEvent = redemption, answers: Parameters<typeof recordingPorts>[0] = {}) {
  const clock = createFakeClock(0);
  const recorded = recordingPorts(answers);
  const progress: string[] = [];
  const sent: string[] = [];
  /** What the guard was told, in order: `expect:<text>` before the request, `answer:<id>` after. */
  const sleeper = new Sleeper(clock);
  const context: ActionContext = {
    event,
    ports: recorded.ports,
    clock,
    pacer: new ChatPacer({ clock }),
    ownAccounts: () => ['broadcaster-1'],
    sleeper,
    requestTimeoutMs: 20_000,
    viewerText: noViewerTextRules,
    scenes: new SceneRestoreStack(),
    progress: (r) => void progress.push(r),
    ownChat: {
      expect: (text) => {
        sent.push(`expect:${text}`);
        return (id) => void sent.push(`answer:${id}`);
      },
    },
  };
  return { clock, context, ...recorded, progress, sent, sleeper, run: (action: AutomationAction) => runAction(action, context) };
}

/** Runs an action that waits, moving the fake clock until it ends. */
async function runWaiting(clock: FakeClock, work: Promise<string>, ms: number): Promise<string> {
  let result: string | undefined;
  let failure: unknown;
  work.then((r) => (result = r), (e: unknown) => (failure = e));
  await settle();
  clock.advance(ms);
  await settle();
  if (failure) throw failure;
  if (result === undefined) throw new Error('still waiting');
  return result;
}

describe('OBS actions', () => {
  it('switches the program scene, and back after N s', async () => {
    const t = setup();
    const work = t.run({ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 10 });
    await settle();
    expect(t.of('obs.switchScene')).toEqual([['Water']]);
    expect(t.progress).toEqual(['Switched to "Water"; back to "Scene" after 10 s']);
    t.clock.advance(9_999);
    await settle();
    expect(t.of('obs.switchScene')).toHaveLength(1);
    expect(await runWaiting(t.clock, work, 1)).toBe('Switched to "Water", and back to "Scene" after 10 s');
    expect(t.of('obs.switchScene')).toEqual([['Water'], ['Scene']]);
  });

  it('two runs that switch and go back never strand the stream on a scene neither wanted (restore stack)', async () => {
    const t = setup();
    // A: Water for 10 s; 2 s later B: Raid for 20 s.
    const a = t.run({ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 10 });
    await settle();
    t.clock.advance(2_000);
    const b = t.run({ kind: 'obsSwitchScene', sceneName: 'Raid', backAfterSeconds: 20 });
    await settle();
    // A's time is up under Raid: nothing is switched, and B inherits what A replaced.
    expect(await runWaiting(t.clock, a, 8_000)).toBe('Switched to "Water"; "Raid" was put on air over it, and goes back to "Scene" in its turn');
    expect(await runWaiting(t.clock, b, 14_000)).toBe('Switched to "Raid", and back to "Scene" after 20 s');
    expect(t.of('obs.switchScene')).toEqual([['Water'], ['Raid'], ['Scene']]);
    expect(t.context.scenes.size()).toBe(0);
  });

  it('the later run ending first goes back to the earlier run\'s scene, which then goes back in turn', async () => {
    const t = setup();
    const a = t.run({ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 30 });
    await settle();
    const b = t.run({ kind: 'obsSwitchScene', sceneName: 'Raid', backAfterSeconds: 10 });
    expect(await runWaiting(t.clock, b, 10_000)).toBe('Switched to "Raid", and back to "Water" after 10 s');
    expect(await runWaiting(t.clock, a, 20_000)).toBe('Switched to "Water", and back to "Scene" after 30 s');
    expect(t.of('obs.switchScene')).toEqual([['Water'], ['Raid'], ['Water'], ['Scene']]);
  });

  it("does not switch back over the broadcaster's own choice made meanwhile", async () => {
    const t = setup();
    const work = t.run({ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 5 });
    await settle();
    t.setScene('Gameplay');
    expect(await runWaiting(t.clock, work, 5000)).toBe('Switched to "Water"; left on "Gameplay", chosen meanwhile');
    expect(t.of('obs.switchScene')).toEqual([['Water']]);
  });

  it('stays when no "back after" is set', async () => {
    const t = setup();
    expect(await t.run({ kind: 'obsSwitchScene', sceneName: 'BRB', backAfterSeconds: 0 })).toBe('Switched to "BRB"');
    expect(t.clock.pendingTimers()).toBe(0);
  });

  it('shows a source for N s, then hides it again', async () => {
    const t = setup();
    const work = t.run({ kind: 'obsSourceVisibility', sceneName: 'Scene', sourceName: 'Raid alert', visible: true, forSeconds: 5 });
    expect(await runWaiting(t.clock, work, 5000)).toBe('Showed "Raid alert" in "Scene", hidden again after 5 s');
    expect(t.of('obs.setSourceVisible')).toEqual([
      ['Scene', 'Raid alert', true],
      ['Scene', 'Raid alert', false],
    ]);
  });

  it('mutes, sets a text source from the template, records, saves the replay', async () => {
    const t = setup();
    expect(await t.run({ kind: 'obsInputMute', inputName: 'Mic/Aux', muted: true })).toBe('Muted "Mic/Aux"');
    expect(await t.run({ kind: 'obsSetText', inputName: 'Last', text: '{user}: {input}' })).toBe('Set "Last" to "Viewer1: /ban someone"');
    expect(t.of('obs.setText')).toEqual([['Last', 'Viewer1: /ban someone']]);
    expect(await t.run({ kind: 'obsRecording', start: true })).toBe('Recording started');
    expect(await t.run({ kind: 'obsSaveReplay' })).toBe('Replay buffer saved');
    expect(t.of('obs.setMuted')).toEqual([['Mic/Aux', true]]);
  });

  it('says when OBS was already recording', async () => {
    const t = setup(redemption, { 'obs.setRecording': () => ({ already: true }) });
    expect(await t.run({ kind: 'obsRecording', start: false })).toBe('OBS was not recording');
  });

  it("passes OBS's refusal on in words", async () => {
    const t = setup(redemption, { 'obs.switchScene': () => Promise.reject(new AppError('invalid_argument', 'OBS has no scene "Water".')) });
    await expect(t.run({ kind: 'obsSwitchScene', sceneName: 'Water', backAfterSeconds: 0 })).rejects.toThrow('OBS has no scene "Water".');
  });

  it('a request that hangs times out with its reason', async () => {
    const t = setup(redemption, { 'obs.setMuted': () => new Promise(() => {}) });
    const work = t.run({ kind: 'obsInputMute', inputName: 'Mic', muted: true });
    await expect(runWaiting(t.clock, work, 20_000)).rejects.toThrow('OBS did not answer within 20 s.');
  });
});

describe('chat actions', () => {
  it('a viewer text "/ban someone" reaches chat as plain text, not a command', async () => {
    const t = setup();
    expect(await t.run({ kind: 'chatMessage', text: '{input}' })).toBe(`Sent: "${commandNeutraliser}/ban someone"`);
    const [[text]] = t.of('chat.send') as [[string]];
    expect(text).toBe(`${commandNeutraliser}/ban someone`);
    expect(text.startsWith('/')).toBe(false);
    expect(t.sent).toEqual([`expect:${commandNeutraliser}/ban someone`, 'answer:sent-1']);
  });

  it('an announcement in its colour, cut to 500 characters', async () => {
    const t = setup(ownEvent('x', 'manual', 'Run', 'manual', { long: 'y'.repeat(900) }));
    await t.run({ kind: 'chatAnnouncement', text: '{long}', color: 'purple' });
    const [[text, color]] = t.of('chat.send') as [[string, string]];
    expect(Array.from(text)).toHaveLength(500);
    expect(color).toBe('purple');
  });

  it('refuses an empty message', async () => {
    const t = setup(ownEvent('x', 'manual', 'Run', 'manual', { nothing: ' ' }));
    await expect(t.run({ kind: 'chatMessage', text: '{nothing}' })).rejects.toThrow('The message was empty once filled in; nothing was sent.');
    expect(t.of('chat.send')).toEqual([]);
  });

  it("shouts out the event's user, never a name typed by a viewer", async () => {
    const t = setup(raid);
    expect(await t.run({ kind: 'shoutout' })).toBe('Shoutout sent to Raider');
    expect(t.of('shoutout')).toEqual([[raid.user!.id]]);
    await expect(setup(ownEvent('x', 'timer', 'timer', 'live')).run({ kind: 'shoutout' })).rejects.toThrow('This event has no viewer or channel to shout out.');
    const sample = setup({ ...raid, source: 'test', user: { id: sampleUserId, login: 's', name: 'S' } });
    expect(await sample.run({ kind: 'shoutout' })).toMatch(/^Not sent in a test/);
    expect(sample.of('shoutout')).toEqual([]);
  });
});

describe('channel actions', () => {
  it('drops a marker with the template as its description', async () => {
    const t = setup();
    expect(await t.run({ kind: 'marker', description: '{user} redeemed {reward}' })).toBe('Marker dropped: "Viewer1 redeemed Hydrate!"');
    expect(t.of('markers.drop')).toEqual([['Viewer1 redeemed Hydrate!']]);
  });

  it('creates a clip, runs an ad, starts a saved poll', async () => {
    const t = setup();
    expect(await t.run({ kind: 'clip' })).toMatch(/^Clip created/);
    expect(await t.run({ kind: 'runAd', lengthSeconds: 60 })).toBe('A 60 s ad is running');
    expect(await t.run({ kind: 'startEngagement', templateId: 'tpl' })).toBe('Started "Best snack?"');
    expect(t.of('ads.run')).toEqual([[60]]);
    expect(t.of('engagement.start')).toEqual([['tpl']]);
  });

  it('turns a chat mode on for N s through the chat settings\' kept revert (it survives a restart), not a wait of its own', async () => {
    const t = setup();
    expect(await t.run({ kind: 'chatMode', mode: 'slow', forSeconds: 60, slowSeconds: 10, followerMinutes: 0 })).toBe('Slow mode (10 s) on; back as it was after 1 min (kept across a restart)');
    expect(t.of('chatSettings.applyFor')).toEqual([[{ slowMode: true, slowModeWaitTime: 10 }, 60_000, 'Slow mode (10 s) (automation)']]);
    expect(t.of('chatSettings.update')).toEqual([]);
    const follower = setup();
    await follower.run({ kind: 'chatMode', mode: 'followersOnly', forSeconds: 0, slowSeconds: 30, followerMinutes: 10 });
    expect(follower.of('chatSettings.update')).toEqual([[{ followerMode: true, followerModeDuration: 10 }]]);
  });
});

describe('the queue', () => {
  it('fulfils the redemption that triggered the run, through the queue', async () => {
    const t = setup();
    t.queue('r1');
    expect(await t.run({ kind: 'resolveRedemption', status: 'fulfil' })).toBe('Redemption fulfilled');
    expect(t.of('redemptions.resolve')).toEqual([[['r1'], 'FULFILLED']]);
  });

  it('waits a moment for the redemption to join the queue', async () => {
    const t = setup();
    const work = t.run({ kind: 'resolveRedemption', status: 'cancel' });
    await settle();
    t.queue('r1');
    expect(await runWaiting(t.clock, work, 250)).toBe('Redemption cancelled and refunded');
  });

  it('says so when it is not in the queue, when the outbox keeps it, and when the platform refused', async () => {
    const gone = setup();
    await expect(runWaiting(gone.clock, gone.run({ kind: 'resolveRedemption', status: 'fulfil' }), 5000)).rejects.toThrow(/not in the queue/);
    const later = setup(redemption, { 'redemptions.resolve': () => ({ done: 0, queued: 1, failed: [] }) });
    later.queue('r1');
    expect(await later.run({ kind: 'resolveRedemption', status: 'fulfil' })).toBe('Fulfil saved: it is sent when the platform can be reached');
    const refused = setup(redemption, { 'redemptions.resolve': () => ({ done: 0, queued: 0, failed: [{ ids: ['r1'], status: 'FULFILLED', message: 'The reward was deleted.', at: '' }] }) });
    refused.queue('r1');
    await expect(refused.run({ kind: 'resolveRedemption', status: 'fulfil' })).rejects.toThrow('The reward was deleted.');
  });

  it('refuses when the run was not started by a redemption, and does nothing to a test sample', async () => {
    await expect(setup(raid).run({ kind: 'resolveRedemption', status: 'fulfil' })).rejects.toThrow(/not started by one/);
    const sample = setup({ ...redemption, source: 'test', user: { id: sampleUserId, login: 's', name: 'S' } });
    expect(await sample.run({ kind: 'resolveRedemption', status: 'fulfil' })).toMatch(/^Not fulfilled in a test/);
    expect(sample.of('redemptions.resolve')).toEqual([]);
  });
});

describe('sounds, alerts and waits', () => {
  it('plays a sound and shows alerts through the overlays port', async () => {
    const t = setup();
    expect(await t.run({ kind: 'playSound', soundId: 'snd-1', volume: 0.5 })).toBe('Sound played');
    expect(await t.run({ kind: 'showAlert', alert: { source: 'event' } })).toBe('Alert queued');
    await t.run({ kind: 'showAlert', alert: { source: 'custom', text: 'Thanks {user}!', imageId: 'img', soundId: null, volume: 1, durationMs: 4000 } });
    expect(t.of('alerts.playSound')).toEqual([['snd-1', 0.5]]);
    expect(t.of('alerts.show')).toEqual([
      [{ source: 'event', event: redemption.channelEvent }],
      [{ source: 'custom', text: 'Thanks Viewer1!', imageId: 'img', soundId: null, volume: 1, durationMs: 4000 }],
    ]);
  });

  it('refuses in words while the overlays are not there', async () => {
    const t = setup();
    t.context.ports.alerts = unavailableAlerts;
    await expect(t.run({ kind: 'playSound', soundId: 's', volume: 1 })).rejects.toThrow('Overlays are not available in this version of Sidestage.');
  });

  it('waits N seconds; closing cuts the wait short', async () => {
    const t = setup();
    expect(await runWaiting(t.clock, t.run({ kind: 'wait', seconds: 3 }), 3000)).toBe('Waited 3 s');
    const cut = t.run({ kind: 'wait', seconds: 3 });
    t.sleeper.close();
    await expect(cut).rejects.toBeInstanceOf(ClosingError);
    expect(t.clock.pendingTimers()).toBe(0);
  });

  it('bounded: the answer in time, or the timeout in words', async () => {
    const clock = createFakeClock(0);
    expect(await bounded(clock, 1000, Promise.resolve(1), 'X')).toBe(1);
    const late = bounded(clock, 1000, new Promise(() => {}), 'The platform');
    clock.advance(1000);
    await expect(late).rejects.toThrow('The platform did not answer within 1 s.');
  });
});

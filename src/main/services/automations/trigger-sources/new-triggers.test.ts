import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelEventOf } from '../../../../shared/ipc/contract';
import { events, viewer } from '../../../test-support/automation-fixtures';
import { createFakeClock } from '../../../test-support/fake-clock';
import { silentLogger } from '../../logger';
import { kindsOf, triggerEventFor } from '../triggers';
import { ChannelUpdateWatch } from './channel-triggers';
import { matchedPhrase } from './chat-triggers';
import { FirstChatters } from './first-chatters';
import { FollowerLookup } from './follower-check';
import { obsAutomationEvent, obsTriggerEvent } from './obs-triggers';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true, maxRetries: 10 });
});

const moderation = (action: string, user = viewer(2)): ChannelEventOf<'moderation'> => ({
  id: `mod-${action}`,
  at: '2025-01-01T00:00:00.000Z',
  source: 'live',
  kind: 'moderation',
  moderator: { id: 'm1', login: 'mod', name: 'Mod' },
  action,
  user,
  reason: 'spam',
  messageId: null,
  messageText: null,
  expiresAt: null,
  detail: '',
});

describe("the broadcaster's words", () => {
  it('match as whole words in any case, never as part of a word', () => {
    expect(matchedPhrase(['gg'], 'GG everyone')).toBe('GG');
    expect(matchedPhrase(['gg'], 'eggs and ham')).toBeNull();
    expect(matchedPhrase(['good game'], 'that was a good   game!')).toBe('good   game');
    expect(matchedPhrase(['élan'], 'quel ÉLAN')).toBe('ÉLAN');
  });

  it('are text, never a pattern: a phrase with pattern characters only matches itself', () => {
    expect(matchedPhrase(['a.b'], 'axb')).toBeNull();
    expect(matchedPhrase(['a.b'], 'say a.b now')).toBe('a.b');
    expect(matchedPhrase(['(x|y)+'], 'yyyy')).toBeNull();
  });

  it('fire the trigger with the phrase as a field, and never for the broadcaster', () => {
    const trigger = { kind: 'chatKeywords' as const, phrases: ['hype'] };
    expect(kindsOf(trigger)).toEqual(['chatMessage']);
    expect(triggerEventFor(trigger, events.chat('such HYPE'))?.fields.phrase).toBe('HYPE');
    expect(triggerEventFor(trigger, events.chat('such hype', { roles: { broadcaster: true } }))).toBeNull();
    expect(triggerEventFor(trigger, events.chat('hyped'))).toBeNull();
  });
});

describe("a viewer's first message", () => {
  it('fires by the facts decided for the line: this broadcast, or ever', () => {
    const line = events.chat('hello');
    expect(triggerEventFor({ kind: 'firstMessage', scope: 'broadcast' }, line, { first: { broadcast: true, ever: false } })).not.toBeNull();
    expect(triggerEventFor({ kind: 'firstMessage', scope: 'ever' }, line, { first: { broadcast: true, ever: false } })).toBeNull();
    expect(triggerEventFor({ kind: 'firstMessage', scope: 'ever' }, line)).toBeNull();
  });

  it('is remembered across a restart for "ever", and per broadcast otherwise', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'first-chatters-'));
    dirs.push(dir);
    const clock = createFakeClock(0);
    const first = await FirstChatters.open(dir, clock, { logger: silentLogger });
    expect(first.see('u1')).toEqual({ broadcast: true, ever: true });
    expect(first.see('u1')).toEqual({ broadcast: false, ever: false });
    first.newBroadcast();
    expect(first.see('u1')).toEqual({ broadcast: true, ever: false });
    // A kill right after the line: the journal has it, with no snapshot written.
    first.see('u2');
    first.dispose();
    const again = await FirstChatters.open(dir, clock, { logger: silentLogger });
    expect(again.see('u1').ever).toBe(false);
    expect(again.see('u2').ever).toBe(false);
    expect(again.see('u3').ever).toBe(true);
    again.dispose();
  });

  it('is bounded: past the limit the chatters seen longest ago are forgotten', () => {
    const first = new FirstChatters({ maxRemembered: 2 });
    first.see('a');
    first.see('b');
    first.see('c');
    expect(first.size).toBe(2);
    expect(first.see('a').ever).toBe(true);
    expect(first.see('c').ever).toBe(false);
  });
});

describe('the channel updated', () => {
  const update = (title: string, categoryId: string): ChannelEventOf<'channelUpdate'> => ({ id: `u-${title}-${categoryId}`, at: '', source: 'live', kind: 'channelUpdate', title, categoryId, categoryName: `c${categoryId}`, language: 'en' });

  it('tells a title change from a category change', () => {
    const watch = new ChannelUpdateWatch();
    watch.see(update('a', '1'));
    const titleOnly = { channelChanges: watch.see(update('b', '1')) };
    expect(triggerEventFor({ kind: 'channelUpdate', what: 'title' }, update('b', '1'), titleOnly)).not.toBeNull();
    expect(triggerEventFor({ kind: 'channelUpdate', what: 'category' }, update('b', '1'), titleOnly)).toBeNull();
    const categoryOnly = { channelChanges: watch.see(update('b', '2')) };
    expect(triggerEventFor({ kind: 'channelUpdate', what: 'category' }, update('b', '2'), categoryOnly)?.fields.game).toBe('c2');
    expect(triggerEventFor({ kind: 'channelUpdate', what: 'either' }, update('b', '2'), { channelChanges: watch.see(update('b', '2')) })).toBeNull();
  });
});

describe('an outgoing raid and a moderator acting', () => {
  it('a raid started fires with the raided channel as the user', () => {
    const raid: ChannelEventOf<'raidSent'> = { id: 'r1', at: '', source: 'live', kind: 'raidSent', to: viewer(5), viewers: 42 };
    const triggered = triggerEventFor({ kind: 'raidSent' }, raid);
    expect(triggered?.fields).toMatchObject({ user: 'Viewer5', viewers: '42' });
  });

  it('"a moderator acted" follows the chosen actions only, all four when none is chosen', () => {
    expect(kindsOf({ kind: 'moderatorActed', actions: [] })).toEqual(['moderation']);
    for (const action of ['ban', 'timeout', 'delete', 'clear']) expect(triggerEventFor({ kind: 'moderatorActed', actions: [] }, moderation(action))).not.toBeNull();
    expect(triggerEventFor({ kind: 'moderatorActed', actions: [] }, moderation('slow'))).toBeNull();
    expect(triggerEventFor({ kind: 'moderatorActed', actions: ['ban'] }, moderation('timeout'))).toBeNull();
    expect(triggerEventFor({ kind: 'moderatorActed', actions: ['ban'] }, moderation('ban'))?.summary).toBe('Mod banned Viewer2 (spam)');
  });
});

describe('OBS events', () => {
  it("reads obs-websocket's events and fires only the chosen one", () => {
    expect(obsAutomationEvent('CurrentProgramSceneChanged', { sceneName: 'Raid' })).toEqual({ event: 'sceneChanged', sceneName: 'Raid' });
    expect(obsAutomationEvent('StreamStateChanged', { outputState: 'OBS_WEBSOCKET_OUTPUT_STARTING' })).toBeNull();
    expect(obsAutomationEvent('RecordStateChanged', { outputState: 'OBS_WEBSOCKET_OUTPUT_STOPPED' })).toEqual({ event: 'recordingStopped' });
    expect(obsTriggerEvent({ kind: 'obsEvent', event: 'sceneChanged' }, { event: 'sceneChanged', sceneName: 'Raid' })?.fields.scene).toBe('Raid');
    expect(obsTriggerEvent({ kind: 'obsEvent', event: 'streamStarted' }, { event: 'sceneChanged', sceneName: 'Raid' })).toBeNull();
  });
});

describe('the follower check', () => {
  it('asks once per viewer within its time, and again after', async () => {
    const clock = createFakeClock(0);
    const asked: string[] = [];
    const lookup = new FollowerLookup({ lookup: async (id) => (asked.push(id), id === 'fan'), clock, ttlMs: 1000, maxCached: 10 });
    expect(await lookup.follows('fan')).toBe(true);
    expect(await lookup.follows('fan')).toBe(true);
    expect(await lookup.follows('lurker')).toBe(false);
    expect(asked).toEqual(['fan', 'lurker']);
    clock.advance(1001);
    await lookup.follows('fan');
    expect(asked).toEqual(['fan', 'lurker', 'fan']);
  });

  it("never reuses an answer about another broadcaster's channel", async () => {
    let channel = 'b1';
    const asked: string[] = [];
    const lookup = new FollowerLookup({ lookup: async (id) => (asked.push(`${channel}:${id}`), channel === 'b1'), channel: () => channel });
    expect(await lookup.follows('fan')).toBe(true);
    channel = 'b2';
    expect(await lookup.follows('fan')).toBe(false);
    expect(asked).toEqual(['b1:fan', 'b2:fan']);
  });

  it('is bounded, and a refusal says why', async () => {
    const lookup = new FollowerLookup({ lookup: async (id) => (id === 'x' ? Promise.reject(new Error('boom')) : true), maxCached: 2 });
    await lookup.follows('a');
    await lookup.follows('b');
    await lookup.follows('c');
    expect(lookup.cached).toBe(2);
    await expect(lookup.follows('x')).rejects.toThrow(/The follow was not read/);
  });

  it('a "followers and above" command from a viewer without a higher role waits for the lookup', () => {
    const trigger = { kind: 'chatCommand' as const, command: '!hi', minRole: 'follower' as const };
    expect(triggerEventFor(trigger, events.chat('!hi'))?.needsFollower).toBe(true);
    expect(triggerEventFor(trigger, events.chat('!hi', { roles: { subscriber: true } }))?.needsFollower).toBeUndefined();
  });
});

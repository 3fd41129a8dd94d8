import { describe, expect, it } from 'vitest';
import type { AutomationTrigger, ChannelEvent } from '../../../shared/ipc/contract';
import { channelEventKinds } from '../../../shared/ipc/contract';
import { events, viewer } from '../../test-support/automation-fixtures';
import { defaultTrigger } from '../../../shared/domain/automation-defaults';
import { templateFieldsOf } from '../../../shared/domain/automation-template';
import { triggerKindLabels } from '../../../shared/domain/automation-words';
import { sampleEvent } from './sample-events';
import { kindsOf, mayUseCommand, parseCommand, triggerEventFor } from './triggers';

const at = { at: '2025-01-01T00:00:00.000Z', source: 'live' as const };
const fires = (trigger: AutomationTrigger, event: ChannelEvent) => triggerEventFor(trigger, event) !== null;

describe('each trigger', () => {
  it('redemption: the chosen reward, optionally only when the viewer\'s text matches', () => {
    const trigger: AutomationTrigger = { kind: 'redemption', rewardId: 'reward-hydrate', rewardTitle: 'Hydrate!', inputMatch: null };
    const hit = triggerEventFor(trigger, events.redemption({ input: 'glug', id: 'r1' }))!;
    expect(hit).toMatchObject({ id: 'redemption:r1', redemptionId: 'r1', fields: { user: 'Viewer1', reward: 'Hydrate!', input: 'glug' }, text: 'glug' });
    expect(fires(trigger, events.redemption({ rewardId: 'other' }))).toBe(false);
    expect(fires({ ...trigger, rewardId: null }, events.redemption({ rewardId: 'other' }))).toBe(true);
    const matching: AutomationTrigger = { ...trigger, inputMatch: { mode: 'contains', text: 'WATER' } };
    expect(fires(matching, events.redemption({ input: 'more water please' }))).toBe(true);
    expect(fires(matching, events.redemption({ input: 'juice' }))).toBe(false);
    expect(fires({ ...trigger, inputMatch: { mode: 'equals', text: 'yes' } }, events.redemption({ input: ' Yes ' }))).toBe(true);
    expect(fires({ ...trigger, inputMatch: { mode: 'startsWith', text: 'song:' } }, events.redemption({ input: 'a song: x' }))).toBe(false);
  });

  it('moderation: Shield Mode on and off, a ban or timeout, a message AutoMod held, an unban request', () => {
    const mod = viewer(9);
    expect(kindsOf({ kind: 'ban' })).toEqual(['ban']);
    expect(triggerEventFor({ kind: 'shieldModeBegin' }, { ...at, id: 'sm', kind: 'shieldModeBegin', moderator: mod, startedAt: at.at })).toMatchObject({ summary: 'Viewer9 turned Shield Mode on', fields: { moderator: 'Viewer9' } });
    expect(fires({ kind: 'shieldModeEnd' }, { ...at, id: 'sm', kind: 'shieldModeBegin', moderator: mod, startedAt: at.at })).toBe(false);
    const timeout: ChannelEvent = { ...at, id: 'b', kind: 'ban', user: viewer(3), moderator: mod, reason: 'spam', endsAt: '2025-01-01T00:10:00.000Z' };
    expect(triggerEventFor({ kind: 'ban' }, timeout)).toMatchObject({ summary: 'Viewer3 was timed out for 600 s by Viewer9', fields: { user: 'Viewer3', moderator: 'Viewer9', reason: 'spam', seconds: '600' }, amount: 600 });
    expect(triggerEventFor({ kind: 'ban' }, { ...timeout, endsAt: null })).toMatchObject({ summary: 'Viewer3 was banned by Viewer9', amount: null });
    const held: ChannelEvent = { ...at, id: 'h', kind: 'automodHold', messageId: 'm', user: viewer(4), text: 'rude words', reason: 'automod', category: 'swearing', level: 3, blockedTerms: [], heldAt: at.at };
    expect(triggerEventFor({ kind: 'automodHold' }, held)).toMatchObject({ summary: "AutoMod held Viewer4's message (swearing)", fields: { message: 'rude words', reason: 'swearing' }, text: 'rude words' });
    expect(triggerEventFor({ kind: 'unbanRequest' }, { ...at, id: 'u', kind: 'unbanRequest', requestId: 'r', user: viewer(5), text: 'sorry', createdAt: at.at })).toMatchObject({ summary: 'Viewer5 asked to be unbanned', fields: { message: 'sorry' } });
  });

  it('follow', () => {
    expect(triggerEventFor({ kind: 'follow' }, events.follow(viewer(3)))).toMatchObject({ summary: 'Viewer3 followed', fields: { user: 'Viewer3', login: 'viewer3' } });
    expect(fires({ kind: 'follow' }, events.raid(3))).toBe(false);
  });

  it('subscription, with the tiers chosen and gifted ones only when asked', () => {
    const sub = (tier: string, isGift: boolean): ChannelEvent => ({ ...at, id: 's', kind: 'subscription', user: viewer(), tier, isGift });
    expect(fires({ kind: 'subscription', tiers: [], includeGifted: true }, sub('2000', true))).toBe(true);
    expect(fires({ kind: 'subscription', tiers: [], includeGifted: false }, sub('1000', true))).toBe(false);
    expect(fires({ kind: 'subscription', tiers: ['3000'], includeGifted: true }, sub('1000', false))).toBe(false);
    expect(triggerEventFor({ kind: 'subscription', tiers: [], includeGifted: true }, sub('1000', false))?.fields.tier).toBe('Tier 1');
  });

  it('resubscription message, months at least', () => {
    const resub: ChannelEvent = { ...at, id: 'x', kind: 'resubscription', user: viewer(), tier: '1000', months: 6, streakMonths: null, message: 'six!' };
    expect(triggerEventFor({ kind: 'resubscription', tiers: [], minMonths: 6 }, resub)).toMatchObject({ amount: 6, text: 'six!', fields: { months: '6', message: 'six!' } });
    expect(fires({ kind: 'resubscription', tiers: [], minMonths: 7 }, resub)).toBe(false);
  });

  it('gifted subscriptions, count at least; an anonymous gifter has words', () => {
    const gift: ChannelEvent = { ...at, id: 'g', kind: 'giftSubscriptions', gifter: null, tier: '1000', count: 5, cumulativeTotal: null };
    expect(triggerEventFor({ kind: 'giftSubscriptions', tiers: [], minCount: 5 }, gift)).toMatchObject({ amount: 5, fields: { user: 'An anonymous gifter', count: '5' } });
    expect(fires({ kind: 'giftSubscriptions', tiers: [], minCount: 6 }, gift)).toBe(false);
  });

  it('cheer of at least N bits', () => {
    expect(triggerEventFor({ kind: 'cheer', minBits: 100 }, events.cheer(100))).toMatchObject({ amount: 100, fields: { bits: '100' } });
    expect(fires({ kind: 'cheer', minBits: 101 }, events.cheer(100))).toBe(false);
    expect(triggerEventFor({ kind: 'cheer', minBits: 1 }, events.cheer(5, null))?.fields.user).toBe('An anonymous cheerer');
  });

  it('raid of at least N viewers', () => {
    expect(triggerEventFor({ kind: 'raid', minViewers: 10 }, events.raid(12))).toMatchObject({ amount: 12, user: viewer(9), fields: { viewers: '12', user: 'Viewer9' } });
    expect(fires({ kind: 'raid', minViewers: 10 }, events.raid(9))).toBe(false);
  });

  it('charity donation of at least an amount, in the currency\'s units', () => {
    const donation: ChannelEvent = { ...at, id: 'd', kind: 'donation', donationId: 'd', campaignId: 'c', user: viewer(), amount: { value: 550, decimalPlaces: 2, currency: 'USD' }, charityName: 'Good' };
    expect(triggerEventFor({ kind: 'donation', minAmount: 5.5 }, donation)).toMatchObject({ amount: 5.5, fields: { charity: 'Good' } });
    expect(fires({ kind: 'donation', minAmount: 6 }, donation)).toBe(false);
  });

  it('hype train: begin, each level up once per train and level, end', () => {
    const progress = (level: number): ChannelEvent => ({ ...at, id: `p${level}`, kind: 'hypeTrainProgress', trainId: 't1', level, total: 10, goal: 20 });
    expect(fires({ kind: 'hypeTrainLevelUp' }, progress(1))).toBe(false);
    expect(triggerEventFor({ kind: 'hypeTrainLevelUp' }, progress(2))?.id).toBe('hype-level:t1:2');
    // Another progress at the same level is the same level-up (the ledger keeps it once).
    expect(triggerEventFor({ kind: 'hypeTrainLevelUp' }, { ...progress(2), id: 'p2-again' })?.id).toBe('hype-level:t1:2');
    expect(fires({ kind: 'hypeTrainBegin' }, { ...at, id: 'b', kind: 'hypeTrainBegin', trainId: 't1', level: 1, total: 1, goal: 2 })).toBe(true);
    expect(fires({ kind: 'hypeTrainEnd' }, { ...at, id: 'e', kind: 'hypeTrainEnd', trainId: 't1', level: 3, total: 9 })).toBe(true);
  });

  it('poll and prediction begin and end, with the winner', () => {
    const pollEnd: ChannelEvent = { ...at, id: 'pe', kind: 'pollEnd', pollId: 'p', title: 'Snack?', status: 'completed', choices: [{ id: 'a', title: 'Chips', votes: 2 }, { id: 'b', title: 'Fruit', votes: 5 }] };
    expect(triggerEventFor({ kind: 'pollEnd' }, pollEnd)?.fields).toEqual({ title: 'Snack?', winner: 'Fruit' });
    expect(fires({ kind: 'pollBegin' }, pollEnd)).toBe(false);
    const predictionEnd: ChannelEvent = {
      ...at,
      id: 'x',
      kind: 'predictionEnd',
      predictionId: 'p',
      title: 'Win?',
      status: 'resolved',
      winningOutcomeId: 'b',
      outcomes: [
        { id: 'a', title: 'Yes', users: 1, channelPoints: 1 },
        { id: 'b', title: 'No', users: 1, channelPoints: 1 },
      ],
    };
    expect(triggerEventFor({ kind: 'predictionEnd' }, predictionEnd)?.fields.winner).toBe('No');
    expect(fires({ kind: 'predictionBegin' }, { ...at, id: 'y', kind: 'predictionBegin', predictionId: 'p', title: 'Win?', outcomes: [], locksAt: null })).toBe(true);
  });

  it('stream online and offline, ad break begin', () => {
    expect(fires({ kind: 'streamOnline' }, { ...at, id: 'o', kind: 'streamOnline', streamType: 'live', startedAt: at.at })).toBe(true);
    expect(fires({ kind: 'streamOffline' }, { ...at, id: 'f', kind: 'streamOffline' })).toBe(true);
    expect(triggerEventFor({ kind: 'adBreakBegin' }, { ...at, id: 'a', kind: 'adBreakBegin', durationSeconds: 90, isAutomatic: true, startedAt: at.at })?.fields.seconds).toBe('90');
  });

  it('chat command with its arguments, for whom it is open to', () => {
    const trigger: AutomationTrigger = { kind: 'chatCommand', command: '!so', minRole: 'moderator' };
    const hit = triggerEventFor(trigger, events.chat('!SO  @someone   now', { roles: { moderator: true } }))!;
    expect(hit.fields).toMatchObject({ command: '!so', args: '@someone   now', arg1: '@someone', arg2: 'now', arg3: '' });
    expect(hit.text).toBe('@someone   now');
    expect(fires(trigger, events.chat('!so x'))).toBe(false);
    expect(fires(trigger, events.chat('!so x', { roles: { broadcaster: true } }))).toBe(true);
    expect(fires(trigger, events.chat('!social', { roles: { moderator: true } }))).toBe(false);
    expect(fires(trigger, events.chat('say !so', { roles: { moderator: true } }))).toBe(false);
    expect(fires({ kind: 'chatCommand', command: '!discord', minRole: 'everyone' }, events.chat('!discord'))).toBe(true);
  });

  it('timer, hotkey, Run button and "before the next ad" fire from Sidestage, not from channel events', () => {
    for (const trigger of [{ kind: 'timer', everyMinutes: 5, minChatMessages: 0 }, { kind: 'hotkey', accelerator: 'F9' }, { kind: 'manual' }, { kind: 'adBreakSoon', secondsBefore: 30 }] as AutomationTrigger[]) {
      expect(kindsOf(trigger)).toEqual([]);
      expect(fires(trigger, events.chat('!x'))).toBe(false);
    }
    expect(kindsOf({ kind: 'timer', everyMinutes: 5, minChatMessages: 3 })).toEqual(['chatMessage']);
  });

  it('every trigger listens only to kinds the channel-event stream has', () => {
    const triggers: AutomationTrigger['kind'][] = ['redemption', 'follow', 'subscription', 'resubscription', 'giftSubscriptions', 'cheer', 'raid', 'donation', 'hypeTrainBegin', 'hypeTrainLevelUp', 'hypeTrainEnd', 'pollBegin', 'pollEnd', 'predictionBegin', 'predictionEnd', 'streamOnline', 'streamOffline', 'adBreakBegin', 'chatCommand'];
    for (const kind of triggers) {
      const kinds = kindsOf({ kind } as AutomationTrigger);
      expect(kinds.length, kind).toBe(1);
      expect(channelEventKinds).toContain(kinds[0]);
      expect(Array.isArray(templateFieldsOf({ kind } as AutomationTrigger))).toBe(true);
    }
  });
});

describe('commands', () => {
  it('parses a command and its words', () => {
    expect(parseCommand('  !Discord please ')).toEqual({ command: '!discord', args: ['please'], rest: 'please' });
    expect(parseCommand('hello')).toBeNull();
  });

  it('who may use a command: this role and above, the broadcaster always', () => {
    const none = { broadcaster: false, moderator: false, vip: false, subscriber: false };
    expect(mayUseCommand('everyone', none)).toBe(true);
    expect(mayUseCommand('vip', { ...none, vip: true })).toBe(true);
    expect(mayUseCommand('vip', { ...none, subscriber: true })).toBe(false);
    expect(mayUseCommand('subscriber', { ...none, subscriber: true })).toBe(true);
    expect(mayUseCommand('subscriber', none)).toBe(false);
    // A "subscribers" command is open to moderators, VIPs and the broadcaster without a sub badge.
    expect(mayUseCommand('subscriber', { ...none, moderator: true })).toBe(true);
    expect(mayUseCommand('subscriber', { ...none, vip: true })).toBe(true);
    expect(mayUseCommand('subscriber', { ...none, broadcaster: true })).toBe(true);
    expect(mayUseCommand('broadcaster', { ...none, moderator: true })).toBe(false);
    expect(mayUseCommand('moderator', { ...none, broadcaster: true })).toBe(true);
    expect(mayUseCommand('broadcaster', { ...none, broadcaster: true })).toBe(true);
  });
});

describe('the fields the editor offers', () => {
  it("are the fields each trigger's events fill", () => {
    for (const kind of Object.keys(triggerKindLabels) as AutomationTrigger['kind'][]) {
      const trigger = defaultTrigger(kind);
      const fields = sampleEvent(trigger, new Date()).fields;
      for (const name of templateFieldsOf(trigger)) expect(Object.keys(fields), `${kind}: {${name}}`).toContain(name);
    }
  });
});

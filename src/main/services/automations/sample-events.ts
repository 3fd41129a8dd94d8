/**
 * The sample event of the editor's Test, for each trigger: a channel event as the platform would
 * send it (so the run reads it through the same trigger code), from a sample viewer that nothing
 * real is done to (no shoutout, fulfil or cancel of it).
 */
import { randomUUID } from 'node:crypto';
import type { AutomationTrigger, ChannelEvent, ChannelUser } from '../../../shared/ipc/contract';
import { describeTrigger } from '../../../shared/domain/automation-words';
import { sampleUserId } from './actions';
import { ownEvent, triggerEventFor, type TriggerEvent } from './triggers';

const sampleViewer: ChannelUser = { id: sampleUserId, login: 'sample_viewer', name: 'SampleViewer' };

function sampleChannelEvent(trigger: AutomationTrigger, id: string, at: string): ChannelEvent | null {
  const base = { id, at, source: 'live' as const };
  const user = sampleViewer;
  switch (trigger.kind) {
    case 'redemption':
      return {
        ...base,
        kind: 'redemption',
        redemptionId: 'sample-redemption',
        reward: { id: trigger.rewardId ?? 'sample-reward', title: trigger.rewardTitle || 'A reward', cost: 100, prompt: '' },
        user,
        input: trigger.inputMatch?.text ?? 'Sample text from Sidestage',
        status: 'unfulfilled',
      };
    case 'follow':
      return { ...base, kind: 'follow', user };
    case 'subscription':
      return { ...base, kind: 'subscription', user, tier: trigger.tiers[0] ?? '1000', isGift: false };
    case 'resubscription':
      return { ...base, kind: 'resubscription', user, tier: trigger.tiers[0] ?? '1000', months: Math.max(3, trigger.minMonths), streakMonths: null, message: 'Sample resubscription message' };
    case 'giftSubscriptions':
      return { ...base, kind: 'giftSubscriptions', gifter: user, tier: trigger.tiers[0] ?? '1000', count: Math.max(5, trigger.minCount), cumulativeTotal: null };
    case 'cheer':
      return { ...base, kind: 'cheer', user, bits: Math.max(100, trigger.minBits), message: 'Sample cheer' };
    case 'raid':
      return { ...base, kind: 'raid', from: user, viewers: Math.max(12, trigger.minViewers) };
    case 'donation':
      return {
        ...base,
        kind: 'donation',
        donationId: 'sample-donation',
        campaignId: 'sample-campaign',
        user,
        amount: { value: Math.round(Math.max(5, trigger.minAmount) * 100), decimalPlaces: 2, currency: 'USD' },
        charityName: 'A sample charity',
      };
    case 'hypeTrainBegin':
      return { ...base, kind: 'hypeTrainBegin', trainId: 'sample-train', level: 1, total: 500, goal: 1000 };
    case 'hypeTrainLevelUp':
      return { ...base, kind: 'hypeTrainProgress', trainId: `sample-train-${id}`, level: 2, total: 1500, goal: 2000 };
    case 'hypeTrainEnd':
      return { ...base, kind: 'hypeTrainEnd', trainId: 'sample-train', level: 3, total: 3000 };
    case 'pollBegin':
      return { ...base, kind: 'pollBegin', pollId: 'sample-poll', title: 'A sample poll', choices: [{ id: 'a', title: 'Yes' }, { id: 'b', title: 'No' }], endsAt: null };
    case 'pollEnd':
      return { ...base, kind: 'pollEnd', pollId: 'sample-poll', title: 'A sample poll', status: 'completed', choices: [{ id: 'a', title: 'Yes', votes: 7 }, { id: 'b', title: 'No', votes: 3 }] };
    case 'predictionBegin':
      return { ...base, kind: 'predictionBegin', predictionId: 'sample-prediction', title: 'A sample prediction', outcomes: [{ id: 'a', title: 'Win' }, { id: 'b', title: 'Lose' }], locksAt: null };
    case 'predictionEnd':
      return {
        ...base,
        kind: 'predictionEnd',
        predictionId: 'sample-prediction',
        title: 'A sample prediction',
        status: 'resolved',
        winningOutcomeId: 'a',
        outcomes: [
          { id: 'a', title: 'Win', users: 5, channelPoints: 5000 },
          { id: 'b', title: 'Lose', users: 3, channelPoints: 2000 },
        ],
      };
    case 'streamOnline':
      return { ...base, kind: 'streamOnline', streamType: 'live', startedAt: at };
    case 'streamOffline':
      return { ...base, kind: 'streamOffline' };
    case 'adBreakBegin':
      return { ...base, kind: 'adBreakBegin', durationSeconds: 90, isAutomatic: true, startedAt: at };
    case 'chatCommand':
      return {
        ...base,
        kind: 'chatMessage',
        messageId: `sample-${id}`,
        user,
        text: `${trigger.command} sample words`,
        fragments: [],
        color: null,
        badges: [],
        // Every role, so that whoever the command is open to, the sample may use it.
        roles: { broadcaster: true, moderator: true, vip: true, subscriber: true },
      };
    case 'shieldModeBegin':
      return { ...base, kind: 'shieldModeBegin', moderator: user, startedAt: at };
    case 'shieldModeEnd':
      return { ...base, kind: 'shieldModeEnd', moderator: user, endedAt: at };
    case 'ban':
      return { ...base, kind: 'ban', user, moderator: user, reason: 'A sample reason', endsAt: new Date(Date.parse(at) + 600_000).toISOString() };
    case 'automodHold':
      return { ...base, kind: 'automodHold', messageId: 'sample-message', user, text: 'A sample message AutoMod held', reason: 'automod', category: 'swearing', level: 2, blockedTerms: [], heldAt: at };
    case 'unbanRequest':
      return { ...base, kind: 'unbanRequest', requestId: 'sample-unban-request', user, text: 'A sample unban request', createdAt: at };
    case 'firstMessage':
    case 'chatKeywords':
      return {
        ...base,
        kind: 'chatMessage',
        messageId: `sample-${id}`,
        user,
        text: trigger.kind === 'chatKeywords' ? `sample words with ${trigger.phrases[0] ?? 'a phrase'}` : 'Hello, first time here!',
        fragments: [],
        color: null,
        badges: [],
        roles: { broadcaster: false, moderator: false, vip: false, subscriber: false },
      };
    case 'channelUpdate':
      return { ...base, kind: 'channelUpdate', title: 'A sample title', categoryId: '0', categoryName: 'Just Chatting', language: 'en' };
    case 'raidSent':
      return { ...base, kind: 'raidSent', to: user, viewers: 12 };
    case 'moderatorActed':
      return {
        ...base,
        kind: 'moderation',
        moderator: { id: 'sample-moderator', login: 'sample_moderator', name: 'SampleModerator' },
        action: trigger.actions[0] ?? 'timeout',
        user: (trigger.actions[0] ?? 'timeout') === 'clear' ? null : user,
        reason: 'A sample reason',
        messageId: null,
        messageText: null,
        expiresAt: null,
        detail: '',
      };
    case 'obsEvent':
    case 'variableReaches':
    case 'adBreakSoon':
    case 'timer':
    case 'hotkey':
    case 'manual':
      return null;
  }
}

/** A sample event for `trigger`, marked as a test. */
export function sampleEvent(trigger: AutomationTrigger, now: Date): TriggerEvent {
  const id = `test:${randomUUID()}`;
  const channelEvent = sampleChannelEvent(trigger, id, now.toISOString());
  // A sample chat line is everyone's first one, so "first message" triggers read it as such; a list of words not written yet reads the sample's.
  const asked = trigger.kind === 'chatKeywords' && trigger.phrases.length === 0 ? { ...trigger, phrases: ['a phrase'] } : trigger;
  const read = channelEvent ? triggerEventFor(asked, channelEvent, { first: { broadcast: true, ever: true } }) : null;
  if (read) return { ...read, id, source: 'test', summary: `Test: ${read.summary}`, channelEvent: { ...channelEvent!, source: 'live' } };
  const fields: Record<string, string> =
    trigger.kind === 'adBreakSoon'
      ? { seconds: String(trigger.secondsBefore) }
      : trigger.kind === 'obsEvent'
        ? { scene: 'Sample scene' }
        : trigger.kind === 'variableReaches'
          ? { variable: trigger.name, value: String(trigger.value) }
          : {};
  return ownEvent(id, trigger.kind, `Test: ${describeTrigger(trigger)}`, 'test', fields);
}

/**
 * Triggers: which channel events an automation listens to, whether one event is its trigger, and
 * what the run knows of that event (the template's fields, the values conditions compare, the id the
 * exactly-once ledger keys on). Pure functions of the automation and the event.
 */
import { amountToMajor, formatAmount } from '../../../shared/domain/charity-amount';
import type { AutomationTrigger, ChannelEvent, ChannelEventKind, ChannelEventOf, ChannelUser, ChatRoles, TextMatch } from '../../../shared/ipc/contract';
import type { TemplateFields } from '../../../shared/domain/automation-template';
import { hypeTrainLevelId } from '../../../shared/domain/hype-train-levels';
import { tierName } from '../../../shared/domain/subscription-tier';
import { commandRoleOrder, type CommandRole } from '../../../shared/ipc/schemas/automations';
import { channelUpdateTriggerEvent, describeModeration, moderatorActedTriggerEvent, type ChannelChanges } from './trigger-sources/channel-triggers';
import { chatLineTriggerEvent, type FirstMessageFacts } from './trigger-sources/chat-triggers';
import type { TriggerEvent } from './trigger-event';

export type { TriggerEvent } from './trigger-event';

/** What is decided once per event, before each automation's trigger is asked. */
export interface EventFacts {
  first?: FirstMessageFacts;
  channelChanges?: ChannelChanges;
}

/** The channel-event kinds a trigger listens to (none: it fires from a timer, a hotkey or a button). */
export function kindsOf(trigger: AutomationTrigger): ChannelEventKind[] {
  switch (trigger.kind) {
    case 'redemption':
    case 'follow':
    case 'subscription':
    case 'resubscription':
    case 'giftSubscriptions':
    case 'cheer':
    case 'raid':
    case 'hypeTrainBegin':
    case 'hypeTrainEnd':
    case 'pollBegin':
    case 'pollEnd':
    case 'predictionBegin':
    case 'predictionEnd':
    case 'streamOnline':
    case 'streamOffline':
    case 'adBreakBegin':
    case 'shieldModeBegin':
    case 'shieldModeEnd':
    case 'ban':
    case 'automodHold':
    case 'unbanRequest':
      return [trigger.kind];
    case 'donation':
      return ['donation'];
    case 'hypeTrainLevelUp':
      return ['hypeTrainProgress'];
    case 'chatCommand':
    case 'firstMessage':
    case 'chatKeywords':
      return ['chatMessage'];
    case 'channelUpdate':
    case 'raidSent':
      return [trigger.kind];
    case 'moderatorActed':
      return ['moderation'];
    case 'obsEvent':
      return [];
    case 'timer':
      // Chat messages are counted for "at least M messages since the last time".
      return trigger.minChatMessages > 0 ? ['chatMessage'] : [];
    case 'adBreakSoon':
    case 'hotkey':
    case 'manual':
    case 'variableReaches':
      return [];
  }
}


export function textMatches(match: TextMatch, text: string): boolean {
  const haystack = text.trim().toLocaleLowerCase();
  const needle = match.text.trim().toLocaleLowerCase();
  if (match.mode === 'equals') return haystack === needle;
  if (match.mode === 'startsWith') return haystack.startsWith(needle);
  return haystack.includes(needle);
}

/** A chat message read as a command: `!name` and its arguments, or null. */
export function parseCommand(text: string): { command: string; args: string[]; rest: string } | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('!')) return null;
  const space = trimmed.search(/\s/);
  const command = (space === -1 ? trimmed : trimmed.slice(0, space)).toLowerCase();
  const rest = space === -1 ? '' : trimmed.slice(space).trim();
  return { command, args: rest === '' ? [] : rest.split(/\s+/), rest };
}

/** A chatter's highest role, in `commandRoleOrder`. */
export function highestRole(roles: ChatRoles): CommandRole {
  if (roles.broadcaster) return 'broadcaster';
  if (roles.moderator) return 'moderator';
  if (roles.vip) return 'vip';
  if (roles.subscriber) return 'subscriber';
  return 'everyone';
}

/**
 * Whether a chatter with `roles` may use a command open to `minRole` and above (the broadcaster
 * always may). `follower`: the badges cannot tell, so a viewer with no higher role is `maybe`
 * (looked up on the platform before the run).
 */
export function mayUseCommand(minRole: CommandRole, roles: ChatRoles): boolean | 'maybe' {
  const highest = highestRole(roles);
  if (minRole === 'follower' && highest === 'everyone') return 'maybe';
  return commandRoleOrder.indexOf(highest) >= commandRoleOrder.indexOf(minRole);
}

type Base = Pick<TriggerEvent, 'id' | 'source' | 'channelEvent'>;

function base(event: ChannelEvent): Base {
  return { id: event.id, source: event.source, channelEvent: event };
}

const userFields = (user: ChannelUser | null, fallback: string) => ({ user: user?.name || user?.login || fallback, login: user?.login ?? '' });

function describe(event: ChannelEvent): TriggerEvent {
  const none = { amount: null, tier: null, text: null, user: null, roles: null, redemptionId: null };
  const at = base(event);
  switch (event.kind) {
    case 'redemption':
    case 'redemptionUpdate':
      return {
        ...at,
        ...none,
        kind: event.kind,
        summary: `${event.user.name} redeemed ${event.reward.title}`,
        fields: { ...userFields(event.user, 'a viewer'), reward: event.reward.title, input: event.input, cost: String(event.reward.cost), amount: String(event.reward.cost) },
        amount: event.reward.cost,
        text: event.input,
        user: event.user,
        redemptionId: event.redemptionId,
      };
    case 'follow':
      return { ...at, ...none, kind: event.kind, summary: `${event.user.name} followed`, fields: userFields(event.user, 'a viewer'), user: event.user };
    case 'subscription':
      return {
        ...at,
        ...none,
        kind: event.kind,
        summary: `${event.user.name} subscribed (${tierName(event.tier)}${event.isGift ? ', a gift' : ''})`,
        fields: { ...userFields(event.user, 'a viewer'), tier: tierName(event.tier) },
        tier: event.tier,
        user: event.user,
      };
    case 'resubscription':
      return {
        ...at,
        ...none,
        kind: event.kind,
        summary: `${event.user.name} resubscribed for ${event.months} months`,
        fields: { ...userFields(event.user, 'a viewer'), tier: tierName(event.tier), months: String(event.months), amount: String(event.months), message: event.message },
        amount: event.months,
        tier: event.tier,
        text: event.message,
        user: event.user,
      };
    case 'giftSubscriptions':
      return {
        ...at,
        ...none,
        kind: event.kind,
        summary: `${event.gifter?.name ?? 'An anonymous gifter'} gifted ${event.count} subscriptions (${tierName(event.tier)})`,
        fields: { ...userFields(event.gifter, 'An anonymous gifter'), count: String(event.count), amount: String(event.count), tier: tierName(event.tier) },
        amount: event.count,
        tier: event.tier,
        user: event.gifter,
      };
    case 'cheer':
      return {
        ...at,
        ...none,
        kind: event.kind,
        summary: `${event.user?.name ?? 'An anonymous cheerer'} cheered ${event.bits} bits`,
        fields: { ...userFields(event.user, 'An anonymous cheerer'), bits: String(event.bits), amount: String(event.bits), message: event.message },
        amount: event.bits,
        text: event.message,
        user: event.user,
      };
    case 'raid':
      return {
        ...at,
        ...none,
        kind: event.kind,
        summary: `${event.from.name} raided with ${event.viewers} viewers`,
        fields: { ...userFields(event.from, 'a channel'), viewers: String(event.viewers), amount: String(event.viewers) },
        amount: event.viewers,
        user: event.from,
      };
    case 'donation': {
      const amount = { value: event.amount.value, decimal_places: event.amount.decimalPlaces, currency: event.amount.currency };
      const words = formatAmount(amount);
      return {
        ...at,
        ...none,
        kind: event.kind,
        summary: `${event.user.name} donated ${words} to ${event.charityName}`,
        fields: { ...userFields(event.user, 'a viewer'), amount: words, charity: event.charityName },
        amount: amountToMajor(amount),
        user: event.user,
      };
    }
    case 'hypeTrainBegin':
    case 'hypeTrainProgress':
    case 'hypeTrainEnd':
      return {
        ...at,
        ...none,
        kind: event.kind,
        summary: event.kind === 'hypeTrainBegin' ? 'A hype train started' : event.kind === 'hypeTrainEnd' ? `The hype train ended at level ${event.level}` : `The hype train reached level ${event.level}`,
        fields: { level: String(event.level), amount: String(event.level), total: String(event.total) },
        amount: event.level,
      };
    case 'pollBegin':
      return { ...at, ...none, kind: event.kind, summary: `Poll started: ${event.title}`, fields: { title: event.title } };
    case 'pollEnd': {
      const winner = [...event.choices].sort((a, b) => b.votes - a.votes)[0];
      return { ...at, ...none, kind: event.kind, summary: `Poll ended: ${event.title}`, fields: { title: event.title, winner: winner?.title ?? '' } };
    }
    case 'predictionBegin':
      return { ...at, ...none, kind: event.kind, summary: `Prediction started: ${event.title}`, fields: { title: event.title } };
    case 'predictionEnd': {
      const winner = event.outcomes.find((o) => o.id === event.winningOutcomeId);
      return { ...at, ...none, kind: event.kind, summary: `Prediction ended: ${event.title}`, fields: { title: event.title, winner: winner?.title ?? '' } };
    }
    case 'streamOnline':
      return { ...at, ...none, kind: event.kind, summary: 'The stream went live', fields: {} };
    case 'streamOffline':
      return { ...at, ...none, kind: event.kind, summary: 'The stream went offline', fields: {} };
    case 'adBreakBegin':
      return { ...at, ...none, kind: event.kind, summary: `An ad break of ${event.durationSeconds} s began`, fields: { seconds: String(event.durationSeconds), amount: String(event.durationSeconds) }, amount: event.durationSeconds };
    case 'shieldModeBegin':
    case 'shieldModeEnd':
      return { ...at, ...none, kind: event.kind, summary: `${event.moderator.name} turned Shield Mode ${event.kind === 'shieldModeBegin' ? 'on' : 'off'}`, fields: { moderator: event.moderator.name } };
    case 'ban': {
      const seconds = event.endsAt ? Math.max(0, Math.round((Date.parse(event.endsAt) - Date.parse(event.at)) / 1000)) : null;
      return {
        ...at,
        ...none,
        kind: event.kind,
        summary: `${event.user.name} was ${seconds === null ? 'banned' : `timed out for ${seconds} s`} by ${event.moderator.name}`,
        fields: { ...userFields(event.user, 'a viewer'), moderator: event.moderator.name, reason: event.reason, seconds: seconds === null ? '' : String(seconds), amount: seconds === null ? '' : String(seconds) },
        amount: seconds,
        text: event.reason,
        user: event.user,
      };
    }
    case 'automodHold': {
      const reason = event.reason === 'blockedTerm' ? `blocked term ${event.blockedTerms.join(', ')}`.trim() : (event.category ?? 'AutoMod');
      return {
        ...at,
        ...none,
        kind: event.kind,
        // The run log (the broadcaster's own view) names the term; a template never re-posts it.
        summary: `AutoMod held ${event.user.name}'s message (${reason})`,
        fields: { ...userFields(event.user, 'a viewer'), message: event.text, reason: event.reason === 'blockedTerm' ? 'a blocked term' : reason },
        text: event.text,
        user: event.user,
        withheld: ['message'],
      };
    }
    case 'unbanRequest':
      return {
        ...at,
        ...none,
        kind: event.kind,
        summary: `${event.user.name} asked to be unbanned`,
        fields: { ...userFields(event.user, 'a viewer'), message: event.text },
        text: event.text,
        user: event.user,
      };
    case 'chatMessage':
      return {
        ...at,
        ...none,
        kind: event.kind,
        summary: `${event.user.name}: ${event.text.slice(0, 80)}`,
        fields: { ...userFields(event.user, 'a chatter'), message: event.text },
        text: event.text,
        user: event.user,
        roles: event.roles,
        messageId: event.messageId,
      };
    case 'channelUpdate':
      return { ...at, ...none, kind: event.kind, summary: `The channel is now "${event.title.slice(0, 60)}" in ${event.categoryName || 'no category'}`, fields: { title: event.title, game: event.categoryName, category: event.categoryName } };
    case 'raidSent':
      return {
        ...at,
        ...none,
        kind: event.kind,
        summary: `You started a raid of ${event.to.name} with ${event.viewers} viewers`,
        fields: { ...userFields(event.to, 'a channel'), viewers: String(event.viewers), amount: String(event.viewers) },
        amount: event.viewers,
        user: event.to,
      };
    case 'moderation': {
      const { summary, fields } = describeModeration(event);
      return { ...at, ...none, kind: event.kind, summary, fields, text: event.reason, user: event.user, messageId: event.messageId };
    }
    default:
      return { ...at, ...none, kind: event.kind, summary: event.kind, fields: {} };
  }
}

/** The trigger event when `event` fires `trigger`, else null. */
export function triggerEventFor(trigger: AutomationTrigger, event: ChannelEvent, facts: EventFacts = {}): TriggerEvent | null {
  switch (trigger.kind) {
    case 'redemption': {
      if (event.kind !== 'redemption') return null;
      if (trigger.rewardId !== null && event.reward.id !== trigger.rewardId) return null;
      if (trigger.inputMatch && !textMatches(trigger.inputMatch, event.input)) return null;
      return describe(event);
    }
    case 'subscription':
      if (event.kind !== 'subscription' || (!trigger.includeGifted && event.isGift) || !tierAllowed(trigger.tiers, event.tier)) return null;
      return describe(event);
    case 'resubscription':
      if (event.kind !== 'resubscription' || event.months < trigger.minMonths || !tierAllowed(trigger.tiers, event.tier)) return null;
      return describe(event);
    case 'giftSubscriptions':
      if (event.kind !== 'giftSubscriptions' || event.count < trigger.minCount || !tierAllowed(trigger.tiers, event.tier)) return null;
      return describe(event);
    case 'cheer':
      return event.kind === 'cheer' && event.bits >= trigger.minBits ? describe(event) : null;
    case 'raid':
      return event.kind === 'raid' && event.viewers >= trigger.minViewers ? describe(event) : null;
    case 'donation': {
      if (event.kind !== 'donation') return null;
      const described = describe(event);
      return (described.amount ?? 0) >= trigger.minAmount ? described : null;
    }
    case 'hypeTrainLevelUp': {
      // Level 1 is the start; each higher level once per train: keyed on the level (hype-train-levels.ts),
      // so the exactly-once ledger keeps it once across restarts; the service drops a level already seen.
      if (event.kind !== 'hypeTrainProgress' || event.level < 2) return null;
      return { ...describe(event), id: hypeTrainLevelId(event.trainId, event.level) };
    }
    case 'chatCommand': {
      if (event.kind !== 'chatMessage') return null;
      return commandEvent(trigger, event);
    }
    case 'firstMessage':
    case 'chatKeywords':
      if (event.kind !== 'chatMessage') return null;
      // Without the facts (a caller that did not decide them), never a first message.
      return chatLineTriggerEvent(trigger, event, describe(event), facts.first ?? { broadcast: false, ever: false });
    case 'channelUpdate':
      if (event.kind !== 'channelUpdate') return null;
      return channelUpdateTriggerEvent(trigger, describe(event), facts.channelChanges ?? { title: true, category: true });
    case 'moderatorActed':
      return event.kind === 'moderation' ? moderatorActedTriggerEvent(trigger, event, describe(event)) : null;
    case 'obsEvent':
    case 'timer':
    case 'adBreakSoon':
    case 'hotkey':
    case 'manual':
    case 'variableReaches':
      return null;
    default:
      return event.kind === trigger.kind ? describe(event) : null;
  }
}

function tierAllowed(tiers: readonly string[], tier: string): boolean {
  return tiers.length === 0 || tiers.includes(tier);
}

function commandEvent(trigger: Extract<AutomationTrigger, { kind: 'chatCommand' }>, event: ChannelEventOf<'chatMessage'>): TriggerEvent | null {
  const parsed = parseCommand(event.text);
  if (!parsed || parsed.command !== trigger.command.toLowerCase()) return null;
  const may = mayUseCommand(trigger.minRole, event.roles);
  if (may === false) return null;
  const described = describe(event);
  const args: Record<string, string> = { command: parsed.command, args: parsed.rest };
  for (let i = 0; i < 9; i++) args[`arg${i + 1}`] = parsed.args[i] ?? '';
  return { ...described, ...(may === 'maybe' ? { needsFollower: true } : {}), summary: `${event.user.name} used ${parsed.command}${parsed.rest ? ` ${parsed.rest.slice(0, 60)}` : ''}`, fields: { ...described.fields, ...args }, text: parsed.rest };
}

/** An event Sidestage makes itself: a timer, a hotkey, the Run button, an ad break coming. */
export function ownEvent(id: string, kind: string, summary: string, source: TriggerEvent['source'], fields: TemplateFields = {}): TriggerEvent {
  return { id, kind, source, summary, fields, amount: null, tier: null, text: null, user: null, roles: null, redemptionId: null, channelEvent: null };
}

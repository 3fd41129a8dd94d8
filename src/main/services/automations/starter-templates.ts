/**
 * Starter automations, the jobs broadcasters most often keep a bot for in its first hour (a
 * shoutout by name, uptime, follow age, a Discord link, lurk, a death counter, an 8-ball, a
 * first-chatter welcome, a raid and a subscription thank-you, a hydrate timer). Made from what the
 * channel and OBS have where they can (the "Hydrate!" reward, a scene named like "Water"); created
 * switched off, to be checked and switched on.
 */
import type { AutomationInput, AutomationTemplateInfo } from '../../../shared/ipc/contract';

export interface TemplateContext {
  /** The channel's rewards Sidestage knows. */
  rewards: readonly { id: string; title: string }[];
  /** OBS's scenes; empty when OBS is not connected. */
  scenes: readonly string[];
}

interface StarterTemplate extends AutomationTemplateInfo {
  make(context: TemplateContext): AutomationInput;
  /** Variables it reads or changes, created (with these starting values) when missing. */
  variables?: readonly { name: string; initial: number | string }[];
}

const command = (name: string, minRole: 'everyone' | 'moderator' = 'everyone') => ({ kind: 'chatCommand' as const, command: name, minRole });

const noConditions = { onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 0, rules: [] };
const options = { enabled: false, queue: 'oneAtATime' as const, alsoMissed: false, stopOnError: false, stripLinks: false };

/** OBS's scene whose name contains `word`, else `fallback` (to be picked in the editor). */
function sceneLike(scenes: readonly string[], word: string, fallback: string): string {
  return scenes.find((s) => s.toLowerCase().includes(word)) ?? fallback;
}

export const starterTemplates: readonly StarterTemplate[] = [
  {
    id: 'hydrate',
    name: 'Hydrate! → water scene + fulfil',
    description: 'When a viewer redeems Hydrate!, show the water scene for 10 s and mark the redemption done.',
    make: ({ rewards, scenes }) => {
      const reward = rewards.find((r) => r.title.trim().toLowerCase().replace(/!$/, '') === 'hydrate');
      return {
        ...options,
        name: 'Hydrate! → water scene + fulfil',
        trigger: { kind: 'redemption', rewardId: reward?.id ?? null, rewardTitle: reward?.title ?? 'Hydrate!', inputMatch: null },
        conditions: noConditions,
        actions: [
          { kind: 'obsSwitchScene', sceneName: sceneLike(scenes, 'water', 'Water'), backAfterSeconds: 10 },
          { kind: 'resolveRedemption', status: 'fulfil' },
        ],
      };
    },
  },
  {
    id: 'raid',
    name: 'Raid of 10+ → shoutout + raid scene',
    description: 'When a raid of 10 or more viewers arrives, shout out the raider, welcome them in chat and switch to the raid scene for 30 s.',
    make: ({ scenes }) => ({
      ...options,
      name: 'Raid of 10+ → shoutout + raid scene',
      trigger: { kind: 'raid', minViewers: 10 },
      conditions: noConditions,
      actions: [
        { kind: 'shoutout' },
        { kind: 'chatMessage', text: 'Welcome, {user} raiders! Thank you for the raid of {viewers}!' },
        { kind: 'obsSwitchScene', sceneName: sceneLike(scenes, 'raid', 'Raid'), backAfterSeconds: 30 },
      ],
    }),
  },
  {
    id: 'discord',
    name: '!discord → reply',
    description: 'When someone types !discord, reply with the invite; at most once every 30 s.',
    make: () => ({
      ...options,
      name: '!discord → reply',
      trigger: { kind: 'chatCommand', command: '!discord', minRole: 'everyone' },
      conditions: { ...noConditions, cooldownSeconds: 30 },
      actions: [{ kind: 'chatMessage', text: 'Join the Discord, {user}: https://discord.gg/your-invite' }],
    }),
  },
  {
    id: 'ad-brb',
    name: '30 s before an ad → BRB scene',
    description: 'Thirty seconds before the next scheduled ad break, switch to the BRB scene, and back when the break is over.',
    make: ({ scenes }) => ({
      ...options,
      name: '30 s before an ad → BRB scene',
      trigger: { kind: 'adBreakSoon', secondsBefore: 30 },
      conditions: { ...noConditions, onlyWhileLive: true },
      // 30 s to the break and its usual 90 s.
      actions: [{ kind: 'obsSwitchScene', sceneName: sceneLike(scenes, 'brb', 'BRB'), backAfterSeconds: 120 }],
    }),
  },
  // Issue 25's starter pack: a first-chatter welcome, a raid thank-you, sub and resub thank-yous, a hydrate timer.
  {
    id: 'first-chatter',
    name: 'First message → welcome',
    description: "When a viewer chats for the first time this broadcast, reply to their message with a welcome.",
    make: () => ({
      ...options,
      name: 'First message → welcome',
      trigger: { kind: 'firstMessage', scope: 'broadcast' },
      conditions: { ...noConditions, onlyWhileLive: true },
      actions: [{ kind: 'chatReply', text: 'Welcome in, {user}! Glad you are here.' }],
    }),
  },
  {
    id: 'raid-thanks',
    name: 'Raid → thank-you, raid scene 10 s',
    description: 'When a raid arrives, shout out the raider, thank them in chat and show the raid scene for 10 s, then back (in the "Scenes" queue, so scene changes never interleave).',
    make: ({ scenes }) => ({
      ...options,
      name: 'Raid → thank-you, raid scene 10 s',
      trigger: { kind: 'raid', minViewers: 1 },
      conditions: noConditions,
      queueName: 'Scenes',
      actions: [
        { kind: 'shoutout' },
        { kind: 'chatMessage', text: 'Thank you for the raid, {user}, and welcome to all {viewers} of you!' },
        { kind: 'obsSwitchScene', sceneName: sceneLike(scenes, 'raid', 'Raid'), backAfterSeconds: 10 },
      ],
    }),
  },
  {
    id: 'sub-thanks',
    name: 'Subscription → thank-you',
    description: 'When a viewer subscribes (not a gift), thank them in chat.',
    make: () => ({
      ...options,
      name: 'Subscription → thank-you',
      trigger: { kind: 'subscription', tiers: [], includeGifted: false },
      conditions: noConditions,
      actions: [{ kind: 'chatMessage', text: 'Thank you for subscribing, {user}!' }],
    }),
  },
  {
    id: 'resub-thanks',
    name: 'Resubscription → thank-you with months',
    description: 'When a viewer shares their resubscription, thank them in chat with their months.',
    make: () => ({
      ...options,
      name: 'Resubscription → thank-you with months',
      trigger: { kind: 'resubscription', tiers: [], minMonths: 0 },
      conditions: noConditions,
      actions: [{ kind: 'chatMessage', text: 'Thank you for {months} months, {user}!' }],
    }),
  },
  {
    id: 'hydrate-timer',
    name: 'Every 20 min → hydrate reminder',
    description: 'Every 20 minutes while live, when chat is active (5 messages since the last one), remind everyone to drink some water.',
    make: () => ({
      ...options,
      name: 'Every 20 min → hydrate reminder',
      trigger: { kind: 'timer', everyMinutes: 20, minChatMessages: 5 },
      conditions: { ...noConditions, onlyWhileLive: true },
      actions: [{ kind: 'chatMessage', text: 'Hydrate check! Time for some water, everyone.' }],
    }),
  },
  {
    id: 'so',
    name: '!so @name → shoutout',
    description: 'A moderator types !so @name: the named channel is shouted out and its last category said; an unknown name is answered in words.',
    make: () => ({
      ...options,
      name: '!so @name → shoutout',
      trigger: command('!so', 'moderator'),
      conditions: noConditions,
      actions: [
        {
          kind: 'if',
          rules: [{ field: 'target', op: 'found' }],
          then: [
            { kind: 'chatMessage', text: 'Go follow {target.name} at {target.url}! They were last playing {target.game}.' },
            { kind: 'shoutout', to: 'target' },
          ],
          else: [{ kind: 'chatMessage', text: "I can't find {arg1}. Try !so @name." }],
        },
      ],
    }),
  },
  {
    id: 'uptime',
    name: '!uptime → reply',
    description: 'Someone types !uptime: how long the stream has been live.',
    make: () => ({
      ...options,
      name: '!uptime → reply',
      trigger: command('!uptime'),
      conditions: { ...noConditions, cooldownSeconds: 10 },
      actions: [{ kind: 'chatMessage', text: 'The stream has been live for {uptime}.' }],
    }),
  },
  {
    id: 'followage',
    name: '!followage → reply',
    description: 'Someone types !followage (or !followage @name): how long they have followed the channel.',
    make: () => ({
      ...options,
      name: '!followage → reply',
      trigger: command('!followage'),
      conditions: { ...noConditions, perViewerCooldownSeconds: 30 },
      actions: [{ kind: 'chatMessage', text: '{user}: following for {followage}.' }],
    }),
  },
  {
    id: 'lurk',
    name: '!lurk → reply',
    description: 'Someone types !lurk: thank them for lurking.',
    make: () => ({
      ...options,
      name: '!lurk → reply',
      trigger: command('!lurk'),
      conditions: { ...noConditions, perViewerCooldownSeconds: 300 },
      actions: [{ kind: 'chatMessage', text: 'Thanks for the lurk, {user}! Enjoy the stream.' }],
    }),
  },
  {
    id: 'death',
    name: '!death → death counter',
    description: 'A moderator types !death: the deaths counter goes up by one, is said in chat and shown on the OBS text source "Deaths".',
    variables: [{ name: 'deaths', initial: 0 }],
    make: () => ({
      ...options,
      name: '!death → death counter',
      trigger: command('!death', 'moderator'),
      conditions: { ...noConditions, cooldownSeconds: 5 },
      actions: [
        { kind: 'variable', name: 'deaths', op: 'add', value: '', by: 1 },
        { kind: 'chatMessage', text: 'Deaths: {var.deaths}' },
        { kind: 'obsSetText', inputName: 'Deaths', text: 'Deaths: {var.deaths}' },
      ],
    }),
  },
  {
    id: '8ball',
    name: '!8ball → random answer',
    description: 'Someone types !8ball and a question: one of eight answers at random.',
    make: () => ({
      ...options,
      name: '!8ball → random answer',
      trigger: command('!8ball'),
      conditions: { ...noConditions, perViewerCooldownSeconds: 15 },
      actions: [
        {
          kind: 'chatMessage',
          text: '🎱 {user}: {random:It is certain.|Without a doubt.|Ask again later.|Cannot predict now.|Don’t count on it.|My sources say no.|Outlook good.|Very doubtful.}',
        },
      ],
    }),
  },
];

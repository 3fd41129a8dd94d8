/**
 * Automations in the broadcaster's words: each trigger, condition and action as a sentence, the
 * same in the run log (main) and the panel (renderer).
 */
import { tierName } from './subscription-tier';
import type { AutomationAction, AutomationActionKind, AutomationStep, AutomationTrigger, AutomationTriggerKind, CommandRole, ConditionRule, ObsTriggerEvent, SkipKind } from '../ipc/schemas/automations';

/** Why runs were skipped, in a few words ("skipped 37 times: cooldown"). */
export const skipKindWords: Record<SkipKind, string> = {
  paused: 'automations paused',
  offline: 'stream offline',
  condition: 'a condition not met',
  cooldown: 'cooldown',
  busy: 'still running',
  queueFull: 'too many waiting',
};

/** An automation's skips in words: "skipped 37 times: cooldown; once: stream offline". */
export function skipsInWords(skips: readonly { kind: SkipKind; count: number }[]): string {
  if (skips.length === 0) return '';
  return `skipped ${skips.map((s) => `${s.count === 1 ? 'once' : `${s.count} times`}: ${skipKindWords[s.kind]}`).join('; ')}`;
}

/** Who may use a chat command, in words: this role and above. */
export const commandRoleWords: Record<CommandRole, string> = {
  everyone: 'everyone',
  follower: 'followers and above',
  subscriber: 'subscribers and above',
  vip: 'VIPs and above',
  moderator: 'moderators and you',
  broadcaster: 'only you',
};

export const triggerKindLabels: Record<AutomationTriggerKind, string> = {
  redemption: 'Channel-point reward redeemed',
  follow: 'New follower',
  subscription: 'Subscription',
  resubscription: 'Resubscription message',
  giftSubscriptions: 'Gifted subscriptions',
  cheer: 'Cheer',
  raid: 'Raid',
  donation: 'Charity donation',
  hypeTrainBegin: 'Hype train begins',
  hypeTrainLevelUp: 'Hype train levels up',
  hypeTrainEnd: 'Hype train ends',
  pollBegin: 'Poll begins',
  pollEnd: 'Poll ends',
  predictionBegin: 'Prediction begins',
  predictionEnd: 'Prediction ends',
  streamOnline: 'Stream goes live',
  streamOffline: 'Stream goes offline',
  adBreakBegin: 'Ad break begins',
  shieldModeBegin: 'Shield Mode turned on',
  shieldModeEnd: 'Shield Mode turned off',
  ban: 'A viewer is banned or timed out',
  automodHold: 'AutoMod holds a message',
  unbanRequest: 'Unban request',
  adBreakSoon: 'Before the next ad break',
  chatCommand: 'Chat command',
  timer: 'Timer while live',
  hotkey: 'Global hotkey',
  manual: 'Run button only',
  firstMessage: "A viewer's first message",
  chatKeywords: 'A chat message with your words',
  channelUpdate: 'Channel title or category changed',
  raidSent: 'You started a raid',
  obsEvent: 'OBS event',
  moderatorActed: 'A moderator acted',
  variableReaches: 'A variable reaches a value',
};

export const obsTriggerEventWords: Record<ObsTriggerEvent, string> = {
  sceneChanged: 'the program scene changed',
  streamStarted: 'streaming started',
  streamStopped: 'streaming stopped',
  recordingStarted: 'recording started',
  recordingStopped: 'recording stopped',
};

export const actionKindLabels: Record<AutomationActionKind, string> = {
  obsSwitchScene: 'OBS: switch scene',
  obsSourceVisibility: 'OBS: show or hide a source',
  obsInputMute: 'OBS: mute or unmute',
  obsSetText: 'OBS: set a text source',
  obsRecording: 'OBS: start or stop recording',
  obsSaveReplay: 'OBS: save the replay buffer',
  chatMessage: 'Chat: send a message',
  chatAnnouncement: 'Chat: send an announcement',
  shoutout: 'Shout out the viewer',
  marker: 'Drop a stream marker',
  clip: 'Create a clip',
  chatMode: 'Turn on a chat mode',
  runAd: 'Run an ad',
  startEngagement: 'Start a saved poll or prediction',
  resolveRedemption: 'Fulfil or cancel the redemption',
  playSound: 'Play a sound',
  showAlert: 'Show an alert',
  wait: 'Wait',
  chatReply: 'Chat: reply to the message',
  deleteMessage: 'Chat: delete the message',
  moderateUser: 'Time out, ban or warn the viewer',
  setStreamInfo: 'Set the stream title or category',
  runAutomation: 'Run another automation',
  variable: 'Change a variable',
  if: 'If … then … else',
  random: 'One of these at random',
};

const tierList = (tiers: readonly string[]) => (tiers.length === 0 ? '' : ` (${tiers.map(tierName).join(', ')})`);
/** A length of time in words: whole minutes from a minute up ("2 min"), seconds otherwise ("90 s"). */
export const secondsInWords = (s: number) => (s % 60 === 0 && s >= 60 ? `${s / 60} min` : `${s} s`);

export function describeTrigger(trigger: AutomationTrigger): string {
  switch (trigger.kind) {
    case 'redemption': {
      const reward = trigger.rewardId === null ? 'any reward' : trigger.rewardTitle || 'a reward';
      const input = trigger.inputMatch ? `, when the text ${trigger.inputMatch.mode === 'startsWith' ? 'starts with' : trigger.inputMatch.mode} "${trigger.inputMatch.text}"` : '';
      return `Redeemed: ${reward}${input}`;
    }
    case 'subscription':
      return `Subscription${tierList(trigger.tiers)}${trigger.includeGifted ? '' : ', not gifted'}`;
    case 'resubscription':
      return `Resubscription message${trigger.minMonths > 0 ? `, ${trigger.minMonths}+ months` : ''}${tierList(trigger.tiers)}`;
    case 'giftSubscriptions':
      return `${trigger.minCount}+ gifted subscriptions${tierList(trigger.tiers)}`;
    case 'cheer':
      return `Cheer of ${trigger.minBits}+ bits`;
    case 'raid':
      return trigger.minViewers > 0 ? `Raid of ${trigger.minViewers}+ viewers` : 'Raid';
    case 'donation':
      return trigger.minAmount > 0 ? `Charity donation of ${trigger.minAmount}+` : 'Charity donation';
    case 'adBreakSoon':
      return `${secondsInWords(trigger.secondsBefore)} before the next ad break`;
    case 'chatCommand':
      return `${trigger.command} in chat (${commandRoleWords[trigger.minRole]})`;
    case 'timer':
      return `Every ${trigger.everyMinutes} min while live${trigger.minChatMessages > 0 ? `, after ${trigger.minChatMessages}+ chat messages` : ''}`;
    case 'hotkey':
      return `Hotkey ${trigger.accelerator}`;
    case 'firstMessage':
      return trigger.scope === 'ever' ? "A viewer's first message ever" : "A viewer's first message this broadcast";
    case 'chatKeywords':
      return `A chat message with ${trigger.phrases.slice(0, 3).map((p) => quote(p, 20)).join(', ')}${trigger.phrases.length > 3 ? ` or ${trigger.phrases.length - 3} more` : ''}`;
    case 'channelUpdate':
      return trigger.what === 'either' ? 'Channel title or category changed' : `Channel ${trigger.what} changed`;
    case 'obsEvent':
      return `OBS: ${obsTriggerEventWords[trigger.event]}`;
    case 'moderatorActed':
      return trigger.actions.length === 0 ? 'A moderator acted' : `A moderator acted: ${trigger.actions.join(', ')}`;
    case 'variableReaches':
      return `${trigger.name} reaches ${trigger.value}`;
    default:
      return triggerKindLabels[trigger.kind];
  }
}

export function describeRule(rule: ConditionRule): string {
  switch (rule.field) {
    case 'role':
      return `the viewer ${rule.op === 'is' ? 'is' : 'is not'} a ${rule.role}`;
    case 'amount':
      return `the amount is ${rule.op === 'atLeast' ? 'at least' : rule.op === 'atMost' ? 'at most' : ''} ${rule.value}`.replace('  ', ' ');
    case 'tier':
      return `the tier ${rule.op === 'is' ? 'is' : 'is not'} ${tierName(rule.tier)}`;
    case 'text':
      return `the text ${{ contains: 'contains', notContains: 'does not contain', equals: 'is', startsWith: 'starts with' }[rule.op]} "${rule.value}"`;
    case 'user':
      return `the viewer ${rule.op === 'is' ? 'is' : 'is not'} ${rule.login}`;
    case 'variable':
      return `${rule.name} ${{ atLeast: 'is at least', atMost: 'is at most', equals: 'is', notEquals: 'is not' }[rule.op]} ${typeof rule.value === 'number' ? rule.value : `"${rule.value}"`}`;
    case 'target':
      return rule.op === 'found' ? 'the command names a known user' : 'the command names no known user';
  }
}

const quote = (text: string, max = 40) => `"${text.length > max ? `${text.slice(0, max - 1)}…` : text}"`;

/** A step in words: an action, or a branch with how many steps each way. */
export function describeStep(step: AutomationStep): string {
  const steps = (n: number) => `${n} step${n === 1 ? '' : 's'}`;
  if (step.kind === 'if') return `If ${step.rules.map(describeRule).join(' and ')}: ${steps(step.then.length)}, else ${steps(step.else.length)}`;
  if (step.kind === 'random') {
    const total = step.choices.reduce((sum, c) => sum + c.weight, 0);
    return `One of ${step.choices.length} at random (${step.choices.map((c) => `${Math.round((c.weight / total) * 100)}%`).join(', ')})`;
  }
  return describeAction(step);
}

export function describeAction(action: AutomationAction): string {
  switch (action.kind) {
    case 'obsSwitchScene':
      return `Switch to scene ${quote(action.sceneName)}${action.backAfterSeconds > 0 ? `, back after ${secondsInWords(action.backAfterSeconds)}` : ''}`;
    case 'obsSourceVisibility':
      return `${action.visible ? 'Show' : 'Hide'} ${quote(action.sourceName)} in ${quote(action.sceneName)}${action.forSeconds > 0 ? ` for ${secondsInWords(action.forSeconds)}` : ''}`;
    case 'obsInputMute':
      return `${action.muted ? 'Mute' : 'Unmute'} ${quote(action.inputName)}`;
    case 'obsSetText':
      return `Set ${quote(action.inputName)} to ${quote(action.text)}`;
    case 'obsRecording':
      return action.start ? 'Start recording' : 'Stop recording';
    case 'obsSaveReplay':
      return 'Save the replay buffer';
    case 'chatMessage':
      return `Say ${quote(action.text)}`;
    case 'chatAnnouncement':
      return `Announce ${quote(action.text)}`;
    case 'shoutout':
      return action.to === 'target' ? "Shout out the command's target" : 'Shout out the viewer';
    case 'variable':
      return action.op === 'reset'
        ? `Reset ${action.name}`
        : action.op === 'set'
          ? `Set ${action.name} to ${quote(action.value)}`
          : `${action.op === 'add' ? 'Add' : 'Subtract'} ${action.by} ${action.op === 'add' ? 'to' : 'from'} ${action.name}`;
    case 'marker':
      return action.description ? `Drop a marker ${quote(action.description)}` : 'Drop a marker';
    case 'clip':
      return 'Create a clip';
    case 'chatMode': {
      const mode = action.mode === 'slow' ? `Slow mode (${action.slowSeconds} s)` : action.mode === 'followersOnly' ? `Followers-only chat (${action.followerMinutes} min)` : 'Emote-only chat';
      return `${mode}${action.forSeconds > 0 ? ` for ${secondsInWords(action.forSeconds)}` : ''}`;
    }
    case 'runAd':
      return `Run a ${action.lengthSeconds} s ad`;
    case 'startEngagement':
      return 'Start a saved poll or prediction';
    case 'resolveRedemption':
      return action.status === 'fulfil' ? 'Fulfil the redemption' : 'Cancel the redemption (refund)';
    case 'playSound':
      return `Play a sound at ${Math.round(action.volume * 100)}%`;
    case 'showAlert':
      return action.alert.source === 'event' ? "Show the event's alert" : `Show an alert ${quote(action.alert.text)}`;
    case 'wait':
      return `Wait ${secondsInWords(action.seconds)}`;
    case 'chatReply':
      return `Reply ${quote(action.text)}`;
    case 'deleteMessage':
      return 'Delete the message';
    case 'moderateUser':
      return action.action === 'timeout' ? `Time out the viewer for ${secondsInWords(action.seconds)}` : action.action === 'ban' ? 'Ban the viewer' : 'Warn the viewer';
    case 'setStreamInfo':
      return `Set the ${action.field} to ${quote(action.text)}`;
    case 'runAutomation':
      return 'Run another automation';
  }
}

/**
 * A new automation, trigger or action as the editor starts it: valid where it can be, and left for
 * the broadcaster to choose where only they can (a scene from OBS, a sound from the media library).
 */
import type { AutomationAction, AutomationActionKind as AutomationStepKind, AutomationInput, AutomationStep, AutomationTrigger, AutomationTriggerKind } from '../ipc/schemas/automations';

export function defaultTrigger(kind: AutomationTriggerKind): AutomationTrigger {
  switch (kind) {
    case 'redemption':
      return { kind, rewardId: null, rewardTitle: '', inputMatch: null };
    case 'subscription':
      return { kind, tiers: [], includeGifted: true };
    case 'resubscription':
      return { kind, tiers: [], minMonths: 0 };
    case 'giftSubscriptions':
      return { kind, tiers: [], minCount: 1 };
    case 'cheer':
      return { kind, minBits: 100 };
    case 'raid':
      return { kind, minViewers: 10 };
    case 'donation':
      return { kind, minAmount: 0 };
    case 'adBreakSoon':
      return { kind, secondsBefore: 30 };
    case 'chatCommand':
      return { kind, command: '!', minRole: 'everyone' };
    case 'timer':
      return { kind, everyMinutes: 15, minChatMessages: 5 };
    case 'hotkey':
      return { kind, accelerator: '' };
    case 'firstMessage':
      return { kind, scope: 'broadcast' };
    case 'chatKeywords':
      return { kind, phrases: [] };
    case 'channelUpdate':
      return { kind, what: 'either' };
    case 'obsEvent':
      return { kind, event: 'sceneChanged' };
    case 'moderatorActed':
      return { kind, actions: [] };
    case 'variableReaches':
      return { kind, name: 'deaths', value: 10 };
    default:
      return { kind } as AutomationTrigger;
  }
}

export function defaultAction(kind: Exclude<AutomationStepKind, 'if' | 'random'>): AutomationAction {
  switch (kind) {
    case 'obsSwitchScene':
      return { kind, sceneName: '', backAfterSeconds: 0 };
    case 'obsSourceVisibility':
      return { kind, sceneName: '', sourceName: '', visible: true, forSeconds: 10 };
    case 'obsInputMute':
      return { kind, inputName: '', muted: true };
    case 'obsSetText':
      return { kind, inputName: '', text: '{user}' };
    case 'obsRecording':
      return { kind, start: true };
    case 'chatMessage':
      return { kind, text: '' };
    case 'chatAnnouncement':
      return { kind, text: '', color: 'primary' };
    case 'marker':
      return { kind, description: '' };
    case 'chatMode':
      return { kind, mode: 'slow', forSeconds: 60, slowSeconds: 30, followerMinutes: 10 };
    case 'runAd':
      return { kind, lengthSeconds: 30 };
    case 'startEngagement':
      return { kind, templateId: '' };
    case 'resolveRedemption':
      return { kind, status: 'fulfil' };
    case 'playSound':
      return { kind, soundId: '', volume: 0.8 };
    case 'showAlert':
      return { kind, alert: { source: 'event' } };
    case 'wait':
      return { kind, seconds: 5 };
    case 'chatReply':
      return { kind, text: '' };
    case 'moderateUser':
      return { kind, action: 'timeout', seconds: 60, reason: '' };
    case 'setStreamInfo':
      return { kind, field: 'title', text: '' };
    case 'runAutomation':
      return { kind, automationId: '' };
    case 'variable':
      return { kind, name: 'deaths', op: 'add', value: '', by: 1 };
    default:
      return { kind } as AutomationAction;
  }
}

/** A new step: an action, or an empty branch to fill. */
export function defaultStep(kind: AutomationStepKind): AutomationStep {
  if (kind === 'if') return { kind, rules: [{ field: 'amount', op: 'atLeast', value: 1 }], then: [], else: [] };
  if (kind === 'random') {
    return {
      kind,
      choices: [
        { weight: 1, steps: [] },
        { weight: 1, steps: [] },
      ],
    };
  }
  return defaultAction(kind);
}

export function newAutomation(): AutomationInput {
  return {
    name: '',
    enabled: true,
    trigger: defaultTrigger('redemption'),
    conditions: { onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 0, rules: [] },
    actions: [],
    queue: 'oneAtATime',
    alsoMissed: false,
    stopOnError: false,
    stripLinks: false,
  };
}

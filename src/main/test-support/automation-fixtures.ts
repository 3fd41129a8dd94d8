/**
 * Test support for automations: channel events as the stream passes them, automations with
 * defaults, and action ports that record what each action asked for (an OBS, a chat, a queue...
 * that answer at once, or as a test scripts them).
 */
import type { Automation, AutomationStep, AutomationTrigger, ChannelEvent, ChannelEventOf, ChannelUser, ResolveResult } from '../../shared/ipc/contract';
import type { ChatSettingsValues } from '../../shared/domain/chat-settings';
import type { ActionPorts, AlertsPort } from '../services/automations/actions';
import type { AutomationsServiceOptions } from '../services/automations/automations-service';
import { UnavailableShortcutRegistry } from '../services/hotkeys/shortcut-registry';
import { silentLogger } from '../services/logger';
import { chatModesOff } from '../../shared/test-support/chat-settings';

/**
 * An automations service's surroundings when a test is about none of them: OBS not connected, the
 * channel live, no ad schedule, no shortcuts, nothing to fill a template's choices.
 */
export function quietAutomationSurroundings(): Omit<AutomationsServiceOptions, 'store' | 'ledger' | 'events' | 'ports'> {
  return {
    obsChoices: async () => ({ connected: false, reason: null, scenes: [], inputs: [] }),
    stream: { getStatus: () => ({ live: true, startedAt: null }), onChange: () => () => {} },
    ads: { getState: () => ({ schedule: null }), onChange: () => () => {} },
    shortcuts: new UnavailableShortcutRegistry(),
    tester: null,
    templateContext: async () => ({ rewards: [], scenes: [] }),
    logger: silentLogger,
    speakingAccounts: { userIds: () => [broadcasterUser.id] },
  };
}

/** The signed-in broadcaster: Sidestage speaks as this account. */
export const broadcasterUser: ChannelUser = { id: '100000001', login: 'sidestage_demo', name: 'SidestageDemo' };

export const viewer = (n = 1): ChannelUser => ({ id: `70000000${n}`, login: `viewer${n}`, name: `Viewer${n}` });

let seq = 0;
const base = (id?: string) => ({ id: id ?? `event-${++seq}`, at: '2025-01-01T00:00:00.000Z', source: 'live' as const });

export const events = {
  redemption: (options: { rewardId?: string; title?: string; input?: string; user?: ChannelUser; id?: string; source?: 'live' | 'caughtUp' } = {}): ChannelEventOf<'redemption'> => {
    const redemptionId = options.id ?? `r-${++seq}`;
    return {
      ...base(`redemption:${redemptionId}`),
      source: options.source ?? 'live',
      kind: 'redemption',
      redemptionId,
      reward: { id: options.rewardId ?? 'reward-hydrate', title: options.title ?? 'Hydrate!', cost: 100, prompt: '' },
      user: options.user ?? viewer(),
      input: options.input ?? '',
      status: 'unfulfilled',
    };
  },
  chat: (text: string, options: { user?: ChannelUser; roles?: Partial<ChannelEventOf<'chatMessage'>['roles']>; messageId?: string } = {}): ChannelEventOf<'chatMessage'> => {
    const messageId = options.messageId ?? `m-${++seq}`;
    return {
      ...base(`chat:${messageId}`),
      kind: 'chatMessage',
      messageId,
      user: options.user ?? viewer(),
      text,
      fragments: [],
      color: null,
      badges: [],
      roles: { broadcaster: false, moderator: false, vip: false, subscriber: false, ...options.roles },
    };
  },
  raid: (viewers: number, from: ChannelUser = viewer(9)): ChannelEventOf<'raid'> => ({ ...base(), kind: 'raid', from, viewers }),
  cheer: (bits: number, user: ChannelUser | null = viewer()): ChannelEventOf<'cheer'> => ({ ...base(), kind: 'cheer', user, bits, message: `cheer${bits}` }),
  follow: (user: ChannelUser = viewer()): ChannelEventOf<'follow'> => ({ ...base(), kind: 'follow', user }),
};

export function automation(trigger: AutomationTrigger, actions: AutomationStep[], overrides: Partial<Automation> = {}): Automation {
  return {
    id: `auto-${++seq}`,
    name: 'An automation',
    enabled: true,
    trigger,
    conditions: { onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 0, rules: [] },
    actions,
    queue: 'oneAtATime',
    alsoMissed: false,
    stopOnError: false,
    stripLinks: false,
    ...overrides,
  };
}

export interface RecordedCall {
  port: string;
  args: unknown[];
}

/** Ports that record every call; `answers` replaces one's behaviour (to fail, to hang, to answer something). */
export function recordingPorts(answers: Partial<Record<string, (...args: unknown[]) => Promise<unknown> | unknown>> = {}) {
  const calls: RecordedCall[] = [];
  let scene = 'Scene';
  const visible = new Map<string, boolean>();
  const queued = new Set<string>();
  let chatValues: ChatSettingsValues = chatModesOff;
  let messageSeq = 0;
  const call = async <T>(port: string, args: unknown[], fallback: () => T): Promise<T> => {
    calls.push({ port, args });
    const answer = answers[port];
    if (answer) return (await answer(...args)) as T;
    return fallback();
  };
  const alerts: AlertsPort = {
    show: (alert) => call('alerts.show', [alert], () => 'Alert queued'),
    playSound: (soundId, volume) => call('alerts.playSound', [soundId, volume], () => undefined),
  };
  const ports: ActionPorts = {
    obs: {
      switchScene: (name) =>
        call('obs.switchScene', [name], () => {
          const previous = scene;
          scene = name;
          return { previous };
        }),
      currentScene: () => call('obs.currentScene', [], () => scene),
      setSourceVisible: (sceneName, source, show) =>
        call('obs.setSourceVisible', [sceneName, source, show], () => {
          const was = visible.get(`${sceneName}/${source}`) ?? false;
          visible.set(`${sceneName}/${source}`, show);
          return { wasVisible: was };
        }),
      setMuted: (input, muted) => call('obs.setMuted', [input, muted], () => undefined),
      setText: (input, text) => call('obs.setText', [input, text], () => undefined),
      setRecording: (start) => call('obs.setRecording', [start], () => ({ already: false })),
      saveReplayBuffer: () => call('obs.saveReplayBuffer', [], () => undefined),
    },
    chat: {
      send: (text, announcement, replyTo) => call('chat.send', replyTo ? [text, announcement, replyTo] : [text, announcement], () => ({ messageId: announcement ? null : `sent-${++messageSeq}` })),
    },
    shoutout: (id) => call('shoutout', [id], () => 'Raider'),
    markers: { drop: (description) => call('markers.drop', [description], () => undefined) },
    clips: { create: () => call('clips.create', [], () => undefined) },
    chatSettings: {
      current: () => chatValues,
      update: (changes) =>
        call('chatSettings.update', [changes], () => {
          chatValues = { ...chatValues, ...changes };
        }),
      applyFor: (changes, ms, label) =>
        call('chatSettings.applyFor', [changes, ms, label], () => {
          chatValues = { ...chatValues, ...changes };
        }),
    },
    ads: { run: (length) => call('ads.run', [length], () => undefined) },
    engagement: { start: (id) => call('engagement.start', [id], () => 'Best snack?') },
    redemptions: {
      isQueued: (id) => queued.has(id),
      resolve: (ids, status) =>
        call<ResolveResult>('redemptions.resolve', [ids, status], () => {
          for (const id of ids) queued.delete(id);
          return { done: ids.length, queued: 0, failed: [] };
        }),
    },
    alerts,
    moderation: {
      deleteMessage: (id) => call('moderation.deleteMessage', [id], () => undefined),
      timeout: (id, seconds, reason) => call('moderation.timeout', [id, seconds, reason], () => undefined),
      ban: (id, reason) => call('moderation.ban', [id, reason], () => undefined),
      warn: (id, reason) => call('moderation.warn', [id, reason], () => undefined),
      isModerator: (id) => call('moderation.isModerator', [id], () => false),
    },
    channel: {
      setTitle: (title) => call('channel.setTitle', [title], () => undefined),
      setCategory: (name) => call('channel.setCategory', [name], () => name),
    },
  };
  return {
    ports,
    calls,
    /** The calls of one port. */
    of: (port: string) => calls.filter((c) => c.port === port).map((c) => c.args),
    setScene: (name: string) => void (scene = name),
    queue: (id: string) => void queued.add(id),
  };
}

export type { ChannelEvent };

/**
 * What each action does, through the services Sidestage already has (OBS's one connection, chat,
 * the raid service's shoutouts, markers, clips, chat settings, ads, polls and predictions, the
 * redemption queue's outbox, the overlays' alerts): never a second API client or OBS connection.
 * Each action answers what it did in words, or throws why it could not; every request is bounded in
 * time, and the "for N s" waits can be cut short when Sidestage closes.
 */
import type { ChatSettingsValues } from '../../../shared/domain/chat-settings';
import { secondsInWords as seconds } from '../../../shared/domain/automation-words';
import type { AutomationAction, ChannelEvent, ResolveResult } from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import { AppError } from '../app-error';
import { withTimeout } from '../common/with-timeout';
import type { ObsSceneControl } from '../obs/obs-scene-control';
import type { ChatPacer } from './chat-pacer';
import type { OwnChatGuard } from './own-chat-guard';
import type { SceneRestoreStack } from './scene-restore-stack';
import type { RandomSource, TemplateFields } from '../../../shared/domain/automation-template';
import type { VariableChange } from '../../../shared/domain/automation-variables';
import type { RunLiveFields } from './live-fields';
import { cutToChars, fillTemplate, oneLine, safeChatText, safeMarkerDescription, type ViewerTextRules } from './template';
import type { TriggerEvent } from './triggers';
import { sampleUserId } from './sample-user';
import { runViewerAction, type ChannelPort, type ModerationPort } from './action-runners/viewer-actions';
import type { KeptObsRevertsPort } from './action-runners/kept-obs-reverts';
import type { VariableBook } from './variable-book';

/** What "Show an alert" asks the overlays for: a channel event's own alert, or the automation's. */
export type AlertRequest =
  | { source: 'event'; event: ChannelEvent }
  | { source: 'custom'; text: string; imageId: string | null; soundId: string | null; volume: number; durationMs: number };

/** The overlays' alerts and sounds (the overlays feature implements it). */
export interface AlertsPort {
  /** Resolves with what happened, in words for the run log ("Alert queued", "Already alerted…"). */
  show(alert: AlertRequest): Promise<string>;
  playSound(soundId: string, volume: number): Promise<void>;
}

/** Until the overlays feature is there: both refuse in words. */
export const unavailableAlerts: AlertsPort = {
  show: () => Promise.reject(new AppError('unavailable', 'Overlays are not available in this version of Sidestage.')),
  playSound: () => Promise.reject(new AppError('unavailable', 'Overlays are not available in this version of Sidestage.')),
};

/** What the actions need of the other services. */
export interface ActionPorts {
  obs: Pick<ObsSceneControl, 'switchScene' | 'currentScene' | 'setSourceVisible' | 'setMuted' | 'setText' | 'setRecording' | 'saveReplayBuffer'>;
  /** `replyTo`: the chat line this message answers (the platform's reply thread). */
  chat: { send(text: string, announcement?: string, replyTo?: string): Promise<{ messageId: string | null }> };
  /** The raid service's shoutout by channel id (its cooldowns); answers the channel's name. */
  shoutout(channelId: string): Promise<string>;
  markers: { drop(description: string): Promise<unknown> };
  clips: { create(): Promise<unknown> };
  chatSettings: {
    current(): ChatSettingsValues | null;
    update(changes: Partial<ChatSettingsValues>): Promise<unknown>;
    /** On now, back as chat was after `revertAfterMs`: the chat settings' kept revert (it survives a restart). */
    applyFor(changes: Partial<ChatSettingsValues>, revertAfterMs: number, label: string): Promise<unknown>;
  };
  ads: { run(lengthSeconds: number): Promise<unknown> };
  engagement: { start(templateId: string): Promise<string> };
  redemptions: { isQueued(id: string): boolean; resolve(ids: string[], status: 'FULFILLED' | 'CANCELED'): Promise<ResolveResult> };
  alerts: AlertsPort;
  /** Moderation on the event's viewer and message; none: refused in words. */
  moderation?: ModerationPort;
  /** The channel's title and category; none: refused in words. */
  channel?: ChannelPort;
}

/** Thrown when Sidestage closes during a wait: the run stops without recording an outcome. */
export class ClosingError extends Error {
  constructor() {
    super('Sidestage is closing');
  }
}

/** Waits on the clock that `close()` cuts short. */
export class Sleeper {
  private readonly pending = new Set<{ timer: unknown; reject: (error: Error) => void }>();
  private closed = false;

  constructor(private readonly clock: Clock) {}

  sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.reject(new ClosingError());
    return new Promise<void>((resolve, reject) => {
      const entry = {
        reject,
        timer: this.clock.setTimeout(() => {
          this.pending.delete(entry);
          resolve();
        }, ms),
      };
      this.pending.add(entry);
    });
  }

  close(): void {
    this.closed = true;
    for (const entry of this.pending) {
      this.clock.clearTimeout(entry.timer);
      entry.reject(new ClosingError());
    }
    this.pending.clear();
  }
}

export interface ActionContext {
  event: TriggerEvent;
  ports: ActionPorts;
  clock: Clock;
  pacer: ChatPacer;
  sleeper: Sleeper;
  /** Longest wait for one request. */
  requestTimeoutMs: number;
  /** What the event's values may not bring into a template's output (held text, blocked terms, links). */
  viewerText: ViewerTextRules;
  /** The step did its first part ("Switched to Water"); the rest follows after a wait. */
  progress(result: string): void;
  /** "Switch and back" of every run, so that overlapping runs each restore only what they replaced. */
  scenes: SceneRestoreStack;
  /** The self-loop guard: told what is said before it is sent, so its echo is never read as a command. */
  ownChat: Pick<OwnChatGuard, 'expect'>;
  /** Sidestage's own speaking accounts, the broadcaster first: never the target of a shoutout or a moderation action. */
  ownAccounts(): readonly string[];
  /** "Back after N s" kept on disk while it waits, so a quit during the wait still puts it back at the next start. None: in memory only. */
  kept?: KeptObsRevertsPort;
  /** "Run another automation": the service starts it with this event (depth and cycles checked there). */
  runAutomation?(automationId: string): Promise<string>;
  /** What templates read: the event's fields, the variables (`var.x`), the live fields this step uses. Default: the event's. */
  fields?: TemplateFields;
  /** For `{random:...}`. Default Math.random. */
  random?: RandomSource;
  /** The automations' variables; null: refused in words. */
  variables?: Pick<VariableBook, 'changeOnce' | 'get'> | null;
  /** This step's key in the variables' exactly-once record: the run's id and the step's path. */
  stepKey?: string;
  /** The run's live fields and target. */
  live?: Pick<RunLiveFields, 'lookUpTarget'>;
}

export { sampleUserId } from './sample-user';

/** `work`, or a timeout error in words ("OBS did not answer within 10 s.") once `ms` have passed. */
export function bounded<T>(clock: Clock, ms: number, work: Promise<T>, what: string): Promise<T> {
  return withTimeout(work, clock, ms, `${what} did not answer within ${Math.round(ms / 1000)} s.`);
}

/** Runs one action; answers what it did, in words. */
export async function runAction(action: AutomationAction, context: ActionContext): Promise<string> {
  const { ports, event, clock, requestTimeoutMs } = context;
  const obs = <T>(work: () => Promise<T>) => bounded(clock, requestTimeoutMs, work(), 'OBS');
  const platform = <T>(work: () => Promise<T>) => bounded(clock, requestTimeoutMs, work(), 'The platform');
  const filled = (template: string) => fillTemplate(template, context.fields ?? event.fields, context.viewerText, context.random);
  const fill = (template: string) => filled(template).text;
  const isSample = event.source === 'test' && event.user?.id === sampleUserId;

  switch (action.kind) {
    case 'obsSwitchScene': {
      const { previous } = await obs(() => ports.obs.switchScene(action.sceneName));
      const switched = previous === action.sceneName ? `"${action.sceneName}" was already on air` : `Switched to "${action.sceneName}"`;
      if (action.backAfterSeconds === 0 || previous === action.sceneName) return switched;
      context.progress(`${switched}; back to "${previous}" after ${seconds(action.backAfterSeconds)}`);
      const entry = context.scenes.push(action.sceneName, previous);
      entry.keptId = context.kept?.keep({ kind: 'scene', set: action.sceneName, previous, dueAt: clock.now() + action.backAfterSeconds * 1000 });
      const done = () => entry.keptId && context.kept?.done(entry.keptId);
      try {
        await context.sleeper.sleep(action.backAfterSeconds * 1000);
      } catch (error) {
        // Closing: the kept revert stays on disk, and is done at the next start.
        context.scenes.forget(entry);
        throw error;
      }
      let now: string;
      try {
        now = await obs(() => ports.obs.currentScene());
      } catch (error) {
        context.scenes.forget(entry);
        done();
        throw error;
      }
      const above = context.scenes.above(entry);
      const release = context.scenes.release(entry, now);
      try {
        // Another run switched over this one: that run goes back, to what this one replaced.
        if (release.kind === 'covered') {
          if (above?.keptId) context.kept?.inherit(above.keptId, above.previous);
          return `${switched}; "${release.by}" was put on air over it, and goes back to "${entry.previous}" in its turn`;
        }
        // The broadcaster chose another scene meanwhile: theirs wins.
        if (release.kind === 'chosen') return `${switched}; left on "${release.now}", chosen meanwhile`;
        await obs(() => ports.obs.switchScene(release.to));
        return `${switched}, and back to "${release.to}" after ${seconds(action.backAfterSeconds)}`;
      } finally {
        done();
      }
    }
    case 'obsSourceVisibility': {
      const verb = action.visible ? 'Showed' : 'Hid';
      const { wasVisible } = await obs(() => ports.obs.setSourceVisible(action.sceneName, action.sourceName, action.visible));
      const done = wasVisible === action.visible ? `"${action.sourceName}" was already ${action.visible ? 'shown' : 'hidden'}` : `${verb} "${action.sourceName}" in "${action.sceneName}"`;
      if (action.forSeconds === 0 || wasVisible === action.visible) return done;
      context.progress(`${done}; ${action.visible ? 'hidden' : 'shown'} again after ${seconds(action.forSeconds)}`);
      const keptId = context.kept?.keep({ kind: 'source', sceneName: action.sceneName, sourceName: action.sourceName, visible: wasVisible, dueAt: clock.now() + action.forSeconds * 1000 });
      // Closing during the wait: the kept revert stays on disk, and is done at the next start.
      await context.sleeper.sleep(action.forSeconds * 1000);
      try {
        await obs(() => ports.obs.setSourceVisible(action.sceneName, action.sourceName, wasVisible));
      } finally {
        if (keptId) context.kept?.done(keptId);
      }
      return `${done}, ${action.visible ? 'hidden' : 'shown'} again after ${seconds(action.forSeconds)}`;
    }
    case 'obsInputMute':
      await obs(() => ports.obs.setMuted(action.inputName, action.muted));
      return `${action.muted ? 'Muted' : 'Unmuted'} "${action.inputName}"`;
    case 'obsSetText': {
      const text = fill(action.text);
      await obs(() => ports.obs.setText(action.inputName, text));
      return `Set "${action.inputName}" to "${text.slice(0, 80)}"`;
    }
    case 'obsRecording': {
      const { already } = await obs(() => ports.obs.setRecording(action.start));
      if (already) return action.start ? 'OBS was already recording' : 'OBS was not recording';
      return action.start ? 'Recording started' : 'Recording stopped';
    }
    case 'obsSaveReplay':
      await obs(() => ports.obs.saveReplayBuffer());
      return 'Replay buffer saved';
    case 'chatMessage':
    case 'chatAnnouncement': {
      const { text: message, startsWithField } = filled(action.text);
      const text = safeChatText(message, startsWithField);
      if (text === '') throw new AppError('invalid_argument', 'The message was empty once filled in; nothing was sent.');
      const announcement = action.kind === 'chatAnnouncement' ? action.color : undefined;
      // Paced first (it may wait for the rate limit); the request's own time is bounded once it goes.
      await context.pacer.send(async () => {
        // Registered as the request goes out (after any wait of the pacer): the echo may come before the answer.
        const answered = context.ownChat.expect(text);
        try {
          const sent = await platform(() => ports.chat.send(text, announcement));
          answered(sent.messageId);
          return sent;
        } catch (error) {
          answered(null);
          throw error;
        }
      });
      return `${announcement ? 'Announced' : 'Sent'}: "${text.slice(0, 120)}"`;
    }
    case 'shoutout': {
      if (action.to === 'target') {
        const target = await context.live?.lookUpTarget();
        if (!target) throw new AppError('invalid_argument', 'This run has no command target to shout out.');
        if (target.kind === 'missing') throw new AppError('invalid_argument', `No shoutout: ${target.reason}`);
        if (context.ownAccounts().includes(target.user.id)) throw new AppError('invalid_argument', `No shoutout: ${target.user.name} is one of Sidestage's own accounts.`);
        const name = await platform(() => ports.shoutout(target.user.id));
        return `Shoutout sent to ${name}`;
      }
      if (!event.user) throw new AppError('invalid_argument', 'This event has no viewer or channel to shout out.');
      if (isSample) return 'Not sent in a test: the sample viewer is not a real channel';
      const name = await platform(() => ports.shoutout(event.user!.id));
      return `Shoutout sent to ${name}`;
    }
    case 'marker': {
      const description = safeMarkerDescription(fill(action.description));
      await platform(() => ports.markers.drop(description));
      return description ? `Marker dropped: "${description}"` : 'Marker dropped';
    }
    case 'clip':
      await platform(() => ports.clips.create());
      return 'Clip created; the platform is processing it';
    case 'chatMode':
      return chatMode(action, context);
    case 'runAd':
      await platform(() => ports.ads.run(action.lengthSeconds));
      return `A ${action.lengthSeconds} s ad is running`;
    case 'startEngagement': {
      const title = await platform(() => ports.engagement.start(action.templateId));
      return `Started "${title}"`;
    }
    case 'resolveRedemption':
      return resolveRedemption(action.status, context, isSample);
    case 'playSound':
      await bounded(clock, requestTimeoutMs, ports.alerts.playSound(action.soundId, action.volume), 'The overlays');
      return 'Sound played';
    case 'showAlert': {
      if (action.alert.source === 'event') {
        if (!event.channelEvent) throw new AppError('invalid_argument', 'This run has no channel event to show an alert for.');
        return bounded(clock, requestTimeoutMs, ports.alerts.show({ source: 'event', event: event.channelEvent }), 'The overlays');
      }
      const text = oneLineAlert(fill(action.alert.text));
      await bounded(clock, requestTimeoutMs, ports.alerts.show({ ...action.alert, text }), 'The overlays');
      return `Alert shown: "${text.slice(0, 80)}"`;
    }
    case 'wait':
      await context.sleeper.sleep(action.seconds * 1000);
      return `Waited ${seconds(action.seconds)}`;
    case 'chatReply':
    case 'deleteMessage':
    case 'moderateUser':
    case 'setStreamInfo':
      return runViewerAction(action, context, filled);
    case 'runAutomation':
      if (!context.runAutomation) throw new AppError('unavailable', 'Another automation cannot be run from here.');
      return context.runAutomation(action.automationId);
    case 'variable':
      return changeVariable(action, context, fill);
  }
}

async function changeVariable(action: Extract<AutomationAction, { kind: 'variable' }>, context: ActionContext, fill: (template: string) => string): Promise<string> {
  const { variables } = context;
  if (!variables) throw new AppError('unavailable', 'Variables are not available in this version of Sidestage.');
  const variable = variables.get(action.name);
  if (!variable) throw new AppError('invalid_argument', `There is no variable "${action.name}": create it in the Automations panel's Variables section.`);
  let change: VariableChange;
  if (action.op === 'reset') change = { kind: 'reset' };
  else if (action.op === 'add' || action.op === 'subtract') change = { kind: 'add', by: action.op === 'add' ? action.by : -action.by };
  else {
    // One line of plain text; a counter takes a whole number (its text read as one).
    const text = cutToChars(oneLine(fill(action.value)).trim(), 500);
    if (typeof variable.initial === 'number') {
      if (!/^-?\d{1,13}$/.test(text)) throw new AppError('invalid_argument', `"${action.name}" is a counter: "${text.slice(0, 40)}" is not a whole number.`);
      change = { kind: 'set', value: Number(text) };
    } else change = { kind: 'set', value: text };
  }
  const after = await variables.changeOnce(action.name, change, context.stepKey ?? null);
  return `${action.name} is now ${typeof after.value === 'number' ? after.value : `"${String(after.value).slice(0, 80)}"`}`;
}

// Control characters too (not only white space): an alert is one line of plain text.
const oneLineAlert = (text: string) => cutToChars(oneLine(text).replace(/\s+/g, ' ').trim(), 500);

async function chatMode(action: Extract<AutomationAction, { kind: 'chatMode' }>, context: ActionContext): Promise<string> {
  const { ports, clock, requestTimeoutMs } = context;
  const platform = <T>(work: () => Promise<T>) => bounded(clock, requestTimeoutMs, work(), 'The platform');
  const changes: Partial<ChatSettingsValues> =
    action.mode === 'slow'
      ? { slowMode: true, slowModeWaitTime: action.slowSeconds }
      : action.mode === 'followersOnly'
        ? { followerMode: true, followerModeDuration: action.followerMinutes }
        : { emoteMode: true };
  const name = action.mode === 'slow' ? `Slow mode (${action.slowSeconds} s) on` : action.mode === 'followersOnly' ? `Followers-only chat (${action.followerMinutes} min) on` : 'Emote-only chat on';
  if (action.forSeconds === 0) {
    await platform(() => ports.chatSettings.update(changes));
    return name;
  }
  // Back to how chat was (a mode that was already on stays on), by the chat settings' one kept
  // revert: on disk with its due time, so quitting or a crash during the wait does not leave it on.
  await platform(() => ports.chatSettings.applyFor(changes, action.forSeconds * 1000, `${name.replace(/ on$/, '')} (automation)`));
  return `${name}; back as it was after ${seconds(action.forSeconds)} (kept across a restart)`;
}

async function resolveRedemption(status: 'fulfil' | 'cancel', context: ActionContext, isSample: boolean): Promise<string> {
  const { ports, event, clock, sleeper } = context;
  const id = event.redemptionId;
  if (!id) throw new AppError('invalid_argument', 'Only a redemption can be fulfilled or cancelled: this run was not started by one.');
  if (isSample) return `Not ${status === 'fulfil' ? 'fulfilled' : 'cancelled'} in a test: the sample redemption is not real`;
  // The queue may still be reading the reward's details: a few seconds for the redemption to join it.
  const deadline = clock.now() + 5000;
  while (!ports.redemptions.isQueued(id) && clock.now() < deadline) await sleeper.sleep(250);
  if (!ports.redemptions.isQueued(id)) {
    throw new AppError('invalid_argument', 'This redemption is not in the queue: it was already fulfilled or cancelled, or its reward was not created by Sidestage.');
  }
  const result = await ports.redemptions.resolve([id], status === 'fulfil' ? 'FULFILLED' : 'CANCELED');
  if (result.failed.length > 0) throw new AppError('api_error', result.failed[0]!.message);
  if (result.queued > 0) return `${status === 'fulfil' ? 'Fulfil' : 'Cancel'} saved: it is sent when the platform can be reached`;
  if (result.done > 0) return status === 'fulfil' ? 'Redemption fulfilled' : 'Redemption cancelled and refunded';
  throw new AppError('invalid_argument', 'This redemption left the queue meanwhile (fulfilled or cancelled by hand).');
}

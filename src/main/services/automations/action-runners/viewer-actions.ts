/**
 * Issue 25's actions on the triggering message, its viewer and the channel: reply to the message
 * (the platform's reply thread), delete it, time out / ban / warn the viewer, set the stream's
 * title or category (looked up by name) from a template.
 *
 * The moderation guard, before any request: never the broadcaster, a moderator (their badges, or
 * the platform asked when the event carries none) or one of Sidestage's own speaking accounts (the
 * broadcaster, the bot), and never a sample viewer of a Test. Each refusal is said in the run log.
 * A missing permission is named: the broadcaster signs in again to allow it.
 */
import type { AutomationAction } from '../../../../shared/ipc/contract';
import { ApiError } from '../../api/api-error';
import { AppError } from '../../app-error';
import { refusalInWords } from '../../api/refusal-words';
import type { Clock } from '../../../../shared/primitives/clock';
import { withTimeout } from '../../common/with-timeout';
import type { ChatPacer } from '../chat-pacer';
import type { OwnChatGuard } from '../own-chat-guard';
import { sampleUserId } from '../sample-user';
import { cutToChars, oneLine, safeChatText } from '../template';
import type { RunLiveFields } from '../live-fields';
import type { TriggerEvent } from '../trigger-event';

/** Moderation on a viewer and a chat line, as the broadcaster (moderator_id is the broadcaster). */
export interface ModerationPort {
  deleteMessage(messageId: string): Promise<void>;
  timeout(userId: string, seconds: number, reason: string): Promise<void>;
  ban(userId: string, reason: string): Promise<void>;
  warn(userId: string, reason: string): Promise<void>;
  /** Whether the viewer is one of the channel's moderators (asked when the event has no badges). */
  isModerator(userId: string): Promise<boolean>;
}

/** The channel's title and category. */
export interface ChannelPort {
  setTitle(title: string): Promise<void>;
  /** Looks the category up by name (Search Categories) and sets it; answers the name the platform has. */
  setCategory(name: string): Promise<string>;
}

/** The permission each action needs, said when the platform refuses for want of it. */
const neededScope: Record<'chatReply' | 'deleteMessage' | 'timeout' | 'ban' | 'warn' | 'title' | 'category', string> = {
  chatReply: 'user:write:chat',
  deleteMessage: 'moderator:manage:chat_messages',
  timeout: 'moderator:manage:banned_users',
  ban: 'moderator:manage:banned_users',
  warn: 'moderator:manage:warnings',
  title: 'channel:manage:broadcast',
  category: 'channel:manage:broadcast',
};

/** A refusal in words; a missing permission names the scope to allow. */
export function actionRefusal(what: string, scope: keyof typeof neededScope, error: unknown): AppError {
  if (error instanceof ApiError && error.status === 401 && /scope|missing/i.test(error.platformMessage ?? '')) {
    return new AppError('api_error', `${what}: Sidestage is missing the permission "${neededScope[scope]}". Sign in again to allow it.`, { status: 401 });
  }
  return refusalInWords(what, error);
}

/** What these actions need of a run (a part of `ActionContext`, in `actions.ts`). */
export interface ViewerActionContext {
  event: TriggerEvent;
  ports: {
    chat: { send(text: string, announcement?: string, replyTo?: string): Promise<{ messageId: string | null }> };
    moderation?: ModerationPort;
    channel?: ChannelPort;
  };
  clock: Clock;
  requestTimeoutMs: number;
  pacer: Pick<ChatPacer, 'send'>;
  ownChat: Pick<OwnChatGuard, 'expect'>;
  ownAccounts(): readonly string[];
  /** The run's command target (its first argument, looked up once per run). */
  live?: Pick<RunLiveFields, 'lookUpTarget'>;
}

const bounded = <T>(clock: Clock, ms: number, work: Promise<T>, what: string) => withTimeout(work, clock, ms, `${what} did not answer within ${Math.round(ms / 1000)} s.`);

type ViewerAction = Extract<AutomationAction, { kind: 'chatReply' | 'deleteMessage' | 'moderateUser' | 'setStreamInfo' }>;

/** `fill`: the run's template filler (the event's fields, the viewer-text rules). */
export async function runViewerAction(action: ViewerAction, context: ViewerActionContext, fill: (template: string) => { text: string; startsWithField: boolean }): Promise<string> {
  const { ports, event, clock, requestTimeoutMs } = context;
  const platform = <T>(work: () => Promise<T>) => bounded(clock, requestTimeoutMs, work(), 'The platform');
  const isSample = event.source === 'test' && event.user?.id === sampleUserId;
  switch (action.kind) {
    case 'chatReply': {
      const parent = event.messageId;
      if (!parent) throw new AppError('invalid_argument', 'Not replied: this run was not started by a chat message.');
      const { text: message, startsWithField } = fill(action.text);
      const text = safeChatText(message, startsWithField);
      if (text === '') throw new AppError('invalid_argument', 'The reply was empty once filled in; nothing was sent.');
      if (isSample) return `Not sent in a test: the sample message is not in chat ("${text.slice(0, 80)}")`;
      await context.pacer.send(async () => {
        // Registered before the request goes out: the echo may come before the answer.
        const answered = context.ownChat.expect(text);
        try {
          const sent = await platform(() => ports.chat.send(text, undefined, parent));
          answered(sent.messageId);
          return sent;
        } catch (error) {
          answered(null);
          throw actionRefusal('Reply not sent', 'chatReply', error);
        }
      });
      return `Replied: "${text.slice(0, 120)}"`;
    }
    case 'deleteMessage': {
      const messageId = event.messageId;
      if (!messageId) throw new AppError('invalid_argument', 'Not deleted: this run was not started by a chat message.');
      guardTarget(context, event.user, event.roles, 'Not deleted');
      if (isSample) return 'Not deleted in a test: the sample message is not in chat';
      await moderatorGuard(context, event.user!, event.roles, 'Not deleted');
      const moderation = needModeration(context);
      await platform(() => moderation.deleteMessage(messageId)).catch((error: unknown) => {
        throw actionRefusal('Message not deleted', 'deleteMessage', error);
      });
      return `Deleted ${event.user?.name ?? 'the'}'s message`;
    }
    case 'moderateUser': {
      const what = action.action === 'timeout' ? 'Not timed out' : action.action === 'ban' ? 'Not banned' : 'Not warned';
      const { user: named, roles } = action.to === 'target' ? await commandTarget(context, what) : { user: context.event.user, roles: context.event.roles };
      const user = guardTarget(context, named, roles, what);
      if (isSample && action.to !== 'target') return `${what} in a test: the sample viewer is not real`;
      await moderatorGuard(context, user, roles, what);
      const moderation = needModeration(context);
      const reason = cutToChars(oneLine(fill(action.reason).text).replace(/\s+/g, ' ').trim(), 500);
      if (action.action === 'warn' && reason === '') throw new AppError('invalid_argument', 'Not warned: a warning needs a reason (the viewer reads it), and it was empty once filled in.');
      const scope = action.action;
      await platform(() =>
        action.action === 'timeout' ? moderation.timeout(user.id, action.seconds, reason) : action.action === 'ban' ? moderation.ban(user.id, reason) : moderation.warn(user.id, reason),
      ).catch((error: unknown) => {
        throw actionRefusal(`${what}`, scope, error);
      });
      const name = user.name || user.login;
      return action.action === 'timeout' ? `Timed out ${name} for ${action.seconds} s` : action.action === 'ban' ? `Banned ${name}` : `Warned ${name}: "${reason.slice(0, 80)}"`;
    }
    case 'setStreamInfo': {
      const channel = ports.channel;
      if (!channel) throw new AppError('unavailable', 'The channel cannot be changed in this version of Sidestage.');
      const value = cutToChars(oneLine(fill(action.text).text).replace(/\s+/g, ' ').trim(), action.field === 'title' ? 140 : 100);
      if (value === '') throw new AppError('invalid_argument', `The ${action.field} was empty once filled in; nothing was changed.`);
      if (action.field === 'title') {
        await platform(() => channel.setTitle(value)).catch((error: unknown) => {
          throw actionRefusal('Title not changed', 'title', error);
        });
        return `Title set to "${value.slice(0, 80)}"`;
      }
      const name = await platform(() => channel.setCategory(value)).catch((error: unknown) => {
        throw actionRefusal('Category not changed', 'category', error);
      });
      return `Category set to ${name}`;
    }
  }
}

function needModeration(context: ViewerActionContext) {
  const moderation = context.ports.moderation;
  if (!moderation) throw new AppError('unavailable', 'Moderation is not available in this version of Sidestage.');
  return moderation;
}

/** The event's viewer, unless they are the broadcaster or one of Sidestage's own accounts. */
/** The command's target as the viewer to act on (the event's roles say nothing of them: the platform is asked). */
async function commandTarget(context: ViewerActionContext, what: string): Promise<{ user: TriggerEvent['user']; roles: TriggerEvent['roles'] }> {
  if (!context.live) throw new AppError('unavailable', `${what}: this run has no command target.`);
  const target = await context.live.lookUpTarget();
  if (target.kind === 'missing') throw new AppError('invalid_argument', `${what}: ${target.reason}`);
  return { user: { id: target.user.id, login: target.user.login, name: target.user.name }, roles: null };
}

function guardTarget(context: ViewerActionContext, user: TriggerEvent['user'], roles: TriggerEvent['roles'], what: string): NonNullable<TriggerEvent['user']> {
  if (!user) throw new AppError('invalid_argument', `${what}: this event has no viewer to act on.`);
  const own = context.ownAccounts();
  if (roles?.broadcaster || own[0] === user.id) throw new AppError('invalid_argument', `${what}: ${user.name || 'the viewer'} is the broadcaster; automations never act on the broadcaster.`);
  if (own.includes(user.id)) throw new AppError('invalid_argument', `${what}: ${user.name || 'the viewer'} is Sidestage's own bot account; automations never act on it.`);
  return user;
}

/** Never a moderator: their badge says so, or (an event without badges, a command's target) the platform is asked. */
async function moderatorGuard(context: ViewerActionContext, user: NonNullable<TriggerEvent['user']>, roles: TriggerEvent['roles'], what: string): Promise<void> {
  let moderator = roles?.moderator ?? null;
  if (moderator === null) {
    const moderation = needModeration(context);
    try {
      moderator = await bounded(context.clock, context.requestTimeoutMs, moderation.isModerator(user.id), 'The platform');
    } catch (error) {
      throw actionRefusal(`${what}: Sidestage could not check whether ${user.name || 'the viewer'} is a moderator`, 'ban', error);
    }
  }
  if (moderator) throw new AppError('invalid_argument', `${what}: ${user.name || 'the viewer'} is a moderator; automations never act on moderators.`);
}

/**
 * Who speaks when Sidestage sends a chat line: the broadcaster, or the bot account when one is
 * signed in and the caller asks for it (automations and the starter pack choose; the lead wires
 * their choice). Asking for the bot while none is signed in speaks as the broadcaster, as before
 * there was a bot: a reply is not lost because the bot signed out.
 *
 * An announcement (Send Chat Announcement) needs its sender to be a moderator of the channel with
 * `moderator:manage:announcements` on their own user token: the bot announces when its grant has
 * the scope, and `announce` falls back to the broadcaster, with the reason logged, when the bot's
 * grant lacks it or the platform refuses the bot (not a moderator here).
 */
import type { ChatSpeaker } from '../../../shared/ipc/contract';
import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import type { Logger } from '../logger';

/** What ChatSpeakers needs of the bot account (src/main/services/auth/bot-account.ts). */
export interface BotSpeaker {
  userId(): string | null;
  canSpeak(): boolean;
  /** Sends the bot's lines: the app token (with the chat-bot badge) or the bot's user token. */
  readonly chatApi: Pick<ApiClient, 'request'>;
  /** The bot's own user token (announcements); absent: the bot does not announce. */
  readonly userApi?: Pick<ApiClient, 'request'>;
  hasScope?(scope: string): boolean;
}

export interface ChatVoice {
  /** `sender_id` of Send Chat Message. */
  senderId: string;
  api: Pick<ApiClient, 'request'>;
  speaker: ChatSpeaker;
}

export const announcementScope = 'moderator:manage:announcements';

export class ChatSpeakers {
  constructor(
    private readonly broadcasterApi: Pick<ApiClient, 'request'>,
    private readonly bot: BotSpeaker | null,
    private readonly logger?: Logger,
  ) {}

  /** The voice for a line in `broadcasterId`'s chat when `asked` speaks. */
  voiceFor(broadcasterId: string, asked: ChatSpeaker = 'broadcaster'): ChatVoice {
    const botId = this.bot?.userId() ?? null;
    if (asked === 'bot' && this.bot && botId !== null && this.bot.canSpeak()) return { senderId: botId, api: this.bot.chatApi, speaker: 'bot' };
    return { senderId: broadcasterId, api: this.broadcasterApi, speaker: 'broadcaster' };
  }

  /**
   * Sends an announcement in `broadcasterId`'s chat as `asked`: as the bot (its user token, as the
   * moderator) when it may; else, or when the platform refuses the bot, as the broadcaster.
   */
  async announce(broadcasterId: string, body: { message: string; color: string }, asked: ChatSpeaker = 'broadcaster'): Promise<ChatSpeaker> {
    const send = (api: Pick<ApiClient, 'request'>, moderatorId: string) =>
      api.request({ method: 'POST', path: '/helix/chat/announcements', query: { broadcaster_id: broadcasterId, moderator_id: moderatorId }, body, retry: 'never' });
    const bot = this.bot;
    const botId = bot?.userId() ?? null;
    if (asked === 'bot' && bot && botId !== null && bot.canSpeak()) {
      if (!bot.userApi || !bot.hasScope?.(announcementScope)) {
        this.logger?.info('chat: announcing as the broadcaster: the bot account has not granted moderator:manage:announcements (sign the bot in again)');
      } else {
        try {
          await send(bot.userApi, botId);
          return 'bot';
        } catch (error) {
          // Refused for who the bot is here (not a moderator, the grant withdrawn): the broadcaster announces instead.
          if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
          this.logger?.info('chat: announcing as the broadcaster: the platform refused the bot', { status: error.status, reason: error.message });
        }
      }
    }
    await send(this.broadcasterApi, broadcasterId);
    return 'broadcaster';
  }
}

/**
 * Who speaks when Sidestage sends a chat line: the broadcaster, or the bot account when one is
 * signed in and the caller asks for it (automations and the starter pack choose; the lead wires
 * their choice). Asking for the bot while none is signed in speaks as the broadcaster, as before
 * there was a bot: a reply is not lost because the bot signed out.
 */
import type { ChatSpeaker } from '../../../shared/ipc/contract';
import type { ApiClient } from '../api/api-client';

/** What ChatSpeakers needs of the bot account (src/main/services/auth/bot-account.ts). */
export interface BotSpeaker {
  userId(): string | null;
  canSpeak(): boolean;
  /** Sends the bot's lines: the app token (with the chat-bot badge) or the bot's user token. */
  readonly chatApi: Pick<ApiClient, 'request'>;
}

export interface ChatVoice {
  /** `sender_id` of Send Chat Message. */
  senderId: string;
  api: Pick<ApiClient, 'request'>;
  speaker: ChatSpeaker;
}

export class ChatSpeakers {
  constructor(
    private readonly broadcasterApi: Pick<ApiClient, 'request'>,
    private readonly bot: BotSpeaker | null,
  ) {}

  /** The voice for a line in `broadcasterId`'s chat when `asked` speaks. */
  voiceFor(broadcasterId: string, asked: ChatSpeaker = 'broadcaster'): ChatVoice {
    const botId = this.bot?.userId() ?? null;
    if (asked === 'bot' && this.bot && botId !== null && this.bot.canSpeak()) return { senderId: botId, api: this.bot.chatApi, speaker: 'bot' };
    return { senderId: broadcasterId, api: this.broadcasterApi, speaker: 'broadcaster' };
  }
}

/**
 * Chat of the current broadcaster's channel: messages from the channel-event stream (its chat
 * messages, and the announcements among its chat notifications), kept in a bounded buffer and
 * mirrored to the renderer as a numbered snapshot and deltas; sending as the broadcaster,
 * announcements, and a message's moderator actions (delete, timeout, ban). Lines any moderator
 * removes anywhere (a deleted line, a timed-out or banned chatter's lines, a cleared chat) are
 * marked removed as the platform says so, and who removed them as `channel.moderate` tells. In a
 * shared chat session, lines from the other channels name their channel and are not moderated from
 * here; the session (who is in it) travels with the snapshot and deltas.
 * Every refusal is told in the broadcaster's words: "Message not sent: chat is in emote-only mode."
 */
import type { ChannelEventOf, ChatDelta, ChatFragment, ChatMessage, ChatModerateArg, ChatSnapshot, ChatSpeaker, SharedChatState } from '../../../shared/ipc/contract';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { NumberedFeed } from '../common/numbered-feed';
import type { ApiClient } from '../api/api-client';
import { refusalInWords, withStop } from '../api/refusal-words';
import { formatTimeoutLength } from '../../../shared/domain/timeout-length';
import { AppError } from '../app-error';
import { background } from '../common/background';
import { followCurrentBroadcaster, requireSignedInBroadcaster, type BroadcasterSource } from '../common/current-broadcaster';
import type { ChannelEvents } from '../events/channel-events';
import type { Logger } from '../logger';
import type { ChatSpeakers } from './chat-speakers';

export interface ChatServiceOptions {
  api: Pick<ApiClient, 'request' | 'get'>;
  broadcaster: BroadcasterSource;
  /** The one channel-event stream (src/main/services/events/channel-events.ts). */
  channelEvents: Pick<ChannelEvents, 'on'>;
  logger: Logger;
  /** Messages kept. Default 1,000. */
  capacity?: number;
  /** Who may speak besides the broadcaster (the bot account); none: the broadcaster always speaks. */
  speakers?: ChatSpeakers;
}

export const defaultChatCapacity = 1000;

/** The emulator's and the platform's drop codes, in the broadcaster's words. */
const dropWords: Record<string, string> = {
  msg_emoteonly: 'chat is in emote-only mode',
  msg_followersonly: 'chat is in followers-only mode',
  msg_subsonly: 'chat is in subscriber-only mode',
  msg_slowmode: 'slow mode is on; wait a little before sending again',
  msg_duplicate: 'unique chat is on, and this message was just sent',
  msg_banned: 'you are banned from this chat',
  msg_timedout: 'you are timed out in this chat',
};

interface HelixSent {
  message_id: string;
  is_sent: boolean;
  drop_reason: { code: string; message: string } | null;
}

export class ChatService extends Disposable {
  private readonly feed: NumberedFeed<ChatMessage>;
  /**
   * The last bans and timeouts by chatter (which, and by whom): `channel.ban` and `channel.moderate`
   * may come before or after the lines' removal, so whichever comes second finds what the first said.
   */
  private readonly recentBans = new Map<string, { removed: 'banned' | 'timedOut'; by: string }>();
  private readonly deltas = new Emitter<ChatDelta>();
  private broadcasterId: string | null = null;
  /** The platform's emote image template (`{{id}}`, `{{format}}`, `{{theme_mode}}`, `{{scale}}`), read once per account. */
  private emoteTemplate: string | null = null;
  private started = false;
  /** The shared chat session the channel is in, as the platform last said (null: none). */
  private sharedChat: SharedChatState | null = null;
  /** The session was read for the current account (events keep it current after that). */
  private sessionRead = false;

  constructor(private readonly options: ChatServiceOptions) {
    super();
    this.feed = new NumberedFeed(options.capacity ?? defaultChatCapacity, (delta) => this.deltas.fire({ ...delta, selfId: this.broadcasterId, sharedChat: this.sharedChat }));
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const { channelEvents, broadcaster } = this.options;
    this.register(channelEvents.on(['chatMessage'], (event) => this.add(event, null)));
    // Only announcements are chat lines here; subs, raids and gifts are in the activity feed.
    this.register(
      channelEvents.on(['chatNotification'], (event) => {
        if (event.noticeType === 'announcement') this.add(event, event.announcementColor?.toUpperCase() ?? 'PRIMARY');
      }),
    );
    // What left chat, whoever removed it: the overlay drops the lines, the Live chat strikes them through.
    this.register(channelEvents.on(['chatMessageDelete'], (event) => this.removeLines((m) => m.id === event.messageId, 'deleted', null)));
    this.register(
      channelEvents.on(['chatClearUserMessages'], (event) => {
        const ban = this.recentBans.get(event.user.id);
        this.removeLines((m) => m.userId === event.user.id, ban?.removed ?? 'banned', ban?.by ?? null);
      }),
    );
    this.register(channelEvents.on(['chatClear'], () => this.removeLines(() => true, 'cleared', null)));
    this.register(channelEvents.on(['ban'], (event) => this.rememberBan(event.user.id, event.endsAt === null ? 'banned' : 'timedOut', event.moderator.name)));
    this.register(channelEvents.on(['moderation'], (event) => this.moderated(event)));
    this.register(channelEvents.on(['sharedChatBegin', 'sharedChatUpdate'], (event) => this.setSharedChat({ sessionId: event.sessionId, hostId: event.host.id, channels: event.channels })));
    this.register(
      channelEvents.on(['sharedChatEnd'], (event) => {
        if (this.sharedChat?.sessionId === event.sessionId) this.setSharedChat(null);
      }),
    );
    this.register(
      followCurrentBroadcaster(broadcaster, (change) => {
        if (change.id !== this.broadcasterId) {
          this.broadcasterId = change.id;
          this.emoteTemplate = null;
          this.recentBans.clear();
          this.sharedChat = null;
          this.sessionRead = false;
          this.feed.clear();
          this.feed.deliverSoon();
        }
        if (change.id && change.canCallApi && this.emoteTemplate === null) background(this.readEmoteTemplate(change.id), this.options.logger, 'reading the emote image template');
        if (change.id && change.canCallApi && !this.sessionRead) {
          this.sessionRead = true;
          background(this.readSharedChat(change.id), this.options.logger, 'reading the shared chat session');
        }
      }),
    );
  }

  override dispose(): void {
    super.dispose();
    this.deltas.dispose();
  }

  getSnapshot(): ChatSnapshot {
    this.feed.deliverNow();
    return { version: this.feed.currentVersion, messages: this.feed.list(), capacity: this.feed.capacity, selfId: this.broadcasterId, sharedChat: this.sharedChat };
  }

  onDelta(listener: (delta: ChatDelta) => void): Disposer {
    return this.deltas.on(listener);
  }

  /**
   * Sends a message (or an announcement) as the broadcaster, or as the bot when `speaker` asks
   * for it and one is signed in (`ChatSpeakers`: an announcement needs the bot to be allowed, else
   * the broadcaster announces); a refusal throws in words.
   */
  async send(text: string, announcement?: string, speaker?: ChatSpeaker, replyTo?: string): Promise<{ messageId: string | null }> {
    const what = announcement ? 'Announcement not sent' : 'Message not sent';
    const id = this.requireApi(what);
    const { api } = this.options;
    try {
      if (announcement) {
        const body = { message: text, color: announcement };
        if (this.options.speakers) await this.options.speakers.announce(id, body, speaker);
        else await api.request({ method: 'POST', path: '/helix/chat/announcements', query: { broadcaster_id: id, moderator_id: id }, body, retry: 'never' });
        return { messageId: null };
      }
      const voice = this.options.speakers?.voiceFor(id, speaker) ?? { senderId: id, api };
      const answer = await voice.api.request<{ data: HelixSent[] }>({ method: 'POST', path: '/helix/chat/messages', body: { broadcaster_id: id, sender_id: voice.senderId, message: text, ...(replyTo ? { reply_parent_message_id: replyTo } : {}) }, retry: 'never' });
      const sent = answer.data?.data?.[0];
      if (!sent) throw new AppError('api_error', `${what}: the platform did not say whether it was sent.`);
      if (!sent.is_sent) {
        const reason = sent.drop_reason;
        throw new AppError('api_error', `${what}: ${withStop(reason ? (dropWords[reason.code] ?? reason.message) : 'the platform dropped it')}`);
      }
      return { messageId: sent.message_id };
    } catch (error) {
      throw refusalInWords(what, error);
    }
  }

  /** Delete, time out (for `durationSeconds`) or ban the author of a message in the buffer. */
  async moderate(arg: ChatModerateArg): Promise<{ message: string }> {
    const what = arg.action === 'delete' ? 'Message not deleted' : arg.action === 'timeout' ? 'Timeout not applied' : 'Ban not applied';
    const id = this.requireApi(what);
    const message = this.feed.get(arg.messageId);
    if (!message) throw new AppError('invalid_argument', `${what}: that message is no longer in Sidestage's chat.`);
    if (message.userId === id) throw new AppError('invalid_argument', `${what}: that is your own message.`);
    if (message.sourceChannel) throw new AppError('invalid_argument', `${what}: that line is from ${message.sourceChannel.name}'s chat (shared chat); their moderators moderate it.`);
    const { api } = this.options;
    const moderatorQuery = { broadcaster_id: id, moderator_id: id };
    try {
      if (arg.action === 'delete') {
        await api.request({ method: 'DELETE', path: '/helix/moderation/chat', query: { ...moderatorQuery, message_id: message.id } });
        this.mark([message], 'deleted');
        return { message: `Deleted ${message.userName}'s message.` };
      }
      const data = arg.action === 'timeout' ? { user_id: message.userId, duration: arg.durationSeconds } : { user_id: message.userId, ...(arg.reason ? { reason: arg.reason } : {}) };
      await api.request({ method: 'POST', path: '/helix/moderation/bans', query: moderatorQuery, body: { data }, retry: 'never' });
      const removed = arg.action === 'timeout' ? 'timedOut' : 'banned';
      this.mark(
        this.feed.filter((m) => m.userId === message.userId && m.removed === null && !m.sourceChannel),
        removed,
      );
      return { message: arg.action === 'timeout' ? `${message.userName} is timed out for ${formatTimeoutLength(arg.durationSeconds)}.` : `${message.userName} is banned.` };
    } catch (error) {
      throw refusalInWords(what, error);
    }
  }

  private requireApi(what: string): string {
    return requireSignedInBroadcaster(this.broadcasterId, this.options.broadcaster, what);
  }

  private mark(messages: ChatMessage[], removed: NonNullable<ChatMessage['removed']>): void {
    for (const m of messages) this.feed.update({ ...m, removed });
    this.feed.deliverSoon();
  }

  /**
   * Marks the lines `which` picks removed: those not removed yet as `removed`, and each one's
   * moderator when known and not said yet. Lines the broadcaster removed here keep their reason.
   */
  private removeLines(which: (m: ChatMessage) => boolean, removed: NonNullable<ChatMessage['removed']>, by: string | null): void {
    let changed = false;
    for (const m of this.feed.filter(which)) {
      const next = { ...m, removed: m.removed ?? removed, removedBy: m.removedBy ?? by };
      if (next.removed === m.removed && next.removedBy === m.removedBy) continue;
      this.feed.update(next);
      changed = true;
    }
    if (changed) this.feed.deliverSoon();
  }

  private rememberBan(userId: string, removed: 'banned' | 'timedOut', by: string): void {
    this.recentBans.delete(userId);
    this.recentBans.set(userId, { removed, by });
    // A handful is enough: the removal follows its ban within moments.
    if (this.recentBans.size > 100) this.recentBans.delete(this.recentBans.keys().next().value!);
  }

  /** A moderator's action: the lines it took out learn who removed them (the removal itself may come before or after). */
  private moderated(event: ChannelEventOf<'moderation'>): void {
    const by = event.moderator.name;
    switch (event.action) {
      case 'delete':
        if (event.messageId) this.removeLines((m) => m.id === event.messageId, 'deleted', by);
        return;
      case 'ban':
      case 'timeout': {
        const removed = event.action === 'ban' ? 'banned' : 'timedOut';
        this.rememberBan(event.user?.id ?? '', removed, by);
        if (event.user) this.removeLines((m) => m.userId === event.user!.id && (m.removed === null || m.removed === removed), removed, by);
        return;
      }
      case 'clear':
        this.removeLines((m) => m.removed === null || m.removed === 'cleared', 'cleared', by);
        return;
    }
  }

  private add(event: ChannelEventOf<'chatMessage' | 'chatNotification'>, announcement: string | null): void {
    if (!this.broadcasterId || !event.user) return;
    const added = this.feed.add({
      id: event.messageId,
      userId: event.user.id,
      userLogin: event.user.login,
      userName: event.user.name,
      color: /^#[0-9a-f]{6}$/i.test(event.color ?? '') ? event.color! : '',
      badges: event.badges,
      fragments: event.fragments.length ? event.fragments.map((f) => this.fragment(f)) : [{ type: 'text', text: event.text, emoteUrl: null }],
      text: event.text,
      at: event.at,
      announcement,
      removed: null,
      removedBy: null,
      ...('sourceChannel' in event && event.sourceChannel ? { sourceChannel: event.sourceChannel } : {}),
    });
    if (added) this.feed.deliverSoon();
  }

  private setSharedChat(next: SharedChatState | null): void {
    this.sharedChat = next;
    this.feed.touch();
    this.feed.deliverSoon();
  }

  /** The session the channel is in at sign-in (Get Shared Chat Session), with the channels' names. */
  private async readSharedChat(broadcasterId: string): Promise<void> {
    const { api } = this.options;
    const answer = await api.get<{ data?: { session_id: string; host_broadcaster_id: string; participants: { broadcaster_id: string }[] }[] }>('/helix/shared_chat/session', { broadcaster_id: broadcasterId });
    const session = answer.data?.[0];
    // An event that came meanwhile is newer than this answer.
    if (!session || broadcasterId !== this.broadcasterId || this.sharedChat) return;
    const ids = session.participants.map((p) => p.broadcaster_id).slice(0, 100);
    const users = await api.get<{ data?: { id: string; login: string; display_name: string }[] }>('/helix/users', { id: ids });
    const byId = new Map((users.data ?? []).map((u) => [u.id, u]));
    if (broadcasterId !== this.broadcasterId || this.sharedChat) return;
    const channels = ids.map((id) => ({ id, login: byId.get(id)?.login ?? id, name: byId.get(id)?.display_name ?? byId.get(id)?.login ?? id }));
    this.setSharedChat({ sessionId: session.session_id, hostId: session.host_broadcaster_id, channels });
  }

  private fragment(f: ChannelEventOf<'chatMessage'>['fragments'][number]): ChatFragment {
    const type = f.type === 'emote' || f.type === 'mention' || f.type === 'cheermote' ? f.type : 'text';
    const emoteUrl =
      type === 'emote' && f.emoteId && this.emoteTemplate
        ? this.emoteTemplate
            .replace('{{id}}', encodeURIComponent(f.emoteId))
            .replace('{{format}}', 'static')
            .replace('{{theme_mode}}', 'dark')
            .replace('{{scale}}', '1.0')
        : null;
    return { type, text: f.text, emoteUrl };
  }

  private async readEmoteTemplate(broadcasterId: string): Promise<void> {
    const answer = await this.options.api.request<{ template?: string }>({ method: 'GET', path: '/helix/chat/emotes/global' });
    const template = answer.data?.template;
    // Only an http(s) template is used: the renderer's CSP decides which hosts may serve images.
    if (broadcasterId === this.broadcasterId && typeof template === 'string' && /^https?:\/\//.test(template)) this.emoteTemplate = template;
  }
}

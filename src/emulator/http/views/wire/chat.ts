/** Chat, emotes, raids, shoutouts and the simulation API's chat calls (see `common.ts`). */
import type { UserFields } from './common';

export interface ChatMessageRequest {
  broadcaster_id: string;
  user_id: string;
  text: string;
  reply_parent_message_id?: string;
}

/** A moderator on the website deletes one line of a channel's chat (the broadcaster by default). */
export interface ChatDeletionRequest {
  broadcaster_id: string;
  message_id: string;
  moderator_id?: string;
}

/** A moderator on the website clears a channel's chat (the broadcaster by default). */
export interface ChatClearRequest {
  broadcaster_id: string;
  moderator_id?: string;
}

/** A cleared chat: by whom, and how many lines it took away. */
export interface ChatClearAnswer {
  broadcaster_id: string;
  moderator_id: string;
  cleared: number;
}

/** A chat message as the simulation API keeps it (sent or dropped). */
export type ChatMessageRecord = { message_id: string; broadcaster_id: string } & UserFields<'user'> & {
    text: string;
    fragments: unknown[];
    sent_at: string;
    is_sent: boolean;
    drop_reason: { code: string; message: string } | null;
    reply_parent_message_id: string | null;
    /** The sender's badges in the channel (`channel.chat.message`'s), the chat-bot badge included. */
    badges: { set_id: string; id: string; info: string }[];
    /** A shared chat session's copy of a line sent in another channel: that channel and its message (null otherwise). */
    source_broadcaster_id: string | null;
    source_message_id: string | null;
  };

export interface ChatterRequest {
  broadcaster_id: string;
  user_id: string;
  action: 'join' | 'leave';
}

export type ChatterAnswer = { broadcaster_id: string } & UserFields<'user'> & { in_chat: boolean; total: number };

export interface CreateEmoteRequest {
  broadcaster_id: string;
  name: string;
  emote_type: 'subscriptions' | 'follower' | 'bitstier';
  tier?: '1000' | '2000' | '3000';
  emote_set_id?: string;
  format?: ('static' | 'animated')[];
  id?: string;
}

export interface EmoteImages {
  url_1x: string;
  url_2x: string;
  url_4x: string;
}

/** A channel emote as Get Channel Emotes lists it. */
export interface ChannelEmoteView {
  id: string;
  name: string;
  images: EmoteImages;
  tier: string;
  emote_type: string;
  emote_set_id: string;
  format: string[];
  scale: string[];
  theme_mode: string[];
}

/** A channel emote with its owner, as the simulation API answers it. */
export type OwnedEmoteView = ChannelEmoteView & { owner_id: string };

export interface EmoteSetGrantRequest {
  user_id: string;
  emote_set_id: string;
  action: 'add' | 'remove';
}

export interface IncomingRaidRequest {
  from_broadcaster_id: string;
  to_broadcaster_id: string;
  /** The raider's live viewer count (0 when offline) by default. */
  viewers?: number;
}

export type RaidStatus = 'pending' | 'cancelled' | 'completed';

export interface RaidView {
  id: string;
  from_broadcaster_id: string;
  from_broadcaster_login: string;
  to_broadcaster_id: string;
  to_broadcaster_login: string;
  status: RaidStatus;
  created_at: string;
  due_at: string;
  is_mature: boolean;
  viewers: number | null;
  completed_at: string | null;
}

export interface ShoutoutView {
  from_broadcaster_id: string;
  from_broadcaster_login: string;
  to_broadcaster_id: string;
  to_broadcaster_login: string;
  moderator_id: string;
  started_at: string;
  viewer_count: number;
}

/**
 * A moderator's action (`channel.moderate`, the `moderation` channel event) in the broadcaster's
 * words, said once for the activity feed, the Live chat's struck-through lines and the mod log:
 * "deleted a message", "timed out for 10 minutes", "turned slow mode on (30 s between messages)".
 */
import { formatTimeoutLength } from './timeout-length';

/** What a moderation says, without who did it: the fields of the `moderation` channel event it reads. */
export interface ModerationFacts {
  action: string;
  user: { name: string } | null;
  reason: string;
  expiresAt: string | null;
  /** When it happened (ISO 8601): a timeout's length is counted from here. */
  at: string;
  detail: string;
}

/** The actions that take lines out of chat (the chat overlay, the Live chat). */
export const removingActions = ['delete', 'ban', 'timeout', 'clear'] as const;

const modeWords: Record<string, string> = {
  emoteonly: 'turned emote-only mode on',
  emoteonlyoff: 'turned emote-only mode off',
  followersoff: 'turned followers-only mode off',
  slowoff: 'turned slow mode off',
  subscribers: 'turned subscriber-only mode on',
  subscribersoff: 'turned subscriber-only mode off',
  uniquechat: 'turned unique chat on',
  uniquechatoff: 'turned unique chat off',
};

/** The action, as a verb phrase with its object: "banned PixelPal: spam". */
export function moderationInWords(m: ModerationFacts): string {
  const who = m.user?.name ?? 'someone';
  const why = m.reason ? `: ${m.reason}` : '';
  switch (m.action) {
    case 'ban':
      return `banned ${who}${why}`;
    case 'timeout': {
      const seconds = m.expiresAt ? Math.round((Date.parse(m.expiresAt) - Date.parse(m.at)) / 1000) : NaN;
      return `timed out ${who}${Number.isFinite(seconds) && seconds > 0 ? ` for ${formatTimeoutLength(seconds)}` : ''}${why}`;
    }
    case 'unban':
      return `unbanned ${who}`;
    case 'untimeout':
      return `ended ${who}'s timeout`;
    case 'delete':
      return `deleted a message from ${who}`;
    case 'clear':
      return 'cleared chat';
    case 'warn':
      return `warned ${who}${why}`;
    case 'followers':
      return `turned followers-only mode on (${m.detail})`;
    case 'slow':
      return `turned slow mode on (${m.detail})`;
    case 'add_blocked_term':
      return `blocked the term ${m.detail}`;
    case 'remove_blocked_term':
      return `unblocked the term ${m.detail}`;
    case 'add_permitted_term':
      return `permitted the term ${m.detail}`;
    case 'remove_permitted_term':
      return `no longer permits the term ${m.detail}`;
    case 'approve_unban_request':
      return `approved ${who}'s unban request${why}`;
    case 'deny_unban_request':
      return `denied ${who}'s unban request${why}`;
    case 'mod':
      return `made ${who} a moderator`;
    case 'unmod':
      return `took ${who}'s moderator role`;
    case 'vip':
      return `made ${who} a VIP`;
    case 'unvip':
      return `took ${who}'s VIP badge`;
    case 'raid':
      return `started a raid on ${who} (${m.detail})`;
    case 'unraid':
      return `cancelled the raid on ${who}`;
    default:
      return modeWords[m.action] ?? `${m.action.replace(/_/g, ' ')}${m.user ? ` ${who}` : ''}`;
  }
}

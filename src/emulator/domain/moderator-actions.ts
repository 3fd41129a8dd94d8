/**
 * `channel.moderate`: every moderator action the domain carries out (bans and timeouts, deleted
 * lines, a cleared chat, the chat modes, roles, warnings, blocked terms, unban requests, raids) is
 * also announced as what the moderator did, whichever way it happened (the API or the simulation
 * API). The rules stay with each action's own module; this one only names the announcement.
 */
import type { EmulatorState } from './emulator-state';
import type { ModerationAction } from './event-bus';
import type { ChatSettings } from './stores/chat';

export function announceModeration(state: EmulatorState, broadcasterId: string, moderatorId: string, moderation: ModerationAction): void {
  state.events.publish({ type: 'channel.moderate', broadcasterId, moderatorId, moderation });
}

/**
 * The actions a change of chat settings amounts to, in the platform's order of the modes: a mode
 * turned on or off, or (followers, slow) given a new duration while on. The chat delay has no action.
 */
export function chatModeActions(before: ChatSettings, after: ChatSettings): ModerationAction[] {
  const actions: ModerationAction[] = [];
  if (before.emoteMode !== after.emoteMode) actions.push({ action: after.emoteMode ? 'emoteonly' : 'emoteonlyoff' });
  if (before.followerMode !== after.followerMode || (after.followerMode && before.followerModeDuration !== after.followerModeDuration)) {
    actions.push(after.followerMode ? { action: 'followers', followDurationMinutes: after.followerModeDuration ?? 0 } : { action: 'followersoff' });
  }
  if (before.slowMode !== after.slowMode || (after.slowMode && before.slowModeWaitTime !== after.slowModeWaitTime)) {
    actions.push(after.slowMode ? { action: 'slow', waitTimeSeconds: after.slowModeWaitTime ?? 0 } : { action: 'slowoff' });
  }
  if (before.subscriberMode !== after.subscriberMode) actions.push({ action: after.subscriberMode ? 'subscribers' : 'subscribersoff' });
  if (before.uniqueChatMode !== after.uniqueChatMode) actions.push({ action: after.uniqueChatMode ? 'uniquechat' : 'uniquechatoff' });
  return actions;
}

/**
 * The EventSub side of the domain's event bus: each platform event the domain announces becomes the
 * notification the platform sends (its type, whom it concerns and its `payload.event`), once, and
 * goes out to the session hub (and to tests that listen). The payloads are built in `payloads/`,
 * never by the domain or the routes.
 */
import { Emitter, type Disposer } from '../../shared/primitives/emitter';
import type { EmulatorState } from '../domain/emulator-state';
import type { PlatformEvent } from '../domain/event-bus';
import type { Notification } from './notification';
import { adBreakNotification } from './payloads/ads';
import { autoModNotification } from './payloads/automod';
import { followNotification, channelUpdateNotification } from './payloads/channels';
import { redemptionNotification } from './payloads/channel-points';
import { donationNotification } from './payloads/charity';
import { chatMessageNotification, chatNoticeNotification, chatRemovalNotification } from './payloads/chat';
import { goalNotification } from './payloads/goals';
import { hypeTrainNotification } from './payloads/hype-trains';
import { moderateNotification } from './payloads/moderate';
import { banNotification, roleNotification, unbanNotification } from './payloads/moderation';
import { pollNotification } from './payloads/polls';
import { predictionNotification } from './payloads/predictions';
import { raidNotification } from './payloads/raids';
import { sharedChatNotification } from './payloads/shared-chat';
import { shieldModeNotification } from './payloads/shield-mode';
import { shoutoutNotification } from './payloads/shoutouts';
import { streamNotification } from './payloads/streams';
import { cheerNotification, giftNotification, resubscriptionNotification, subscribeNotification } from './payloads/supporters';
import { suspiciousMessageNotification, suspiciousUpdateNotification } from './payloads/suspicious-users';
import { unbanRequestNotification } from './payloads/unban-requests';
import { warningNotification } from './payloads/warnings';

/** The notification of a platform event; null when it concerns a user the emulator no longer has. */
export function notificationOf(state: EmulatorState, event: PlatformEvent): Notification | null {
  switch (event.type) {
    case 'stream.online':
    case 'stream.offline':
      return streamNotification(state, event);
    case 'channel.update':
      return channelUpdateNotification(state, event);
    case 'channel.follow':
      return followNotification(state, event);
    case 'channel.channel_points_custom_reward_redemption.add':
    case 'channel.channel_points_custom_reward_redemption.update':
      return redemptionNotification(state, event);
    case 'channel.charity_campaign.donate':
      return donationNotification(state, event);
    case 'channel.moderator.add':
    case 'channel.moderator.remove':
    case 'channel.vip.add':
    case 'channel.vip.remove':
      return roleNotification(state, event);
    case 'channel.ban':
      return banNotification(state, event);
    case 'channel.unban':
      return unbanNotification(state, event);
    case 'channel.chat.message':
      return chatMessageNotification(state, event);
    case 'channel.chat.notification':
      return chatNoticeNotification(state, event);
    case 'channel.chat.message_delete':
    case 'channel.chat.clear_user_messages':
    case 'channel.chat.clear':
      return chatRemovalNotification(state, event);
    case 'channel.moderate':
      return moderateNotification(state, event);
    case 'channel.shared_chat.begin':
    case 'channel.shared_chat.update':
    case 'channel.shared_chat.end':
      return sharedChatNotification(state, event);
    case 'channel.shoutout.create':
    case 'channel.shoutout.receive':
      return shoutoutNotification(state, event);
    case 'channel.raid':
      return raidNotification(state, event);
    case 'channel.poll.begin':
    case 'channel.poll.progress':
    case 'channel.poll.end':
      return pollNotification(state, event);
    case 'channel.prediction.begin':
    case 'channel.prediction.progress':
    case 'channel.prediction.lock':
    case 'channel.prediction.end':
      return predictionNotification(state, event);
    case 'channel.ad_break.begin':
      return adBreakNotification(state, event);
    case 'channel.goal.begin':
    case 'channel.goal.progress':
    case 'channel.goal.end':
      return goalNotification(state, event);
    case 'channel.hype_train.begin':
    case 'channel.hype_train.progress':
    case 'channel.hype_train.end':
      return hypeTrainNotification(state, event);
    case 'channel.cheer':
      return cheerNotification(state, event);
    case 'channel.subscribe':
      return subscribeNotification(state, event);
    case 'channel.subscription.gift':
      return giftNotification(state, event);
    case 'channel.subscription.message':
      return resubscriptionNotification(state, event);
    case 'channel.shield_mode.begin':
    case 'channel.shield_mode.end':
      return shieldModeNotification(state, event);
    case 'automod.message.hold':
    case 'automod.message.update':
      return autoModNotification(state, event);
    case 'channel.warning.send':
    case 'channel.warning.acknowledge':
      return warningNotification(state, event);
    case 'channel.unban_request.create':
    case 'channel.unban_request.resolve':
      return unbanRequestNotification(state, event);
    case 'channel.suspicious_user.update':
      return suspiciousUpdateNotification(state, event);
    case 'channel.suspicious_user.message':
      return suspiciousMessageNotification(state, event);
  }
}

/**
 * The notifications of one emulator state, in the order the domain announced their events. It
 * outlives resets, as the bus does. Tests publish notifications of their own here to drive the
 * transport without a domain event.
 */
export class NotificationFeed {
  private readonly emitter = new Emitter<Notification>();

  constructor(state: EmulatorState) {
    state.events.subscribe((event) => {
      const notification = notificationOf(state, event);
      if (notification) this.emitter.fire(notification);
    });
  }

  subscribe(listener: (notification: Notification) => void): Disposer {
    return this.emitter.on(listener);
  }

  publish(notification: Notification): void {
    this.emitter.fire(notification);
  }
}

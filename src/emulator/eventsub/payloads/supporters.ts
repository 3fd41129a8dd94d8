/** `channel.cheer`, `channel.subscribe`, `channel.subscription.gift` and `channel.subscription.message`. */
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { cheerView, giftView, resubscriptionMessageView } from '../../http/views/supporters';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';

export function cheerNotification(state: EmulatorState, { type, cheer }: PlatformEventOf<'channel.cheer'>): Notification {
  return { type, broadcasterUserId: cheer.broadcasterId, event: cheerView(state, cheer) };
}

export function subscribeNotification(state: EmulatorState, { type, subscription }: PlatformEventOf<'channel.subscribe'>): Notification {
  return {
    type,
    broadcasterUserId: subscription.broadcasterId,
    event: {
      ...userFields(state, 'user', subscription.userId),
      ...userFields(state, 'broadcaster_user', subscription.broadcasterId),
      tier: subscription.tier,
      is_gift: subscription.isGift,
    },
  };
}

export function giftNotification(state: EmulatorState, { type, gift }: PlatformEventOf<'channel.subscription.gift'>): Notification {
  return { type, broadcasterUserId: gift.broadcasterId, event: giftView(state, gift) };
}

export function resubscriptionNotification(state: EmulatorState, { type, message }: PlatformEventOf<'channel.subscription.message'>): Notification {
  return { type, broadcasterUserId: message.broadcasterId, event: resubscriptionMessageView(state, message) };
}

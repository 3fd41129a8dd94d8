/** `channel.suspicious_user.update` and `channel.suspicious_user.message` (the platform's reference). */
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';
import { autoModFragment } from './automod';

export function suspiciousUpdateNotification(state: EmulatorState, { type, suspicious }: PlatformEventOf<'channel.suspicious_user.update'>): Notification {
  return {
    type,
    broadcasterUserId: suspicious.broadcasterId,
    event: {
      ...userFields(state, 'broadcaster_user', suspicious.broadcasterId),
      ...userFields(state, 'moderator_user', suspicious.moderatorId ?? ''),
      ...userFields(state, 'user', suspicious.userId),
      low_trust_status: suspicious.status,
    },
  };
}

export function suspiciousMessageNotification(state: EmulatorState, { type, suspicious, message }: PlatformEventOf<'channel.suspicious_user.message'>): Notification {
  return {
    type,
    broadcasterUserId: suspicious.broadcasterId,
    event: {
      ...userFields(state, 'broadcaster_user', suspicious.broadcasterId),
      ...userFields(state, 'user', suspicious.userId),
      low_trust_status: suspicious.status,
      shared_ban_channel_ids: suspicious.sharedBanChannelIds,
      types: suspicious.types,
      ban_evasion_evaluation: suspicious.banEvasionEvaluation,
      message: { message_id: message.id, text: message.text, fragments: message.fragments.map(autoModFragment) },
    },
  };
}

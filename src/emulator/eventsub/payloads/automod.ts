/** `automod.message.hold` and `automod.message.update`, version 1 (the platform's reference). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import type { AutoModCategory } from '../../domain/stores/automod';
import type { MessageFragment } from '../../domain/stores/chat-messages';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';

/** The category names AutoMod's events use for the settings' categories. */
const EVENT_CATEGORY: Readonly<Record<AutoModCategory, string>> = {
  disability: 'disability',
  aggression: 'aggressive',
  sexuality_sex_or_gender: 'sexuality',
  misogyny: 'misogyny',
  bullying: 'bullying',
  swearing: 'swearing',
  race_ethnicity_or_religion: 'racism',
  sex_based_terms: 'sexwords',
};

/** AutoMod's fragments (and the suspicious users' messages') have no mentions, and emotes carry their ID and set only. */
export function autoModFragment(fragment: MessageFragment) {
  const emote = fragment.type === 'emote' ? { id: fragment.emote.id, emote_set_id: fragment.emote.emote_set_id } : null;
  return { type: fragment.type === 'emote' ? 'emote' : 'text', text: fragment.text, cheermote: null, emote };
}

export function autoModNotification(state: EmulatorState, { type, held }: PlatformEventOf<'automod.message.hold' | 'automod.message.update'>): Notification {
  const { message } = held;
  return {
    type,
    broadcasterUserId: message.broadcasterId,
    event: {
      ...userFields(state, 'broadcaster_user', message.broadcasterId),
      ...userFields(state, 'user', message.senderId),
      ...(type === 'automod.message.update' ? userFields(state, 'moderator_user', held.moderatorId ?? '') : {}),
      message_id: message.id,
      message: { text: message.text, fragments: message.fragments.map(autoModFragment) },
      category: EVENT_CATEGORY[held.category],
      level: held.level,
      ...(type === 'automod.message.update' ? { status: held.status } : {}),
      held_at: toRfc3339(held.heldAt),
    },
  };
}

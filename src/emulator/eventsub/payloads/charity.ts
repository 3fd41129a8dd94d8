/** `channel.charity_campaign.donate` (platform facts, EventSub payloads). */
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { amountView } from '../../http/views/charity';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';

export function donationNotification(state: EmulatorState, { type, campaign, donation }: PlatformEventOf<'channel.charity_campaign.donate'>): Notification {
  return {
    type,
    broadcasterUserId: campaign.broadcasterId,
    event: {
      id: donation.id,
      campaign_id: campaign.id,
      ...userFields(state, 'broadcaster_user', campaign.broadcasterId),
      ...userFields(state, 'user', donation.userId),
      charity_name: campaign.charityName,
      charity_description: campaign.charityDescription,
      charity_logo: campaign.charityLogo,
      charity_website: campaign.charityWebsite,
      amount: amountView(donation.amount),
    },
  };
}

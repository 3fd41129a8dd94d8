/**
 * The demo seed's chat, moderation and charity data: the demo viewers in chat, ModMallory as a
 * moderator, the chat settings, a channel emote set and badges, and a running charity campaign with
 * a few donations. Values are fixed so they survive `POST /_emulator/reset`.
 */
import { defaultCharityLogo } from './domain/charity';
import type { BadgeSet, ChannelEmote } from './domain/stores/chat';
import type { EmulatorState } from './domain/emulator-state';

export const DEMO_MODERATOR_ID = '612345003';
/** When the seed's moderator was added (a moderator-change record). */
export const DEMO_MODERATOR_ADDED_AT = '2024-01-20T19:30:00Z';

export const DEMO_EMOTE_SETS = { tier1: '300374282', tier2: '300374283', tier3: '300374284', follower: '300374285', bits: '300374286' } as const;

export const DEMO_CHANNEL_EMOTES: readonly ChannelEmote[] = [
  { id: 'emotesv2_4c3b4ed516de493bbcd2df2f5d450f49', name: 'sidestHype', tier: '1000', emoteType: 'subscriptions', emoteSetId: DEMO_EMOTE_SETS.tier1, format: ['static'] },
  { id: 'emotesv2_8ad1c1e4bd3b4a4f9a6f2f7c1e0d5b21', name: 'sidestWave', tier: '1000', emoteType: 'subscriptions', emoteSetId: DEMO_EMOTE_SETS.tier1, format: ['static', 'animated'] },
  { id: 'emotesv2_1f0e7a9c3d2b4e6f8a1c3e5d7b9f0a2c', name: 'sidestGG', tier: '2000', emoteType: 'subscriptions', emoteSetId: DEMO_EMOTE_SETS.tier2, format: ['static'] },
  { id: 'emotesv2_6b5a4c3d2e1f4a9b8c7d6e5f4a3b2c1d', name: 'sidestCrown', tier: '3000', emoteType: 'subscriptions', emoteSetId: DEMO_EMOTE_SETS.tier3, format: ['static'] },
  { id: 'emotesv2_9e8d7c6b5a4f4e3d2c1b0a9f8e7d6c5b', name: 'sidestHi', tier: '', emoteType: 'follower', emoteSetId: DEMO_EMOTE_SETS.follower, format: ['static'] },
  { id: 'emotesv2_2a4c6e8f0b1d4f3a5c7e9b0d2f4a6c8e', name: 'sidestCheer', tier: '', emoteType: 'bitstier', emoteSetId: DEMO_EMOTE_SETS.bits, format: ['static'] },
];

const subscriberVersion = (months: string, imageId: string, title: string) => ({ id: months, imageId, title, description: title, clickAction: 'subscribe_to_channel', clickUrl: null });

export const DEMO_CHANNEL_BADGES: readonly BadgeSet[] = [
  {
    setId: 'subscriber',
    versions: [
      subscriberVersion('0', 'a1b2c3d4-0000-4c1d-9e00-5e1de57a6e00', 'Subscriber'),
      subscriberVersion('3', 'a1b2c3d4-0003-4c1d-9e00-5e1de57a6e03', '3-Month Subscriber'),
      subscriberVersion('6', 'a1b2c3d4-0006-4c1d-9e00-5e1de57a6e06', '6-Month Subscriber'),
      subscriberVersion('12', 'a1b2c3d4-0012-4c1d-9e00-5e1de57a6e12', '1-Year Subscriber'),
    ],
  },
  {
    setId: 'bits',
    versions: [
      { id: '1', imageId: 'b1c2d3e4-0001-4b17-9000-5e1de57ab175', title: 'cheer 1', description: 'cheer 1', clickAction: 'visit_url', clickUrl: 'https://bits.twitch.tv' },
      { id: '100', imageId: 'b1c2d3e4-0100-4b17-9000-5e1de57ab175', title: 'cheer 100', description: 'cheer 100', clickAction: 'visit_url', clickUrl: 'https://bits.twitch.tv' },
    ],
  },
];

export const DEMO_CHARITY = {
  campaignId: '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  charityName: 'Direct Relief',
  charityDescription: 'Direct Relief is a humanitarian aid organization active in all 50 states and more than 80 countries.',
  charityWebsite: 'https://www.directrelief.org',
  target: { value: 150_000, decimalPlaces: 2, currency: 'USD' },
  donations: [
    { id: '0c5a7e2b-1d3f-4b6a-9c8e-2f4d6b8a0c1e', userId: '612345001', value: 500 },
    { id: '1d6b8f3c-2e4a-4c7b-8d9f-3a5e7c9b1d2f', userId: '612345002', value: 2500 },
    { id: '2e7c9a4d-3f5b-4d8c-9e0a-4b6f8d0c2e3a', userId: '612345005', value: 1000 },
  ],
} as const;

export function applyCommunitySeed(state: EmulatorState, broadcasterId: string, viewerIds: readonly string[]): void {
  for (const id of viewerIds) state.chat.join(broadcasterId, id);
  state.moderators.add(broadcasterId, DEMO_MODERATOR_ID, DEMO_MODERATOR_ADDED_AT);
  state.chat.updateSettings(broadcasterId, { followerMode: true, followerModeDuration: 10 });
  state.chat.setChannelEmotes(broadcasterId, DEMO_CHANNEL_EMOTES.map((e) => ({ ...e, format: [...e.format] })));
  state.chat.setChannelBadges(broadcasterId, DEMO_CHANNEL_BADGES.map((set) => ({ setId: set.setId, versions: set.versions.map((v) => ({ ...v })) })));

  const now = state.clock.now();
  const campaign = state.charity.start(
    {
      id: DEMO_CHARITY.campaignId,
      broadcasterId,
      charityName: DEMO_CHARITY.charityName,
      charityDescription: DEMO_CHARITY.charityDescription,
      charityLogo: defaultCharityLogo(state.baseUrl, DEMO_CHARITY.charityName),
      charityWebsite: DEMO_CHARITY.charityWebsite,
      targetAmount: { ...DEMO_CHARITY.target },
      currency: DEMO_CHARITY.target.currency,
    },
    now,
  );
  for (const donation of DEMO_CHARITY.donations) state.charity.donate(campaign, donation.userId, donation.value, now, donation.id);
}

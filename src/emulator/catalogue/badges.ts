/**
 * The platform's global chat badges, present in every seed. Image IDs are the platform's own; the
 * emulator serves the images itself under `/static/badges/v1/<image id>/<1|2|3>`, the platform's
 * image host layout.
 */
import type { BadgeSet, BadgeVersion } from '../domain/stores/chat';

/** Pixel size per URL suffix: image_url_1x 18, image_url_2x 36, image_url_4x 72 (spec part 2). */
export const BADGE_PIXELS: Readonly<Record<string, number>> = { '1': 18, '2': 36, '3': 72 };

const version = (id: string, imageId: string, title: string, description = title, clickAction: string | null = null, clickUrl: string | null = null): BadgeVersion => ({
  id,
  imageId,
  title,
  description,
  clickAction,
  clickUrl,
});

export const GLOBAL_BADGES: readonly BadgeSet[] = [
  { setId: 'admin', versions: [version('1', '9ef7e029-4cdf-4d4d-a0d5-e2b3fb2583fe', 'Admin')] },
  {
    setId: 'bits',
    versions: [
      version('1', '73b5c3fb-24f9-4a82-a852-2f475b59411c', 'cheer 1', 'cheer 1', 'visit_url', 'https://bits.twitch.tv'),
      version('100', '09d93036-e7ce-431c-9a9e-7044297133f2', 'cheer 100', 'cheer 100', 'visit_url', 'https://bits.twitch.tv'),
      version('1000', '0d85a29e-79ad-4c63-a285-3acd2c66f2ba', 'cheer 1000', 'cheer 1000', 'visit_url', 'https://bits.twitch.tv'),
    ],
  },
  // A chat bot's lines sent with an app token. The image ID is the emulator's own (the platform's was not at hand).
  { setId: 'bot-badge', versions: [version('1', 'b0e5a1c2-7d4f-4e8a-9c3b-5f6d7e8a9b0c', 'Chat Bot', 'Chat Bot')] },
  { setId: 'broadcaster', versions: [version('1', '5527c58c-fb7d-422d-b71b-f309dcb85cc1', 'Broadcaster')] },
  { setId: 'moderator', versions: [version('1', '3267646d-33f0-4b17-b3df-f923a41db1d0', 'Moderator')] },
  { setId: 'partner', versions: [version('1', 'd12a2e27-16f6-41d0-ab77-b780518f00a3', 'Verified', 'Verified')] },
  {
    setId: 'premium',
    versions: [version('1', 'bbbe0db0-a598-423e-86d0-f9fb98ca1933', 'Prime Gaming', 'Prime Gaming', 'visit_url', 'https://gaming.amazon.com')],
  },
  { setId: 'staff', versions: [version('1', 'd97c37bd-a6f5-4c38-8f57-4e4bef88af34', 'Staff')] },
  {
    setId: 'subscriber',
    versions: [
      version('0', '5d9f2208-5dd8-11e7-8513-2ff4adfae661', 'Subscriber'),
      version('1', '5d9f2208-5dd8-11e7-8513-2ff4adfae661', 'Subscriber'),
    ],
  },
  {
    setId: 'turbo',
    versions: [version('1', 'bd444ec6-8f34-4bf9-91f4-af1e3428d80f', 'Turbo', 'A subscriber of Twitch\'s monthly premium user service', 'turbo', null)],
  },
  { setId: 'vip', versions: [version('1', 'b817aba4-fad8-49e2-b88a-7cc744dfa6ec', 'VIP')] },
];

export function badgeImageUrls(baseUrl: string, imageId: string): { image_url_1x: string; image_url_2x: string; image_url_4x: string } {
  const base = `${baseUrl}/static/badges/v1/${encodeURIComponent(imageId)}`;
  return { image_url_1x: `${base}/1`, image_url_2x: `${base}/2`, image_url_4x: `${base}/3` };
}

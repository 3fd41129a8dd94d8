/**
 * The platform's global emotes (emote set `0`, owned by the platform), present in every seed, and
 * the image URLs of every emote. The emulator serves the images itself under
 * `/static/emoticons/v2/...`, the same path layout as the platform's image host.
 */
import type { EmoteFormat } from '../domain/stores/chat';

export interface GlobalEmote {
  id: string;
  name: string;
  format: EmoteFormat[];
}

export const GLOBAL_EMOTE_SET_ID = '0';
/** The owner the platform reports for its global emote set. */
export const GLOBAL_EMOTE_OWNER_ID = '0';

export const GLOBAL_EMOTES: readonly GlobalEmote[] = [
  { id: '25', name: 'Kappa', format: ['static'] },
  { id: '41', name: 'Kreygasm', format: ['static'] },
  { id: '86', name: 'BibleThump', format: ['static'] },
  { id: '245', name: 'ResidentSleeper', format: ['static'] },
  { id: '354', name: '4Head', format: ['static'] },
  { id: '1902', name: 'Keepo', format: ['static'] },
  { id: '30259', name: 'HeyGuys', format: ['static'] },
  { id: '58127', name: 'CoolCat', format: ['static'] },
  { id: '58765', name: 'NotLikeThis', format: ['static'] },
  { id: '64138', name: 'SeemsGood', format: ['static'] },
  { id: '81274', name: 'VoHiYo', format: ['static'] },
  { id: '425618', name: 'LUL', format: ['static'] },
];

export const EMOTE_SCALES = ['1.0', '2.0', '3.0'] as const;
export const EMOTE_THEME_MODES = ['light', 'dark'] as const;
/** Pixel size per scale: url_1x 28, url_2x 56, url_4x 112 (spec part 2, Emote). */
export const EMOTE_PIXELS: Readonly<Record<string, number>> = { '1.0': 28, '2.0': 56, '3.0': 112 };

/** The list responses' top-level `template`, served by the emulator. */
export function emoteUrlTemplate(baseUrl: string): string {
  return `${baseUrl}/static/emoticons/v2/{{id}}/{{format}}/{{theme_mode}}/{{scale}}`;
}

/** `images`: static, light background, as the platform gives them. */
export function emoteImages(baseUrl: string, id: string): { url_1x: string; url_2x: string; url_4x: string } {
  const base = `${baseUrl}/static/emoticons/v2/${encodeURIComponent(id)}/static/light`;
  return { url_1x: `${base}/1.0`, url_2x: `${base}/2.0`, url_4x: `${base}/3.0` };
}

/**
 * The platform's global cheermotes (spec 4.18, part 2 "Legacy cheermote action"): present in every
 * seed. Prefixes, tier thresholds and tier colours are the real platform's.
 */
export interface CheermoteTier {
  id: string;
  minBits: number;
  /** Hex with #. */
  color: string;
}

export const CHEERMOTE_TIERS: readonly CheermoteTier[] = [
  { id: '1', minBits: 1, color: '#979797' },
  { id: '100', minBits: 100, color: '#9c3ee8' },
  { id: '1000', minBits: 1000, color: '#1db2a5' },
  { id: '5000', minBits: 5000, color: '#0099fe' },
  { id: '10000', minBits: 10000, color: '#f43021' },
];

export const CHEERMOTE_BACKGROUNDS = ['light', 'dark'] as const;
export const CHEERMOTE_STATES = ['static', 'animated'] as const;
export const CHEERMOTE_SCALES = ['1', '1.5', '2', '3', '4'] as const;

export type CheermoteBackground = (typeof CHEERMOTE_BACKGROUNDS)[number];
export type CheermoteState = (typeof CHEERMOTE_STATES)[number];
export type CheermoteScale = (typeof CHEERMOTE_SCALES)[number];

/** Image edge in pixels at scale 1; other scales multiply it. */
export const CHEERMOTE_BASE_SIZE_PX = 28;

export const GLOBAL_CHEERMOTE_PREFIXES: readonly string[] = [
  'Cheer', 'DoodleCheer', 'BibleThump', 'cheerwhal', 'Corgo', 'uni', 'ShowLove', 'Party', 'SeemsGood', 'Pride', 'Kappa',
  'FrankerZ', 'HeyGuys', 'DansGame', 'EleGiggle', 'TriHard', 'Kreygasm', '4Head', 'SwiftRage', 'NotLikeThis', 'FailFish',
  'VoHiYo', 'PJSalt', 'MrDestructoid', 'bday', 'RIPCheer', 'Shamrock',
];

export function isCheermoteScale(value: string): value is CheermoteScale {
  return (CHEERMOTE_SCALES as readonly string[]).includes(value);
}

/** Every identifier and secret the emulator hands out, shaped like the platform's. */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';

const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const MIXED_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function randomString(length: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A numeric string without a leading zero, like user, channel, game, video and stream IDs. */
export function numericId(digits = 9): string {
  return String(randomInt(1, 10)) + randomString(digits - 1, '0123456789');
}

/** Rewards, redemptions, markers, subscriptions, campaigns... */
export function uuid(): string {
  return randomUUID();
}

export const clientId = (): string => randomString(30, LOWER_ALNUM);
export const clientSecret = (): string => randomString(30, LOWER_ALNUM);
export const accessToken = (): string => randomString(30, LOWER_ALNUM);
export const refreshToken = (): string => randomString(50, LOWER_ALNUM);
export const authorizationCode = (): string => randomString(30, LOWER_ALNUM);
export const deviceCode = (): string => randomString(40, MIXED_ALNUM);
export const userCode = (): string => randomString(8, UPPER_LETTERS);
export const streamKey = (userId: string): string => `live_${userId}_${randomString(30, MIXED_ALNUM)}`;
export const extensionSecret = (): string => randomBytes(32).toString('base64');

/** A fresh value of `make` that `taken` does not hold yet. */
export function unusedId(make: () => string, taken: { has(id: string): boolean }): string {
  let id: string;
  do id = make();
  while (taken.has(id));
  return id;
}

/** `given` when there is one (an error when `taken` already holds it, naming it a `what`), else a fresh `make()`. */
export function claimId(given: string | undefined, make: () => string, taken: { has(id: string): boolean }, what: string): string {
  if (given === undefined) return unusedId(make, taken);
  if (taken.has(given)) throw new Error(`${what} ${given} exists`);
  return given;
}

export const isClientId = (value: string): boolean => /^[a-z0-9]{30}$/.test(value);
export const isNumericId = (value: string): boolean => /^[1-9][0-9]{0,19}$/.test(value);

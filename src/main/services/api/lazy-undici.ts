/**
 * undici's `request`, loaded on its first call. undici is the largest module main uses (about a
 * quarter of the dock's code) and nothing needs it before the first HTTP request, so start-up
 * does not wait for it to load.
 */
import type * as Undici from 'undici';

let loading: Promise<typeof Undici.request> | null = null;

export const request = (async (...args: Parameters<typeof Undici.request>) => {
  loading ??= import('undici').then((undici) => undici.request);
  return (await loading)(...args);
}) as typeof Undici.request;

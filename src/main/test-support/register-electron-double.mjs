/**
 * `node --import ./register-electron-double.mjs out/main/index.js`: every import of `electron`
 * gets electron-double.mjs (a Node module-resolution hook), so the built shell runs unchanged.
 * `ELECTRON_DOUBLE_PLATFORM` (win32, darwin, linux) is what the shell then reads as
 * `process.platform`, set here, before any module of the shell is evaluated. Node's own modules
 * chose their platform at start-up (node:path stays POSIX): only the shell's branches switch.
 */
import { register } from 'node:module';

const platform = process.env.ELECTRON_DOUBLE_PLATFORM;
if (platform) {
  if (!['win32', 'darwin', 'linux'].includes(platform)) throw new Error(`ELECTRON_DOUBLE_PLATFORM must be win32, darwin or linux, not ${platform}`);
  Object.defineProperty(process, 'platform', { value: platform, enumerable: true, configurable: true });
}

const double = new URL('./electron-double.mjs', import.meta.url).href;
const hooks = `export async function resolve(specifier, context, next) {
  return specifier === 'electron' ? { url: ${JSON.stringify(double)}, shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

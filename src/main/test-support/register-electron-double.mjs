/**
 * `node --import ./register-electron-double.mjs out/main/index.js`: every import of `electron`
 * gets electron-double.mjs (a Node module-resolution hook), so the built shell runs unchanged.
 */
import { register } from 'node:module';

const double = new URL('./electron-double.mjs', import.meta.url).href;
const hooks = `export async function resolve(specifier, context, next) {
  return specifier === 'electron' ? { url: ${JSON.stringify(double)}, shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

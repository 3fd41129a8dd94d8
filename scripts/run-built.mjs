// `npm run dock` / `npm run emulator`: build when out/ is missing or stale, then run the built
// program in this same node process (no transpiler, no second process start).
import { pathToFileURL } from 'node:url';
import { builtEntries, ensureBuilt } from './build-output.mjs';

const [name, ...args] = process.argv.slice(2);
const entry = name === 'dock' || name === 'emulator' ? builtEntries[name] : undefined;
if (!entry) {
  process.stderr.write(`usage: node scripts/run-built.mjs dock|emulator [arguments], not ${JSON.stringify(name ?? '')}\n`);
  process.exit(2);
}
try {
  ensureBuilt();
} catch (error) {
  process.stderr.write(`sidestage: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
// The program reads its arguments from process.argv as if it had been started directly.
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);

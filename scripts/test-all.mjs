// `npm test`: the unit and integration tests (Vitest), then the end-to-end tests (Playwright in
// Chromium through the dock mode, after a build), then one closing line that counts them all.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = '.tmp/test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const run = (args, env = {}) => spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const unitStatus = run(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${reports}/vitest.json`]);
const buildStatus = run(['electron-vite', 'build']);
const e2eStatus = buildStatus === 0 ? run(['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` }) : 1;

const counts = { passed: 0, failed: 0, skipped: 0 };
try {
  const vitest = JSON.parse(readFileSync(`${reports}/vitest.json`, 'utf8'));
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
  counts.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
} catch {
  counts.failed += 1; // no report: the run itself failed
}
try {
  const playwright = JSON.parse(readFileSync(`${reports}/playwright.json`, 'utf8'));
  counts.passed += playwright.stats.expected + playwright.stats.flaky;
  counts.failed += playwright.stats.unexpected;
  counts.skipped += playwright.stats.skipped;
} catch {
  counts.failed += 1;
}
const failed = unitStatus !== 0 || e2eStatus !== 0;
if (failed && counts.failed === 0) counts.failed = 1;
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed ? 1 : 0);

// `npm test`: a build, the unit and integration tests (Vitest), then the end-to-end tests
// (Playwright in Chromium through the built dock mode), then one closing line that counts them all.
// The build comes first because both suites run it: Vitest's desktop-shell test starts the built
// Electron entry (it would build by itself when out/ is stale, but not inside a test's time limit),
// and Playwright's workers start the built dock (they refuse a stale build rather than race to
// rebuild it in parallel).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = '.tmp/test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const run = (args, env = {}) => spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const buildStatus = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status ?? 1;
const unitStatus = run(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${reports}/vitest.json`]);
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
const failed = buildStatus !== 0 || unitStatus !== 0 || e2eStatus !== 0;
if (failed && counts.failed === 0) counts.failed = 1;
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed ? 1 : 0);

import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './e2e/support/find-chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: findChromium({ install: true }), args: chromiumArgs },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});

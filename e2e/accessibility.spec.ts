/**
 * axe-core on every panel, in a dock's width and a wide window, in the dark and the light theme:
 * no serious or critical violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/dock-fixture';
import { simulation } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';

const panelNames = ['Account', 'Ingest', 'OBS', 'Go live', 'Live', 'Markers', 'Chat settings', 'Queue', 'Rewards', 'Charity', 'Overlays', 'Automations', 'Settings'];

for (const { width, scheme } of [
  { width: 420, scheme: 'dark' },
  { width: 1280, scheme: 'light' },
] as const) {
  test(`every panel at ${width} px in the ${scheme} theme has no serious or critical axe violation`, async ({ page, context, dock }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 800 });
    // Signed out first: the first run's guided start.
    await page.goto(dock.url);
    await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
    await expectNoSeriousViolations(page, 'first run');

    await signInToDemo(page, context, dock);
    await simulation(dock.emulatorUrl).streamOnline('501234567', { title: 'Accessibility check' });
    // Going live brings the Live panel; the panels are visited after that.
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Live' })).toBeVisible();
    for (const name of panelNames) {
      const nav = page.getByRole('navigation', { name: 'Panels' });
      await nav.getByRole('button', { name, exact: true }).click();
      await expect(nav.getByRole('button', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectNoSeriousViolations(page, name);
    }
  });
}

async function expectNoSeriousViolations(page: import('@playwright/test').Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 4).join(' | ')}`);
  expect(serious, where).toEqual([]);
}

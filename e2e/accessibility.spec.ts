/**
 * axe-core on every panel, in a dock's width and a wide window, in the dark and the light theme:
 * no serious or critical violation. The Live view and the Queue again in both themes at both
 * widths, live with a busy channel: tiles in every tone, a sheet open, the queue's primary button
 * with its key hint enabled, and no contrast violation in any of it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/dock-fixture';
import { simulation, untilSubscribed } from './support/emulator-client';
import { signInToDemo } from './support/sign-in';
import { pressInView } from './support/panels';

const panelNames = ['Account', 'Ingest', 'OBS', 'Go live', 'Live', 'Markers', 'Broadcasts', 'Chat settings', 'Queue', 'Rewards', 'Charity', 'Overlays', 'Automations', 'Settings'];

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

for (const width of [420, 1280] as const) {
  test(`the Live view and the Queue at ${width} px, live and busy, have no contrast violation in either theme`, async ({ page, context, dock }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    await signInToDemo(page, context, dock);
    const sim = simulation(dock.emulatorUrl);
    await sim.streamOnline('501234567', { title: 'Contrast check', viewer_count: 42 });
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Live' })).toBeVisible();
    // Tiles in every tone: an ad on air (active, and a disabled tile that still says why), a poll
    // running (active), nothing to lock (off); a chat line; a notification.
    await pressInView(page, 'a');
    await expect(page.getByTestId('tile-state-ad')).toHaveText(/^Ad running/);
    await page.keyboard.press('p');
    await expect(page.getByTestId('tile-state-end-poll')).toHaveText(/^Poll: /);
    await untilSubscribed(sim, ['channel.chat.message']);
    await sim.sendChatMessage({ broadcaster_id: '501234567', user_id: '612345001', text: 'contrast, please' });
    await expect(page.getByRole('log', { name: 'Chat messages' }).getByText('contrast, please')).toBeVisible();
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(scheme);
      const nav = page.getByRole('navigation', { name: 'Panels' });
      await nav.getByRole('button', { name: 'Live', exact: true }).click();
      await expectNoContrastViolation(page, `the Live view, ${scheme}, ${width} px`);
      await expectReadableKeyHints(page, `the Live view, ${scheme}, ${width} px`);
      // A tile's sheet, and the Arrange sheet.
      await page.getByRole('button', { name: 'Run ad: more' }).click();
      await expect(page.getByRole('dialog', { name: 'Ads' })).toBeVisible();
      await expectNoContrastViolation(page, `the Ads sheet, ${scheme}, ${width} px`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Arrange' }).click();
      await expectNoContrastViolation(page, `the Arrange sheet, ${scheme}, ${width} px`);
      await page.keyboard.press('Escape');
      // The Queue with a row focused: Fulfil (primary) and Cancel enabled, with their key hints.
      await nav.getByRole('button', { name: 'Queue', exact: true }).click();
      const list = page.getByRole('listbox', { name: /Redemptions, oldest first/ });
      await list.focus();
      await expect(page.getByRole('button', { name: /^Fulfil the focused redemption/ })).toBeEnabled();
      await page.keyboard.press('Space');
      await expect(page.getByRole('button', { name: /^Fulfil 1 selected/ })).toBeEnabled();
      await expectNoContrastViolation(page, `the Queue, ${scheme}, ${width} px`);
      await expectReadableKeyHints(page, `the Queue, ${scheme}, ${width} px`);
      await page.keyboard.press('Escape');
    }
  });
}

/**
 * Key hints (a <kbd> in a button: Fulfil F) against what is behind them, in every button style:
 * axe leaves a one-letter text out of its contrast rule ("too short to determine"), so this measures
 * it as axe would (WCAG's ratio, 4.5:1 for text this small): the hints on the page, and one in a
 * button of each style put on the page for the measure.
 */
async function expectReadableKeyHints(page: import('@playwright/test').Page, where: string): Promise<void> {
  const poor = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.className = 'button-row';
    for (const style of ['', 'primary', 'danger', 'destructive', 'quiet']) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = style;
      button.dataset.probe = style || 'default';
      button.append('Probe ', Object.assign(document.createElement('kbd'), { textContent: 'P' }));
      probe.append(button);
    }
    document.querySelector('main')!.append(probe);
    const rgba = (value: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a: value.startsWith('rgba') ? a : 1 };
    };
    const behind = (el: Element | null): { r: number; g: number; b: number } => {
      if (!el) return { r: 255, g: 255, b: 255 };
      const colour = rgba(getComputedStyle(el).backgroundColor);
      if (colour.a >= 1) return colour;
      const under = behind(el.parentElement);
      return { r: colour.r * colour.a + under.r * (1 - colour.a), g: colour.g * colour.a + under.g * (1 - colour.a), b: colour.b * colour.a + under.b * (1 - colour.a) };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const found: string[] = [];
    for (const kbd of document.querySelectorAll('button:not(:disabled) kbd')) {
      const button = kbd.closest('button')!;
      if (button.getBoundingClientRect().width === 0) continue;
      const back = behind(kbd);
      const text = rgba(getComputedStyle(kbd).color);
      const fore = { r: text.r * text.a + back.r * (1 - text.a), g: text.g * text.a + back.g * (1 - text.a), b: text.b * text.a + back.b * (1 - text.a) };
      const [light, dark] = [luminance(fore), luminance(back)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      if (ratio < 4.5) found.push(`"${button.textContent?.trim()}" (${button.className || 'default'}): ${ratio.toFixed(2)}:1`);
    }
    probe.remove();
    return found;
  });
  expect(poor, `key hints below 4.5:1 in ${where}`).toEqual([]);
}

/** axe's colour-contrast rule alone, on the whole page, any impact. */
async function expectNoContrastViolation(page: import('@playwright/test').Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  const found = results.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`));
  expect(found, where).toEqual([]);
}

async function expectNoSeriousViolations(page: import('@playwright/test').Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 4).join(' | ')}`);
  expect(serious, where).toEqual([]);
}

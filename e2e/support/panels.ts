/**
 * Moving about the app as a person does: a panel from the navigation, and a key of the view shown
 * (pressed where no field has the focus, so it reaches the view's keys and not a form).
 */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Opens the panel named `name` from the navigation; resolves once it is the current one. */
export async function openPanel(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Panels' });
  await nav.getByRole('button', { name, exact: true }).click();
  await expect(nav.getByRole('button', { name, exact: true })).toHaveAttribute('aria-current', 'page');
}

/** Presses `key` with the focus on nothing, as a broadcaster glancing at the dock would. */
export async function pressInView(page: Page, key: string): Promise<void> {
  // As text: this file is also type-checked with the scripts, without the DOM's types.
  await page.evaluate('document.activeElement?.blur()');
  await page.keyboard.press(key);
}

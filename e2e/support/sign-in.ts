/**
 * Signs the dock's page in to the demo as a person would: "Sign in", then "Authorize" on the
 * consent page that opens in a new tab. Resolves once the account shows as signed in.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { DockProcess } from './dock-fixture';

export async function signInToDemo(page: Page, context: BrowserContext, dock: DockProcess): Promise<void> {
  await page.goto(dock.url);
  await expect(page).toHaveURL(`${dock.origin}/`);
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  const consentOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const consent = await consentOpened;
  await consent.getByRole('button', { name: 'Authorize' }).click();
  await expect(consent.getByText(/close this tab/i)).toBeVisible();
  await consent.close();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

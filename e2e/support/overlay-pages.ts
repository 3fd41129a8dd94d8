/** An overlay opened as OBS's browser source opens it: a second real page at 1920x1080, connected to Sidestage. */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { ipc } from './dock-ipc';
import type { DockProcess } from './dock-process';
import { demoIdentities, simulation } from './emulator-client';
import { signInToDemo } from './sign-in';

/** Signs in to the demo and opens the Overlays panel; answers the emulator's simulation client and the broadcaster's id. */
export async function signedInOnOverlays(page: Page, context: BrowserContext, dock: DockProcess) {
  const sim = simulation(dock.emulatorUrl);
  const { broadcasterId } = await demoIdentities(dock.emulatorUrl);
  await signInToDemo(page, context, dock);
  await page.getByRole('button', { name: 'Overlays', exact: true }).click();
  return { sim, broadcasterId };
}

/** The URL (with its token) of the overlay `key`, as main gives it to the dock. */
export async function overlayUrl(page: Page, key: string): Promise<string> {
  const state = await ipc<{ overlays: { key: string; url: string | null }[] }>(page, 'overlays:getState');
  const url = state.overlays.find((o) => o.key === key)?.url;
  if (!url) throw new Error(`No URL for the overlay "${key}"`);
  return url;
}

/** Opens `url` in a new 1920x1080 page and waits until it is connected; `initScript` runs before the page's own. */
export async function openOverlayPage(context: BrowserContext, url: string, initScript?: string | (() => void)): Promise<Page> {
  const overlay = await context.newPage();
  await overlay.setViewportSize({ width: 1920, height: 1080 });
  if (initScript) await overlay.addInitScript(initScript);
  expect((await overlay.goto(url))?.status()).toBe(200);
  await expect(overlay.locator('html')).toHaveAttribute('data-connected', 'true');
  return overlay;
}

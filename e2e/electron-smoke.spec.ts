/**
 * The packaged Electron app, where its binary exists. On machines where Electron's download is
 * blocked this spec says so and is skipped; the dock-mode specs drive the same renderer and services.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

function electronBinary(): string | null {
  try {
    return createRequire(import.meta.url)('electron') as string;
  } catch {
    return null;
  }
}

const binary = electronBinary();
if (!binary) console.log('electron smoke: skipped, the Electron binary is not installed on this machine');

test('the Electron window loads the renderer with an isolated bridge and no Node', async () => {
  test.skip(!binary, 'the Electron binary is not installed on this machine (its download is blocked)');
  const userData = await mkdtemp(join(tmpdir(), 'sidestage-electron-'));
  const app = await electron.launch({
    executablePath: binary!,
    args: ['.', `--user-data-dir=${userData}`],
    env: { ...process.env, SIDESTAGE_DEMO: '1' },
  });
  try {
    const window = await app.firstWindow();
    await expect(window.getByRole('heading', { name: 'Account' })).toBeVisible();
    expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await window.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
    const state = await window.evaluate(() => (globalThis as unknown as { sidestage: { auth: { getState(): Promise<unknown> } } }).sidestage.auth.getState());
    expect(state).toMatchObject({ ok: true, value: { status: 'signedOut' } });
  } finally {
    await app.close();
    await rm(userData, { recursive: true, force: true });
  }
});

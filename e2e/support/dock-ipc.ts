/** A call to main as the dock's page makes it (its session cookie), for set-up a test is not about. */
import type { Page } from '@playwright/test';

export async function ipc<T>(page: Page, channel: string, arg?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ channel, arg }) => {
      const res = await fetch(`/ipc/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(arg === undefined ? {} : { arg }) });
      return (await res.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
    },
    { channel, arg },
  );
  if (!result.ok) throw new Error(`${channel}: ${result.error?.message}`);
  return result.value as T;
}

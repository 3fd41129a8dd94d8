/** A page's JavaScript heap after a forced garbage collection (Chrome DevTools Protocol), for the benches that watch a page's memory. */
import type { CDPSession, Page } from '@playwright/test';

export async function pageHeapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize;
}

/** The same, through a session of its own that is let go afterwards. */
export async function pageHeap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    return await pageHeapAfterGc(cdp);
  } finally {
    await cdp.detach();
  }
}

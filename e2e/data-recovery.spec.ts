/**
 * Damaged files end to end: the dock starts on a data directory with a garbage settings file, an
 * outbox with one bad action among good ones and a damaged dock secret; the console names each,
 * and the page shows a banner per file saying what was done and what was lost, which can be dismissed.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { outboxEntryFixture } from '../src/main/test-support/data-file-fixtures';
import { startDockProcess } from './support/dock-process';

test('a damaged data directory: the dock starts, names each file and keeps the damaged ones aside', async ({ page }, testInfo) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sidestage-e2e-damaged-'));
  await writeFile(join(dataDir, 'settings.json'), '{"markers": {"hotkey": "F9"');
  await writeFile(join(dataDir, 'redemption-outbox.json'), JSON.stringify({ version: 1, entries: [outboxEntryFixture('a'), { id: 'b', status: 'MAYBE' }, outboxEntryFixture('c')] }));
  await writeFile(join(dataDir, 'dock-secret'), 'short');
  const running = await startDockProcess(dataDir);
  try {
    const logs = running.dock.logs();
    expect(logs).toContain('sidestage dock: settings.json: it is not valid JSON');
    expect(logs).toContain('sidestage dock: redemption-outbox.json: 1 part of it was damaged');
    expect(logs).toMatch(/sidestage dock: dock-secret: .*The OBS dock URL has changed/);

    await page.goto(running.dock.url);
    const banners = page.getByRole('note').filter({ hasText: 'A damaged file was set aside' });
    await expect(banners).toHaveCount(3);
    const outbox = banners.filter({ hasText: 'redemption-outbox.json' });
    await expect(outbox).toContainText('Kept: 2 pending actions');
    await expect(outbox).toContainText('Could not be recovered: 1 of 3 pending actions');
    await expect(banners.filter({ hasText: 'dock-secret' })).toContainText('The OBS dock URL has changed');
    await page.getByRole('button', { name: 'Dismiss the notice about settings.json' }).click();
    await expect(banners).toHaveCount(2);

    const names = await readdir(dataDir);
    for (const file of ['settings.json', 'redemption-outbox.json', 'dock-secret']) {
      expect(names.some((n) => n.startsWith(`${file}.damaged-`))).toBe(true);
    }
  } finally {
    await running.stop();
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('dock-output.txt', { body: running.dock.logs(), contentType: 'text/plain' });
    await rm(dataDir, { recursive: true, force: true });
  }
});

/**
 * Damaged files end to end: the dock starts on a data directory with a garbage settings file, an
 * outbox with one bad action among good ones and a damaged dock secret; the console names each,
 * and the page shows a banner per file saying what was done and what was lost, which can be dismissed.
 * A damaged entry is named as a damaged file is: a marker log with one press of an unknown status
 * among good ones is named in its banner, and the Markers panel shows the good presses.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { markerPressFixture, outboxEntryFixture } from '../src/main/test-support/data-file-fixtures';
import { startDockProcess } from './support/dock-process';
import { openPanel } from './support/panels';
import { signInToDemo } from './support/sign-in';

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

test('a damaged marker-log entry among good ones: named in the notice, the good presses kept and shown', async ({ page, context }, testInfo) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sidestage-e2e-damaged-'));
  const broadcasts = [
    {
      streamId: 's-older',
      startedAt: '2026-01-01T18:00:00.000Z',
      title: 'Older broadcast',
      entries: [
        { ...markerPressFixture('a'), description: 'Boss fight' },
        // One press with a status Sidestage never writes.
        { ...markerPressFixture('b'), description: 'Damaged press', status: 'exploded' },
      ],
    },
    { streamId: 's-newer', startedAt: '2026-01-02T18:00:00.000Z', title: 'Newer broadcast', entries: [{ ...markerPressFixture('c'), description: 'Raid' }] },
  ];
  await writeFile(join(dataDir, 'marker-log.json'), JSON.stringify({ version: 1, broadcasts }));
  const running = await startDockProcess(dataDir);
  try {
    expect(running.dock.logs()).toContain('sidestage dock: marker-log.json: 1 part of it was damaged');
    await signInToDemo(page, context, running.dock);
    const banner = page.getByRole('note').filter({ hasText: 'A damaged file was set aside: marker-log.json' });
    await expect(banner).toContainText('Kept: 2 marker presses in 2 broadcasts.');
    await expect(banner).toContainText('Could not be recovered: 1 of 3 marker presses');
    await expect(banner).toContainText(/kept as marker-log\.json\.damaged-/);

    // Both broadcasts, with their good presses; the damaged one is not shown as if it were whole.
    await openPanel(page, 'Markers');
    const log = page.getByRole('table', { name: 'Marker log' });
    const broadcast = page.getByRole('combobox', { name: 'Broadcast' });
    await expect(broadcast.getByRole('option')).toHaveText([/Older broadcast/, /Newer broadcast/]);
    await broadcast.selectOption({ label: (await broadcast.getByRole('option', { name: /Older broadcast/ }).textContent()) ?? '' });
    await expect(log.getByRole('cell', { name: 'Boss fight' })).toBeVisible();
    await expect(log.getByRole('cell', { name: 'Damaged press' })).toHaveCount(0);
    await broadcast.selectOption({ label: (await broadcast.getByRole('option', { name: /Newer broadcast/ }).textContent()) ?? '' });
    await expect(log.getByRole('cell', { name: 'Raid' })).toBeVisible();

    const names = await readdir(dataDir);
    expect(names.some((n) => n.startsWith('marker-log.json.damaged-'))).toBe(true);
  } finally {
    await running.stop();
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('dock-output.txt', { body: running.dock.logs(), contentType: 'text/plain' });
    await rm(dataDir, { recursive: true, force: true });
  }
});

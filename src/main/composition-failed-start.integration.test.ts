/**
 * A start that fails once the data files are open (here: a settings read that throws while the
 * services are built) must release what it opened: the journals' open files and, in demo mode,
 * the in-process emulator's port.
 */
import { mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSidestage } from './composition';
import { alertQueueJournalName } from './services/overlays/alert-queue';
import { runsJournalName } from './services/automations/run-ledger';
import { silentLogger } from './services/logger';
import { MemorySettingsStore } from './services/settings/settings-store';
import { MemoryTokenStore } from './services/auth/token-store';

/** The files this process holds open in `dir`. */
async function openFilesIn(dir: string): Promise<string[]> {
  const targets = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(join('/proc/self/fd', fd)).catch(() => '')));
  return targets.filter((target) => target.startsWith(`${dir}/`));
}

const listeningServers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;

/** Settings whose overlay port cannot be read: the overlays feature's constructor throws. */
class FailingSettings extends MemorySettingsStore {
  override get<K extends Parameters<MemorySettingsStore['get']>[0]>(key: K) {
    if (key === 'overlays.port') throw new Error('settings unreadable');
    return super.get(key);
  }
}

describe.skipIf(process.platform !== 'linux')('a start that fails after the data files are open', () => {
  it('closes the journals and the demo emulator before it rejects', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sidestage-failed-start-'));
    const serversBefore = listeningServers();
    try {
      const start = createSidestage({ transport: 'dock', dataDir, version: 'test', env: {}, demo: true, demoTokenStore: new MemoryTokenStore(), tokenStore: new MemoryTokenStore(), settings: new FailingSettings(), openUrl: async () => false, logger: silentLogger });
      await expect(start).rejects.toThrow('settings unreadable');
      // The journals were opened (their files exist) and are closed again.
      expect(await readdir(dataDir)).toEqual(expect.arrayContaining([`${alertQueueJournalName}.a`, `${runsJournalName}.a`]));
      expect(await openFilesIn(dataDir)).toEqual([]);
      expect(listeningServers()).toBe(serversBefore);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

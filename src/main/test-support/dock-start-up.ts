/**
 * Test support: the dock's start-up on a data directory as `npm run dock` does (openDockData, then
 * createSidestage), without the HTTP server. Platform mode against a closed loopback port, so that
 * nothing reaches a network and no emulator starts.
 */
import { createSidestage, type Sidestage } from '../composition';
import { openDockData } from '../dock/dock-data';
import { silentLogger, type Logger } from '../services/logger';

export const offlinePlatformEnv = { SIDESTAGE_CLIENT_ID: 'a'.repeat(30), SIDESTAGE_BASE_URL: 'http://127.0.0.1:9' };

export async function startDockServices(dataDir: string, logger: Logger = silentLogger): Promise<Sidestage> {
  const data = await openDockData(dataDir, logger);
  return createSidestage({
    transport: 'dock',
    version: 'test',
    env: offlinePlatformEnv,
    dataDir,
    tokenStore: data.tokenStore,
    secretCipher: data.secretCipher,
    settings: data.settings,
    recoveryNotices: data.recoveryNotices,
    openUrl: async () => false,
    logger,
  });
}

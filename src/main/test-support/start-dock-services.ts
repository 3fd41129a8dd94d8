/**
 * Test support: starts the dock's services on a data directory as `npm run dock` does (without
 * the HTTP server), prints the recovery notices as one JSON line, and stops. The corruption suite
 * runs it as an unprivileged user, since root reads files whatever their mode.
 *
 *   node --import tsx src/main/test-support/start-dock-services.ts <data-dir>
 */
import { createSidestage } from '../composition';
import { openDockData } from '../dock/dock-data';
import { silentLogger } from '../services/logger';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: start-dock-services.ts <data-dir>');
  process.exit(2);
}
const data = await openDockData(dataDir, silentLogger);
const sidestage = await createSidestage({
  transport: 'dock',
  version: 'test',
  env: { SIDESTAGE_CLIENT_ID: 'a'.repeat(30), SIDESTAGE_BASE_URL: 'http://127.0.0.1:9' },
  dataDir,
  tokenStore: data.tokenStore,
  settings: data.settings,
  recoveryNotices: data.recoveryNotices,
  openUrl: async () => false,
  logger: silentLogger,
});
console.log(JSON.stringify(sidestage.recoveryNotices.list()));
await sidestage.dispose();

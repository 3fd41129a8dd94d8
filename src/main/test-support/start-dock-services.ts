/**
 * Test support: starts the dock's services on a data directory (`dock-start-up.ts`), prints the
 * recovery notices as one JSON line, and stops. The corruption suite runs it as an unprivileged
 * user, since root reads files whatever their mode.
 *
 *   node --import tsx src/main/test-support/start-dock-services.ts <data-dir>
 */
import { startDockServices } from './dock-start-up';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: start-dock-services.ts <data-dir>');
  process.exit(2);
}
const sidestage = await startDockServices(dataDir);
console.log(JSON.stringify(sidestage.recoveryNotices.list()));
await sidestage.dispose();

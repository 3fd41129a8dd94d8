/**
 * Test support: a process that runs one automation on a data directory until it is killed. The
 * automation switches an OBS scene (which never answers) and then fulfils the redemption; the
 * process prints "acting" once the first action's request has gone out, and the test kills it
 * with SIGKILL there, as a crash mid-run would.
 *
 * With `variables`, the variable book is opened too (the automation's first step adds to a counter).
 *
 *   node --import tsx src/main/test-support/automation-run-child.ts <data-dir> [variables]
 */
import { AutomationStore } from '../services/automations/automation-store';
import { AutomationsService } from '../services/automations/automations-service';
import { RunLedger } from '../services/automations/run-ledger';
import { VariableBook } from '../services/automations/variable-book';
import { silentLogger } from '../services/logger';
import { Emitter } from '../../shared/primitives/emitter';
import { systemClock } from '../../shared/primitives/clock';
import type { ChannelEvent } from '../../shared/ipc/contract';
import { events, quietAutomationSurroundings, recordingPorts } from './automation-fixtures';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: automation-run-child.ts <data-dir>');
  process.exit(2);
}
const store = await AutomationStore.open(dataDir);
const ledger = await RunLedger.open(dataDir, systemClock, { logger: silentLogger });
const variables = process.argv[3] === 'variables' ? await VariableBook.open(dataDir, systemClock, { logger: silentLogger }) : undefined;
const recorded = recordingPorts({
  'obs.switchScene': () => {
    console.log('acting');
    return new Promise(() => {});
  },
});
const channel = new Emitter<ChannelEvent>();
const service = new AutomationsService({
  store,
  ledger,
  events: { on: (_kinds, listener) => channel.on(listener as (event: ChannelEvent) => void) },
  ports: recorded.ports,
  ...quietAutomationSurroundings(),
  variables,
});
service.start();
channel.fire(events.redemption({ id: 'killed-mid-run' }));
setInterval(() => {}, 1000);

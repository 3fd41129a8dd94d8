/**
 * The whole app in this process for a benchmark, as the tests start it
 * (`src/main/test-support/demo-sidestage.ts`): demo mode with its in-process emulator, a fresh data
 * directory, signed in through the loopback flow. `onFrame` sees each EventSub frame the moment it
 * reaches the app's socket (its first listener, before the app's own handling), to time from there.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { defaultWebSocketFactory } from '../../src/main/services/events/eventsub-session';
import { MemorySettingsStore, type Settings } from '../../src/main/services/settings/settings-store';
import { startDemoSidestage, type DemoSidestage } from '../../src/main/test-support/demo-sidestage';
import { waitUntil } from '../../src/main/test-support/wait-until';

export interface BenchAppOptions {
  /** Names the data directory (`sidestage-bench-<name>-…`). */
  name: string;
  settings?: Partial<Settings>;
  /** The built overlay pages, for a bench that opens them. */
  overlayPagesDir?: string;
  /** Each EventSub frame's text, on its arrival. */
  onFrame?(raw: string): void;
  /** EventSub subscription types to wait for (enabled) before the bench starts. */
  subscribedTo?: readonly string[];
}

export async function startBenchApp({ name, settings, overlayPagesDir, onFrame, subscribedTo = [] }: BenchAppOptions): Promise<DemoSidestage> {
  const app = await startDemoSidestage({
    name: `bench-${name}`,
    // Nothing kept that the bench does not need: it measures the heap.
    record: false,
    settings: new MemorySettingsStore(settings),
    overlayPagesDir,
    eventSubSocketFactory: onFrame
      ? (url) => {
          const socket = defaultWebSocketFactory(url);
          socket.on('message', (data) => onFrame(data.toString()));
          return socket;
        }
      : undefined,
  });
  try {
    await app.signIn();
    for (const type of subscribedTo) {
      await waitUntil(async () => (await app.sim.eventSubSubscriptions()).subscriptions.some((s) => s.type === type && s.status === 'enabled'), 15_000, `the ${type} subscription`, 25);
    }
    return app;
  } catch (error) {
    await app.dispose();
    throw error;
  }
}

/** This process's heap after a full collection (gc made callable at run time). */
export function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

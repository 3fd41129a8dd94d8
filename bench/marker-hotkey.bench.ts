/**
 * Hotkey press to marker created: a press on the fake shortcut registry goes through the marker
 * hotkey (bounce filter), the marker service (live check, description, log, POST, notification)
 * and the real ApiClient to the emulator, ending when the "Marker at …" notification is shown.
 * Beside it, in the same run (support/hotkey-bench.ts): the emulator's own handling of each marker
 * POST, the app's share (total minus that), and a bare undici POST to the same endpoint.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../src/main/services/logger';
import { FileMarkerLogStore } from '../src/main/services/markers/marker-log-store';
import { MarkerService } from '../src/main/services/markers/marker-service';
import type { DesktopNotification, Notifier } from '../src/main/services/notifications/notifier';
import { MemorySettingsStore } from '../src/main/services/settings/settings-store';
import { StreamStatusService } from '../src/main/services/stream-status/stream-status-service';
import { liveScopes } from '../src/main/test-support/live-controls-emulator';
import { runHotkeyBench } from './support/hotkey-bench';

export async function run(options: { presses: number; warmup?: number }): Promise<void> {
  await runHotkeyBench({
    ...options,
    scopes: liveScopes,
    postPath: '/helix/streams/markers',
    title: `hotkey press -> marker created (${options.presses} presses, loopback emulator, marker log on disk)`,
    totalLabel: 'total: press to "Marker at …" notification',
    // The read-back after each marker is the app's background work, not the press's latency: let it settle between presses.
    settleMs: 5,
    barePost: (broadcasterId) => ({ path: '/helix/streams/markers', body: { user_id: broadcasterId, description: 'bare' }, status: 200 }),
    build: async ({ api, broadcaster, clock }) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'bench-markers-'));
      let shown: ((n: DesktopNotification) => void) | null = null;
      const notifier: Notifier = { supportsActions: false, show: (n) => shown?.(n) };
      const settings = new MemorySettingsStore({ 'markers.descriptionTemplate': 'Bench {n} at {time}' });
      const stream = new StreamStatusService({ api, broadcaster, logger: silentLogger, clock, pollIntervalMs: 3_600_000 });
      stream.start();
      await stream.refresh();
      const markers = new MarkerService({ api, broadcaster, stream, notifier, settings, store: new FileMarkerLogStore(dataDir, silentLogger), logger: silentLogger, clock });
      await markers.start();
      return {
        setting: { get: () => settings.get('markers.hotkey'), set: () => {} },
        onPress: () => void markers.drop('hotkey').catch(() => {}),
        nextDone: () =>
          new Promise<void>((resolve, reject) => {
            shown = (notification) => {
              if (notification.title.startsWith('Marker at')) resolve();
              else reject(new Error(`the press failed: ${notification.title}: ${notification.body}`));
            };
          }),
        dispose: async () => {
          await markers.dispose();
          stream.dispose();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  });
}

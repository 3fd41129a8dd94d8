/**
 * Clip hotkey press to clip created: a press on the fake shortcut registry goes through the clip
 * hotkey (bounce filter), the clip service (sign-in check, POST /helix/clips through the real
 * ApiClient, state and marker-log hand-off) to the emulator, ending when the service shows the
 * clip as created (its edit link known). The platform's processing (about 15 s before Get Clips
 * lists a clip) is the platform's, not the press's: it is left out. Beside it, in the same run
 * (support/hotkey-bench.ts): the emulator's own handling of each POST, the app's share (total
 * minus that), and a bare undici POST to the same endpoint.
 */
import { ClipService } from '../src/main/services/clips/clip-service';
import { silentLogger } from '../src/main/services/logger';
import type { Notifier } from '../src/main/services/notifications/notifier';
import { quickActionScopes } from '../src/main/test-support/quick-actions-emulator';
import { runHotkeyBench } from './support/hotkey-bench';

export async function run(options: { presses: number; warmup?: number }): Promise<void> {
  await runHotkeyBench({
    ...options,
    scopes: quickActionScopes,
    postPath: '/helix/clips',
    title: `clip hotkey press -> clip created (${options.presses} presses, loopback emulator)`,
    totalLabel: 'total: press to clip created (edit link)',
    barePost: (broadcasterId) => ({ path: `/helix/clips?broadcaster_id=${broadcasterId}`, status: 202 }),
    build: async ({ api, broadcaster, clock }) => {
      const notifier: Notifier = { supportsActions: false, show: () => {} };
      // Get Clips is asked long after the run: the bench times the press, not the platform's processing.
      const clips = new ClipService({ api, broadcaster, notifier, logger: silentLogger, clock, pollInitialMs: 3_600_000, availableWithinMs: 3_600_000 });
      let waiting: { resolve: () => void; reject: (error: Error) => void } | null = null;
      clips.onChange((state) => {
        const last = state.recent[0];
        if (last?.status === 'processing') waiting?.resolve();
        else if (last?.status === 'failed') waiting?.reject(new Error(`the press failed: ${last.error}`));
      });
      return {
        setting: { get: () => 'CommandOrControl+Alt+C', set: () => {} },
        onPress: () => void clips.create('hotkey').catch(() => {}),
        nextDone: () => new Promise<void>((resolve, reject) => (waiting = { resolve, reject })),
        dispose: () => clips.dispose(),
      };
    },
  });
}

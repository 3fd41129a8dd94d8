/**
 * Start here. The one place that builds Sidestage's main-process features and serves them, shared
 * by the Electron app (src/main/index.ts) and the dock mode (src/main/dock/cli.ts); it never imports
 * Electron: whatever differs between them comes in as options.
 *
 * Each feature is one module in composition/ of one shape (composition/feature-module.ts), and
 * composition/index.ts lists them in order. A start: choose the platform (the demo starts the
 * in-process emulator), open every feature's files, build every feature at once and synchronously,
 * serve every IPC channel, then start the features in the list's order. Dispose runs the list
 * backwards; a start that fails releases what it opened, last first.
 */
import type { RunningEmulator } from '../emulator/server';
import { Disposers, setListenerErrorReporter } from '../shared/primitives/emitter';
import { features } from './composition/index';
import { onlyBuilt, type FeatureModule, type FeatureName } from './composition/feature-module';
import type { Features } from './composition/features';
import { choosePlatformAndEmulator, emulatorOrigin } from './composition/platform';
import type { FileSurroundings, SidestageOptions, Surroundings } from './composition/surroundings';
import { IpcRouter } from './ipc/ipc-router';
import { DataRecoveryNotices } from './services/common/data-recovery-notices';
import type { DemoServices, LiveControls, ModerationServices, RedemptionServices } from './services/service-groups';
import type { BotAccount } from './services/auth/bot-account';
import type { BroadcastStoryFeature } from './services/broadcast-story/broadcast-story-feature';
import type { ControlApi } from './services/control/control-api';
import type { AutomationsFeature } from './services/automations/automations-feature';
import type { GoLiveChecklist } from './services/go-live/go-live-checklist';
import type { ObsService } from './services/obs/obs-service';
import type { OverlaysFeature } from './services/overlays/overlays-feature';
import type { PlatformConfig } from './services/platform-config';
import type { TestStreamService } from './services/test-stream/test-stream-service';

export type { SidestageOptions };

export interface Sidestage {
  router: IpcRouter;
  /** The bot account: its `userId()`/`onUserIdChange` feed the automations' self-loop guard. */
  bot: BotAccount;
  config: PlatformConfig;
  /** The in-process emulator in demo mode. */
  emulator: RunningEmulator | null;
  emulatorOrigin: string | null;
  /** The "Simulate viewers" switch's engine, in demo mode only. */
  simulation: DemoServices['simulation'] | null;
  live: LiveControls;
  redemptions: RedemptionServices;
  moderation: ModerationServices;
  obs: ObsService;
  goLive: GoLiveChecklist;
  /** The demo's "Publish a test stream" (ffmpeg), in demo mode only. */
  testStream: TestStreamService | null;
  recoveryNotices: DataRecoveryNotices;
  automations: AutomationsFeature;
  overlays: OverlaysFeature;
  /** The control API for decks and scripts. */
  control: ControlApi;
  /** Each broadcast's story, recorded while live (the Broadcasts panel). */
  broadcastStory: BroadcastStoryFeature;
  dispose(): Promise<void>;
}

type AnyFeature = FeatureModule<FeatureName, unknown>;

export async function createSidestage(options: SidestageOptions): Promise<Sidestage> {
  const { logger } = options;
  // A listener that throws (in any service's Emitter) is logged, not fatal.
  setListenerErrorReporter((error) => logger.error('a listener failed', { error }));
  const notices = options.recoveryNotices ?? new DataRecoveryNotices(logger);
  // What a start opened so far (a journal's open file, the emulator's port), released if a later step fails.
  const opened: (() => unknown)[] = [];
  const releaseOpened = async () => {
    for (const release of opened.splice(0).reverse()) await Promise.resolve().then(release).catch(() => {});
  };
  let surroundings: Surroundings;
  const built = {} as Features;
  try {
    const inFolder: FileSurroundings = { options, logger, settings: options.settings, dataDir: options.dataDir, notices };
    // Every file first, so that every feature is then built at once: its IPC serves it from the start.
    // Read while the demo emulator starts: its routes are work for the processor, the files (and the
    // first writes of a new data folder) are waits for the disk, and a cold start has both.
    const files = new Map<AnyFeature, unknown>();
    const openFiles = async () => {
      for (const feature of features) {
        const opening = await feature.open?.(inFolder);
        files.set(feature, opening);
        if (feature.close) opened.push(() => feature.close?.(opening));
      }
    };
    const [platform, read] = await Promise.allSettled([choosePlatformAndEmulator(options, opened), openFiles()]);
    if (platform.status === 'rejected') throw platform.reason;
    if (read.status === 'rejected') throw read.reason;
    const { config, emulator, tokenStore } = platform.value;
    surroundings = { ...inFolder, config, tokenStore, emulator };
    const earlier = onlyBuilt(built);
    for (const feature of features) (built as Record<FeatureName, unknown>)[feature.name] = feature.build(surroundings, files.get(feature), earlier);
  } catch (error) {
    await releaseOpened();
    throw error;
  }

  const router = new IpcRouter(logger);
  const wiring = new Disposers();
  const dispose = async () => {
    wiring.dispose();
    // Backwards: a feature stops before the ones it uses; the emulator (which the demo's last requests go to) last.
    for (const feature of [...features].reverse()) await feature.dispose?.(built[feature.name]);
    await surroundings.emulator?.close();
  };
  // From here `dispose` releases everything the start opened, the files and the emulator with it.
  opened.splice(0);
  try {
    for (const feature of features) wiring.add(feature.serve(router, built[feature.name], built, surroundings));
    const missing = router.missingHandlers();
    if (missing.length) throw new Error(`IPC channels without a handler: ${missing.join(', ')}`);
    for (const feature of features) await feature.start?.(built[feature.name]);
  } catch (error) {
    // Whatever started (the emulator's port, timers, sockets) must not outlive a failed start.
    await dispose().catch(() => {});
    throw error;
  }

  const { config, emulator } = surroundings;
  return {
    router,
    bot: built.bot,
    config,
    emulator,
    emulatorOrigin: emulatorOrigin(config, emulator),
    simulation: built.demo?.simulation ?? null,
    live: built.live,
    redemptions: built.redemptions,
    moderation: built.moderation,
    obs: built.obs,
    goLive: built.goLive,
    testStream: built.testStream,
    recoveryNotices: notices,
    automations: built.automations,
    overlays: built.overlays,
    control: built.control,
    broadcastStory: built.broadcastStory,
    dispose,
  };
}

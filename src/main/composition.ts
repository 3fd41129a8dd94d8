/**
 * The one place that builds Sidestage's main-process services and serves them: it reads the data
 * files the services need at start, builds every service synchronously (the groups that belong
 * together through the small builders in composition/), registers each domain's IPC, wires the
 * features to each other, and starts and disposes them in order. Shared by the Electron app
 * (src/main/index.ts) and the dock mode (src/main/dock/cli.ts); it never imports Electron:
 * whatever differs between them comes in as options.
 */
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { ApiClient } from './services/api/api-client';
import { AuthService } from './services/auth/auth-service';
import { EventsService } from './services/events/events-service';
import { ChannelEvents } from './services/events/channel-events';
import type { WebSocketFactory } from './services/events/eventsub-session';
import { MemoryTokenStore, type TokenStore } from './services/auth/token-store';
import { buildLiveControls, disposeLiveControls, startLiveControls, type LiveControls } from './composition/live-controls';
import type { Notifier } from './services/notifications/notifier';
import { buildRedemptionServices, disposeRedemptionServices, openRedemptionFiles, startRedemptionServices, type RedemptionServices } from './composition/redemptions';
import { RendererNotifier } from './services/notifications/renderer-notifier';
import type { ShortcutRegistry } from './services/hotkeys/shortcut-registry';
import { IngestDirectory } from './services/ingest/ingest-directory';
import { IngestService } from './services/ingest/ingest-service';
import { LatencyProbe } from './services/ingest/latency-probe';
import type { Logger } from './services/logger';
import { choosePlatform, emulatorPlatform, type PlatformConfig } from './services/platform-config';
import type { SettingsStore } from './services/settings/settings-store';
import { resetStreamKeyOnAccountChange, streamKeyReader } from './services/ingest/stream-key';
import { IpcRouter } from './ipc/ipc-router';
import { registerAppIpc } from './ipc/app-ipc';
import { registerAuthIpc } from './ipc/auth-ipc';
import { registerDataIpc } from './ipc/data-ipc';
import { registerDemoIpc } from './ipc/demo-ipc';
import { registerEventsIpc } from './ipc/events-ipc';
import { registerIngestIpc } from './ipc/ingest-ipc';
import { registerLiveControlsIpc } from './ipc/live-controls-ipc';
import { CurrentBroadcaster } from './services/common/current-broadcaster';
import { DataRecoveryNotices } from './services/common/data-recovery-notices';
import { createEmulatorHttp } from './services/demo/emulator-http';
import { ViewerSimulation } from './services/demo/viewer-simulation';
import { DemoHateRaid } from './services/demo/hate-raid';
import { registerRedemptionServicesIpc } from './ipc/redemption-services-ipc';
import { Disposers, setListenerErrorReporter } from '../shared/primitives/emitter';
import { join } from 'node:path';
import type { TokenCipher } from './services/auth/token-store';
import { createAesFileCipher } from './services/auth/aes-file-cipher';
import { ObsService } from './services/obs/obs-service';
import { CipherFileObsPasswordStore } from './services/obs/obs-password-store';
import { ingestTargetReader } from './services/obs/ingest-target';
import { registerObsIpc } from './ipc/obs-ipc';
import { GoLiveChecklist } from './services/go-live/go-live-checklist';
import { registerGoLiveIpc } from './ipc/go-live-ipc';
import { TestStreamService, targetUnlessObsStreams } from './services/test-stream/test-stream-service';
import { registerTestStreamIpc } from './ipc/test-stream-ipc';
import { ActivityService } from './services/activity/activity-service';
import { ChatService } from './services/chat/chat-service';
import { registerActivityIpc } from './ipc/activity-ipc';
import { registerChatIpc } from './ipc/chat-ipc';
import { registerAppearanceIpc } from './ipc/appearance-ipc';
import { registerLiveViewIpc } from './ipc/live-view-ipc';
import { demoRedirectPort } from './services/auth/demo-redirect-port';
import { AppearanceService } from './services/appearance/appearance-service';
import { buildModeration, disposeModeration, startModeration, type ModerationServices } from './composition/moderation';
import { registerModerationIpc } from './ipc/moderation-ipc';
import { buildAutomations } from './services/automations/build-automations';
import { openAutomationFiles, type AutomationsFeature } from './services/automations/automations-feature';
import { registerAutomationsIpc } from './ipc/automations-ipc';
import { buildOverlays } from './services/overlays/build-overlays';
import { openOverlayFiles, type OverlaysFeature } from './services/overlays/overlays-feature';
import { registerOverlaysIpc } from './ipc/overlays-ipc';
import { registerMediaIpc } from './ipc/media-ipc';
import { LiveViewService } from './services/live-view/live-view-service';

export interface SidestageOptions {
  transport: 'electron' | 'dock';
  version: string;
  env: Record<string, string | undefined>;
  /** Force demo mode whatever is configured (`npm run dock -- --demo`). */
  demo?: boolean;
  /** Where the outbox, the marker log and the notification ledger live. */
  dataDir: string;
  tokenStore: TokenStore;
  /** Encrypts the OBS password as the tokens are (safeStorage in the app); default: AES with the token key file. */
  secretCipher?: TokenCipher;
  /**
   * Where demo sign-ins live; memory by default: the in-process emulator is new at every start,
   * so its tokens would only come back as an expired sign-in.
   */
  demoTokenStore?: TokenStore;
  settings: SettingsStore;
  /**
   * Damaged files found while starting (settings, tokens, dock secret are opened by the caller and
   * told here first); the features add theirs. A new collection when not given.
   */
  recoveryNotices?: DataRecoveryNotices;
  /** Desktop notifications (Electron); none: in-app toasts in the renderer (dock mode). */
  notifier?: Notifier;
  /** Global shortcuts (Electron); none: the dock cannot register any and says so. */
  shortcuts?: ShortcutRegistry;
  /** Why this desktop shows no tray icon, where it shows none (closing the window then quits); for Settings. */
  trayUnavailable?: () => string | null;
  /** Shows and focuses the window (tray, notification clicks); quits the app (tray). */
  showWindow?: () => void;
  quit?: () => void;
  /** Opens a URL in the system browser; false when it cannot (the renderer opens it then). */
  openUrl: (url: string) => Promise<boolean>;
  logger: Logger;
  /** How the EventSub WebSocket is made; the go-live benchmark wraps it to time frames on arrival. Default: `ws`. */
  eventSubSocketFactory?: WebSocketFactory;
  /** The built overlay pages (out/overlays); none: the overlay server says they are not built. */
  overlayPagesDir?: string | null;
}

export interface Sidestage {
  router: IpcRouter;
  config: PlatformConfig;
  /** The in-process emulator in demo mode. */
  emulator: RunningEmulator | null;
  emulatorOrigin: string | null;
  /** The "Simulate viewers" switch's engine, in demo mode only. */
  simulation: ViewerSimulation | null;
  live: LiveControls;
  redemptions: RedemptionServices;
  /** Shield Mode, held messages, unban requests, a chatter's card, the chat rules. */
  moderation: ModerationServices;
  obs: ObsService;
  goLive: GoLiveChecklist;
  /** The demo's "Publish a test stream" (ffmpeg), in demo mode only. */
  testStream: TestStreamService | null;
  recoveryNotices: DataRecoveryNotices;
  /** When something happens on the channel, Sidestage acts. */
  automations: AutomationsFeature;
  /** Overlays for OBS browser sources, the alert queue and the media library. */
  overlays: OverlaysFeature;
  dispose(): Promise<void>;
}

export async function createSidestage(options: SidestageOptions): Promise<Sidestage> {
  const opened: Release[] = [];
  try {
    return await startSidestage(options, opened);
  } catch (error) {
    // A failed start leaves nothing open: what it opened so far is released, last first.
    for (const release of opened.splice(0).reverse()) await Promise.resolve().then(release).catch(() => {});
    throw error;
  }
}

/** Something a start opened (a journal's open file, the emulator's port), released if a later step fails. */
type Release = () => unknown;

async function startSidestage(options: SidestageOptions, opened: Release[]): Promise<Sidestage> {
  const { logger, settings } = options;
  // A listener that throws (in any service's Emitter) is logged, not fatal.
  setListenerErrorReporter((error) => logger.error('a listener failed', { error }));
  const recoveryNotices = options.recoveryNotices ?? new DataRecoveryNotices(logger);
  const choice = options.demo ? ({ kind: 'demo' } as const) : choosePlatform(options.env, settings.get('platform.clientId'));
  // What the services read at start, before anything is built: then every service is built at once.
  const files = await openRedemptionFiles(options.dataDir, { notices: recoveryNotices, logger });
  const overlayFiles = await openOverlayFiles({ dataDir: options.dataDir, notices: recoveryNotices, logger });
  opened.push(() => overlayFiles.queue.dispose());
  // Files that cannot be opened leave automations off (with the reason), decided here.
  const automationFiles = await openAutomationFiles(options.dataDir, { notices: recoveryNotices, logger });
  opened.push(() => {
    automationFiles.ledger?.dispose();
    automationFiles.cooldowns?.dispose();
  });

  let emulator: RunningEmulator | null = null;
  let config: PlatformConfig;
  if (choice.kind === 'demo') {
    // The loopback redirect port is chosen now and registered with the demo client, so that
    // several demos (and parallel tests) never fight over one port.
    const redirectUri = `http://127.0.0.1:${await demoRedirectPort()}/callback`;
    emulator = await startEmulator({ port: 0, seed: 'demo', demoRedirectUris: [redirectUri] });
    opened.push(() => emulator?.close());
    const demo = emulator.demo;
    if (!demo) throw new Error('The demo seed registered no client');
    config = emulatorPlatform(emulator.url, { clientId: demo.clientId, clientSecret: demo.clientSecret }, redirectUri);
    logger.info(`demo mode: emulator listening on ${emulator.url}`);
  } else {
    config = choice.config;
  }
  const tokenStore = choice.kind === 'demo' ? (options.demoTokenStore ?? new MemoryTokenStore()) : options.tokenStore;

  // ---------- the services, each built once, in the order they depend on each other ----------

  const auth = new AuthService({
    endpoints: { authUrl: config.authUrl, apiBaseUrl: config.baseUrl },
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: config.redirectUri,
    scopes: config.scopes,
    tokenStore,
    openUrl: options.openUrl,
    logger,
  });
  const api = new ApiClient({ baseUrl: config.baseUrl, clientId: config.clientId, auth, logger });
  // The one "whose channel is this" for every service, so that the panels agree during a re-sign-in.
  const broadcaster = new CurrentBroadcaster(auth);
  // One EventSub session for the current broadcaster; services follow its gaps.
  const events = new EventsService({ eventsubUrl: config.eventsubUrl, api, broadcaster, auth, logger, wsFactory: options.eventSubSocketFactory });
  // The one channel-event stream: every consumer of what happens on the channel subscribes here.
  const channelEvents = new ChannelEvents({ events, broadcaster, logger });
  const ingest = new IngestService({
    directory: new IngestDirectory({ ingestUrl: config.ingestUrl, settings, logger }),
    probe: new LatencyProbe(),
    settings,
    logger,
    getStreamKey: streamKeyReader(api, broadcaster),
  });
  // In dock mode every notification becomes the renderer's toast.
  const rendererNotifier = options.notifier ? null : new RendererNotifier();
  const notifier = options.notifier ?? rendererNotifier!;
  // Built before the live controls: the Shield Mode hotkey is one of their quick actions.
  const moderation = buildModeration({ api, broadcaster, channelEvents, gaps: events, logger });
  const redemptions = buildRedemptionServices({ api, broadcaster, settings, logger, events, channelEvents, notifier }, files);
  const live = buildLiveControls({
    api,
    broadcaster,
    settings,
    dataDir: options.dataDir,
    notices: recoveryNotices,
    logger,
    notifier,
    events,
    channelEvents,
    shortcuts: options.shortcuts,
    shieldMode: moderation.shieldMode,
    openWindow: options.showWindow,
    // The dock cannot open a browser: a clip's link is in its Live view instead of a toast button.
    openUrl: options.transport === 'electron' ? options.openUrl : undefined,
    // The checklist is built below (it reads live controls); the tray is clicked only once started.
    openGoLiveChecklist: () => {
      options.showWindow?.();
      goLive.show();
    },
    quit: options.quit,
  });
  // Demo mode only: viewers driven through the in-process emulator's simulation API, so the app
  // sees them as it would see a real platform's. Elsewhere the demo channels answer "unavailable".
  const demoSeed = emulator?.demo;
  const emulatorHttp = emulator && demoSeed ? createEmulatorHttp(emulator.url) : null;
  const simulation = emulatorHttp && demoSeed ? new ViewerSimulation({ http: emulatorHttp, broadcasterId: demoSeed.broadcaster.id, viewers: demoSeed.viewers, logger }) : null;
  // Demo mode only: "Simulate a hate raid", through the same simulation API.
  const hateRaid = emulatorHttp && demoSeed ? new DemoHateRaid({ http: emulatorHttp, broadcasterId: demoSeed.broadcaster.id, logger }) : null;
  // OBS Studio: its password in its own file, encrypted like the tokens; markers from live controls.
  const obs = new ObsService({
    settings,
    passwords: new CipherFileObsPasswordStore(
      join(options.dataDir, 'obs-password.enc'),
      options.secretCipher ?? createAesFileCipher(join(options.dataDir, 'token.key')),
      logger,
      recoveryNotices,
    ),
    logger,
    getIngestTarget: ingestTargetReader(ingest),
    notifier,
    dropMarker: (description) => live.markers.drop('obs-reconnect', description),
  });
  // Demo mode only: ffmpeg publishes to the in-process emulator's ingest when OBS is not used.
  const testStream = emulator ? new TestStreamService({ getIngestTarget: targetUnlessObsStreams(obs, ingestTargetReader(ingest)), logger }) : null;
  const goLive = new GoLiveChecklist({
    auth,
    ingest,
    obs,
    testStream,
    events,
    markers: live.markers,
    hotkey: { getState: () => live.hotkeys.get('marker'), onChange: (listener) => live.hotkeys.onChange(listener) },
    chatSettings: live.chatSettings,
    startPreset: { get: () => settings.get('goLive.startPresetId'), set: (id) => settings.set('goLive.startPresetId', id) },
    requiredScopes: config.scopes,
    // Going live is announced by these; the features' own subscriptions are in the events status.
    requiredEventTypes: ['stream.online', 'stream.offline'],
    dockMode: options.transport === 'dock',
    logger,
  });
  // The Live view's activity feed and chat, from the one channel-event stream.
  const activity = new ActivityService({
    broadcaster,
    channelEvents,
    // One shoutout state and one set of cooldowns, whether the feed's button or the Live view's sent it.
    sendShoutout: async (id) => {
      const sent = (await live.raids.shoutoutById(id)).shoutout;
      return { displayName: sent?.to.displayName ?? 'the channel' };
    },
  });
  const chat = new ChatService({ api, broadcaster, channelEvents, logger });
  const appearance = new AppearanceService(settings);
  const liveView = new LiveViewService(settings);
  // What the viewers see: the alert queue, the overlay server and the media library.
  const overlays = buildOverlays(
    {
      dataDir: options.dataDir,
      pagesDir: options.overlayPagesDir ?? null,
      settings,
      channelEvents,
      api,
      broadcaster,
      charity: redemptions.charity,
      redemptions: redemptions.redemptions,
      chat,
      obs,
      demo: emulator && demoSeed ? { emulatorUrl: emulator.url, broadcasterId: demoSeed.broadcaster.id } : null,
      notices: recoveryNotices,
      logger,
    },
    overlayFiles,
  );
  // When something happens on the channel, Sidestage acts: through the services above.
  const automations = buildAutomations(
    {
      logger,
      shortcuts: options.shortcuts,
      emulator,
      channelEvents,
      obs,
      chat,
      // Today Sidestage speaks only as the broadcaster; a bot account joins this list.
      speakingAccounts: { userIds: () => (broadcaster.id ? [broadcaster.id] : []) },
      chatRules: moderation.chatRules,
      live,
      redemptions,
      // The overlays' alerts and sounds: "Show an alert" and "Play a sound".
      alerts: overlays,
    },
    automationFiles,
  );
  // A redemption an automation resolves: its toast offers no Fulfil/Cancel.
  redemptions.notifications.useAutomaticResolutions({ resolves: (rewardId) => automations.resolvesRedemption(rewardId) });

  // ---------- served: every domain's handlers and forwarded events, released together on dispose ----------

  const router = new IpcRouter(logger);
  const appInfo = () => {
    // What the next start will choose, to tell the user when a saved change needs a restart.
    const demoForced = Boolean(options.demo) || options.env.SIDESTAGE_DEMO === '1';
    const next = demoForced ? 'demo' : choosePlatform(options.env, settings.get('platform.clientId')).kind;
    return {
      version: options.version,
      mode: config.mode,
      transport: options.transport,
      platformLabel: config.label,
      tokenStorage: tokenStore.description,
      savedClientId: settings.get('platform.clientId'),
      clientIdFromEnvironment: Boolean(options.env.SIDESTAGE_CLIENT_ID),
      demoForced,
      restartRequired: next !== config.mode || (next === 'platform' && !options.env.SIDESTAGE_CLIENT_ID && settings.get('platform.clientId') !== config.clientId),
    };
  };
  const wiring = new Disposers();
  wiring.add(
    registerAppIpc(router, {
      info: appInfo,
      setPlatform: (clientId) => {
        settings.set('platform.clientId', clientId);
        return appInfo();
      },
    }),
  );
  wiring.add(registerDataIpc(router, recoveryNotices));
  wiring.add(registerAuthIpc(router, auth));
  wiring.add(registerIngestIpc(router, ingest));
  wiring.add(registerEventsIpc(router, events));
  wiring.add(registerRedemptionServicesIpc(router, redemptions, rendererNotifier));
  wiring.add(registerLiveControlsIpc(router, live, settings, options.trayUnavailable));
  wiring.add(registerDemoIpc(router, simulation, hateRaid));
  wiring.add(registerObsIpc(router, obs));
  wiring.add(registerTestStreamIpc(router, testStream));
  wiring.add(registerGoLiveIpc(router, goLive));
  wiring.add(registerActivityIpc(router, activity));
  wiring.add(registerChatIpc(router, chat));
  wiring.add(registerAppearanceIpc(router, appearance));
  wiring.add(registerModerationIpc(router, moderation));
  wiring.add(registerLiveViewIpc(router, liveView));
  wiring.add(registerAutomationsIpc(router, automations));
  wiring.add(registerOverlaysIpc(router, overlays));
  wiring.add(registerMediaIpc(router, overlays.media));
  const missing = router.missingHandlers();
  if (missing.length) throw new Error(`IPC channels without a handler: ${missing.join(', ')}`);

  // ---------- between features ----------

  // A different account (or none) has a different stream key.
  wiring.add(resetStreamKeyOnAccountChange(ingest, broadcaster));
  wiring.add(redemptions.redemptions.onPendingCountChange((count) => live.tray.setPendingRedemptions(count)));
  // A notification was clicked: the window comes forward (the renderer shows the item itself).
  wiring.add(redemptions.notifications.onOpen(() => options.showWindow?.()));
  if (simulation) {
    // Signing out ends the practice stream too: no pretend viewers keep talking to nobody.
    wiring.add(
      auth.onChange((state) => {
        if (state.status !== 'signedOut') return;
        hateRaid?.stop();
        if (!simulation.getState().running) return;
        void simulation.stop().catch((error: unknown) => logger.warn('viewer simulation: could not stop on sign-out', { error: error instanceof Error ? error.message : String(error) }));
      }),
    );
  }

  const dispose = async () => {
    wiring.dispose();
    // Before the services its actions call.
    await automations.dispose();
    await overlays.dispose();
    goLive.dispose();
    chat.dispose();
    activity.dispose();
    disposeModeration(moderation);
    hateRaid?.dispose();
    // Before the emulator closes: the simulation's last requests go to it.
    await simulation?.dispose();
    // Its ffmpeg ends by its PID before the emulator it publishes to closes.
    await testStream?.dispose();
    await obs.dispose();
    await disposeLiveControls(live);
    await disposeRedemptionServices(redemptions);
    channelEvents.dispose();
    events.dispose();
    ingest.dispose();
    broadcaster.dispose();
    await auth.dispose();
    await emulator?.close();
  };

  // From here `dispose` releases everything the start opened (the catch below), the files and the emulator with it.
  opened.splice(0);
  try {
    // Listeners first, then the sources they listen to, so that nothing reported at start is missed.
    startRedemptionServices(redemptions);
    // Before EventSub connects, so that no event is missed.
    automations.start();
    activity.start();
    chat.start();
    startModeration(moderation);
    await overlays.start();
    events.start();
    await auth.start();
    await startLiveControls(live);
    await obs.start();
    // The checklist and the button learn whether ffmpeg is there once the start is over.
    testStream?.detectFfmpegLater();
  } catch (error) {
    // Whatever started (the emulator's port, timers, sockets) must not outlive a failed start.
    await dispose().catch(() => {});
    throw error;
  }

  return {
    router,
    config,
    emulator,
    simulation,
    live,
    redemptions,
    moderation,
    obs,
    goLive,
    testStream,
    recoveryNotices,
    automations,
    overlays,
    emulatorOrigin: emulator?.url ?? (config.mode === 'platform' && isLoopbackUrl(config.authUrl) ? new URL(config.authUrl).origin : null),
    dispose,
  };
}

function isLoopbackUrl(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * First in the list: what every feature stands on (the sign-in, the API client, the current
 * broadcaster, EventSub and the one channel-event stream, ingest, notifications), and before any
 * feature, the choice of platform: a real one, or the in-process emulator in demo mode.
 */
import { startEmulator, type RunningEmulator } from '../../emulator/server';
import { Disposers } from '../../shared/primitives/emitter';
import { registerAppIpc } from '../ipc/app-ipc';
import { registerAuthIpc } from '../ipc/auth-ipc';
import { registerDataIpc } from '../ipc/data-ipc';
import { registerEventsIpc } from '../ipc/events-ipc';
import { registerIngestIpc } from '../ipc/ingest-ipc';
import { ApiClient } from '../services/api/api-client';
import { AuthService } from '../services/auth/auth-service';
import { demoRedirectPort } from '../services/auth/demo-redirect-port';
import { MemoryTokenStore, type TokenStore } from '../services/auth/token-store';
import { CurrentBroadcaster } from '../services/common/current-broadcaster';
import { ChannelEvents } from '../services/events/channel-events';
import { EventsService } from '../services/events/events-service';
import { IngestDirectory } from '../services/ingest/ingest-directory';
import { IngestService } from '../services/ingest/ingest-service';
import { LatencyProbe } from '../services/ingest/latency-probe';
import { resetStreamKeyOnAccountChange, streamKeyReader } from '../services/ingest/stream-key';
import { RendererNotifier } from '../services/notifications/renderer-notifier';
import { choosePlatform, emulatorPlatform, type PlatformConfig } from '../services/platform-config';
import { feature } from './feature-module';
import type { SidestageOptions } from './surroundings';

/** The platform this start uses; in demo mode the emulator is started (and `release`d if a later step fails). */
export async function choosePlatformAndEmulator(options: SidestageOptions, opened: (() => unknown)[]): Promise<{ config: PlatformConfig; emulator: RunningEmulator | null; tokenStore: TokenStore }> {
  const choice = options.demo ? ({ kind: 'demo' } as const) : choosePlatform(options.env, options.settings.get('platform.clientId'));
  if (choice.kind !== 'demo') return { config: choice.config, emulator: null, tokenStore: options.tokenStore };
  // The loopback redirect port is chosen now and registered with the demo client, so that
  // several demos (and parallel tests) never fight over one port.
  const redirectUri = `http://127.0.0.1:${await demoRedirectPort()}/callback`;
  const emulator = await startEmulator({ port: 0, seed: 'demo', demoRedirectUris: [redirectUri] });
  opened.push(() => emulator.close());
  const demo = emulator.demo;
  if (!demo) throw new Error('The demo seed registered no client');
  options.logger.info(`demo mode: emulator listening on ${emulator.url}`);
  const config = emulatorPlatform(emulator.url, { clientId: demo.clientId, clientSecret: demo.clientSecret }, redirectUri);
  return { config, emulator, tokenStore: options.demoTokenStore ?? new MemoryTokenStore() };
}

/** The emulator's origin, for the renderer's CSP: the in-process one, or a platform on loopback. */
export function emulatorOrigin(config: PlatformConfig, emulator: RunningEmulator | null): string | null {
  if (emulator) return emulator.url;
  return config.mode === 'platform' && isLoopbackUrl(config.authUrl) ? new URL(config.authUrl).origin : null;
}

function isLoopbackUrl(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

export const platformFeature = feature({
  name: 'platform',
  build({ config, options, logger, settings, tokenStore }) {
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
    const broadcaster = new CurrentBroadcaster(auth);
    const events = new EventsService({ eventsubUrl: config.eventsubUrl, api, broadcaster, auth, logger, wsFactory: options.eventSubSocketFactory });
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
    return { auth, api, broadcaster, events, channelEvents, ingest, notifier, rendererNotifier };
  },
  serve(router, platform, _earlier, { options, settings, config, tokenStore, notices }) {
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
    wiring.add(registerDataIpc(router, notices));
    wiring.add(registerAuthIpc(router, platform.auth));
    wiring.add(registerIngestIpc(router, platform.ingest));
    wiring.add(registerEventsIpc(router, platform.events));
    // A different account (or none) has a different stream key.
    wiring.add(resetStreamKeyOnAccountChange(platform.ingest, platform.broadcaster));
    return wiring.dispose;
  },
  // Started last, by `signIn` (composition/sign-in.ts): every listener is in place first.
  async dispose({ auth, broadcaster, ingest, events, channelEvents }) {
    channelEvents.dispose();
    events.dispose();
    ingest.dispose();
    broadcaster.dispose();
    await auth.dispose();
  },
});

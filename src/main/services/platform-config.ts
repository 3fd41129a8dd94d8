/**
 * Where the app's platform lives. Demo mode runs the emulator inside the app; a real client ID
 * (settings or SIDESTAGE_CLIENT_ID) talks to the real platform; SIDESTAGE_*_URL point it at any emulator.
 */
import { requestedScopeList } from '../../shared/domain/scopes';

export interface PlatformEndpoints {
  baseUrl: string;
  authUrl: string;
  ingestUrl: string;
  eventsubUrl: string;
}

export interface PlatformConfig extends PlatformEndpoints {
  mode: 'demo' | 'platform';
  label: string;
  clientId: string;
  /** Null for a public client: the implicit or device flow is used. Never leaves main. */
  clientSecret: string | null;
  redirectUri: string;
  scopes: string[];
}

export const realPlatform: PlatformEndpoints = {
  baseUrl: 'https://api.twitch.tv',
  authUrl: 'https://id.twitch.tv',
  ingestUrl: 'https://ingest.twitch.tv',
  eventsubUrl: 'wss://eventsub.wss.twitch.tv/ws',
};

/** The redirect URI to register for a real app: the loopback listener's address. */
export const defaultRedirectUri = 'http://localhost:17563/callback';

export type PlatformChoice =
  | { kind: 'demo' }
  | { kind: 'platform'; config: PlatformConfig };

export function choosePlatform(env: Record<string, string | undefined>, settingsClientId: string | null): PlatformChoice {
  if (env.SIDESTAGE_DEMO === '1') return { kind: 'demo' };
  const clientId = env.SIDESTAGE_CLIENT_ID || settingsClientId;
  if (!clientId) return { kind: 'demo' };
  const custom = Boolean(env.SIDESTAGE_BASE_URL || env.SIDESTAGE_AUTH_URL);
  return {
    kind: 'platform',
    config: {
      mode: 'platform',
      label: custom ? 'Custom platform' : 'Twitch',
      clientId,
      clientSecret: env.SIDESTAGE_CLIENT_SECRET || null,
      redirectUri: env.SIDESTAGE_REDIRECT_URI || defaultRedirectUri,
      scopes: requestedScopeList,
      baseUrl: env.SIDESTAGE_BASE_URL || realPlatform.baseUrl,
      authUrl: env.SIDESTAGE_AUTH_URL || env.SIDESTAGE_BASE_URL || realPlatform.authUrl,
      ingestUrl: env.SIDESTAGE_INGEST_URL || env.SIDESTAGE_BASE_URL || realPlatform.ingestUrl,
      eventsubUrl: env.SIDESTAGE_EVENTSUB_URL || (env.SIDESTAGE_BASE_URL ? `${env.SIDESTAGE_BASE_URL.replace(/^http/, 'ws')}/ws` : realPlatform.eventsubUrl),
    },
  };
}

/** The config for an emulator at `origin` (demo mode runs one in-process). */
export function emulatorPlatform(origin: string, client: { clientId: string; clientSecret: string | null }, redirectUri: string): PlatformConfig {
  return {
    mode: 'demo',
    label: 'Demo (built-in emulator)',
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUri,
    scopes: requestedScopeList,
    baseUrl: origin,
    authUrl: origin,
    ingestUrl: origin,
    eventsubUrl: `${origin.replace(/^http/, 'ws')}/ws`,
  };
}

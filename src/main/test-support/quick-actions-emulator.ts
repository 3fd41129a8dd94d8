/**
 * Test support: the quick actions' services signed in to a real demo emulator, with the scopes
 * they need, and a real EventSub session (EventsService) for their live events.
 */
import type { RunningEmulator } from '../../emulator/server';
import { EventsService } from '../services/events/events-service';
import { CurrentBroadcaster } from '../services/common/current-broadcaster';
import { silentLogger } from '../services/logger';
import { apiClientFor, fixedAuth, liveScopes, mintToken } from './live-controls-emulator';

export const quickActionScopes = [
  ...liveScopes,
  'clips:edit',
  'channel:read:ads',
  'channel:manage:ads',
  'channel:manage:polls',
  'channel:manage:predictions',
  'channel:manage:raids',
  'user:read:follows',
  'moderator:manage:shoutouts',
];

/** The API client, the current broadcaster and (started) EventSub session of the demo broadcaster. */
export async function quickActionsSignedIn(emulator: RunningEmulator) {
  const token = await mintToken(emulator, quickActionScopes);
  const { auth, apiAuth } = fixedAuth(emulator, token);
  const api = apiClientFor(emulator.url, emulator.demo!.clientId, apiAuth);
  const broadcaster = new CurrentBroadcaster(auth);
  const events = new EventsService({ eventsubUrl: `${emulator.url.replace(/^http/, 'ws')}/ws`, api, broadcaster, auth, logger: silentLogger, keepaliveTimeoutSeconds: 10 });
  events.start();
  return {
    token,
    api,
    broadcaster,
    events,
    dispose: () => {
      events.dispose();
      broadcaster.dispose();
    },
  };
}

/**
 * Revoking a user token through the identity service revokes the authorization behind it: every
 * enabled EventSub subscription of that client+user gets a `revocation` frame
 * (`authorization_revoked`) and is removed.
 */
import type { EmulatorState } from '../domain/emulator-state';
import { eventSubOf } from './eventsub-state';
import { eventSubHubOf } from './session-hub';

export interface EventSubGrant {
  clientId: string;
  userId: string;
}

/** The client+user a user access or refresh token of `clientId` stands for; null for app tokens and unknown ones. */
export function eventSubGrantOf(state: EmulatorState, token: string, clientId: string): EventSubGrant | null {
  const now = state.clock.now();
  const access = state.tokens.findActive(token, now);
  if (access) return access.clientId === clientId && access.userId !== null ? { clientId, userId: access.userId } : null;
  const refresh = state.tokens.findRefresh(token, now);
  return refresh && refresh.clientId === clientId ? { clientId, userId: refresh.userId } : null;
}

export function revokeEventSubAuthorization(state: EmulatorState, grant: EventSubGrant): void {
  const store = eventSubOf(state).subscriptions;
  const subscriptions = store.ownedBy(grant.clientId, grant.userId).filter((s) => s.status === 'enabled');
  const hub = eventSubHubOf(state);
  if (hub) hub.revoke(subscriptions, 'authorization_revoked');
  else for (const s of subscriptions) store.remove(s.id);
}

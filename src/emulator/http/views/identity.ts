/** The identity service's answers, and the simulation API's clients, device approvals and state snapshot. */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { IssuedTokens } from '../../domain/identity';
import type { Client } from '../../domain/stores/clients';
import type { DeviceCode } from '../../domain/stores/device-codes';
import { DEVICE_CODE_LIFETIME_S, DEVICE_POLL_INTERVAL_S } from '../../domain/stores/device-codes';
import { helixStream } from './streams';
import { helixUser } from './users';
import type { ClientRecord, DeviceApproval, EmulatorSettingsView, EmulatorSnapshot, TokenResponse } from './wire/identity';

/** `expires_in` counts from `now`, the moment the tokens were issued. */
export function tokenResponse({ access, refresh }: IssuedTokens, now: number): TokenResponse {
  return {
    access_token: access.token,
    refresh_token: refresh?.token ?? '',
    expires_in: Math.max(0, Math.floor((access.expiresAt - now) / 1000)),
    scope: [...access.scopes],
    token_type: 'bearer',
  };
}

/** The device flow's first answer. */
export function deviceAuthorizationView(state: EmulatorState, record: DeviceCode) {
  return {
    device_code: record.deviceCode,
    expires_in: DEVICE_CODE_LIFETIME_S,
    interval: DEVICE_POLL_INTERVAL_S,
    user_code: record.userCode,
    verification_uri: `${state.baseUrl}/activate?device-code=${record.userCode}`,
  };
}

export function deviceApprovalView(record: DeviceCode, userId: string): DeviceApproval {
  return { user_code: record.userCode, client_id: record.clientId, scopes: [...record.scopes], status: record.status, user_id: userId };
}

export function clientView(client: Client, options: { withSecrets: boolean }): ClientRecord {
  return {
    client_id: client.clientId,
    ...(options.withSecrets ? { client_secret: client.clientSecret, extension_secret: client.extensionSecret } : {}),
    name: client.name,
    redirect_uris: [...client.redirectUris],
    type: client.type,
    created_at: toRfc3339(client.createdAt),
  };
}

export function settingsView(state: EmulatorState): EmulatorSettingsView {
  return { auto_approve: state.settings.autoApprove, default_user_id: state.settings.defaultUserId };
}

export function snapshot(state: EmulatorState): EmulatorSnapshot {
  const now = state.clock.now();
  return {
    now: state.clock.iso(now),
    clock_offset_seconds: state.clock.offsetSeconds,
    settings: settingsView(state),
    users: state.users.list().map((u) => helixUser(u, { withEmail: true })),
    clients: state.clients.list().map((c) => clientView(c, { withSecrets: false })),
    tokens: state.tokens.counts(now),
    authorization_codes: state.authorizationCodes.size,
    pending_device_codes: state.deviceCodes.countPending(now),
    streams: state.streams.list().map((s) => helixStream(state, s)),
  };
}

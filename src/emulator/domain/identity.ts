/**
 * The identity service's rules (spec part 5, platform facts): clients authenticate by their secret
 * as each grant demands; authorization codes are single-use and bound to their client and redirect
 * URI; refresh tokens rotate, and a public client's expire when unused; device codes wait for the
 * user's approval; the simulation API mints tokens and approves device codes directly.
 */
import { timingSafeEqual } from 'node:crypto';
import { ApiError, badRequest, conflict, notFound } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { Client } from './stores/clients';
import type { DeviceCode } from './stores/device-codes';
import { PUBLIC_REFRESH_LIFETIME_S, type AccessToken, type RefreshToken } from './stores/tokens';
import type { User } from './stores/users';

/** Whether a grant needs the client's secret: always, for confidential clients only, or never (checked when given). */
export type SecretRule = 'required' | 'if-confidential' | 'optional';

/** The tokens a grant issues; no refresh token for an app token. */
export interface IssuedTokens {
  access: AccessToken;
  refresh: RefreshToken | null;
}

/** The client named by `clientId`, its secret checked as the grant demands. */
export function authenticateClient(state: EmulatorState, credentials: { clientId: string | undefined; secret: string | undefined }, rule: SecretRule): Client {
  const { clientId, secret } = credentials;
  if (!clientId) throw badRequest('missing client id');
  const client = state.clients.get(clientId);
  if (!client) throw badRequest('invalid client');
  const needed = rule === 'required' || (rule === 'if-confidential' && client.type === 'confidential');
  if (needed && !secret) throw badRequest('missing client secret');
  if (secret && (rule !== 'if-confidential' || client.type === 'confidential') && !secretMatches(client, secret)) {
    throw new ApiError(403, 'invalid client secret');
  }
  return client;
}

function secretMatches(client: Client, given: string): boolean {
  if (client.clientSecret === null) return false;
  const a = Buffer.from(client.clientSecret);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Public clients' refresh tokens expire when unused; confidential clients' do not. */
function refreshLifetimeFor(client: Client): number | null {
  return client.type === 'public' ? PUBLIC_REFRESH_LIFETIME_S : null;
}

function userTokens(state: EmulatorState, client: Client, userId: string, scopes: readonly string[], now: number): IssuedTokens {
  return state.tokens.issueUserToken({ clientId: client.clientId, userId, scopes, now, refreshLifetimeSeconds: refreshLifetimeFor(client) });
}

/** The authorization code grant: the code is spent and becomes a user token. */
export function exchangeAuthorizationCode(state: EmulatorState, client: Client, code: string, redirectUri: string, now: number): IssuedTokens {
  const record = state.authorizationCodes.find(code, now);
  if (!record || record.clientId !== client.clientId) throw badRequest('Invalid authorization code');
  if (record.redirectUri !== redirectUri) throw badRequest('Parameter redirect_uri does not match registered URI');
  if (!state.users.get(record.userId)) throw badRequest('Invalid authorization code');
  state.authorizationCodes.spend(code);
  return userTokens(state, client, record.userId, record.scopes, now);
}

/** The client credentials grant: an app token. */
export function grantClientCredentials(state: EmulatorState, client: Client, scopes: readonly string[], now: number): IssuedTokens {
  return { access: state.tokens.issueAppToken({ clientId: client.clientId, scopes, now }), refresh: null };
}

/** The refresh token grant: the old refresh token dies, a new pair is issued. */
export function refreshAccess(state: EmulatorState, client: Client, refreshToken: string, now: number): IssuedTokens {
  const record = state.tokens.findRefresh(refreshToken, now);
  if (!record || record.clientId !== client.clientId) throw badRequest('Invalid refresh token');
  if (!state.users.get(record.userId)) throw badRequest('Invalid refresh token');
  return state.tokens.rotate(record, now, refreshLifetimeFor(client));
}

/** The device code grant: pending until the user approves; spent once answered. */
export function exchangeDeviceCode(state: EmulatorState, client: Client, deviceCode: string, now: number): IssuedTokens {
  const record = state.deviceCodes.findByDeviceCode(deviceCode, now);
  if (!record || record.clientId !== client.clientId) throw badRequest('invalid device code');
  if (record.status === 'pending') throw badRequest('authorization_pending');
  state.deviceCodes.spend(record);
  if (record.status === 'denied' || record.userId === null || !state.users.get(record.userId)) throw badRequest('access_denied');
  return userTokens(state, client, record.userId, record.scopes, now);
}

/** The user a Twitch CLI `user_token` grant names. */
export function tokenUser(state: EmulatorState, userId: string): User {
  const user = state.users.get(userId);
  if (!user) throw badRequest('invalid user id');
  return user;
}

/** Twitch CLI's mock grant: a user token without the user's consent. */
export function grantUserToken(state: EmulatorState, client: Client, user: User, scopes: readonly string[], now: number): IssuedTokens {
  return userTokens(state, client, user.id, scopes, now);
}

/** Revoking a token; an unknown one is the platform's 400. */
export function revokeToken(state: EmulatorState, token: string, client: Client): void {
  if (state.tokens.revoke(token, client.clientId) === 'unknown') throw badRequest('Invalid token');
}

/** The device flow begins; with auto-approval the default user approves at once. */
export function startDeviceAuthorization(state: EmulatorState, client: Client, scopes: readonly string[]): DeviceCode {
  const record = state.deviceCodes.create({ clientId: client.clientId, scopes }, state.clock.now());
  if (state.settings.autoApprove) {
    const user = state.defaultUser();
    if (user) state.deviceCodes.approve(record, user.id);
  }
  return record;
}

/** The user approved on the consent page: an authorization code, or (implicit flow) an access token. */
export function authorizeOnConsent(
  state: EmulatorState,
  request: { client: Client; redirectUri: string; responseType: 'code' | 'token'; scopes: readonly string[] },
  user: User,
): { code: string } | { accessToken: string } {
  const now = state.clock.now();
  if (request.responseType === 'code') {
    const code = state.authorizationCodes.create({ clientId: request.client.clientId, redirectUri: request.redirectUri, scopes: [...request.scopes], userId: user.id }, now);
    return { code: code.code };
  }
  return { accessToken: state.tokens.issueAccessOnly({ clientId: request.client.clientId, userId: user.id, scopes: request.scopes, now }).token };
}

/** The simulation API's approval of a device code, as the default user unless one is named. */
export function approveDeviceCode(state: EmulatorState, userCode: string, userId: string | undefined): { record: DeviceCode; user: User } {
  const record = state.deviceCodes.findByUserCode(userCode, state.clock.now());
  if (!record) throw notFound(`Unknown or expired user_code "${userCode}"`);
  if (record.status !== 'pending') throw conflict(`Device code "${record.userCode}" is already ${record.status}`);
  const user = userId === undefined ? state.defaultUser() : state.users.get(userId);
  if (!user) throw badRequest(userId === undefined ? 'The emulator has no users' : `Unknown user_id "${userId}"`);
  state.deviceCodes.approve(record, user.id);
  return { record, user };
}

/** The simulation API's minted token: an app token without `userId`, else a user token (with a refresh token). */
export function mintToken(state: EmulatorState, input: { clientId: string; userId?: string; scopes: readonly string[]; expiresIn?: number }, now: number): IssuedTokens {
  const client = state.clients.get(input.clientId);
  if (!client) throw badRequest(`Unknown client_id "${input.clientId}"`);
  if (input.userId === undefined) {
    return { access: state.tokens.issueAppToken({ clientId: client.clientId, scopes: input.scopes, now, lifetimeSeconds: input.expiresIn }), refresh: null };
  }
  if (!state.users.get(input.userId)) throw badRequest(`Unknown user_id "${input.userId}"`);
  return state.tokens.issueUserToken({
    clientId: client.clientId,
    userId: input.userId,
    scopes: input.scopes,
    now,
    lifetimeSeconds: input.expiresIn,
    refreshLifetimeSeconds: refreshLifetimeFor(client),
  });
}

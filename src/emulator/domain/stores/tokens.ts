import * as ids from '../../ids';
import { unexpired } from './unexpired';

export const USER_TOKEN_LIFETIME_S = 4 * 60 * 60;
export const APP_TOKEN_LIFETIME_S = 60 * 24 * 60 * 60;
/** Public clients' refresh tokens expire when unused for this long (platform facts, marked second-hand). */
export const PUBLIC_REFRESH_LIFETIME_S = 30 * 24 * 60 * 60;

export interface AccessToken {
  token: string;
  clientId: string;
  /** Null for app tokens. */
  userId: string | null;
  scopes: string[];
  issuedAt: number;
  expiresAt: number;
  /** The refresh token issued with this access token while it is still current. */
  refreshToken: string | null;
}

export interface RefreshToken {
  token: string;
  clientId: string;
  userId: string;
  scopes: string[];
  accessToken: string;
  /** Null: does not expire. */
  expiresAt: number | null;
}

export interface IssueUserToken {
  clientId: string;
  userId: string;
  scopes: readonly string[];
  now: number;
  lifetimeSeconds?: number;
  refreshLifetimeSeconds?: number | null;
}

export interface IssuedToken {
  access: AccessToken;
  refresh: RefreshToken | null;
}

export class TokenStore {
  private readonly access = new Map<string, AccessToken>();
  private readonly refresh = new Map<string, RefreshToken>();

  issueUserToken(input: IssueUserToken): { access: AccessToken; refresh: RefreshToken } {
    const refreshToken = ids.unusedId(ids.refreshToken, this.refresh);
    const access = this.addAccess({
      clientId: input.clientId,
      userId: input.userId,
      scopes: [...input.scopes],
      now: input.now,
      lifetimeSeconds: input.lifetimeSeconds ?? USER_TOKEN_LIFETIME_S,
      refreshToken,
    });
    const refresh: RefreshToken = {
      token: refreshToken,
      clientId: input.clientId,
      userId: input.userId,
      scopes: [...input.scopes],
      accessToken: access.token,
      expiresAt: input.refreshLifetimeSeconds == null ? null : input.now + input.refreshLifetimeSeconds * 1000,
    };
    this.refresh.set(refreshToken, refresh);
    return { access, refresh };
  }

  /** A user token without a refresh token, as the implicit flow gives. */
  issueAccessOnly(input: { clientId: string; userId: string; scopes: readonly string[]; now: number; lifetimeSeconds?: number }): AccessToken {
    return this.addAccess({
      clientId: input.clientId,
      userId: input.userId,
      scopes: [...input.scopes],
      now: input.now,
      lifetimeSeconds: input.lifetimeSeconds ?? USER_TOKEN_LIFETIME_S,
      refreshToken: null,
    });
  }

  issueAppToken(input: { clientId: string; scopes: readonly string[]; now: number; lifetimeSeconds?: number }): AccessToken {
    return this.addAccess({
      clientId: input.clientId,
      userId: null,
      scopes: [...input.scopes],
      now: input.now,
      lifetimeSeconds: input.lifetimeSeconds ?? APP_TOKEN_LIFETIME_S,
      refreshToken: null,
    });
  }

  /** The access token when it exists and has not expired. */
  findActive(token: string, now: number): AccessToken | undefined {
    return unexpired(this.access, token, now);
  }

  findRefresh(token: string, now: number): RefreshToken | undefined {
    return unexpired(this.refresh, token, now);
  }

  /**
   * Spends a refresh token and issues a new access and refresh token with the same grant.
   * The old refresh token stops working; the old access token lives until it expires.
   */
  rotate(old: RefreshToken, now: number, refreshLifetimeSeconds: number | null): { access: AccessToken; refresh: RefreshToken } {
    this.refresh.delete(old.token);
    const previous = this.access.get(old.accessToken);
    if (previous && previous.refreshToken === old.token) previous.refreshToken = null;
    return this.issueUserToken({ clientId: old.clientId, userId: old.userId, scopes: old.scopes, now, refreshLifetimeSeconds });
  }

  /**
   * Revokes an access token (and its current refresh token) or a refresh token (and its access token),
   * when it belongs to `clientId`.
   */
  revoke(token: string, clientId: string): 'revoked' | 'unknown' {
    const access = this.access.get(token);
    if (access && access.clientId === clientId) {
      this.access.delete(token);
      if (access.refreshToken) this.refresh.delete(access.refreshToken);
      return 'revoked';
    }
    const refresh = this.refresh.get(token);
    if (refresh && refresh.clientId === clientId) {
      this.refresh.delete(token);
      this.access.delete(refresh.accessToken);
      return 'revoked';
    }
    return 'unknown';
  }

  /**
   * What `userId` has granted `clientId` and not revoked: the scopes of its live access and refresh
   * tokens. The platform keeps an authorization apart from its tokens; a token pair that still
   * lives is how the emulator knows the grant stands (app-token endpoints such as Send Chat
   * Message act on a user's earlier grant).
   */
  grantedScopes(clientId: string, userId: string, now: number): Set<string> {
    const granted = new Set<string>();
    for (const access of this.access.values()) {
      if (access.clientId === clientId && access.userId === userId && access.expiresAt > now) for (const scope of access.scopes) granted.add(scope);
    }
    for (const refresh of this.refresh.values()) {
      if (refresh.clientId === clientId && refresh.userId === userId && (refresh.expiresAt === null || refresh.expiresAt > now)) {
        for (const scope of refresh.scopes) granted.add(scope);
      }
    }
    return granted;
  }

  counts(now: number): { access: number; user_access: number; app_access: number; refresh: number } {
    let user = 0;
    let app = 0;
    for (const t of this.access.values()) {
      if (t.expiresAt <= now) continue;
      if (t.userId === null) app++;
      else user++;
    }
    let refresh = 0;
    for (const r of this.refresh.values()) if (r.expiresAt === null || r.expiresAt > now) refresh++;
    return { access: user + app, user_access: user, app_access: app, refresh };
  }

  private addAccess(input: {
    clientId: string;
    userId: string | null;
    scopes: string[];
    now: number;
    lifetimeSeconds: number;
    refreshToken: string | null;
  }): AccessToken {
    const token: AccessToken = {
      token: ids.unusedId(ids.accessToken, this.access),
      clientId: input.clientId,
      userId: input.userId,
      scopes: input.scopes,
      issuedAt: input.now,
      expiresAt: input.now + input.lifetimeSeconds * 1000,
      refreshToken: input.refreshToken,
    };
    this.access.set(token.token, token);
    return token;
  }
}

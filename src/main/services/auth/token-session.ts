/**
 * The token side of the account: the saved tokens (load, save, clear), the hourly validation,
 * the single-flight refresh after a 401, expiry and sign-out with revocation. The sign-in flows
 * (`sign-in-flows.ts`) hand it a new sign-in through `adopt()`; `AuthService` is the facade.
 */
import { signedOutAuthState, type Account, type AuthState, type SignInFlow } from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import { AppError } from '../app-error';
import { isDiskFull } from '../common/atomic-json-file';
import { background } from '../common/background';
import type { Logger } from '../logger';
import { describeNetworkError, isNetworkError } from '../api/network-error';
import { IdentityError, type IdentityClient, type TokenGrant, type TokenValidation } from './identity-client';
import type { StoredTokens, TokenStore } from './token-store';

/** The account's state as the facade keeps it; both halves of auth move it on through `update`. */
export interface AuthStateHolder {
  get(): AuthState;
  update(patch: Partial<AuthState>): void;
}

export interface TokenSessionOptions {
  identity: IdentityClient;
  tokenStore: TokenStore;
  clientId: string;
  /** The scopes Sidestage asks for; the state names those not granted. */
  scopes: string[];
  logger: Logger;
  clock: Clock;
  state: AuthStateHolder;
  /** A sign-in is under way: the status stays `signingIn` while the old tokens are checked. */
  signInUnderway(): boolean;
  /** The tokens expired for good during a sign-in: what that sign-in falls back to if it does not finish. */
  expiredDuringSignIn(reason: string): void;
}

export const expiredMessage = 'Your sign-in expired. Sign in again.';
export const signedOutMessage = 'Sign in to the platform first.';

export class TokenSession {
  private current: StoredTokens | null = null;
  /** False while the account shown is only what the stored tokens knew (login as display name). */
  private accountLoaded = false;
  private refreshing: Promise<string> | null = null;
  private validating: Promise<void> | null = null;
  private disposed = false;

  constructor(private readonly options: TokenSessionOptions) {}

  get hasTokens(): boolean {
    return this.current !== null;
  }

  /** Loads the saved tokens; the state shows them signed in until validation says otherwise. */
  async load(): Promise<boolean> {
    const tokens = await this.loadTokens();
    const { state } = this.options;
    if (tokens && tokens.clientId !== this.options.clientId) {
      // Tokens of another client ID are useless with this one (every call would answer 401).
      await this.clearStore();
      state.update({ ...signedOutAuthState, status: 'needsSignIn', error: 'Sidestage uses a different client ID than when you signed in. Sign in again.' });
      return false;
    }
    if (!tokens) return false;
    this.current = tokens;
    this.accountLoaded = false;
    state.update({
      status: 'signedIn',
      account: accountFromTokens(tokens),
      scopes: tokens.scopes,
      missingScopes: this.missing(tokens.scopes),
      pending: null,
      lastValidatedAt: null,
      error: null,
    });
    return true;
  }

  /** A sign-in completed: these tokens (and the account, when it could be loaded) are the session now. */
  async adopt(tokens: StoredTokens, account: Account | null, flow: SignInFlow): Promise<void> {
    this.current = tokens;
    this.accountLoaded = account !== null;
    // Saved before anyone is told "signed in", so a quit right after does not lose the sign-in.
    const saveError = await this.persist(tokens);
    if (this.current !== tokens) return;
    const missingScopes = this.missing(tokens.scopes);
    this.options.state.update({
      status: 'signedIn',
      account: account ?? accountFromTokens(tokens),
      scopes: tokens.scopes,
      missingScopes,
      pending: null,
      lastValidatedAt: new Date(this.options.clock.now()).toISOString(),
      error: saveError,
    });
    this.options.logger.info('signed in', { login: tokens.login, flow, missingScopes });
  }

  async getAccessToken(): Promise<string> {
    if (this.current) return this.current.accessToken;
    throw this.notSignedIn();
  }

  /**
   * Called by the API client when `rejectedToken` got a 401. Concurrent callers share one refresh;
   * a caller whose token was already replaced gets the new one without another refresh.
   */
  async refreshAfterUnauthorized(rejectedToken: string): Promise<string> {
    const tokens = this.current;
    if (!tokens) throw this.notSignedIn();
    if (tokens.accessToken !== rejectedToken) return tokens.accessToken;
    if (!this.refreshing) {
      this.refreshing = this.refresh(tokens).finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  /** Validates the current token now (single-flight); the hourly timer calls this too. */
  validateNow(): Promise<void> {
    if (!this.validating) {
      this.validating = this.validate().finally(() => {
        this.validating = null;
      });
    }
    return this.validating;
  }

  /** Forgets the tokens here first (even if the platform cannot be reached), then revokes them there. */
  async signOut(): Promise<void> {
    const tokens = this.current;
    this.current = null;
    this.accountLoaded = false;
    await this.clearStore();
    this.options.state.update({ ...signedOutAuthState });
    if (!tokens) return;
    try {
      await this.options.identity.revoke(tokens.accessToken);
    } catch (err) {
      this.options.logger.warn('could not revoke the token at sign-out', { reason: reasonOf(err) });
    }
  }

  dispose(): void {
    this.disposed = true;
  }

  missing(granted: string[]): string[] {
    return this.options.scopes.filter((s) => !granted.includes(s));
  }

  // ---------- validation and refresh ----------

  private async validate(): Promise<void> {
    const tokens = this.current;
    if (!tokens || this.disposed) return;
    const { identity, state } = this.options;
    let validation = await this.check(tokens);
    if (validation === null) return;
    if (validation === 'invalid') {
      try {
        await this.refreshAfterUnauthorized(tokens.accessToken);
      } catch {
        return; // refresh() has already moved the state on
      }
      const renewed = this.current as StoredTokens | null;
      if (!renewed) return;
      validation = await this.check(renewed);
      if (validation === null) return;
      if (validation === 'invalid') {
        await this.expire(renewed, 'The platform no longer accepts your sign-in. Sign in again.');
        return;
      }
    }
    // check() answered only while these tokens (or the renewed ones) are still the session's.
    const current = this.current;
    if (!current) return;
    const changed =
      current.login !== (validation.login ?? current.login) ||
      current.userId !== (validation.userId ?? current.userId) ||
      current.scopes.join(' ') !== validation.scopes.join(' ');
    const updated: StoredTokens = {
      ...current,
      scopes: validation.scopes,
      login: validation.login ?? current.login,
      userId: validation.userId ?? current.userId,
      expiresAt: validation.expiresIn === null ? current.expiresAt : this.isoIn(validation.expiresIn * 1000),
    };
    this.current = updated;
    let account = state.get().account;
    if (!this.accountLoaded) {
      try {
        account = await identity.getUser(updated.accessToken);
        this.accountLoaded = true;
      } catch (err) {
        this.options.logger.warn('could not load the account', { reason: reasonOf(err) });
      }
      if (this.current !== updated) return;
    }
    const saveError = changed ? await this.persist(updated) : null;
    if (this.current !== updated) return;
    state.update({
      status: this.options.signInUnderway() ? 'signingIn' : 'signedIn',
      account: account ?? accountFromTokens(updated),
      scopes: updated.scopes,
      missingScopes: this.missing(updated.scopes),
      lastValidatedAt: new Date(this.options.clock.now()).toISOString(),
      error: saveError,
    });
  }

  /** Asks the platform about `tokens`; null when it could not be asked (the state says why) or they were replaced meanwhile. */
  private async check(tokens: StoredTokens): Promise<TokenValidation | 'invalid' | null> {
    try {
      const validation = await this.options.identity.validate(tokens.accessToken);
      return this.current === tokens ? validation : null;
    } catch (err) {
      // Offline is not signed out: keep the session and say why it could not be checked.
      if (this.current === tokens) this.options.state.update({ error: this.transientMessage(err, 'check') });
      return null;
    }
  }

  private async refresh(tokens: StoredTokens): Promise<string> {
    if (!tokens.refreshToken) {
      // Implicit-flow tokens cannot be renewed.
      await this.expire(tokens, expiredMessage);
      throw new AppError('not_signed_in', expiredMessage);
    }
    const { identity, state } = this.options;
    let grant: TokenGrant;
    try {
      grant = await identity.refresh(tokens.refreshToken);
    } catch (err) {
      if (err instanceof IdentityError && err.isRefusal) {
        await this.expire(tokens, `The platform refused to renew your sign-in (${err.platformMessage}). Sign in again.`);
        throw new AppError('not_signed_in', expiredMessage);
      }
      const message = this.transientMessage(err, 'renew');
      if (this.current === tokens) state.update({ error: message });
      throw isNetworkError(err) ? new AppError('network_error', message) : new AppError('unavailable', message);
    }
    if (this.current !== tokens) {
      // Signed out (or in again) while refreshing: the new token belongs to nobody now.
      if (this.current) return this.current.accessToken;
      background(identity.revoke(grant.accessToken), this.options.logger, 'revoking the token renewed after a sign-out');
      throw new AppError('not_signed_in', signedOutMessage);
    }
    const renewed: StoredTokens = {
      ...tokens,
      accessToken: grant.accessToken,
      // The refresh token may rotate; the old one may already be void, so keep the new one at once.
      refreshToken: grant.refreshToken ?? tokens.refreshToken,
      expiresAt: grant.expiresIn === null ? null : this.isoIn(grant.expiresIn * 1000),
      scopes: grant.scopes.length > 0 ? grant.scopes : tokens.scopes,
    };
    this.current = renewed;
    const saveError = await this.persist(renewed);
    this.options.logger.info('access token refreshed');
    if (this.current === renewed) state.update({ scopes: renewed.scopes, missingScopes: this.missing(renewed.scopes), error: saveError });
    return renewed.accessToken;
  }

  /** The grant is gone for good: forget the tokens and ask the user to sign in again. */
  private async expire(tokens: StoredTokens, reason: string): Promise<void> {
    if (this.current !== tokens) return;
    this.current = null;
    this.options.logger.warn('sign-in expired', { reason });
    await this.clearStore();
    if (this.options.signInUnderway()) {
      // A sign-in is under way; fall back to needsSignIn if it does not finish.
      this.options.expiredDuringSignIn(reason);
      this.options.state.update({ scopes: [], missingScopes: [] });
    } else {
      this.options.state.update({ status: 'needsSignIn', scopes: [], missingScopes: [], pending: null, error: reason });
    }
  }

  private notSignedIn(): AppError {
    return new AppError('not_signed_in', this.options.state.get().status === 'needsSignIn' ? expiredMessage : signedOutMessage);
  }

  private transientMessage(err: unknown, verb: 'check' | 'renew'): string {
    if (err instanceof IdentityError) return `The platform could not ${verb} your sign-in right now (${err.platformMessage}).`;
    if (isNetworkError(err)) return `Could not reach the platform: ${describeNetworkError(err)}.`;
    this.options.logger.error(`unexpected error while trying to ${verb} the sign-in`, { error: err });
    return `Sidestage could not ${verb} your sign-in.`;
  }

  // ---------- storage ----------

  private async loadTokens(): Promise<StoredTokens | null> {
    try {
      return await this.options.tokenStore.load();
    } catch (err) {
      this.options.logger.warn('could not load the saved sign-in', { reason: reasonOf(err) });
      return null;
    }
  }

  /** Saves the tokens; a failure keeps the session in memory and returns the words for the user. */
  private async persist(tokens: StoredTokens): Promise<string | null> {
    try {
      await this.options.tokenStore.save(tokens);
      return null;
    } catch (err) {
      this.options.logger.error('could not save the sign-in', { reason: reasonOf(err) });
      if (isDiskFull(err)) return 'Your disk is full, so Sidestage could not save your sign-in; free some space, or you will need to sign in again after a restart.';
      return 'Sidestage could not save your sign-in on this computer; you will need to sign in again after a restart.';
    }
  }

  private async clearStore(): Promise<void> {
    try {
      await this.options.tokenStore.clear();
    } catch (err) {
      this.options.logger.error('could not delete the saved sign-in', { reason: reasonOf(err) });
    }
  }

  private isoIn(ms: number): string {
    return new Date(this.options.clock.now() + ms).toISOString();
  }
}

function accountFromTokens(tokens: StoredTokens): Account | null {
  if (!tokens.userId || !tokens.login) return null;
  return { id: tokens.userId, login: tokens.login, displayName: tokens.login, broadcasterType: '', profileImageUrl: '' };
}

/** A failure in words for a log line: never a token, only what the platform or the network said. */
export function reasonOf(err: unknown): string {
  if (err instanceof IdentityError) return `${err.status} ${err.platformMessage}`;
  if (isNetworkError(err)) return describeNetworkError(err);
  return err instanceof Error ? err.message : String(err);
}

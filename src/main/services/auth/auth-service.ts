import { randomBytes } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { signedOutAuthState, type Account, type AuthState, type SignInFlow } from '../../../shared/ipc/contract';
import { AppError } from '../app-error';
import { isDiskFull } from '../common/atomic-json-file';
import type { Logger } from '../logger';
import { describeNetworkError, isNetworkError } from '../api/network-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { IdentityClient, IdentityError, type TokenGrant } from './identity-client';
import { startLoopbackListener, type LoopbackListener } from './loopback-server';
import type { StoredTokens, TokenStore } from './token-store';

export interface AuthServiceOptions {
  endpoints: {
    /** The identity service's origin, e.g. https://id.twitch.tv or the emulator's http://127.0.0.1:<port>. */
    authUrl: string;
    /** The current API's origin; `{apiBaseUrl}/helix/users` gives the account after sign-in. */
    apiBaseUrl: string;
  };
  clientId: string;
  /** Null for a public client: the loopback flow then uses the implicit grant. */
  clientSecret: string | null;
  redirectUri: string;
  scopes: string[];
  tokenStore: TokenStore;
  /** Opens the authorize page in the user's browser; false when it could not (the renderer opens it). */
  openUrl: (url: string) => Promise<boolean>;
  logger: Logger;
  clock?: Clock;
  /** How long the loopback listener waits for the browser. Default 10 minutes. */
  signInTimeoutMs?: number;
  /** Default one hour, as the platform asks of apps. */
  validateIntervalMs?: number;
  dispatcher?: Dispatcher;
}

export type AuthStateListener = (state: AuthState) => void;

interface SignInAttempt {
  readonly flow: SignInFlow;
  readonly abort: AbortController;
  /** What to go back to when the attempt is cancelled or fails. */
  before: { status: AuthState['status']; error: string | null };
  listener: LoopbackListener | null;
  pollTimer: unknown;
}

const expiredMessage = 'Your sign-in expired. Sign in again.';
const signedOutMessage = 'Sign in to the platform first.';


/**
 * Owns the account: sign-in (loopback or device code), the stored tokens, hourly validation,
 * refresh after a 401, sign-out. The renderer only ever sees AuthState, which has no token in it.
 */
export class AuthService {
  private readonly clock: Clock;
  private readonly identity: IdentityClient;
  private readonly signInTimeoutMs: number;
  private readonly listeners = new Set<AuthStateListener>();
  private state: AuthState = signedOutAuthState;
  private tokens: StoredTokens | null = null;
  /** False while the account shown is only what the stored tokens knew (login as display name). */
  private accountLoaded = false;
  private attempt: SignInAttempt | null = null;
  private refreshing: Promise<string> | null = null;
  private validating: Promise<void> | null = null;
  private validateTimer: unknown = null;
  private disposed = false;

  constructor(private readonly options: AuthServiceOptions) {
    this.clock = options.clock ?? systemClock;
    this.signInTimeoutMs = options.signInTimeoutMs ?? 10 * 60_000;
    this.identity = new IdentityClient({
      authUrl: options.endpoints.authUrl,
      apiBaseUrl: options.endpoints.apiBaseUrl,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      logger: options.logger,
      dispatcher: options.dispatcher,
    });
  }

  getState(): AuthState {
    return structuredClone(this.state);
  }

  onChange(listener: AuthStateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads saved tokens and validates them at once, then every hour. */
  async start(): Promise<void> {
    const tokens = await this.loadTokens();
    if (tokens && tokens.clientId !== this.options.clientId) {
      // Tokens of another client ID are useless with this one (every call would answer 401).
      await this.clearStore();
      this.update({ ...signedOutAuthState, status: 'needsSignIn', error: 'Sidestage uses a different client ID than when you signed in. Sign in again.' });
    } else if (tokens) {
      this.tokens = tokens;
      this.accountLoaded = false;
      this.update({
        status: 'signedIn',
        account: accountFromTokens(tokens),
        scopes: tokens.scopes,
        missingScopes: this.missing(tokens.scopes),
        pending: null,
        lastValidatedAt: null,
        error: null,
      });
    }
    if (!this.disposed && this.validateTimer === null) {
      this.validateTimer = this.clock.setInterval(() => this.validateNow().catch((error: unknown) => this.options.logger.error('the hourly sign-in check failed', { reason: reasonOf(error) })), this.options.validateIntervalMs ?? 60 * 60_000);
    }
    if (this.tokens) await this.validateNow();
  }

  /**
   * Starts a sign-in and resolves as soon as it is pending (`signingIn` with `pending`);
   * it completes in the background and reports through onChange. A new sign-in cancels a pending one.
   */
  async signIn(flow: SignInFlow): Promise<AuthState> {
    if (this.disposed) throw new AppError('unavailable', 'Sidestage is shutting down.');
    const previous = this.attempt;
    const before = previous ? previous.before : { status: this.state.status, error: this.state.error };
    if (previous) await this.abortAttempt(previous);
    const attempt: SignInAttempt = { flow, abort: new AbortController(), before, listener: null, pollTimer: null };
    this.attempt = attempt;
    try {
      if (flow === 'loopback') await this.beginLoopback(attempt);
      else await this.beginDevice(attempt);
    } catch (err) {
      // Replaced by a newer sign-in while starting: that one's state is the answer.
      if (this.attempt !== attempt) return this.getState();
      const error = this.signInError(err);
      this.attempt = null;
      await this.abortAttempt(attempt);
      this.update({ status: this.statusWithout(attempt), pending: null, error: error.message });
      throw error;
    }
    return this.getState();
  }

  async cancelSignIn(): Promise<AuthState> {
    const attempt = this.attempt;
    if (attempt) {
      this.attempt = null;
      await this.abortAttempt(attempt);
      this.update({ status: this.statusWithout(attempt), pending: null, error: attempt.before.error });
    }
    return this.getState();
  }

  /** Forgets the tokens here first (even if the platform cannot be reached), then revokes them there. */
  async signOut(): Promise<AuthState> {
    const attempt = this.attempt;
    this.attempt = null;
    if (attempt) await this.abortAttempt(attempt);
    const tokens = this.tokens;
    this.tokens = null;
    this.accountLoaded = false;
    await this.clearStore();
    this.update({ ...signedOutAuthState });
    if (tokens) {
      try {
        await this.identity.revoke(tokens.accessToken);
      } catch (err) {
        this.options.logger.warn('could not revoke the token at sign-out', { reason: reasonOf(err) });
      }
    }
    return this.getState();
  }

  async getAccessToken(): Promise<string> {
    if (this.tokens) return this.tokens.accessToken;
    throw new AppError('not_signed_in', this.state.status === 'needsSignIn' ? expiredMessage : signedOutMessage);
  }

  /**
   * Called by the API client when `rejectedToken` got a 401. Concurrent callers share one refresh;
   * a caller whose token was already replaced gets the new one without another refresh.
   */
  async refreshAfterUnauthorized(rejectedToken: string): Promise<string> {
    const tokens = this.tokens;
    if (!tokens) throw new AppError('not_signed_in', this.state.status === 'needsSignIn' ? expiredMessage : signedOutMessage);
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

  async dispose(): Promise<void> {
    this.disposed = true;
    if (this.validateTimer !== null) this.clock.clearInterval(this.validateTimer);
    this.validateTimer = null;
    const attempt = this.attempt;
    this.attempt = null;
    if (attempt) await this.abortAttempt(attempt);
    this.listeners.clear();
  }

  // ---------- sign-in flows ----------

  private async beginLoopback(attempt: SignInAttempt): Promise<void> {
    const state = randomBytes(24).toString('base64url');
    // Without a secret the code cannot be exchanged, so a public client uses the implicit grant.
    const responseType = this.options.clientSecret ? 'code' : 'token';
    const listener = await startLoopbackListener({
      redirectUri: this.options.redirectUri,
      expectedState: state,
      timeoutMs: this.signInTimeoutMs,
      responseType,
      clock: this.clock,
      logger: this.options.logger,
    });
    attempt.listener = listener;
    if (this.attempt !== attempt) {
      await listener.close();
      return;
    }
    const authorizeUrl = new URL(`${trimSlash(this.options.endpoints.authUrl)}/oauth2/authorize`);
    authorizeUrl.search = new URLSearchParams({
      client_id: this.options.clientId,
      redirect_uri: listener.redirectUri,
      response_type: responseType,
      scope: this.options.scopes.join(' '),
      state,
      // The browser may be signed in to another account; let the user see which one is granted.
      force_verify: 'true',
    }).toString();
    this.update({
      status: 'signingIn',
      pending: { flow: 'loopback', authorizeUrl: authorizeUrl.href, openedBy: 'main', expiresAt: this.isoIn(this.signInTimeoutMs) },
      error: null,
    });
    this.completeLoopback(attempt, listener).catch((error: unknown) => this.failAttempt(attempt, `The sign-in stopped: ${reasonOf(error)}`));

    let opened = false;
    try {
      opened = await this.options.openUrl(authorizeUrl.href);
    } catch (err) {
      this.options.logger.warn('could not open the browser for sign-in', { reason: reasonOf(err) });
    }
    // The callback may already have arrived while the browser was opening.
    if (!opened && this.attempt === attempt && this.state.pending?.flow === 'loopback') {
      this.update({ pending: { ...this.state.pending, openedBy: 'renderer' } });
    }
  }

  private async completeLoopback(attempt: SignInAttempt, listener: LoopbackListener): Promise<void> {
    try {
      const outcome = await listener.result;
      if (outcome.type === 'cancelled') {
        this.failAttempt(attempt, 'The sign-in was cancelled in the browser.');
        return;
      }
      const grant: TokenGrant =
        outcome.type === 'code'
          ? await this.identity.exchangeCode(outcome.code, listener.redirectUri, attempt.abort.signal)
          : { accessToken: outcome.accessToken, refreshToken: null, expiresIn: null, scopes: outcome.scope };
      await this.completeSignIn(attempt, grant);
    } catch (err) {
      if (this.attempt === attempt) this.failAttempt(attempt, this.signInError(err).message);
    }
  }

  private async beginDevice(attempt: SignInAttempt): Promise<void> {
    const device = await this.identity.requestDeviceCode(this.options.scopes, attempt.abort.signal);
    if (this.attempt !== attempt) return;
    const expiresAtMs = this.clock.now() + device.expiresIn * 1000;
    this.update({
      status: 'signingIn',
      pending: { flow: 'device', userCode: device.userCode, verificationUri: device.verificationUri, expiresAt: new Date(expiresAtMs).toISOString() },
      error: null,
    });
    let intervalMs = device.interval * 1000;
    const schedule = () => {
      attempt.pollTimer = this.clock.setTimeout(() => poll().catch((error: unknown) => this.failAttempt(attempt, `The sign-in stopped: ${reasonOf(error)}`)), intervalMs);
    };
    const poll = async (): Promise<void> => {
      attempt.pollTimer = null;
      if (this.attempt !== attempt) return;
      if (this.clock.now() >= expiresAtMs) {
        this.failAttempt(attempt, 'The sign-in code expired before it was approved. Try again.');
        return;
      }
      let answer: Awaited<ReturnType<IdentityClient['pollDeviceToken']>>;
      try {
        answer = await this.identity.pollDeviceToken(device.deviceCode, this.options.scopes, attempt.abort.signal);
      } catch (err) {
        if (this.attempt !== attempt) return;
        if (isNetworkError(err) || (err instanceof IdentityError && err.status >= 500)) {
          // A passing network failure should not end a sign-in the user is approving right now.
          this.options.logger.warn('device-code poll failed; will retry', { reason: reasonOf(err) });
          schedule();
          return;
        }
        const declined = err instanceof IdentityError && /denied|declined/i.test(err.platformMessage);
        this.failAttempt(attempt, declined ? 'The sign-in was declined on the platform.' : this.signInError(err).message);
        return;
      }
      if (this.attempt !== attempt) return;
      if (answer === 'pending' || answer === 'slow_down') {
        if (answer === 'slow_down') intervalMs += 5000;
        schedule();
        return;
      }
      try {
        await this.completeSignIn(attempt, answer);
      } catch (err) {
        if (this.attempt === attempt) this.failAttempt(attempt, this.signInError(err).message);
      }
    };
    schedule();
  }

  /** A token arrived: learn its scopes and user, load the account, save, and show signedIn. */
  private async completeSignIn(attempt: SignInAttempt, grant: TokenGrant): Promise<void> {
    const signal = attempt.abort.signal;
    const validation = await this.identity.validate(grant.accessToken, signal);
    if (validation === 'invalid') throw new AppError('sign_in_failed', 'The platform refused the sign-in: the new token was not accepted.');
    // A fragment can be forged by any page that reaches the loopback listener with the right state;
    // a token made for another application must not become this app's sign-in.
    if (validation.clientId !== this.options.clientId) {
      throw new AppError('sign_in_failed', 'The platform refused the sign-in: the token was issued to another application. Try again.');
    }
    let account: Account | null;
    try {
      account = await this.identity.getUser(grant.accessToken, signal);
    } catch (err) {
      if (signal.aborted) throw err;
      // The token is good; the profile can be loaded at the next validation.
      this.options.logger.warn('could not load the account after sign-in', { reason: reasonOf(err) });
      account = null;
    }
    if (this.attempt !== attempt) {
      // Cancelled while finishing: do not leave a live token behind on the platform.
      void this.identity.revoke(grant.accessToken).catch(() => {});
      return;
    }
    const scopes = validation.scopes.length > 0 ? validation.scopes : grant.scopes;
    const expiresIn = validation.expiresIn ?? grant.expiresIn;
    const tokens: StoredTokens = {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      expiresAt: expiresIn === null ? null : this.isoIn(expiresIn * 1000),
      scopes,
      clientId: this.options.clientId,
      userId: validation.userId ?? account?.id ?? null,
      login: validation.login ?? account?.login ?? null,
    };
    this.attempt = null;
    this.abortAttempt(attempt).catch((error: unknown) => this.options.logger.warn('the sign-in listener did not close cleanly', { reason: reasonOf(error) }));
    this.tokens = tokens;
    this.accountLoaded = account !== null;
    // Saved before anyone is told "signed in", so a quit right after does not lose the sign-in.
    const saveError = await this.persist(tokens);
    if (this.tokens !== tokens) return;
    this.update({
      status: 'signedIn',
      account: account ?? accountFromTokens(tokens),
      scopes,
      missingScopes: this.missing(scopes),
      pending: null,
      lastValidatedAt: new Date(this.clock.now()).toISOString(),
      error: saveError,
    });
    this.options.logger.info('signed in', { login: tokens.login, flow: attempt.flow, missingScopes: this.state.missingScopes });
  }

  private failAttempt(attempt: SignInAttempt, message: string): void {
    if (this.attempt !== attempt) return;
    this.attempt = null;
    this.abortAttempt(attempt).catch((error: unknown) => this.options.logger.warn('the sign-in listener did not close cleanly', { reason: reasonOf(error) }));
    this.options.logger.info('sign-in did not complete', { flow: attempt.flow, message });
    this.update({ status: this.statusWithout(attempt), pending: null, error: message });
  }

  private async abortAttempt(attempt: SignInAttempt): Promise<void> {
    attempt.abort.abort();
    if (attempt.pollTimer !== null) this.clock.clearTimeout(attempt.pollTimer);
    attempt.pollTimer = null;
    const listener = attempt.listener;
    attempt.listener = null;
    if (listener) await listener.close();
  }

  /** The status once an attempt is gone: signed in if tokens survived, else what it was before. */
  private statusWithout(attempt: SignInAttempt): AuthState['status'] {
    if (this.tokens) return 'signedIn';
    return attempt.before.status === 'needsSignIn' ? 'needsSignIn' : 'signedOut';
  }

  private signInError(err: unknown): AppError {
    if (err instanceof AppError) return err;
    if (err instanceof IdentityError) return new AppError('sign_in_failed', `The platform refused the sign-in: ${err.platformMessage}.`);
    if (isNetworkError(err)) return new AppError('network_error', `Could not reach the platform: ${describeNetworkError(err)}.`);
    this.options.logger.error('sign-in failed unexpectedly', { error: err });
    return new AppError('sign_in_failed', 'The sign-in failed unexpectedly. Try again.');
  }

  // ---------- validation and refresh ----------

  private async validate(): Promise<void> {
    const tokens = this.tokens;
    if (!tokens || this.disposed) return;
    let validation: Awaited<ReturnType<IdentityClient['validate']>>;
    try {
      validation = await this.identity.validate(tokens.accessToken);
    } catch (err) {
      // Offline is not signed out: keep the session and say why it could not be checked.
      if (this.tokens === tokens) this.update({ error: this.transientMessage(err, 'check') });
      return;
    }
    if (this.tokens !== tokens) return;
    if (validation === 'invalid') {
      try {
        await this.refreshAfterUnauthorized(tokens.accessToken);
      } catch {
        return; // refresh() has already moved the state on
      }
      const renewed = this.tokens as StoredTokens | null;
      if (!renewed) return;
      try {
        validation = await this.identity.validate(renewed.accessToken);
      } catch (err) {
        if (this.tokens === renewed) this.update({ error: this.transientMessage(err, 'check') });
        return;
      }
      if (this.tokens !== renewed) return;
      if (validation === 'invalid') {
        await this.expire(renewed, 'The platform no longer accepts your sign-in. Sign in again.');
        return;
      }
    }
    const current = this.tokens;
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
    this.tokens = updated;
    let account = this.state.account;
    if (!this.accountLoaded) {
      try {
        account = await this.identity.getUser(updated.accessToken);
        this.accountLoaded = true;
      } catch (err) {
        this.options.logger.warn('could not load the account', { reason: reasonOf(err) });
      }
      if (this.tokens !== updated) return;
    }
    const saveError = changed ? await this.persist(updated) : null;
    if (this.tokens !== updated) return;
    this.update({
      status: this.attempt ? 'signingIn' : 'signedIn',
      account: account ?? accountFromTokens(updated),
      scopes: updated.scopes,
      missingScopes: this.missing(updated.scopes),
      lastValidatedAt: new Date(this.clock.now()).toISOString(),
      error: saveError,
    });
  }

  private async refresh(tokens: StoredTokens): Promise<string> {
    if (!tokens.refreshToken) {
      // Implicit-flow tokens cannot be renewed.
      await this.expire(tokens, expiredMessage);
      throw new AppError('not_signed_in', expiredMessage);
    }
    let grant: TokenGrant;
    try {
      grant = await this.identity.refresh(tokens.refreshToken);
    } catch (err) {
      if (err instanceof IdentityError && err.isRefusal) {
        await this.expire(tokens, `The platform refused to renew your sign-in (${err.platformMessage}). Sign in again.`);
        throw new AppError('not_signed_in', expiredMessage);
      }
      const message = this.transientMessage(err, 'renew');
      if (this.tokens === tokens) this.update({ error: message });
      throw isNetworkError(err) ? new AppError('network_error', message) : new AppError('unavailable', message);
    }
    if (this.tokens !== tokens) {
      // Signed out (or in again) while refreshing: the new token belongs to nobody now.
      if (this.tokens) return this.tokens.accessToken;
      void this.identity.revoke(grant.accessToken).catch(() => {});
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
    this.tokens = renewed;
    const saveError = await this.persist(renewed);
    this.options.logger.info('access token refreshed');
    if (this.tokens === renewed) this.update({ scopes: renewed.scopes, missingScopes: this.missing(renewed.scopes), error: saveError });
    return renewed.accessToken;
  }

  /** The grant is gone for good: forget the tokens and ask the user to sign in again. */
  private async expire(tokens: StoredTokens, reason: string): Promise<void> {
    if (this.tokens !== tokens) return;
    this.tokens = null;
    this.options.logger.warn('sign-in expired', { reason });
    await this.clearStore();
    if (this.attempt) {
      // A sign-in is under way; fall back to needsSignIn if it does not finish.
      this.attempt.before = { status: 'needsSignIn', error: reason };
      this.update({ scopes: [], missingScopes: [] });
    } else {
      this.update({ status: 'needsSignIn', scopes: [], missingScopes: [], pending: null, error: reason });
    }
  }

  private transientMessage(err: unknown, verb: 'check' | 'renew'): string {
    if (err instanceof IdentityError) return `The platform could not ${verb} your sign-in right now (${err.platformMessage}).`;
    if (isNetworkError(err)) return `Could not reach the platform: ${describeNetworkError(err)}.`;
    this.options.logger.error(`unexpected error while trying to ${verb} the sign-in`, { error: err });
    return `Sidestage could not ${verb} your sign-in.`;
  }

  // ---------- storage and state ----------

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

  private missing(granted: string[]): string[] {
    return this.options.scopes.filter((s) => !granted.includes(s));
  }

  private isoIn(ms: number): string {
    return new Date(this.clock.now() + ms).toISOString();
  }

  private update(patch: Partial<AuthState>): void {
    const next: AuthState = { ...this.state, ...patch };
    if (next.status !== 'signingIn') next.pending = null;
    if (next.status === 'signedOut') next.account = null;
    if (JSON.stringify(next) === JSON.stringify(this.state)) return;
    this.state = next;
    for (const listener of [...this.listeners]) {
      try {
        listener(structuredClone(next));
      } catch (err) {
        this.options.logger.error('auth state listener failed', { error: err });
      }
    }
  }
}

function accountFromTokens(tokens: StoredTokens): Account | null {
  if (!tokens.userId || !tokens.login) return null;
  return { id: tokens.userId, login: tokens.login, displayName: tokens.login, broadcasterType: '', profileImageUrl: '' };
}

function reasonOf(err: unknown): string {
  if (err instanceof IdentityError) return `${err.status} ${err.platformMessage}`;
  if (isNetworkError(err)) return describeNetworkError(err);
  return err instanceof Error ? err.message : String(err);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

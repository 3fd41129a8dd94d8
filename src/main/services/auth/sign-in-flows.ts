/**
 * The sign-in flows: the loopback authorization-code flow (the implicit grant for a public
 * client) and the device code flow. Each ends with a checked grant handed to the token session
 * (`token-session.ts`); `AuthService` is the facade that owns both.
 */
import { randomBytes } from 'node:crypto';
import type { Account, AuthState, SignInFlow } from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import { AppError } from '../app-error';
import { background } from '../common/background';
import type { Logger } from '../logger';
import { describeNetworkError, isNetworkError } from '../api/network-error';
import { IdentityError, type IdentityClient, type TokenGrant } from './identity-client';
import { startLoopbackListener, type LoopbackListener } from './loopback-server';
import { reasonOf, type AuthStateHolder } from './token-session';
import type { StoredTokens } from './token-store';

export interface SignInFlowsOptions {
  identity: IdentityClient;
  /** The identity service's origin (the authorize page is below it). */
  authUrl: string;
  clientId: string;
  /** Null for a public client: the loopback flow then uses the implicit grant. */
  clientSecret: string | null;
  redirectUri: string;
  scopes: string[];
  signInTimeoutMs: number;
  openUrl: (url: string) => Promise<boolean>;
  logger: Logger;
  clock: Clock;
  state: AuthStateHolder;
  /** Tokens of an earlier sign-in are still held: a failed attempt goes back to signed in. */
  hasTokens(): boolean;
  /** The checked grant of a completed sign-in, with the account when it could be loaded. */
  complete(tokens: StoredTokens, account: Account | null, flow: SignInFlow): Promise<void>;
}

interface SignInAttempt {
  readonly flow: SignInFlow;
  readonly abort: AbortController;
  /** What to go back to when the attempt is cancelled or fails. */
  before: { status: AuthState['status']; error: string | null };
  listener: LoopbackListener | null;
  pollTimer: unknown;
}

export class SignInFlows {
  private attempt: SignInAttempt | null = null;

  constructor(private readonly options: SignInFlowsOptions) {}

  get underway(): boolean {
    return this.attempt !== null;
  }

  /**
   * Starts a sign-in and resolves as soon as it is pending (`signingIn` with `pending`);
   * it completes in the background. A new sign-in cancels a pending one.
   */
  async start(flow: SignInFlow): Promise<void> {
    const previous = this.attempt;
    const state = this.options.state.get();
    const before = previous ? previous.before : { status: state.status, error: state.error };
    if (previous) await this.abortAttempt(previous);
    const attempt: SignInAttempt = { flow, abort: new AbortController(), before, listener: null, pollTimer: null };
    this.attempt = attempt;
    try {
      if (flow === 'loopback') await this.beginLoopback(attempt);
      else await this.beginDevice(attempt);
    } catch (err) {
      // Replaced by a newer sign-in while starting: that one's state is the answer.
      if (this.attempt !== attempt) return;
      const error = this.signInError(err);
      this.attempt = null;
      await this.abortAttempt(attempt);
      this.options.state.update({ status: this.statusWithout(attempt), pending: null, error: error.message });
      throw error;
    }
  }

  /** Cancels the attempt under way, if any, and goes back to what was before it. */
  async cancel(): Promise<void> {
    const attempt = this.attempt;
    if (!attempt) return;
    this.attempt = null;
    await this.abortAttempt(attempt);
    this.options.state.update({ status: this.statusWithout(attempt), pending: null, error: attempt.before.error });
  }

  /** Ends the attempt under way without a word (sign-out, shutdown). */
  async abort(): Promise<void> {
    const attempt = this.attempt;
    this.attempt = null;
    if (attempt) await this.abortAttempt(attempt);
  }

  /** The tokens expired for good during the attempt: if it does not finish, the user must sign in again. */
  expiredMeanwhile(reason: string): void {
    if (this.attempt) this.attempt.before = { status: 'needsSignIn', error: reason };
  }

  // ---------- loopback ----------

  private async beginLoopback(attempt: SignInAttempt): Promise<void> {
    const { options } = this;
    const state = randomBytes(24).toString('base64url');
    // Without a secret the code cannot be exchanged, so a public client uses the implicit grant.
    const responseType = options.clientSecret ? 'code' : 'token';
    const listener = await startLoopbackListener({
      redirectUri: options.redirectUri,
      expectedState: state,
      timeoutMs: options.signInTimeoutMs,
      responseType,
      clock: options.clock,
      logger: options.logger,
    });
    attempt.listener = listener;
    if (this.attempt !== attempt) {
      await listener.close();
      return;
    }
    const authorizeUrl = new URL(`${options.authUrl.replace(/\/+$/, '')}/oauth2/authorize`);
    authorizeUrl.search = new URLSearchParams({
      client_id: options.clientId,
      redirect_uri: listener.redirectUri,
      response_type: responseType,
      scope: options.scopes.join(' '),
      state,
      // The browser may be signed in to another account; let the user see which one is granted.
      force_verify: 'true',
    }).toString();
    options.state.update({
      status: 'signingIn',
      pending: { flow: 'loopback', authorizeUrl: authorizeUrl.href, openedBy: 'main', expiresAt: new Date(options.clock.now() + options.signInTimeoutMs).toISOString() },
      error: null,
    });
    this.completeLoopback(attempt, listener).catch((error: unknown) => this.failAttempt(attempt, `The sign-in stopped: ${reasonOf(error)}`));

    let opened = false;
    try {
      opened = await options.openUrl(authorizeUrl.href);
    } catch (err) {
      options.logger.warn('could not open the browser for sign-in', { reason: reasonOf(err) });
    }
    // The callback may already have arrived while the browser was opening.
    const pending = options.state.get().pending;
    if (!opened && this.attempt === attempt && pending?.flow === 'loopback') {
      options.state.update({ pending: { ...pending, openedBy: 'renderer' } });
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
          ? await this.options.identity.exchangeCode(outcome.code, listener.redirectUri, attempt.abort.signal)
          : { accessToken: outcome.accessToken, refreshToken: null, expiresIn: null, scopes: outcome.scope };
      await this.completeSignIn(attempt, grant);
    } catch (err) {
      if (this.attempt === attempt) this.failAttempt(attempt, this.signInError(err).message);
    }
  }

  // ---------- device code ----------

  private async beginDevice(attempt: SignInAttempt): Promise<void> {
    const { identity, clock, logger, scopes, state } = this.options;
    const device = await identity.requestDeviceCode(scopes, attempt.abort.signal);
    if (this.attempt !== attempt) return;
    const expiresAtMs = clock.now() + device.expiresIn * 1000;
    state.update({
      status: 'signingIn',
      pending: { flow: 'device', userCode: device.userCode, verificationUri: device.verificationUri, expiresAt: new Date(expiresAtMs).toISOString() },
      error: null,
    });
    let intervalMs = device.interval * 1000;
    const schedule = () => {
      attempt.pollTimer = clock.setTimeout(() => poll().catch((error: unknown) => this.failAttempt(attempt, `The sign-in stopped: ${reasonOf(error)}`)), intervalMs);
    };
    const poll = async (): Promise<void> => {
      attempt.pollTimer = null;
      if (this.attempt !== attempt) return;
      if (clock.now() >= expiresAtMs) {
        this.failAttempt(attempt, 'The sign-in code expired before it was approved. Try again.');
        return;
      }
      let answer: Awaited<ReturnType<IdentityClient['pollDeviceToken']>>;
      try {
        answer = await identity.pollDeviceToken(device.deviceCode, scopes, attempt.abort.signal);
      } catch (err) {
        if (this.attempt !== attempt) return;
        if (isNetworkError(err) || (err instanceof IdentityError && err.status >= 500)) {
          // A passing network failure should not end a sign-in the user is approving right now.
          logger.warn('device-code poll failed; will retry', { reason: reasonOf(err) });
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

  // ---------- completion ----------

  /** A token arrived: learn its scopes and user, load the account, and hand it to the token session. */
  private async completeSignIn(attempt: SignInAttempt, grant: TokenGrant): Promise<void> {
    const { identity, clientId, clock, logger } = this.options;
    const signal = attempt.abort.signal;
    const validation = await identity.validate(grant.accessToken, signal);
    if (validation === 'invalid') throw new AppError('sign_in_failed', 'The platform refused the sign-in: the new token was not accepted.');
    // A fragment can be forged by any page that reaches the loopback listener with the right state;
    // a token made for another application must not become this app's sign-in.
    if (validation.clientId !== clientId) {
      throw new AppError('sign_in_failed', 'The platform refused the sign-in: the token was issued to another application. Try again.');
    }
    let account: Account | null;
    try {
      account = await identity.getUser(grant.accessToken, signal);
    } catch (err) {
      if (signal.aborted) throw err;
      // The token is good; the profile can be loaded at the next validation.
      logger.warn('could not load the account after sign-in', { reason: reasonOf(err) });
      account = null;
    }
    if (this.attempt !== attempt) {
      // Cancelled while finishing: do not leave a live token behind on the platform.
      background(identity.revoke(grant.accessToken), logger, 'revoking the token of a cancelled sign-in');
      return;
    }
    const expiresIn = validation.expiresIn ?? grant.expiresIn;
    const tokens: StoredTokens = {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      expiresAt: expiresIn === null ? null : new Date(clock.now() + expiresIn * 1000).toISOString(),
      scopes: validation.scopes.length > 0 ? validation.scopes : grant.scopes,
      clientId,
      userId: validation.userId ?? account?.id ?? null,
      login: validation.login ?? account?.login ?? null,
    };
    this.attempt = null;
    this.abortAttempt(attempt).catch((error: unknown) => logger.warn('the sign-in listener did not close cleanly', { reason: reasonOf(error) }));
    await this.options.complete(tokens, account, attempt.flow);
  }

  private failAttempt(attempt: SignInAttempt, message: string): void {
    if (this.attempt !== attempt) return;
    this.attempt = null;
    this.abortAttempt(attempt).catch((error: unknown) => this.options.logger.warn('the sign-in listener did not close cleanly', { reason: reasonOf(error) }));
    this.options.logger.info('sign-in did not complete', { flow: attempt.flow, message });
    this.options.state.update({ status: this.statusWithout(attempt), pending: null, error: message });
  }

  private async abortAttempt(attempt: SignInAttempt): Promise<void> {
    attempt.abort.abort();
    if (attempt.pollTimer !== null) this.options.clock.clearTimeout(attempt.pollTimer);
    attempt.pollTimer = null;
    const listener = attempt.listener;
    attempt.listener = null;
    if (listener) await listener.close();
  }

  /** The status once an attempt is gone: signed in if tokens survived, else what it was before. */
  private statusWithout(attempt: SignInAttempt): AuthState['status'] {
    if (this.options.hasTokens()) return 'signedIn';
    return attempt.before.status === 'needsSignIn' ? 'needsSignIn' : 'signedOut';
  }

  private signInError(err: unknown): AppError {
    if (err instanceof AppError) return err;
    if (err instanceof IdentityError) return new AppError('sign_in_failed', `The platform refused the sign-in: ${err.platformMessage}.`);
    if (isNetworkError(err)) return new AppError('network_error', `Could not reach the platform: ${describeNetworkError(err)}.`);
    this.options.logger.error('sign-in failed unexpectedly', { error: err });
    return new AppError('sign_in_failed', 'The sign-in failed unexpectedly. Try again.');
  }
}

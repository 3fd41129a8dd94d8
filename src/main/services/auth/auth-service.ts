import type { Dispatcher } from 'undici';
import { signedOutAuthState, type AuthState, type SignInFlow } from '../../../shared/ipc/contract';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { nextCurrentBroadcaster } from '../../../shared/domain/current-broadcaster';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import { IdentityClient } from './identity-client';
import { SignInFlows } from './sign-in-flows';
import { reasonOf, TokenSession } from './token-session';
import type { TokenStore } from './token-store';

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

/**
 * Owns the account, as the one facade the rest of the app uses: the sign-in flows
 * (`sign-in-flows.ts`: loopback or device code) and the token session (`token-session.ts`: the
 * stored tokens, hourly validation, refresh after a 401, sign-out) move one AuthState on. The
 * renderer only ever sees AuthState, which has no token in it.
 */
export class AuthService {
  private readonly clock: Clock;
  private readonly changes = new Emitter<AuthState>();
  private readonly session: TokenSession;
  private readonly flows: SignInFlows;
  private state: AuthState = signedOutAuthState;
  private validateTimer: unknown = null;
  private disposed = false;

  constructor(private readonly options: AuthServiceOptions) {
    this.clock = options.clock ?? systemClock;
    const identity = new IdentityClient({
      authUrl: options.endpoints.authUrl,
      apiBaseUrl: options.endpoints.apiBaseUrl,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      logger: options.logger,
      dispatcher: options.dispatcher,
    });
    const state = { get: () => this.state, update: (patch: Partial<AuthState>) => this.update(patch) };
    this.session = new TokenSession({
      identity,
      tokenStore: options.tokenStore,
      clientId: options.clientId,
      scopes: options.scopes,
      logger: options.logger,
      clock: this.clock,
      state,
      signInUnderway: () => this.flows.underway,
      expiredDuringSignIn: (reason) => this.flows.expiredMeanwhile(reason),
    });
    this.flows = new SignInFlows({
      identity,
      authUrl: options.endpoints.authUrl,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      redirectUri: options.redirectUri,
      scopes: options.scopes,
      signInTimeoutMs: options.signInTimeoutMs ?? 10 * 60_000,
      openUrl: options.openUrl,
      logger: options.logger,
      clock: this.clock,
      state,
      hasTokens: () => this.session.hasTokens,
      complete: (tokens, account, flow) => this.session.adopt(tokens, account, flow),
    });
  }

  getState(): AuthState {
    return structuredClone(this.state);
  }

  /** Each listener gets its own copy of the state: one cannot change what the next one sees. */
  readonly onChange = (listener: AuthStateListener): Disposer => this.changes.on((state) => listener(structuredClone(state)));

  /** Loads saved tokens and validates them at once, then every hour. */
  async start(): Promise<void> {
    const loaded = await this.session.load();
    if (!this.disposed && this.validateTimer === null) {
      this.validateTimer = this.clock.setInterval(
        () => this.validateNow().catch((error: unknown) => this.options.logger.error('the hourly sign-in check failed', { reason: reasonOf(error) })),
        this.options.validateIntervalMs ?? 60 * 60_000,
      );
    }
    if (loaded) await this.validateNow();
  }

  /**
   * Starts a sign-in and resolves as soon as it is pending (`signingIn` with `pending`);
   * it completes in the background and reports through onChange. A new sign-in cancels a pending one.
   */
  async signIn(flow: SignInFlow): Promise<AuthState> {
    if (this.disposed) throw new AppError('unavailable', 'Sidestage is shutting down.');
    await this.flows.start(flow);
    return this.getState();
  }

  async cancelSignIn(): Promise<AuthState> {
    await this.flows.cancel();
    return this.getState();
  }

  /** Forgets the tokens here first (even if the platform cannot be reached), then revokes them there. */
  async signOut(): Promise<AuthState> {
    await this.flows.abort();
    await this.session.signOut();
    return this.getState();
  }

  getAccessToken(): Promise<string> {
    return this.session.getAccessToken();
  }

  /**
   * Called by the API client when `rejectedToken` got a 401. Concurrent callers share one refresh;
   * a caller whose token was already replaced gets the new one without another refresh.
   */
  refreshAfterUnauthorized(rejectedToken: string): Promise<string> {
    return this.session.refreshAfterUnauthorized(rejectedToken);
  }

  /** Validates the current token now (single-flight); the hourly timer calls this too. */
  validateNow(): Promise<void> {
    return this.session.validateNow();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.session.dispose();
    if (this.validateTimer !== null) this.clock.clearInterval(this.validateTimer);
    this.validateTimer = null;
    await this.flows.abort();
    this.changes.dispose();
  }

  private update(patch: Partial<AuthState>): void {
    const next: AuthState = { ...this.state, ...patch };
    if (next.status !== 'signingIn') next.pending = null;
    if (next.status === 'signedOut') next.account = null;
    next.currentBroadcaster = nextCurrentBroadcaster(next.status, next.account, this.state.currentBroadcaster);
    if (JSON.stringify(next) === JSON.stringify(this.state)) return;
    this.state = next;
    this.changes.fire(next);
  }
}

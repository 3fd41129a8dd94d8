/**
 * The bot account: a second sign-in beside the broadcaster's, so that what Sidestage says on its
 * own (automations, the starter pack) comes from a separate account viewers can tell from the
 * person. The same AuthService (loopback and device flows, encrypted tokens, refresh after a 401,
 * hourly validation) as a second instance with its own token store and its own scopes
 * (`botScopeList`); signing one account out leaves the other.
 *
 * How it speaks: with a confidential client (one with a secret, as the demo's), through Send Chat
 * Message with the app's token (client credentials), the platform's way for a chat bot: its lines
 * wear the chat-bot badge, and the platform checks the bot's `user:bot` grant and the broadcaster's
 * `channel:bot` (or the bot being a moderator). A public client has no secret, so no app token: the
 * bot then speaks with its own user token (`user:write:chat`), which the platform allows without
 * the badge.
 */
import type { Dispatcher } from 'undici';
import { botScopeList } from '../../../shared/domain/scopes';
import type { BotAccountState } from '../../../shared/ipc/contract';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { Clock } from '../../../shared/primitives/clock';
import { ApiClient } from '../api/api-client';
import type { Logger } from '../logger';
import { AppTokenSource } from './app-token';
import { AuthService } from './auth-service';
import { IdentityClient } from './identity-client';
import { join } from 'node:path';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import { encryptedFileDescription } from './aes-file-cipher';
import { CipherFileTokenStore, MemoryTokenStore, type TokenCipher, type TokenStore } from './token-store';

/** The bot's tokens beside the broadcaster's, in a file of their own, encrypted with the same cipher. */
export const BOT_TOKEN_FILE = 'bot-tokens.enc';

/**
 * The bot's token store: in demo mode in memory (the in-process emulator is new at every start,
 * as for the broadcaster), else `bot-tokens.enc` in the data directory, encrypted by `cipher`
 * (safeStorage in the app, AES with the token key file in the dock), a damaged file set aside and
 * named as the broadcaster's is.
 */
export function botTokenStore(options: { demo: boolean; dataDir: string; cipher: TokenCipher; logger: Logger; notices: DataRecoveryNotices }): TokenStore {
  if (options.demo) return new MemoryTokenStore();
  return new CipherFileTokenStore(join(options.dataDir, BOT_TOKEN_FILE), options.cipher, encryptedFileDescription, options.logger, options.notices);
}

export interface BotAccountOptions {
  endpoints: { authUrl: string; apiBaseUrl: string };
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
  /** The bot's own store (its own file or keyring entry): never the broadcaster's. */
  tokenStore: TokenStore;
  openUrl: (url: string) => Promise<boolean>;
  logger: Logger;
  clock?: Clock;
  validateIntervalMs?: number;
  dispatcher?: Dispatcher;
}

export class BotAccount {
  private readonly auth: AuthService;
  private readonly appToken: AppTokenSource | null;
  private readonly userIdChanges = new Emitter<string | null>();
  private lastUserId: string | null = null;
  private readonly stopFollowing: Disposer;
  /** Sends the bot's chat lines: with the app token when the client has a secret, else with the bot's user token. */
  readonly chatApi: Pick<ApiClient, 'request'>;
  /** Calls the platform as the bot itself (its user token): Send Chat Announcement takes no app token. */
  readonly userApi: Pick<ApiClient, 'request'>;

  constructor(options: BotAccountOptions) {
    const { logger } = options;
    this.auth = new AuthService({
      endpoints: options.endpoints,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      redirectUri: options.redirectUri,
      scopes: [...botScopeList],
      tokenStore: options.tokenStore,
      openUrl: options.openUrl,
      logger,
      clock: options.clock,
      validateIntervalMs: options.validateIntervalMs,
      dispatcher: options.dispatcher,
    });
    this.appToken =
      options.clientSecret === null
        ? null
        : new AppTokenSource(
            new IdentityClient({ authUrl: options.endpoints.authUrl, apiBaseUrl: options.endpoints.apiBaseUrl, clientId: options.clientId, clientSecret: options.clientSecret, logger, dispatcher: options.dispatcher }),
          );
    this.chatApi = new ApiClient({ baseUrl: options.endpoints.apiBaseUrl, clientId: options.clientId, auth: this.appToken ?? this.auth, logger, dispatcher: options.dispatcher });
    this.userApi = this.appToken ? new ApiClient({ baseUrl: options.endpoints.apiBaseUrl, clientId: options.clientId, auth: this.auth, logger, dispatcher: options.dispatcher }) : this.chatApi;
    this.stopFollowing = this.auth.onChange(() => this.followUserId());
  }

  /** Whether the bot's lines wear the chat-bot badge (an app token: the client has a secret). */
  get speaksWithBadge(): boolean {
    return this.appToken !== null;
  }

  getState(): BotAccountState {
    const { currentBroadcaster: _notABroadcaster, ...state } = this.auth.getState();
    return { ...state, speaksWithBadge: this.speaksWithBadge };
  }

  readonly onChange = (listener: (state: BotAccountState) => void): Disposer => this.auth.onChange(() => listener(this.getState()));

  /**
   * The bot's user id while an account is known (signed in, or its sign-in being renewed): its own
   * lines are still arriving then, and the automations' self-loop guard must not answer them.
   */
  userId(): string | null {
    return this.auth.getState().account?.id ?? null;
  }

  /** Fires when the bot's user id changes (a sign-in, another account, a sign-out: null). */
  readonly onUserIdChange = (listener: (userId: string | null) => void): Disposer => this.userIdChanges.on(listener);

  /** Whether the bot's grant holds `scope` (an older sign-in may lack one added since). */
  hasScope(scope: string): boolean {
    return this.auth.getState().scopes.includes(scope);
  }

  /** The bot may speak now: signed in, so its grant is current. */
  canSpeak(): boolean {
    return this.auth.getState().status === 'signedIn' && this.userId() !== null;
  }

  start(): Promise<void> {
    return this.auth.start();
  }

  async signIn(flow: 'loopback' | 'device'): Promise<BotAccountState> {
    await this.auth.signIn(flow);
    return this.getState();
  }

  async cancelSignIn(): Promise<BotAccountState> {
    await this.auth.cancelSignIn();
    return this.getState();
  }

  async signOut(): Promise<BotAccountState> {
    await this.auth.signOut();
    this.appToken?.forget();
    return this.getState();
  }

  async dispose(): Promise<void> {
    this.stopFollowing();
    this.userIdChanges.dispose();
    await this.auth.dispose();
  }

  private followUserId(): void {
    const next = this.userId();
    if (next === this.lastUserId) return;
    this.lastUserId = next;
    this.userIdChanges.fire(next);
  }
}

import type { ApiAuth } from '../api/api-client';
import { AppError } from '../app-error';
import { isNetworkError, networkAppError } from '../api/network-error';
import type { IdentityClient } from './identity-client';

/**
 * The app's own access token (client credentials), for the calls the platform takes from an app
 * rather than a user: a chat bot's Send Chat Message, which then wears the chat-bot badge. Kept
 * in memory only (a new one costs one request), fetched once at a time, and replaced when the API
 * rejects it (ApiClient's one refresh after a 401).
 */
export class AppTokenSource implements ApiAuth {
  private token: string | null = null;
  private fetching: Promise<string> | null = null;

  constructor(private readonly identity: Pick<IdentityClient, 'clientCredentials'>) {}

  getAccessToken(): Promise<string> {
    if (this.token !== null) return Promise.resolve(this.token);
    return this.fetch();
  }

  /** A caller whose token was already replaced gets the new one without another request. */
  refreshAfterUnauthorized(rejectedToken: string): Promise<string> {
    if (this.token !== null && this.token !== rejectedToken) return Promise.resolve(this.token);
    this.token = null;
    return this.fetch();
  }

  /** Forgets the token (sign-out of the account it spoke for): the next call asks for a new one. */
  forget(): void {
    this.token = null;
  }

  private fetch(): Promise<string> {
    this.fetching ??= this.identity
      .clientCredentials()
      .then(
        (grant) => {
          this.token = grant.accessToken;
          return grant.accessToken;
        },
        (error: unknown) => {
          if (isNetworkError(error)) throw networkAppError(error);
          throw new AppError('api_error', `Sidestage could not get its app token from the platform: ${error instanceof Error ? error.message : String(error)}.`);
        },
      )
      .finally(() => {
        this.fetching = null;
      });
    return this.fetching;
  }
}

/** Auth states for the services' tests: a signed-in affiliate broadcaster, id 42. */
import { signedOutAuthState, type AuthState } from '../../shared/ipc/contract';
import { withCurrentBroadcaster } from '../../shared/domain/current-broadcaster';

export const signedInAuthState: AuthState = withCurrentBroadcaster(
  {
    ...signedOutAuthState,
    status: 'signedIn',
    account: { id: '42', login: 'me', displayName: 'Me', broadcasterType: 'affiliate', profileImageUrl: '' },
  },
  null,
);

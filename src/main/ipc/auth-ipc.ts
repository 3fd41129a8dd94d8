import type { Disposer } from '../../shared/primitives/emitter';
import type { AuthService } from '../services/auth/auth-service';
import type { IpcRouter } from './ipc-router';

/** `auth:*`: the account, sign-in and sign-out; forwards `auth:changed`. */
export function registerAuthIpc(router: IpcRouter, auth: AuthService): Disposer {
  router.handle('auth:getState', () => auth.getState());
  router.handle('auth:signIn', (arg) => auth.signIn(arg?.flow ?? 'loopback'));
  router.handle('auth:cancelSignIn', () => auth.cancelSignIn());
  router.handle('auth:signOut', () => auth.signOut());
  return auth.onChange((state) => router.emit('auth:changed', state));
}

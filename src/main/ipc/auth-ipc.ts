import type { AuthService } from '../services/auth/auth-service';
import type { IpcRouter } from './ipc-router';

export function registerAuthHandlers(router: IpcRouter, auth: AuthService): void {
  router.handle('auth:getState', () => auth.getState());
  router.handle('auth:signIn', (arg) => auth.signIn(arg?.flow ?? 'loopback'));
  router.handle('auth:cancelSignIn', () => auth.cancelSignIn());
  router.handle('auth:signOut', () => auth.signOut());
}

import { Disposers, type Disposer } from '../../shared/primitives/emitter';
import type { ControlApi } from '../services/control/control-api';
import type { IpcRouter } from './ipc-router';

/** `control:*`: the control API's pairing requests (approve, deny) and paired clients (revoke); changes as `control:changed`. */
export function registerControlIpc(router: IpcRouter, control: ControlApi): Disposer {
  router.handle('control:getState', () => control.getState());
  router.handle('control:approve', ({ id, scopes }) => control.approve(id, scopes));
  router.handle('control:deny', ({ id }) => control.deny(id));
  router.handle('control:revoke', ({ id }) => control.revoke(id));
  const forwarding = new Disposers();
  forwarding.add(control.onChange((state) => router.emit('control:changed', state)));
  return forwarding.dispose;
}

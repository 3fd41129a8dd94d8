import { Disposers, type Disposer } from '../../shared/primitives/emitter';
import type { ControlApi } from '../services/control/control-api';
import type { IpcRouter } from './ipc-router';

/** `control:*`: the control API's pairing requests (approve, deny), paired clients (revoke) and the phone deck (on/off, a pairing link); changes as `control:changed`. */
export function registerControlIpc(router: IpcRouter, control: ControlApi): Disposer {
  router.handle('control:getState', () => control.getState());
  router.handle('control:approve', ({ id, scopes }) => control.approve(id, scopes));
  router.handle('control:deny', ({ id }) => control.deny(id));
  router.handle('control:revoke', ({ id }) => control.revoke(id));
  router.handle('control:setPhone', (change) => control.setPhone(change));
  router.handle('control:phoneLink', () => control.newPhoneLink());
  const forwarding = new Disposers();
  forwarding.add(control.onChange((state) => router.emit('control:changed', state)));
  return forwarding.dispose;
}

import { Disposers, type Disposer } from '../../shared/primitives/emitter';
import type { GoLiveChecklist } from '../services/go-live/go-live-checklist';
import type { IpcRouter } from './ipc-router';

/** `goLive:*`: the go-live checklist (open/close, re-check, one-click fixes); forwards `goLive:changed` and `goLive:show`. */
export function registerGoLiveIpc(router: IpcRouter, checklist: GoLiveChecklist): Disposer {
  router.handle('goLive:getState', () => checklist.getState());
  router.handle('goLive:open', () => checklist.openChecklist());
  router.handle('goLive:close', () => checklist.closeChecklist());
  router.handle('goLive:recheck', () => checklist.recheck());
  router.handle('goLive:fix', ({ action }) => checklist.fix(action));
  router.handle('goLive:setStartPreset', ({ presetId }) => checklist.setStartPreset(presetId));
  const forwarding = new Disposers();
  forwarding.add(checklist.onChange((state) => router.emit('goLive:changed', state)));
  forwarding.add(checklist.onShow(() => router.emit('goLive:show', {})));
  return () => forwarding.dispose();
}

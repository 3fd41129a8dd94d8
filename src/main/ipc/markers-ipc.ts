import type { Disposer } from '../../shared/primitives/emitter';
import type { MarkerService } from '../services/markers/marker-service';
import type { IpcRouter } from './ipc-router';

/** `markers:*`: the marker log, a marker from the button, the platform's list; forwards `markers:changed`. */
export function registerMarkersIpc(router: IpcRouter, markers: MarkerService): Disposer {
  router.handle('markers:getOverview', async () => {
    await markers.start();
    return markers.getOverview();
  });
  router.handle('markers:drop', (arg) => markers.drop('button', arg?.description, arg?.noteRequestId));
  router.handle('markers:refreshApi', () => markers.refreshApiMarkers());
  router.handle('markers:setDescriptionTemplate', ({ template }) => markers.setDescriptionTemplate(template));
  return markers.onChange((overview) => router.emit('markers:changed', overview));
}

/** The only place ipcMain is touched: every contract channel is forwarded to the IpcRouter. */
import { ipcMain, type WebContents } from 'electron';
import { channelNames } from '../../shared/ipc/contract';
import { EVENT_CHANNEL } from '../../shared/ipc/transport';
import type { IpcRouter } from '../ipc/ipc-router';
import { isTrustedRendererUrl } from '../security';

export function connectElectronIpc(router: IpcRouter, options: { rendererUrl: string; windows: () => WebContents[] }): () => void {
  for (const channel of channelNames) {
    ipcMain.handle(channel, (event, arg: unknown) => {
      const frameUrl = event.senderFrame?.url ?? '';
      return router.dispatch(channel, arg, {
        trusted: isTrustedRendererUrl(frameUrl, options.rendererUrl),
        description: frameUrl,
      });
    });
  }
  const off = router.onEvent((event, payload) => {
    for (const contents of options.windows()) if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, event, payload);
  });
  return () => {
    off();
    for (const channel of channelNames) ipcMain.removeHandler(channel);
  };
}

/**
 * The dock page's event stream through a route the test can cut, as a dock process that went away
 * would: `cut()` closes the open socket and refuses new ones (the page keeps trying to reconnect),
 * `restore()` lets the next try through.
 */
import type { Page, WebSocketRoute } from '@playwright/test';

export interface DockEventsRoute {
  cut(): Promise<void>;
  restore(): void;
}

export async function routeDockEvents(page: Page): Promise<DockEventsRoute> {
  let cut = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/events$/, async (ws) => {
    if (cut) {
      await ws.close();
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });
  return {
    async cut() {
      cut = true;
      for (const ws of sockets.splice(0)) await ws.close();
    },
    restore() {
      cut = false;
    },
  };
}

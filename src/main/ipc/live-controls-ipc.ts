import { Disposers, type Disposer } from '../../shared/primitives/emitter';
import type { LiveControls } from '../services/service-groups';
import type { SettingsStore } from '../services/settings/settings-store';
import type { IpcRouter } from './ipc-router';
import { registerAdsIpc } from './ads-ipc';
import { registerChannelIpc } from './channel-ipc';
import { registerChatSettingsIpc } from './chat-settings-ipc';
import { registerHotkeysIpc } from './hotkeys-ipc';
import { registerMarkersIpc } from './markers-ipc';
import { registerStreamIpc } from './stream-ipc';
import { registerTrayIpc } from './tray-ipc';
import { registerClipsIpc } from './clips-ipc';
import { registerPollsIpc } from './polls-ipc';
import { registerRaidsIpc } from './raids-ipc';

/**
 * The live-controls feature's domains, each through its own `<domain>-ipc.ts`, released together.
 * `trayUnavailable`: why this desktop shows no tray, where it shows none (the Electron shell's finding).
 */
export function registerLiveControlsIpc(router: IpcRouter, live: LiveControls, settings: SettingsStore, trayUnavailable?: () => string | null): Disposer {
  const wiring = new Disposers();
  wiring.add(registerStreamIpc(router, live.stream));
  wiring.add(registerMarkersIpc(router, live.markers));
  wiring.add(registerHotkeysIpc(router, live.hotkeys));
  wiring.add(registerChatSettingsIpc(router, live.chatSettings));
  wiring.add(registerAdsIpc(router, live.ads));
  wiring.add(registerChannelIpc(router, live.channel));
  wiring.add(registerTrayIpc(router, settings, trayUnavailable));
  wiring.add(registerClipsIpc(router, live.clips));
  wiring.add(registerPollsIpc(router, live.engagement));
  wiring.add(registerRaidsIpc(router, live.raids));
  return wiring.dispose;
}

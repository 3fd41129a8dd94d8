import { Disposers, type Disposer } from '../../shared/primitives/emitter';
import type { ModerationServices } from '../services/service-groups';
import { registerBannedAccountsIpc } from './banned-accounts-ipc';
import { registerChatRulesIpc } from './chat-rules-ipc';
import { registerChatUsersIpc } from './chat-users-ipc';
import { registerHeldMessagesIpc } from './held-messages-ipc';
import type { IpcRouter } from './ipc-router';
import { registerShieldModeIpc } from './shield-mode-ipc';
import { registerUnbanRequestsIpc } from './unban-requests-ipc';

/** The moderation services' six domains, each through its own `<domain>-ipc.ts`, released together. */
export function registerModerationIpc(router: IpcRouter, services: ModerationServices): Disposer {
  const wiring = new Disposers();
  wiring.add(registerShieldModeIpc(router, services.shieldMode));
  wiring.add(registerHeldMessagesIpc(router, services.heldMessages));
  wiring.add(registerUnbanRequestsIpc(router, services.unbanRequests));
  wiring.add(registerBannedAccountsIpc(router, services.bannedAccounts));
  wiring.add(registerChatUsersIpc(router, services.chatUsers));
  wiring.add(registerChatRulesIpc(router, services.chatRules));
  return wiring.dispose;
}

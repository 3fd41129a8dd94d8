/**
 * Composition's builder of moderation while live: Shield Mode (with the raid-flood suggestion),
 * AutoMod's held messages, unban requests, banned accounts, a chatter's card and actions, and the chat rules
 * (AutoMod's level, blocked terms). Built before the live controls, whose Shield Mode hotkey
 * presses through `shieldMode`.
 */
import type { Clock } from '../../shared/primitives/clock';
import type { ApiClient } from '../services/api/api-client';
import type { BroadcasterSource } from '../services/common/current-broadcaster';
import type { ChannelEvents } from '../services/events/channel-events';
import type { EventsService } from '../services/events/events-service';
import type { Logger } from '../services/logger';
import { BannedAccountsService } from '../services/moderation/banned-accounts-service';
import { ChatRulesService } from '../services/moderation/chat-rules-service';
import { ChatUsersService } from '../services/moderation/chat-users-service';
import { HeldMessagesService } from '../services/moderation/held-messages-service';
import type { RaidFloodOptions } from '../services/moderation/raid-flood-watch';
import { ShieldModeService } from '../services/moderation/shield-mode-service';
import { UnbanRequestsService } from '../services/moderation/unban-requests-service';
import type { ModerationServices } from '../services/service-groups';
import { registerModerationIpc } from '../ipc/moderation-ipc';
import { feature } from './feature-module';

export type { ModerationServices };

export interface ModerationDeps {
  api: Pick<ApiClient, 'request' | 'paginate'>;
  /** The one current broadcaster composition builds, shared with every service. */
  broadcaster: BroadcasterSource;
  /** The one channel-event stream (src/main/services/events/channel-events.ts). */
  channelEvents: Pick<ChannelEvents, 'on'>;
  /** EventSub's gaps, after which the unban requests, banned accounts and (once read) chat rules are read again. */
  gaps?: Pick<EventsService, 'onGap'> | null;
  logger: Logger;
  clock?: Clock;
  /** When a raid's new chatters suggest Shield Mode (default: more than 10 within 30 s). */
  raidFlood?: RaidFloodOptions;
}


export function buildModeration(deps: ModerationDeps): ModerationServices {
  const { api, broadcaster, channelEvents, logger } = deps;
  return {
    shieldMode: new ShieldModeService({ api, broadcaster, channelEvents, logger, clock: deps.clock, flood: deps.raidFlood }),
    heldMessages: new HeldMessagesService({ api, broadcaster, channelEvents }),
    unbanRequests: new UnbanRequestsService({ api, broadcaster, channelEvents, gaps: deps.gaps, logger }),
    bannedAccounts: new BannedAccountsService({ api, broadcaster, channelEvents, gaps: deps.gaps, logger }),
    chatUsers: new ChatUsersService({ api, broadcaster, channelEvents }),
    chatRules: new ChatRulesService({ api, broadcaster, gaps: deps.gaps, logger }),
  };
}

/** Starts them before the events service starts, so that nothing it reports at start is missed. */
export function startModeration(services: ModerationServices): void {
  services.shieldMode.start();
  services.heldMessages.start();
  services.unbanRequests.start();
  services.bannedAccounts.start();
  services.chatUsers.start();
  services.chatRules.start();
}

export function disposeModeration(services: ModerationServices): void {
  services.chatRules.dispose();
  services.chatUsers.dispose();
  services.bannedAccounts.dispose();
  services.unbanRequests.dispose();
  services.heldMessages.dispose();
  services.shieldMode.dispose();
}

/** The feature module (composition/index.ts); listed before the live controls, whose Shield Mode hotkey presses through it. */
export const moderationFeature = feature({
  name: 'moderation',
  build: (s, _files, { platform }) => buildModeration({ api: platform.api, broadcaster: platform.broadcaster, channelEvents: platform.channelEvents, gaps: platform.events, logger: s.logger }),
  serve: (router, moderation) => registerModerationIpc(router, moderation),
  start: startModeration,
  dispose: disposeModeration,
});

/**
 * Every route module of the emulator, by host and area (docs/emulator/code-map.md). A route module
 * parses a request, calls the domain's rules (`domain/`) and shapes the answer with the views
 * (`http/views/`); it imports no other route module. A new area adds its folder or file under the
 * host it belongs to and lists its `register...` function here.
 */
import type { FastifyInstance } from 'fastify';
import { registerExtensionRoutes } from './extensions/extensions';
import { registerAdScheduleRoutes } from './helix/ads/ad-schedule';
import { registerAdsRoutes } from './helix/ads/commercial';
import { registerAnalyticsRoutes } from './helix/analytics/analytics';
import { registerChannelPointsRoutes } from './helix/channel-points/channel-points';
import { registerChannelRoutes } from './helix/channels/channels';
import { registerCharityRoutes } from './helix/charity/charity';
import { registerChatRoutes } from './helix/chat/chat';
import { registerChatMessageRoutes } from './helix/chat/chat-messages';
import { registerChatSettingsRoutes } from './helix/chat/chat-settings';
import { registerSharedChatRoutes } from './helix/chat/shared-chat';
import { registerShoutoutRoutes } from './helix/chat/shoutouts';
import { registerUserEmoteRoutes } from './helix/chat/user-emotes';
import { registerClipRoutes } from './helix/clips/clips';
import { registerEventSubRoutes } from './helix/eventsub/subscriptions';
import { registerEventSubWebSocketRoutes } from './helix/eventsub/websocket';
import { registerGameRoutes } from './helix/games/games';
import { registerGoalRoutes } from './helix/goals/goals';
import { registerHypeTrainRoutes } from './helix/hype-train/hype-train';
import { registerAutoModRoutes } from './helix/moderation/automod';
import { registerBanRoutes } from './helix/moderation/bans';
import { registerBlockedTermRoutes } from './helix/moderation/blocked-terms';
import { registerModerationRoutes } from './helix/moderation/moderator-events';
import { registerModeratorRoutes } from './helix/moderation/moderators';
import { registerShieldModeRoutes } from './helix/moderation/shield-mode';
import { registerSuspiciousUserRoutes } from './helix/moderation/suspicious-users';
import { registerUnbanRequestRoutes } from './helix/moderation/unban-requests';
import { registerVipRoutes } from './helix/moderation/vips';
import { registerWarningRoutes } from './helix/moderation/warnings';
import { registerPollRoutes } from './helix/polls/polls';
import { registerPredictionRoutes } from './helix/predictions/predictions';
import { registerRaidRoutes } from './helix/raids/raids';
import { registerSearchRoutes } from './helix/search/search';
import { registerFollowedStreamRoutes } from './helix/streams/followed-streams';
import { registerMarkerRoutes } from './helix/streams/markers';
import { registerStreamRoutes } from './helix/streams/stream-key';
import { registerStreamListingRoutes } from './helix/streams/stream-listing';
import { registerUserRoutes } from './helix/users/users';
import { registerVideoRoutes } from './helix/videos/videos';
import { registerIdentityConsentRoutes } from './identity/consent';
import { registerIdentityTokenRoutes } from './identity/tokens';
import { registerIngestRoutes } from './ingest/ingests';
import { registerBitsRoutes } from './kraken/bits';
import { registerCommunityRoutes } from './kraken/communities';
import { registerFeedRoutes } from './kraken/feed';
import { registerChannelSimulationRoutes } from './simulation/channel';
import { registerChatSimulationRoutes } from './simulation/chat';
import { registerCommunitySimulationRoutes } from './simulation/community';
import { registerSimulationRoutes } from './simulation/emulator';
import { registerEngagementSimulationRoutes } from './simulation/engagement';
import { registerEventSubSimulationRoutes } from './simulation/eventsub';
import { registerExtensionSimulationRoutes } from './simulation/extensions';
import { registerSimulationFaultRoutes } from './simulation/faults';
import { registerIngestSimulationRoutes } from './simulation/ingest';
import { registerKrakenSimulationRoutes } from './simulation/kraken';
import { registerModerationSimulationRoutes } from './simulation/moderation';
import { registerRedemptionSimulationRoutes } from './simulation/redemptions';
import { registerSharedChatSimulationRoutes } from './simulation/shared-chat';
import { registerSupporterSimulationRoutes } from './simulation/supporters';
import { registerCustomRewardImageRoutes } from './static/custom-reward-images';
import { registerPageRoutes } from './static/pages';
import { registerPlaceholderImageRoutes } from './static/placeholder-images';

/** Registers an area's routes; the emulator's state is `app.emulatorState`. */
export type RouteModule = (app: FastifyInstance) => void;

/** The identity service (`/oauth2`, Twitch CLI's `/auth`). */
const IDENTITY: readonly RouteModule[] = [registerIdentityTokenRoutes, registerIdentityConsentRoutes];

/** The current API (`/helix`, Twitch CLI's `/mock`), one folder per area of the platform's reference. */
const HELIX: readonly RouteModule[] = [
  registerUserRoutes,
  registerStreamRoutes,
  registerVideoRoutes,
  registerChannelRoutes,
  registerStreamListingRoutes,
  registerMarkerRoutes,
  registerGameRoutes,
  registerSearchRoutes,
  registerChatRoutes,
  registerChatSettingsRoutes,
  registerModerationRoutes,
  registerCharityRoutes,
  registerAdsRoutes,
  registerChannelPointsRoutes,
  registerAnalyticsRoutes,
  registerEventSubWebSocketRoutes,
  registerEventSubRoutes,
  registerModeratorRoutes,
  registerVipRoutes,
  registerBanRoutes,
  registerShieldModeRoutes,
  registerBlockedTermRoutes,
  registerAutoModRoutes,
  registerWarningRoutes,
  registerUnbanRequestRoutes,
  registerSuspiciousUserRoutes,
  registerFollowedStreamRoutes,
  registerChatMessageRoutes,
  registerShoutoutRoutes,
  registerSharedChatRoutes,
  registerRaidRoutes,
  registerUserEmoteRoutes,
  registerPollRoutes,
  registerPredictionRoutes,
  registerClipRoutes,
  registerAdScheduleRoutes,
  registerGoalRoutes,
  registerHypeTrainRoutes,
];

/** The ingest directory, the extension back end and the retired v5 API (`/kraken`; its unknown paths are the not-found handler's, `answerUnknownKrakenPath`). */
const OTHER_HOSTS: readonly RouteModule[] = [
  registerIngestRoutes,
  registerExtensionRoutes,
  registerCommunityRoutes,
  registerFeedRoutes,
  registerBitsRoutes,
];

/** The images and pages the answers' URLs point at. */
const STATIC: readonly RouteModule[] = [registerPlaceholderImageRoutes, registerCustomRewardImageRoutes, registerPageRoutes];

/** The simulation API (`/_emulator/`, loopback only). */
const SIMULATION: readonly RouteModule[] = [
  registerSimulationRoutes,
  registerChannelSimulationRoutes,
  registerCommunitySimulationRoutes,
  registerRedemptionSimulationRoutes,
  registerIngestSimulationRoutes,
  registerEventSubSimulationRoutes,
  registerSimulationFaultRoutes,
  registerChatSimulationRoutes,
  registerSharedChatSimulationRoutes,
  registerEngagementSimulationRoutes,
  registerSupporterSimulationRoutes,
  registerExtensionSimulationRoutes,
  registerKrakenSimulationRoutes,
  registerModerationSimulationRoutes,
];

export const ROUTE_MODULES: readonly RouteModule[] = [...IDENTITY, ...HELIX, ...OTHER_HOSTS, ...STATIC, ...SIMULATION];

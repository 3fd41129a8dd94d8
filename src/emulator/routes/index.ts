/**
 * Every route module of the emulator, one per spec area. A new area adds `routes/<area>.ts`
 * exporting a `RouteModule` (helix endpoints through `registerHelixRoute`) and lists it here.
 */
import type { FastifyInstance } from 'fastify';
import { registerChannelPointsRoutes } from './helix/channel-points/channel-points';
import { registerIdentityConsentRoutes } from './identity/consent';
import { registerIdentityTokenRoutes } from './identity/tokens';
import { registerIngestRoutes } from './ingest/ingests';
import { registerSimulationRoutes } from './simulation/emulator';
import { registerEventSubRoutes } from './helix/eventsub/eventsub';
import { registerSimulationFaultRoutes } from './simulation/faults';
import { registerRedemptionSimulationRoutes } from './simulation/redemptions';
import { registerStaticImageRoutes } from './static/placeholder-images';
import { registerStreamRoutes } from './helix/streams/stream-key';
import { registerChatRoutes } from './helix/chat/chat';
import { registerChatSettingsRoutes } from './helix/chat/chat-settings';
import { registerModerationRoutes } from './helix/moderation/moderator-events';
import { registerCharityRoutes } from './helix/charity/charity';
import { registerAdsRoutes } from './helix/ads/commercial';
import { registerCommunitySimulationRoutes } from './simulation/community';
import { registerUserRoutes } from './helix/users/users';
import { registerExtensionRoutes } from './extensions/extensions';
import { registerAnalyticsRoutes } from './helix/analytics/analytics';
import { registerKrakenRoutes } from './kraken';
import { registerVideoRoutes } from './helix/videos/videos';
import { registerChannelRoutes } from './helix/channels/channels';
import { registerStreamListingRoutes } from './helix/streams/stream-listing';
import { registerMarkerRoutes } from './helix/streams/markers';
import { registerGameRoutes } from './helix/games/games';
import { registerSearchRoutes } from './helix/search/search';
import { registerChannelSimulationRoutes } from './simulation/channel';
import { registerModeratorRoutes } from './helix/moderation/moderators';
import { registerBanRoutes } from './helix/moderation/bans';
import { registerFollowedStreamRoutes } from './helix/streams/followed-streams';
import { registerChatMessageRoutes } from './helix/chat/chat-messages';
import { registerShoutoutRoutes } from './helix/chat/shoutouts';
import { registerRaidRoutes } from './helix/raids/raids';
import { registerUserEmoteRoutes } from './helix/chat/user-emotes';
import { registerChatSimulationRoutes } from './simulation/chat';
import { registerPollRoutes } from './helix/polls/polls';
import { registerPredictionRoutes } from './helix/predictions/predictions';
import { registerEngagementSimulationRoutes } from './simulation/engagement';
import { registerClipRoutes } from './helix/clips/clips';
import { registerAdScheduleRoutes } from './helix/ads/ad-schedule';
import { registerGoalRoutes } from './helix/goals/goals';
import { registerHypeTrainRoutes } from './helix/hype-train/hype-train';
import { registerSupporterSimulationRoutes } from './simulation/supporters';
import { registerEngagementDeadlines } from '../domain/deadlines';
import { registerIngestSimulationRoutes } from './simulation/ingest';

/** Registers an area's routes; the emulator's state is `app.emulatorState`. */
export type RouteModule = (app: FastifyInstance) => void;

export const ROUTE_MODULES: readonly RouteModule[] = [
  registerIdentityTokenRoutes,
  registerIdentityConsentRoutes,
  registerUserRoutes,
  registerStreamRoutes,
  registerVideoRoutes,
  registerChannelRoutes,
  registerStreamListingRoutes,
  registerMarkerRoutes,
  registerGameRoutes,
  registerSearchRoutes,
  registerChannelSimulationRoutes,
  registerChatRoutes,
  registerChatSettingsRoutes,
  registerModerationRoutes,
  registerCharityRoutes,
  registerAdsRoutes,
  registerCommunitySimulationRoutes,
  registerChannelPointsRoutes,
  registerIngestRoutes,
  registerIngestSimulationRoutes,
  registerExtensionRoutes,
  registerAnalyticsRoutes,
  registerKrakenRoutes,
  registerStaticImageRoutes,
  registerSimulationRoutes,
  registerEventSubRoutes,
  registerSimulationFaultRoutes,
  registerRedemptionSimulationRoutes,
  registerModeratorRoutes,
  registerBanRoutes,
  registerFollowedStreamRoutes,
  registerChatMessageRoutes,
  registerShoutoutRoutes,
  registerRaidRoutes,
  registerUserEmoteRoutes,
  registerChatSimulationRoutes,
  registerPollRoutes,
  registerPredictionRoutes,
  registerClipRoutes,
  registerAdScheduleRoutes,
  registerGoalRoutes,
  registerHypeTrainRoutes,
  registerSupporterSimulationRoutes,
  registerEngagementSimulationRoutes,
  registerEngagementDeadlines,
];

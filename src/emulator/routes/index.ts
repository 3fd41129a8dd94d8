/**
 * Every route module of the emulator, one per spec area. A new area adds `routes/<area>.ts`
 * exporting a `RouteModule` (helix endpoints through `registerHelixRoute`) and lists it here.
 */
import type { FastifyInstance } from 'fastify';
import { registerChannelPointsRoutes } from './channel-points';
import { registerIdentityConsentRoutes } from './identity-consent';
import { registerIdentityTokenRoutes } from './identity-tokens';
import { registerIngestRoutes } from './ingests';
import { registerSimulationRoutes } from './simulation';
import { registerEventSubRoutes } from './eventsub';
import { registerSimulationFaultRoutes } from './simulation-faults';
import { registerRedemptionSimulationRoutes } from './simulation-redemptions';
import { registerStaticImageRoutes } from './static-images';
import { registerStreamRoutes } from './streams';
import { registerChatRoutes } from './chat';
import { registerChatSettingsRoutes } from './chat-settings';
import { registerModerationRoutes } from './moderation';
import { registerCharityRoutes } from './charity';
import { registerAdsRoutes } from './ads';
import { registerCommunitySimulationRoutes } from './simulation-community';
import { registerUserRoutes } from './users';
import { registerExtensionRoutes } from './extensions';
import { registerAnalyticsRoutes } from './analytics';
import { registerKrakenRoutes } from './kraken';
import { registerVideoRoutes } from './videos';
import { registerChannelRoutes } from './channels';
import { registerStreamListingRoutes } from './stream-listing';
import { registerMarkerRoutes } from './markers';
import { registerGameRoutes } from './games';
import { registerSearchRoutes } from './search';
import { registerChannelSimulationRoutes } from './simulation-channel';
import { registerModeratorRoutes } from './moderators';
import { registerBanRoutes } from './bans';
import { registerFollowedStreamRoutes } from './followed-streams';
import { registerChatMessageRoutes } from './chat-messages';
import { registerShoutoutRoutes } from './shoutouts';
import { registerRaidRoutes } from './raids';
import { registerUserEmoteRoutes } from './user-emotes';
import { registerChatSimulationRoutes } from './simulation-chat';
import { registerPollRoutes } from './polls';
import { registerPredictionRoutes } from './predictions';
import { registerEngagementSimulationRoutes } from './simulation-engagement';
import { registerClipRoutes } from './clips';
import { registerAdScheduleRoutes } from './ad-schedule';
import { registerGoalRoutes } from './goals';
import { registerHypeTrainRoutes } from './hype-train';
import { registerSupporterSimulationRoutes } from './simulation-supporters';
import { registerEngagementDeadlines } from './engagement-deadlines';
import { registerIngestSimulationRoutes } from './simulation-ingest';

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

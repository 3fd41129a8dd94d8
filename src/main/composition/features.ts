/**
 * What each feature module builds, by its name in `composition/index.ts`: a feature reads the ones
 * listed before it (`earlier`), never one listed after it (reading one that is not built yet throws).
 */
import type { ActivityService } from '../services/activity/activity-service';
import type { AppearanceService } from '../services/appearance/appearance-service';
import type { BotAccount } from '../services/auth/bot-account';
import type { AutomationsFeature } from '../services/automations/automations-feature';
import type { BroadcastStoryFeature } from '../services/broadcast-story/broadcast-story-feature';
import type { ControlApi } from '../services/control/control-api';
import type { ChatService } from '../services/chat/chat-service';
import type { GoLiveChecklist } from '../services/go-live/go-live-checklist';
import type { LiveViewService } from '../services/live-view/live-view-service';
import type { ModLog } from '../services/moderation/mod-log';
import type { ObsService } from '../services/obs/obs-service';
import type { OverlaysFeature } from '../services/overlays/overlays-feature';
import type { DemoServices, LiveControls, ModerationServices, Platform, RedemptionServices } from '../services/service-groups';
import type { TestStreamService } from '../services/test-stream/test-stream-service';

export interface Features {
  platform: Platform;
  /** The bot account: a second sign-in that speaks in chat. */
  bot: BotAccount;
  redemptions: RedemptionServices;
  moderation: ModerationServices;
  live: LiveControls;
  /** Demo mode only (null elsewhere: its channels answer "unavailable"). */
  demo: DemoServices | null;
  obs: ObsService;
  /** Demo mode only. */
  testStream: TestStreamService | null;
  goLive: GoLiveChecklist;
  activity: ActivityService;
  chat: ChatService;
  appearance: AppearanceService;
  liveView: LiveViewService;
  overlays: OverlaysFeature;
  automations: AutomationsFeature;
  /** The control API for decks and scripts (paired clients only). */
  control: ControlApi;
  /** Each broadcast's story, recorded while live (the Broadcasts panel). */
  broadcastStory: BroadcastStoryFeature;
  /** Every moderator's actions on the channel, kept per broadcast (the Mod log sheet, the chatter's card). */
  modLog: ModLog;
  /** Nothing new: EventSub and the saved sign-in, started last. */
  signIn: Pick<Platform, 'events' | 'auth'>;
}

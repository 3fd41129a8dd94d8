/** The quick-actions slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { ClipsState, EngagementState, EngagementTemplate, FollowedChannel, RaidState } from '../../../../shared/ipc/contract';

export type QuickActionsActionId =
  | 'clips.load'
  | 'clips.create'
  | 'ads.schedule'
  | 'ads.snooze'
  | 'polls.load'
  | 'polls.saveTemplate'
  | 'polls.deleteTemplate'
  | 'polls.start'
  | 'polls.end'
  | 'polls.lock'
  | 'polls.resolve'
  | 'polls.cancel'
  | 'raids.load'
  | 'raids.search'
  | 'raids.start'
  | 'raids.cancel'
  | 'raids.shoutout';

export interface QuickActionsSlice {
  clips: ClipsState | null;
  engagement: EngagementState | null;
  raids: RaidState | null;
  /** The last search of live followed channels (the newest search's answer only). */
  followedChannels: FollowedChannel[] | null;
  loadQuickActions(): Promise<void>;
  createClip(): Promise<void>;
  /** Empty turns the clip shortcut off. */
  refreshAdSchedule(): Promise<void>;
  snoozeAd(): Promise<void>;
  saveTemplate(template: EngagementTemplate): Promise<void>;
  deleteTemplate(id: string): Promise<void>;
  startEngagement(templateId: string): Promise<void>;
  endPoll(): Promise<void>;
  lockPrediction(): Promise<void>;
  resolvePrediction(outcomeId: string): Promise<void>;
  cancelPrediction(): Promise<void>;
  /** `fresh`: read the list anew rather than the one main reuses while typing. */
  searchFollowed(query: string, fresh?: boolean): Promise<void>;
  startRaid(channelId: string): Promise<void>;
  cancelRaid(): Promise<void>;
  sendShoutout(login: string): Promise<void>;
  applyClips(state: ClipsState): void;
  applyEngagement(state: EngagementState): void;
  applyRaids(state: RaidState): void;
}

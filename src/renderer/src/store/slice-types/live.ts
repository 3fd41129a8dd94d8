/** The live slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { AdsState, Category, ChannelInfo, ChatSettingsState, EventsStatus, MarkersOverview, StreamStatus, TraySettings } from '../../../../shared/ipc/contract';

export type LiveActionId =
  | 'stream.load'
  | 'stream.refresh'
  | 'markers.load'
  | 'markers.drop'
  | 'markers.refreshApi'
  | 'markers.setTemplate'
  | 'chatSettings.load'
  | 'chatSettings.update'
  | 'chatSettings.preset'
  | 'chatSettings.cancelRevert'
  | 'chatSettings.revertNow'
  | 'ads.load'
  | 'ads.run'
  | 'channel.load'
  | 'channel.update'
  | 'channel.search'
  | 'tray.load'
  | 'tray.set'
  | 'events.load';

export type ChatSettingsValues = NonNullable<ChatSettingsState['values']>;
export type ChannelInfoChanges = Partial<Omit<ChannelInfo, 'categoryName'>>;

export interface LiveSlice {
  streamStatus: StreamStatus | null;
  markers: MarkersOverview | null;
  chatSettings: ChatSettingsState | null;
  ads: AdsState | null;
  channelInfo: ChannelInfo | null;
  categoryResults: Category[];
  traySettings: TraySettings | null;
  /** Main's EventSub session: while it is down, live statuses are not known to be current. */
  eventSub: EventsStatus | null;
  /** Reads everything live controls show (after sign-in and whenever events may have been missed). */
  loadLive(): Promise<void>;
  refreshStream(): Promise<void>;
  /** noteRequestId: answers the note shortcut's request (the marker keeps that press's time). */
  dropMarker(description?: string, noteRequestId?: string): Promise<void>;
  refreshMarkers(): Promise<void>;
  setMarkerTemplate(template: string): Promise<void>;
  updateChatSettings(changes: Partial<ChatSettingsValues>): Promise<void>;
  applyChatPreset(presetId: string): Promise<void>;
  cancelChatRevert(): Promise<void>;
  revertChatNow(): Promise<void>;
  runAd(length: number): Promise<void>;
  loadChannelInfo(): Promise<void>;
  updateChannelInfo(changes: ChannelInfoChanges): Promise<void>;
  searchCategories(query: string): Promise<void>;
  loadTraySettings(): Promise<void>;
  setCloseToTray(closeToTray: boolean): Promise<void>;
  applyStreamStatus(status: StreamStatus): void;
  applyMarkers(overview: MarkersOverview): void;
  applyChatSettings(state: ChatSettingsState): void;
  applyAds(state: AdsState): void;
  /** Main's channel info (an event after any read or change, here or on the platform). */
  applyChannelInfo(info: ChannelInfo): void;
  applyEventSub(status: EventsStatus): void;
}

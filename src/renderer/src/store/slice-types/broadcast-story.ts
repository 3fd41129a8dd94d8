/** The Broadcasts panel slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { BroadcastStory, BroadcastStoryList } from '../../../../shared/ipc/contract';

export type BroadcastStoryActionId = 'broadcastStory.load' | 'broadcastStory.get' | 'broadcastStory.readForExport';

export interface BroadcastStorySlice {
  broadcastStories: BroadcastStoryList | null;
  /** The broadcast picked; null: the newest. */
  shownBroadcastId: string | null;
  /** The shown broadcast's whole story, once read. */
  shownBroadcast: BroadcastStory | null;
  loadBroadcastStories(): Promise<void>;
  showBroadcast(id: string): Promise<void>;
  /** Reads the shown broadcast's story unless it is the one held (the account changed: another broadcast is shown). */
  readShownBroadcast(): Promise<void>;
  /** A broadcast's whole story, read for an export (the Markers panel's optional chapters); null when it could not be read (the error is shown). */
  readBroadcastStory(id: string): Promise<BroadcastStory | null>;
  applyBroadcastStories(list: BroadcastStoryList): void;
  /** A broadcast just ended: its story opens. */
  openEndedBroadcast(id: string): void;
}

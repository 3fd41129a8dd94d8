/** The Broadcasts panel slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { BroadcastStory, BroadcastStoryList } from '../../../../shared/ipc/contract';

export type BroadcastStoryActionId = 'broadcastStory.load' | 'broadcastStory.get';

export interface BroadcastStorySlice {
  broadcastStories: BroadcastStoryList | null;
  /** The broadcast picked; null: the newest. */
  shownBroadcastId: string | null;
  /** The shown broadcast's whole story, once read. */
  shownBroadcast: BroadcastStory | null;
  loadBroadcastStories(): Promise<void>;
  showBroadcast(id: string): Promise<void>;
  applyBroadcastStories(list: BroadcastStoryList): void;
  /** A broadcast just ended: its story opens. */
  openEndedBroadcast(id: string): void;
}

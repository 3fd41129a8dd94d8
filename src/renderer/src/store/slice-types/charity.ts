/** The charity slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { CharityOverview } from '../../../../shared/ipc/contract';

export type CharityActionId = 'charity.load' | 'charity.refresh' | 'charity.loadMore';

export interface CharitySlice {
  charity: CharityOverview | null;
  loadCharity(): Promise<void>;
  refreshCharity(): Promise<void>;
  loadMoreDonations(): Promise<void>;
  applyCharity(overview: CharityOverview): void;
}

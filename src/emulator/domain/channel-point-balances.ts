/** Viewers spend channel points (poll votes, predictions) from their balance in the channel. */
import { conflict } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { User } from './stores/users';

export function spendChannelPoints(state: EmulatorState, broadcasterId: string, viewer: User, amount: number): void {
  const balance = state.pointBalances.get(broadcasterId, viewer.id);
  if (balance < amount) throw conflict(`User "${viewer.login}" has ${balance} channel points, not ${amount}`);
  state.pointBalances.add(broadcasterId, viewer.id, -amount);
}

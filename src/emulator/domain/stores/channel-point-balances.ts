/**
 * Viewers' channel-point balances per channel, which predictions and poll votes spend and pay out.
 * A viewer the emulator has not seen yet starts with `STARTING_BALANCE`.
 */
export const STARTING_BALANCE = 10_000;

export class ChannelPointBalanceStore {
  private readonly balances = new Map<string, number>();

  get(broadcasterId: string, userId: string): number {
    return this.balances.get(key(broadcasterId, userId)) ?? STARTING_BALANCE;
  }

  set(broadcasterId: string, userId: string, balance: number): number {
    this.balances.set(key(broadcasterId, userId), balance);
    return balance;
  }

  /** Adds (or with a negative amount, takes) points; answers the new balance. */
  add(broadcasterId: string, userId: string, amount: number): number {
    return this.set(broadcasterId, userId, this.get(broadcasterId, userId) + amount);
  }
}

const key = (broadcasterId: string, userId: string): string => `${broadcasterId}:${userId}`;

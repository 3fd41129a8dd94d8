/**
 * A hate raid, as the simulation API plays it: accounts made a moment ago, a raid into the channel
 * from an account made for it (or a given channel) that brings them (`channel.raid` and the raid
 * notice), and then all of them chatting at once, every message through the same rules as any
 * other (`postChatMessage`: Shield Mode, AutoMod, blocked terms... apply). The accounts have no
 * verified email and never chatted in the channel; they may have been made a while ago and have
 * followed the channel since (bots readied to get past followers-only chat).
 */
import { randomBytes } from 'node:crypto';
import { badRequest } from './api-error';
import { postChatMessage } from './chat';
import type { EmulatorState } from './emulator-state';
import { bringInRaid } from './raids';
import type { ChatMessage } from './stores/chat-messages';
import type { Raid } from './stores/raids';
import type { User } from './stores/users';

export const MAX_HATE_RAIDERS = 500;
export const MAX_MESSAGES_PER_RAIDER = 10;
/** A year: the oldest the raid's accounts may be. */
export const MAX_ACCOUNT_AGE_MINUTES = 525_600;

/** What the raiders say when the simulation gives no lines (clean placeholders, not real abuse). */
export const DEFAULT_RAID_LINES: readonly string[] = [
  'RAID RAID RAID',
  'this stream is trash lol',
  'everyone leave this channel',
  'nobody wants you here',
  'spam spam spam spam',
  'unfollow unfollow unfollow',
];

export interface HateRaid {
  raider: User;
  raid: Raid;
  accounts: User[];
  /** Every message the accounts sent, in order, sent or dropped. */
  messages: ChatMessage[];
}

/** Logins nobody has: `<prefix>_<random>` for the raider, `<prefix>_<random>_<n>` for the accounts. */
function freshBatch(state: EmulatorState, count: number): string {
  for (;;) {
    const batch = randomBytes(3).toString('hex');
    if (!state.users.isLoginTaken(`raider_${batch}`) && !state.users.isLoginTaken(`hater_${batch}_1`) && !state.users.isLoginTaken(`hater_${batch}_${count}`)) return batch;
  }
}

export function hateRaid(
  state: EmulatorState,
  input: {
    broadcaster: User;
    from?: User;
    count: number;
    lines?: readonly string[];
    messagesPerAccount?: number;
    /** How long ago the accounts were made (0: now). */
    ageMinutes?: number;
    /** The accounts followed the channel when they were made. */
    follow?: boolean;
    now: number;
  },
): HateRaid {
  const { broadcaster, count, now } = input;
  if (count < 1 || count > MAX_HATE_RAIDERS) throw badRequest(`A hate raid brings 1 to ${MAX_HATE_RAIDERS} accounts`);
  const lines = input.lines && input.lines.length > 0 ? input.lines : DEFAULT_RAID_LINES;
  const rounds = input.messagesPerAccount ?? 1;
  if (rounds < 1 || rounds > MAX_MESSAGES_PER_RAIDER) throw badRequest(`Each account sends 1 to ${MAX_MESSAGES_PER_RAIDER} messages`);
  if (input.from?.id === broadcaster.id) throw badRequest('A channel cannot raid itself');
  const ageMinutes = input.ageMinutes ?? 0;
  if (ageMinutes < 0 || ageMinutes > MAX_ACCOUNT_AGE_MINUTES) throw badRequest(`The accounts are 0 to ${MAX_ACCOUNT_AGE_MINUTES} minutes old`);
  const madeAt = now - ageMinutes * 60_000;

  const batch = freshBatch(state, count);
  const raider = input.from ?? state.createUser({ login: `raider_${batch}`, emailVerified: false, createdAt: now });
  const raid = bringInRaid(state, raider, broadcaster, count);
  const accounts: User[] = [];
  for (let i = 1; i <= count; i++) {
    const account = state.createUser({ login: `hater_${batch}_${i}`, emailVerified: false, createdAt: madeAt });
    if (input.follow) state.follows.follow(account.id, broadcaster.id, madeAt);
    state.chat.join(broadcaster.id, account.id);
    accounts.push(account);
  }

  const messages: ChatMessage[] = [];
  for (let round = 0; round < rounds; round++) {
    accounts.forEach((sender, i) => {
      messages.push(postChatMessage(state, { broadcaster, sender, text: lines[(i + round) % lines.length]!, now }));
    });
  }
  return { raider, raid, accounts, messages };
}

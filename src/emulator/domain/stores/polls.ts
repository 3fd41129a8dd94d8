/** Polls (platform reference, Polls): one active poll per broadcaster; votes from the simulation API. */
import * as ids from '../../ids';

export type PollStatus = 'ACTIVE' | 'COMPLETED' | 'TERMINATED' | 'ARCHIVED' | 'MODERATED' | 'INVALID';

export interface PollChoice {
  id: string;
  title: string;
  votes: number;
  channelPointsVotes: number;
  bitsVotes: number;
}

export interface Poll {
  id: string;
  broadcasterId: string;
  title: string;
  choices: PollChoice[];
  channelPointsVotingEnabled: boolean;
  channelPointsPerVote: number;
  status: PollStatus;
  /** Seconds. */
  duration: number;
  startedAt: number;
  endedAt: number | null;
  /** Viewers who used their one free vote. */
  freeVoters: Set<string>;
}

export interface NewPoll {
  broadcasterId: string;
  title: string;
  choices: string[];
  channelPointsVotingEnabled: boolean;
  channelPointsPerVote: number;
  duration: number;
}

/** The platform keeps polls for 90 days. */
export const POLL_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

export class PollStore {
  private readonly byId = new Map<string, Poll>();

  create(input: NewPoll, now: number): Poll {
    const poll: Poll = {
      id: ids.unusedId(ids.uuid, this.byId),
      broadcasterId: input.broadcasterId,
      title: input.title,
      choices: input.choices.map((title) => ({ id: ids.uuid(), title, votes: 0, channelPointsVotes: 0, bitsVotes: 0 })),
      channelPointsVotingEnabled: input.channelPointsVotingEnabled,
      channelPointsPerVote: input.channelPointsPerVote,
      status: 'ACTIVE',
      duration: input.duration,
      startedAt: now,
      endedAt: null,
      freeVoters: new Set(),
    };
    this.byId.set(poll.id, poll);
    return poll;
  }

  get(id: string): Poll | undefined {
    return this.byId.get(id);
  }

  active(broadcasterId: string): Poll | undefined {
    for (const poll of this.byId.values()) if (poll.broadcasterId === broadcasterId && poll.status === 'ACTIVE') return poll;
    return undefined;
  }

  /** The broadcaster's polls of the last 90 days, newest first. */
  listFor(broadcasterId: string, now: number): Poll[] {
    return [...this.byId.values()].filter((p) => p.broadcasterId === broadcasterId && p.startedAt > now - POLL_RETENTION_MS).reverse();
  }

  /** Active polls whose time is up at `now`. */
  due(now: number): Poll[] {
    return [...this.byId.values()].filter((p) => p.status === 'ACTIVE' && endsAt(p) <= now);
  }

  list(): Poll[] {
    return [...this.byId.values()];
  }
}

export function endsAt(poll: Poll): number {
  return poll.startedAt + poll.duration * 1000;
}

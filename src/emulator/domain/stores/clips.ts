/** Clips of broadcasts: made by Create Clip (on a live channel) or by the simulation API. */
import { randomInt } from 'node:crypto';
import * as ids from '../../ids';

export interface Clip {
  id: string;
  broadcasterId: string;
  creatorId: string;
  videoId: string;
  gameId: string;
  language: string;
  title: string;
  viewCount: number;
  createdAt: number;
  /** Seconds. */
  duration: number;
  vodOffset: number | null;
  isFeatured: boolean;
  /** When Get Clips starts listing it: the platform processes a new clip for a few seconds. */
  availableAt: number;
}

export type NewClip = Omit<Clip, 'id'>;

export class ClipStore {
  private readonly byId = new Map<string, Clip>();

  create(input: NewClip): Clip {
    const clip: Clip = { id: ids.unusedId(clipSlug, this.byId), ...input };
    this.byId.set(clip.id, clip);
    return clip;
  }

  get(id: string): Clip | undefined {
    return this.byId.get(id);
  }

  /** Clips done processing at `now`. */
  available(now: number): Clip[] {
    return [...this.byId.values()].filter((c) => c.availableAt <= now);
  }
}

const ADJECTIVES = ['Fun', 'Poised', 'Brave', 'Quiet', 'Shiny', 'Lucky', 'Swift', 'Clever', 'Gentle', 'Bold', 'Awkward', 'Helpless', 'Happy', 'Tiny'];
const ANIMALS = ['Giraffe', 'Salamander', 'Otter', 'Falcon', 'Badger', 'Panda', 'Koala', 'Lynx', 'Heron', 'Walrus', 'Gecko', 'Moose'];
const EMOTES = ['GingerPower', 'SwiftRage', 'Kappa', 'PogChamp', 'KappaPride', 'BibleThump', 'ResidentSleeper', 'DansGame', 'SeemsGood', 'VoHiYo'];
const MIXED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** The platform's clip slug: two adjectives, an animal and an emote, then a random suffix. */
function clipSlug(): string {
  const word = (list: readonly string[]) => list[randomInt(list.length)]!;
  return `${word(ADJECTIVES)}${word(ADJECTIVES)}${word(ANIMALS)}${word(EMOTES)}-${ids.randomString(16, MIXED)}`;
}

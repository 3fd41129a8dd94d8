import * as ids from '../../ids';
import { RateLimiter } from './rate-limiter';

/** What the broadcast is: a live stream, a premiere of an upload, or a rerun of a past broadcast. */
export type StreamKind = 'live' | 'premiere' | 'rerun';

/** Get Streams Metadata's global bucket (spec 8: a limit across all callers; the value is the emulator's). */
export const STREAMS_METADATA_LIMIT = 60;

export interface StreamListener {
  started?(stream: Stream): void;
  ended?(stream: Stream): void;
}

/** A live stream. Not live = no record. */
export interface Stream {
  id: string;
  userId: string;
  gameId: string;
  title: string;
  viewerCount: number;
  startedAt: number;
  language: string;
  tags: string[];
  isMature: boolean;
  /** Whether past broadcasts are stored (markers need it). */
  vod: boolean;
  /** Absent means `live`. Markers cannot be added to premieres and reruns. */
  kind?: StreamKind;
}

export type NewStream = Omit<Stream, 'id'>;

export class StreamStore {
  private readonly byUser = new Map<string, Stream>();
  private readonly listeners = new Set<StreamListener>();
  /** One bucket shared by every caller of Get Streams Metadata. */
  readonly metadataRateLimiter = new RateLimiter(STREAMS_METADATA_LIMIT, 60_000);

  /** Areas that follow broadcasts (archives, "last streamed") hook in here; returns the unsubscribe. */
  onChange(listener: StreamListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(input: NewStream): Stream {
    const stream: Stream = { id: ids.numericId(11), ...input };
    this.byUser.set(input.userId, stream);
    for (const listener of this.listeners) listener.started?.(stream);
    return stream;
  }

  get(userId: string): Stream | undefined {
    return this.byUser.get(userId);
  }

  isLive(userId: string): boolean {
    return this.byUser.has(userId);
  }

  end(userId: string): Stream | undefined {
    const stream = this.byUser.get(userId);
    this.byUser.delete(userId);
    if (stream) for (const listener of this.listeners) listener.ended?.(stream);
    return stream;
  }

  list(): Stream[] {
    return [...this.byUser.values()];
  }
}

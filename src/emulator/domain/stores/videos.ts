import * as ids from '../../ids';
import type { ChannelStore } from './channels';
import type { Stream, StreamStore } from './streams';
import type { BroadcasterType } from './users';

export type VideoType = 'archive' | 'highlight' | 'upload';

export interface MutedSegment {
  duration: number;
  offset: number;
}

/** A video (spec part 2): a past broadcast (archive), a highlight or an upload. */
export interface Video {
  id: string;
  /** The stream an archive was saved from; null for highlights and uploads. */
  streamId: string | null;
  userId: string;
  title: string;
  description: string;
  createdAt: number;
  publishedAt: number;
  viewable: 'public';
  viewCount: number;
  language: string;
  type: VideoType;
  /** Fixed length; for an archive still recording, the length so far is computed from the live stream. */
  durationSeconds: number;
  gameId: string;
  mutedSegments: MutedSegment[] | null;
  /** An archive of a stream that is still live. */
  recording: boolean;
}

export type NewVideo = Omit<Video, 'id' | 'recording' | 'viewable'> & { id?: string };

/** What the store follows: stream starts and ends (archives, the channel's "last streamed"). */
export interface BroadcastSource {
  readonly streams: StreamStore;
  readonly channels: ChannelStore;
  readonly clock: { now(): number };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Spec 4.4: archives expire after 14 days for ordinary broadcasters and after 60 days for others
 * (here: partners and affiliates). Highlights and uploads never expire.
 */
export function archiveRetentionDays(broadcasterType: BroadcasterType): number {
  return broadcasterType === '' ? 14 : 60;
}

export class VideoStore {
  private readonly byId = new Map<string, Video>();

  constructor(private readonly source?: BroadcastSource) {
    source?.streams.onChange({
      started: (stream) => this.streamStarted(stream),
      ended: (stream) => this.streamEnded(stream),
    });
  }

  create(input: NewVideo): Video {
    const id = ids.claimId(input.id, () => ids.numericId(10), this.byId, 'video');
    const video: Video = { ...input, id, viewable: 'public', recording: false };
    this.byId.set(id, video);
    return video;
  }

  get(id: string): Video | undefined {
    return this.byId.get(id);
  }

  delete(id: string): boolean {
    return this.byId.delete(id);
  }

  list(): Video[] {
    return [...this.byId.values()];
  }

  /** The archive being recorded for a live stream, if any. */
  archiveOf(streamId: string): Video | undefined {
    // Without copying the list: every video read (refreshVideos) asks this for each live stream.
    for (const video of this.byId.values()) if (video.type === 'archive' && video.streamId === streamId) return video;
    return undefined;
  }

  /** The live stream's archive, created when past broadcasts are stored and it has none yet. */
  ensureArchive(stream: Stream): Video | undefined {
    if (!stream.vod || (stream.kind !== undefined && stream.kind !== 'live')) return undefined;
    const existing = this.archiveOf(stream.id);
    if (existing) return existing;
    const video = this.create({
      streamId: stream.id,
      userId: stream.userId,
      title: stream.title,
      description: '',
      createdAt: stream.startedAt,
      publishedAt: stream.startedAt,
      viewCount: 0,
      language: stream.language,
      type: 'archive',
      durationSeconds: 0,
      gameId: stream.gameId,
      mutedSegments: null,
    });
    video.recording = true;
    return video;
  }

  /** Removes archives past their retention; returns the removed videos' IDs. */
  purgeExpired(now: number, broadcasterTypeOf: (userId: string) => BroadcasterType): string[] {
    const removed: string[] = [];
    for (const video of this.byId.values()) {
      if (video.type !== 'archive' || video.recording) continue;
      const retentionMs = archiveRetentionDays(broadcasterTypeOf(video.userId)) * DAY_MS;
      if (now - video.createdAt >= retentionMs) {
        this.byId.delete(video.id);
        removed.push(video.id);
      }
    }
    return removed;
  }

  private streamStarted(stream: Stream): void {
    if (!this.source) return;
    const channel = this.source.channels.get(stream.userId);
    if (channel) channel.lastStreamedAt = stream.startedAt;
    this.ensureArchive(stream);
  }

  private streamEnded(stream: Stream): void {
    if (!this.source) return;
    const now = this.source.clock.now();
    const channel = this.source.channels.get(stream.userId);
    if (channel) channel.lastStreamedAt = now;
    const archive = this.archiveOf(stream.id);
    if (archive?.recording) {
      archive.recording = false;
      archive.title = stream.title;
      archive.durationSeconds = Math.max(0, Math.floor((now - stream.startedAt) / 1000));
    }
  }
}

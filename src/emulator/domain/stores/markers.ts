import * as ids from '../../ids';
import { newestFirst } from './newest-first';

/** A stream marker (spec part 2), attached to the archive of the stream it was made in. */
export interface Marker {
  id: string;
  videoId: string;
  /** The broadcaster whose stream was marked. */
  broadcasterId: string;
  /** The token user who made it: Get Stream Markers returns only the caller's own. */
  creatorId: string;
  createdAt: number;
  description: string;
  positionSeconds: number;
}

export type NewMarker = Omit<Marker, 'id'>;

export class MarkerStore {
  private readonly markers: Marker[] = [];

  create(input: NewMarker): Marker {
    const marker: Marker = { id: ids.uuid(), ...input };
    this.markers.push(marker);
    return marker;
  }

  /** Newest first. */
  forVideo(videoId: string): Marker[] {
    return newestFirst(
      this.markers.filter((m) => m.videoId === videoId),
      (m) => m.createdAt,
    );
  }

  /** Markers go with their video. */
  deleteForVideos(videoIds: readonly string[]): void {
    const gone = new Set(videoIds);
    for (let i = this.markers.length - 1; i >= 0; i--) {
      if (gone.has(this.markers[i]!.videoId)) this.markers.splice(i, 1);
    }
  }
}

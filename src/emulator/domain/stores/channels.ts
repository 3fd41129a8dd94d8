import * as ids from '../../ids';

/** A user's channel: created with the user, holds the channel information and the stream key. */
export interface Channel {
  broadcasterId: string;
  language: string;
  gameId: string;
  title: string;
  delay: number;
  tags: string[];
  contentClassificationLabels: string[];
  isBrandedContent: boolean;
  streamKey: string;
  /** When the channel was last live (start of a live stream, or its end once over); null if never. Search Channels needs it. */
  lastStreamedAt: number | null;
  /** When `isBrandedContent` last changed through Modify Channel Information (its 409 rule). */
  brandedContentChangedAt: number | null;
}

export class ChannelStore {
  private readonly byBroadcaster = new Map<string, Channel>();

  create(broadcasterId: string, init: Partial<Omit<Channel, 'broadcasterId'>> = {}): Channel {
    const channel: Channel = {
      broadcasterId,
      language: init.language ?? 'en',
      gameId: init.gameId ?? '',
      title: init.title ?? '',
      delay: init.delay ?? 0,
      tags: init.tags ?? [],
      contentClassificationLabels: init.contentClassificationLabels ?? [],
      isBrandedContent: init.isBrandedContent ?? false,
      streamKey: init.streamKey ?? ids.streamKey(broadcasterId),
      lastStreamedAt: init.lastStreamedAt ?? null,
      brandedContentChangedAt: init.brandedContentChangedAt ?? null,
    };
    this.byBroadcaster.set(broadcasterId, channel);
    return channel;
  }

  get(broadcasterId: string): Channel | undefined {
    return this.byBroadcaster.get(broadcasterId);
  }

  list(): Channel[] {
    return [...this.byBroadcaster.values()];
  }
}

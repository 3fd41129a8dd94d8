import * as ids from '../ids';

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
}

export type NewStream = Omit<Stream, 'id'>;

export class StreamStore {
  private readonly byUser = new Map<string, Stream>();

  start(input: NewStream): Stream {
    const stream: Stream = { id: ids.numericId(11), ...input };
    this.byUser.set(input.userId, stream);
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
    return stream;
  }

  list(): Stream[] {
    return [...this.byUser.values()];
  }
}

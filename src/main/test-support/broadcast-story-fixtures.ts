/**
 * Test support for the broadcast story's recorder: a stream status a test sets by hand, the channel
 * events a test fires by hand (as the one stream passes them), and a recorder on a data directory.
 */
import type { ChannelEvent, ChannelEventKind, StreamStatus } from '../../shared/ipc/contract';
import type { Clock } from '../../shared/primitives/clock';
import { Emitter, type Disposer } from '../../shared/primitives/emitter';
import { BroadcastStoryRecorder, type BroadcastStoryRecorderOptions } from '../services/broadcast-story/broadcast-story-recorder';
import { openStoryFiles } from '../services/broadcast-story/story-files';
import type { DataRecoveryNotices } from '../services/common/data-recovery-notices';
import { silentLogger } from '../services/logger';
import { offlineStatus } from '../services/stream-status/stream-status-service';

export function liveStatus(startedAt: number, viewerCount: number | null, overrides: Partial<StreamStatus> = {}): StreamStatus {
  return {
    ...offlineStatus,
    live: true,
    streamId: 'stream-1',
    startedAt: new Date(startedAt).toISOString(),
    viewerCount,
    title: 'Speedrun night',
    categoryName: 'Just Chatting',
    checkedAt: new Date(startedAt).toISOString(),
    ...overrides,
  };
}

export class ManualStream {
  private status: StreamStatus = offlineStatus;
  private readonly changes = new Emitter<StreamStatus>();
  getStatus = (): StreamStatus => this.status;
  onChange = (listener: (status: StreamStatus) => void): Disposer => this.changes.on(listener);
  set(status: StreamStatus): void {
    this.status = status;
    this.changes.fire(status);
  }
}

export class ManualChannelEvents {
  private readonly emitter = new Emitter<ChannelEvent>();
  on<K extends ChannelEventKind>(kinds: readonly K[], listener: (event: Extract<ChannelEvent, { kind: K }>) => void): Disposer {
    const wanted = new Set<ChannelEventKind>(kinds);
    return this.emitter.on((event) => {
      if (wanted.has(event.kind)) listener(event as Extract<ChannelEvent, { kind: K }>);
    });
  }
  fire(event: ChannelEvent): void {
    this.emitter.fire(event);
  }
}

export async function openRecorder(
  dataDir: string,
  clock: Clock,
  options: { stream: ManualStream; channelEvents: ManualChannelEvents; notices?: DataRecoveryNotices } & Partial<Omit<BroadcastStoryRecorderOptions, 'files' | 'stream' | 'channelEvents'>>,
): Promise<BroadcastStoryRecorder> {
  const files = await openStoryFiles(dataDir, { notices: options.notices, logger: silentLogger });
  const recorder = new BroadcastStoryRecorder({ logger: silentLogger, ...options, files, clock });
  recorder.start();
  return recorder;
}

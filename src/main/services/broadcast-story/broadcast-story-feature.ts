/**
 * The Broadcasts panel's recorder as a feature: its files are opened before anything is
 * built (files that cannot be opened leave it off, with the reason), the recorder follows the stream
 * status, the one channel-event stream, the marker log and the automations' runs, and on quit the
 * minute under way is written.
 */
import type { BroadcastStory, BroadcastStoryList } from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import type { Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import { BroadcastStoryRecorder, type BroadcastStoryRecorderOptions } from './broadcast-story-recorder';
import { openStoryFiles, type OpenedStoryFiles } from './story-files';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';

export type BroadcastStoryFiles = { ok: true; files: OpenedStoryFiles } | { ok: false; problem: string };

export async function openBroadcastStoryFiles(dataDir: string, options: { notices?: DataRecoveryNotices; logger: Logger }): Promise<BroadcastStoryFiles> {
  try {
    return { ok: true, files: await openStoryFiles(dataDir, options) };
  } catch (error) {
    options.logger.error('broadcast story: its files could not be opened; broadcasts are not recorded', { error });
    return { ok: false, problem: `Broadcasts are not recorded: their files in the data folder could not be opened (${error instanceof Error ? error.message : String(error)}).` };
  }
}

export type BroadcastStoryDeps = Omit<BroadcastStoryRecorderOptions, 'files' | 'clock'> & {
  clock?: Clock;
  /** `SIDESTAGE_STORY_MINUTE_MS`: a shorter bucket, for the end-to-end test's few-minute demo broadcast (at least 1 s). */
  env?: Record<string, string | undefined>;
};

function bucketLength(env: Record<string, string | undefined> | undefined): number | undefined {
  const ms = Number(env?.SIDESTAGE_STORY_MINUTE_MS);
  return Number.isInteger(ms) && ms >= 1000 ? ms : undefined;
}

export interface BroadcastStoryFeature {
  readonly recorder: BroadcastStoryRecorder | null;
  list(): BroadcastStoryList;
  get(id: string): BroadcastStory;
  onChange(listener: (list: BroadcastStoryList) => void): Disposer;
  onEnded(listener: (ended: { id: string }) => void): Disposer;
  /** Before EventSub connects, so that no event is missed. */
  start(): void;
  /** Writes the minute under way, then closes the files. */
  dispose(): Promise<void>;
}

export function buildBroadcastStory(deps: BroadcastStoryDeps, opened: BroadcastStoryFiles): BroadcastStoryFeature {
  if (!opened.ok) {
    const list: BroadcastStoryList = { broadcasts: [], liveId: null, unavailable: opened.problem };
    return {
      recorder: null,
      list: () => list,
      get: () => {
        throw new AppError('unavailable', opened.problem);
      },
      onChange: () => () => {},
      onEnded: () => () => {},
      start: () => {},
      dispose: async () => {},
    };
  }
  const { env, ...options } = deps;
  const recorder = new BroadcastStoryRecorder({ minuteMs: bucketLength(env), ...options, files: opened.files });
  let disposed = false;
  return {
    recorder,
    list: () => recorder.list(),
    get: (id) => recorder.get(id),
    onChange: (listener) => recorder.onChange(listener),
    onEnded: (listener) => recorder.onEnded(listener),
    start: () => recorder.start(),
    async dispose() {
      if (disposed) return;
      disposed = true;
      await recorder.flush().catch((error: unknown) => deps.logger.error('broadcast story: could not write the minute under way on quit', { error }));
      recorder.dispose();
    },
  };
}

/** The test-stream slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { TestStreamState } from '../../../../shared/ipc/contract';

export type TestStreamActionId = 'testStream.load' | 'testStream.start' | 'testStream.stop';

export interface TestStreamSlice {
  testStream: TestStreamState | null;
  loadTestStream(): Promise<void>;
  startTestStream(): Promise<void>;
  stopTestStream(): Promise<void>;
  applyTestStream(state: TestStreamState): void;
}

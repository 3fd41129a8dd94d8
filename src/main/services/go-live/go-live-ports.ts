/**
 * What the go-live checklist reads and calls of the other services: one narrow port each (auth,
 * ingest, OBS, the test stream, events, markers, the marker hotkey, chat settings, the start preset
 * setting), so that it is tested with plain objects and never sees the stream key.
 */
import type {
  AuthState,
  ChatSettingsState,
  EventsStatus,
  IngestOverview,
  MarkersOverview,
  ObsOutputSettings,
  ObsSendResult,
  ObsState,
  ObsStreamTarget,
  TestStreamState,
} from '../../../shared/ipc/contract';
import type { Disposer } from '../../../shared/primitives/emitter';

export type Listen<T> = (listener: (value: T) => void) => Disposer;

export interface GoLiveAuth {
  getState(): AuthState;
  onChange: Listen<AuthState>;
  signIn(flow: 'loopback'): Promise<unknown>;
}
export interface GoLiveIngest {
  getOverview(): Promise<IngestOverview>;
  probe(): Promise<IngestOverview>;
  onChange: Listen<IngestOverview>;
}
export interface GoLiveObs {
  getState(): ObsState;
  onChange: Listen<ObsState>;
  connect(): Promise<unknown>;
  checkStreamTarget(): Promise<ObsStreamTarget>;
  sendStreamTarget(overwrite: boolean): Promise<ObsSendResult>;
  getOutputSettings(): Promise<ObsOutputSettings>;
}
/** The demo's test stream (ffmpeg): the encoder when OBS is not connected. */
export interface GoLiveTestStream {
  getState(): TestStreamState;
  onChange: Listen<TestStreamState>;
}
export interface GoLiveEvents {
  getStatus(): EventsStatus;
  onStatusChange: Listen<EventsStatus>;
}
export interface GoLiveMarkers {
  getOverview(): MarkersOverview;
  onChange: Listen<MarkersOverview>;
}
/** The marker's global hotkey, one of the quick actions' (`QuickActionHotkeys.get('marker')`). */
export interface GoLiveHotkeyState {
  accelerator: string | null;
  registered: boolean;
  error: string | null;
}
export interface GoLiveHotkey {
  getState(): GoLiveHotkeyState;
  onChange: Listen<unknown>;
}
export interface GoLiveChatSettings {
  getState(): ChatSettingsState;
  onChange: Listen<ChatSettingsState>;
  applyPreset(presetId: string): Promise<unknown>;
}
export interface StartPresetSetting {
  get(): string | null;
  set(presetId: string | null): void;
}

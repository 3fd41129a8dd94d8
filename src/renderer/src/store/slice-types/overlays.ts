/** The overlays slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { AlertKind, AlertOptions, AlertQueueState, AlertTypeSettings, ChatOverlayOptions, MediaList, OverlaysState, SaveGoalArg, SetWidgetArg, SpeechSettings, SpeechState, WidgetTimerAction, WidgetsState } from '../../../../shared/ipc/contract';

export type OverlaysActionId =
  | 'overlays.load'
  | 'overlays.queue'
  | 'overlays.reducedMotion'
  | `overlays.css.${string}`
  | 'overlays.port'
  | 'overlays.options'
  | 'overlays.chatOptions'
  | 'overlays.test'
  | 'overlays.redemption'
  | 'overlays.speech'
  | 'overlays.widgets'
  | `overlays.alert.${AlertKind}`
  | `overlays.goal.${string}`
  | `overlays.copy.${string}`
  | `overlays.addToObs.${string}`
  | `overlays.resetLink.${string}`
  | 'media.load'
  | 'media.add'
  | `media.remove.${string}`;

export interface OverlaysSlice {
  overlays: OverlaysState | null;
  alertQueue: AlertQueueState | null;
  media: MediaList | null;
  /** Text-to-speech of the viewers' words on alerts: settings, voices, what is said now. */
  speech: SpeechState | null;
  /** The overlay whose URL was just copied ("Copied" beside it for a moment). */
  overlayCopied: { key: string; seq: number } | null;
  /** What the last Test or Add to OBS did, in words. */
  overlayNotice: { key: string; text: string } | null;
  loadOverlays(): Promise<void>;
  loadAlertQueue(): Promise<void>;
  loadMedia(): Promise<void>;
  loadSpeech(): Promise<void>;
  setSpeech(changes: Partial<SpeechSettings>): Promise<void>;
  /** Skip: the words being spoken on the alerts pages stop. */
  skipSpeech(): Promise<void>;
  applySpeech(state: SpeechState): void;
  /** The stream widgets' settings, the timer, the variables a counter can show. */
  widgets: WidgetsState | null;
  loadWidgets(): Promise<void>;
  setWidget(arg: SetWidgetArg): Promise<void>;
  widgetTimer(action: WidgetTimerAction): Promise<void>;
  applyWidgets(state: WidgetsState): void;
  setAlertType(kind: AlertKind, changes: Partial<AlertTypeSettings>): Promise<void>;
  setAlertOptions(changes: Partial<AlertOptions>): Promise<void>;
  setOverlaysReducedMotion(reducedMotion: boolean): Promise<void>;
  /** The chat overlay's options (hide lines from other channels, commands, the bot's; fade after N s). */
  setChatOverlayOptions(changes: Partial<ChatOverlayOptions>): Promise<void>;
  /** An overlay's custom CSS (empty: none); main refuses, in words, what loads anything from elsewhere. */
  setOverlayCustomCss(key: string, css: string): Promise<void>;
  setOverlayPort(port: number): Promise<void>;
  saveGoal(goal: SaveGoalArg): Promise<void>;
  removeGoal(id: string): Promise<void>;
  adjustGoal(id: string, current: number): Promise<void>;
  copyOverlayUrl(key: string): Promise<void>;
  addOverlayToObs(key: string): Promise<void>;
  resetOverlayLink(key: string): Promise<void>;
  pickRedemptionOnScreen(redemptionId: string | null): Promise<void>;
  pauseAlerts(): Promise<void>;
  resumeAlerts(): Promise<void>;
  skipAlert(): Promise<void>;
  replayAlert(): Promise<void>;
  testAlert(kind: AlertKind): Promise<void>;
  /** `type` is what the browser guessed (only to pick the size limit early: main reads the bytes). */
  addMedia(file: { name: string; size: number; type?: string; arrayBuffer(): Promise<ArrayBuffer> }): Promise<void>;
  removeMedia(id: string): Promise<void>;
  applyOverlays(state: OverlaysState): void;
  applyAlertQueue(state: AlertQueueState): void;
  applyMedia(list: MediaList): void;
}

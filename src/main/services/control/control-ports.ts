/**
 * What the control API's deck endpoints and topics reach in the rest of Sidestage, as ports: the
 * automations (a manual run), the automation variables, the alert queue, OBS's scenes and the
 * channel-event stream. The variables are the automations feature's (`AutomationVariablesPort`,
 * `shared/domain/automation-variables.ts`); without them the variables endpoints answer a typed 503
 * in words.
 */
import type { ChannelEvent, ChannelEventKind } from '../../../shared/ipc/contract';
import type { Disposer } from '../../../shared/primitives/emitter';
import type { AutomationVariablesPort } from '../../../shared/domain/automation-variables';


/** The automations as a deck sees them: their names, and a run by hand. */
export interface ControlAutomationsPort {
  /** Null: automations are off (the reason in words is `problem()`). */
  list(): readonly { id: string; name: string; enabled: boolean }[] | null;
  problem(): string;
  /** A manual run, logged as run from the control API by `clientName`; the same `key` runs once. Throws an AppError in words (an unknown id). */
  run(id: string, press: { key: string; clientName: string }): { runId: string | null; again: boolean };
  onChange(listener: () => void): Disposer;
}

export interface ControlAlertsState {
  /** Paused by hand (an ad break's wait is not a pause a deck can lift). */
  paused: boolean;
  /** Alerts waiting to show. */
  waiting: number;
}

/** The overlays' alert queue. */
export interface ControlAlertsPort {
  getState(): ControlAlertsState;
  setPaused(paused: boolean): void;
  /** Ends the alert on screen now. */
  skip(): void;
  onChange(listener: () => void): Disposer;
}

/** OBS's scenes through Sidestage's one connection; each rejects with an AppError in words (OBS not connected, no such scene). */
export interface ControlObsPort {
  scenes(): Promise<{ current: string | null; scenes: string[] }>;
  switchScene(name: string): Promise<void>;
}

/** The one channel-event stream (every kind the API passes on is asked of the platform only while a client listens). */
export interface ControlChannelEventsPort {
  on(kinds: readonly ChannelEventKind[], listener: (event: ChannelEvent) => void): Disposer;
}

export interface ControlDeckPorts {
  automations: ControlAutomationsPort;
  /** Null until the automation variables are wired: the endpoints answer 503 in words. */
  variables: AutomationVariablesPort | null;
  alerts: ControlAlertsPort;
  obs: ControlObsPort;
  channelEvents: ControlChannelEventsPort;
}

/**
 * "OBS event" triggers: the program scene changed, streaming or recording started or stopped, as
 * obs-websocket announces them on OBS's one connection (`ObsService.onEvent`). Each event is a run
 * of its own (Sidestage makes its id: OBS's events carry none).
 */
import { randomUUID } from 'node:crypto';
import type { AutomationTrigger } from '../../../../shared/ipc/contract';
import { obsTriggerEventWords } from '../../../../shared/domain/automation-words';
import type { ObsTriggerEvent } from '../../../../shared/ipc/schemas/automations';
import type { Disposer } from '../../../../shared/primitives/emitter';
import { ownEvent, type TriggerEvent } from '../triggers';

/** One of OBS's events as automations read it; `sceneName` for a scene change. */
export interface ObsAutomationEvent {
  event: ObsTriggerEvent;
  sceneName?: string;
}

export interface ObsEventsSource {
  on(listener: (event: ObsAutomationEvent) => void): Disposer;
}

/** Reads obs-websocket's events (by their protocol names) as automation events; others: null. */
export function obsAutomationEvent(name: string, data: unknown): ObsAutomationEvent | null {
  const fields = (data ?? {}) as { sceneName?: unknown; outputState?: unknown };
  switch (name) {
    case 'CurrentProgramSceneChanged':
      return typeof fields.sceneName === 'string' ? { event: 'sceneChanged', sceneName: fields.sceneName } : null;
    case 'StreamStateChanged':
      return fields.outputState === 'OBS_WEBSOCKET_OUTPUT_STARTED' ? { event: 'streamStarted' } : fields.outputState === 'OBS_WEBSOCKET_OUTPUT_STOPPED' ? { event: 'streamStopped' } : null;
    case 'RecordStateChanged':
      return fields.outputState === 'OBS_WEBSOCKET_OUTPUT_STARTED' ? { event: 'recordingStarted' } : fields.outputState === 'OBS_WEBSOCKET_OUTPUT_STOPPED' ? { event: 'recordingStopped' } : null;
    default:
      return null;
  }
}

export function obsTriggerEvent(trigger: Extract<AutomationTrigger, { kind: 'obsEvent' }>, event: ObsAutomationEvent): TriggerEvent | null {
  if (trigger.event !== event.event) return null;
  const scene = event.sceneName ?? '';
  const summary = `OBS: ${obsTriggerEventWords[event.event]}${scene ? ` to "${scene.slice(0, 60)}"` : ''}`;
  return ownEvent(`obs:${event.event}:${randomUUID()}`, 'obsEvent', summary, 'live', { scene });
}

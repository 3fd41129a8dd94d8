/**
 * The control API's deck ports (`control-ports.ts`) as in-memory stand-ins that record what they
 * were asked: automations with a run log, variables, the alert queue, OBS's scenes (connected or
 * not) and a channel-event stream a test pushes events into. For the control server's unit, fuzz
 * and bench runs; the real services are behind the same ports in the integration test.
 */
import { AppError } from '../services/app-error';
import type { ChannelEvent, ChannelEventKind } from '../../shared/ipc/contract';
import { Emitter } from '../../shared/primitives/emitter';
import type { AutomationVariable, VariableChange } from '../../shared/domain/automation-variables';
import type { ControlAlertsState, ControlDeckPorts } from '../services/control/control-ports';

export interface FakeControlDeck {
  ports: ControlDeckPorts;
  /** Every manual run: the automation, the press's key and the client's name. */
  runs: { id: string; key: string; clientName: string; runId: string }[];
  alerts: ControlAlertsState & { skipped: number };
  fireAlerts(): void;
  obs: { connected: boolean; current: string; scenes: string[] };
  /** Kinds held on the channel-event stream now (none while no socket hears events). */
  heldKinds(): readonly ChannelEventKind[];
  emitEvent(event: ChannelEvent): void;
  variables: Map<string, AutomationVariable>;
}

export function fakeControlDeck(options: { variables?: boolean } = {}): FakeControlDeck {
  const runs: FakeControlDeck['runs'] = [];
  const alertChanges = new Emitter<void>();
  const alerts = { paused: false, waiting: 2, skipped: 0 };
  const obs = { connected: true, current: 'Main', scenes: ['Main', 'Be right back'] };
  const events = new Emitter<ChannelEvent>();
  const held: ChannelEventKind[][] = [];
  const variables = new Map<string, AutomationVariable>([['deaths', { name: 'deaths', value: 3, updatedAt: '2026-01-01T00:00:00.000Z' }]]);
  const variableChanges = new Emitter<AutomationVariable>();
  const automations = [
    { id: 'a-hydrate', name: 'Hydrate', enabled: true },
    { id: 'a-brb', name: 'Be right back', enabled: false },
  ];
  const obsOrRefuse = () => {
    if (!obs.connected) throw new AppError('unavailable', 'OBS is not connected.');
  };

  const ports: ControlDeckPorts = {
    automations: {
      list: () => automations,
      problem: () => 'Automations are off.',
      run: (id, press) => {
        if (!automations.some((a) => a.id === id)) throw new AppError('invalid_argument', 'That automation no longer exists: it may have been deleted.');
        const first = runs.find((r) => r.id === id && r.key === press.key);
        if (first) return { runId: first.runId, again: true };
        const runId = `run-${runs.length + 1}`;
        runs.push({ id, key: press.key, clientName: press.clientName, runId });
        return { runId, again: false };
      },
      onChange: () => () => {},
    },
    variables:
      options.variables === false
        ? null
        : {
            list: () => [...variables.values()],
            change: async (name: string, change: VariableChange) => {
              const variable = variables.get(name);
              if (!variable) throw new AppError('invalid_argument', `There is no variable "${name}".`);
              let value: number | string;
              if (change.kind === 'reset') value = typeof variable.value === 'number' ? 0 : '';
              else if (change.kind === 'set') value = change.value;
              else if (typeof variable.value !== 'number') throw new AppError('invalid_argument', `"${name}" holds text: it cannot be added to.`);
              else value = variable.value + change.by;
              if (typeof value !== typeof variable.value) throw new AppError('invalid_argument', `"${name}" holds a ${typeof variable.value === 'number' ? 'number' : 'text'}.`);
              const next = { name, value, updatedAt: new Date().toISOString() };
              variables.set(name, next);
              variableChanges.fire(next);
              return next;
            },
            onChanged: (listener) => variableChanges.on(listener),
          },
    alerts: {
      getState: () => ({ paused: alerts.paused, waiting: alerts.waiting }),
      setPaused: (paused) => {
        alerts.paused = paused;
        alertChanges.fire();
      },
      skip: () => {
        alerts.skipped++;
        alertChanges.fire();
      },
      onChange: (listener) => alertChanges.on(listener),
    },
    obs: {
      scenes: async () => {
        obsOrRefuse();
        return { current: obs.current, scenes: [...obs.scenes] };
      },
      switchScene: async (name) => {
        obsOrRefuse();
        if (!obs.scenes.includes(name)) throw new AppError('invalid_argument', `OBS has no scene "${name}".`);
        obs.current = name;
      },
    },
    channelEvents: {
      on: (kinds, listener) => {
        const entry = [...kinds];
        held.push(entry);
        const wanted = new Set(kinds);
        const off = events.on((event) => wanted.has(event.kind) && listener(event));
        return () => {
          off();
          held.splice(held.indexOf(entry), 1);
        };
      },
    },
  };
  return {
    ports,
    runs,
    alerts,
    fireAlerts: () => alertChanges.fire(),
    obs,
    heldKinds: () => [...new Set(held.flat())],
    emitEvent: (event) => events.fire(event),
    variables,
  };
}

/**
 * The stream widgets as overlays: each channel event goes into the tally once (`widget-tally.ts`,
 * by deltas) and only the widgets it concerns are sent their new view; a page that connects gets its
 * widget's view once (`initialFrames`). The settings, the timer (started, paused and reset from the
 * Overlays panel) and the tally are kept in `widgets.json` (`widget-file.ts`), so a restart or a
 * reloaded page shows the same. The counter shows an automation variable (`widget-ports.ts`).
 */
import type { OverlayFrame } from '../../../shared/ipc/schemas/overlays';
import { widgetIds, type SetWidgetArg, type WidgetId, type WidgetTimerAction, type WidgetView, type WidgetsState } from '../../../shared/ipc/schemas/widgets';
import type { Clock } from '../../../shared/primitives/clock';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { Logger } from '../logger';
import type { OverlayServer } from './overlay-server';
import type { WidgetFile, SavedWidgets } from './widget-file';
import type { AutomationVariablesPort } from '../../../shared/domain/automation-variables';
import { noAutomationVariables } from './widget-ports';
import { WidgetTally, type WidgetEvent } from './widget-tally';
import { counterView, creditsView, latestView, recentView, timerElapsed, timerView, widgetsConcerned } from './widget-views';

export const WIDGET_KEY_PREFIX = 'widget/';

export interface StreamWidgetsDeps {
  file: Pick<WidgetFile, 'initial' | 'write' | 'name'>;
  server: Pick<OverlayServer, 'send' | 'pagesOpen'>;
  /** The automations' variables, for the counter (none until `useVariables`). */
  variables?: AutomationVariablesPort;
  clock: Clock;
  logger: Logger;
}

export class StreamWidgets {
  private readonly tally: WidgetTally;
  private settings: SavedWidgets['settings'];
  private timer: SavedWidgets['timer'];
  private readonly changes = new Emitter<WidgetsState>();
  private saveFailed = false;
  private variables: AutomationVariablesPort;
  private offVariables: Disposer | null = null;
  private started = false;

  constructor(private readonly deps: StreamWidgetsDeps) {
    const saved = deps.file.initial;
    this.tally = new WidgetTally(saved.tally);
    this.settings = structuredClone(saved.settings);
    this.timer = { ...saved.timer };
    this.variables = deps.variables ?? noAutomationVariables;
  }

  /** The widget a key names, or null when it is not a widget's. */
  static widgetOf(key: string): WidgetId | null {
    const id = key.startsWith(WIDGET_KEY_PREFIX) ? key.slice(WIDGET_KEY_PREFIX.length) : '';
    return (widgetIds as readonly string[]).includes(id) ? (id as WidgetId) : null;
  }

  /** Follows the automations' variables (the counter). */
  start(): Disposer {
    this.started = true;
    this.followVariables();
    return () => {
      this.started = false;
      this.offVariables?.();
      this.offVariables = null;
    };
  }

  /**
   * The automations' variables for the counter (the automations feature, built after the overlays,
   * links its own); back to none when let go. The counter's page is sent the new view at once.
   */
  useVariables(port: AutomationVariablesPort): Disposer {
    this.variables = port;
    this.followVariables();
    this.send('counter', counterView(port.list(), this.settings.counter));
    this.changed();
    return () => {
      if (this.variables !== port) return;
      this.variables = noAutomationVariables;
      this.followVariables();
    };
  }

  private followVariables(): void {
    this.offVariables?.();
    this.offVariables = null;
    if (!this.started) return;
    this.offVariables = this.variables.onChanged((variable) => {
      if (variable.name === this.settings.counter.variable) this.send('counter', counterView([variable], this.settings.counter));
      this.changed();
    });
  }

  getState(): WidgetsState {
    return {
      settings: structuredClone(this.settings),
      timer: { ...this.timer },
      variables: this.variables.list().map(({ name, value }) => ({ name, value })),
    };
  }

  onChange(listener: (state: WidgetsState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** One channel event: the tally moves by it, and the widgets it concerns are sent their view. */
  apply(event: WidgetEvent): void {
    const parts = this.tally.apply(event);
    if (parts.size === 0) return;
    this.save();
    for (const id of widgetsConcerned(parts, this.settings)) {
      if (this.deps.server.pagesOpen(`${WIDGET_KEY_PREFIX}${id}`) > 0) this.send(id, this.view(id));
    }
  }

  /** What a widget page is sent when it connects: its whole view. */
  initialFrames(key: string): OverlayFrame[] {
    const id = StreamWidgets.widgetOf(key);
    return id ? [{ type: 'widget', view: this.view(id) }] : [];
  }

  setWidget(arg: SetWidgetArg): WidgetsState {
    this.settings = { ...this.settings, [arg.widget]: { ...this.settings[arg.widget], ...arg.changes } };
    if (arg.widget === 'timer' && (arg.changes.mode !== undefined || arg.changes.durationSeconds !== undefined)) {
      // Another count: it starts over, stopped.
      this.timer = { elapsedMs: 0, runningSince: null };
    }
    this.send(arg.widget, this.view(arg.widget));
    this.save();
    return this.changed();
  }

  timerAction(action: WidgetTimerAction): WidgetsState {
    const now = this.deps.clock.now();
    const elapsed = timerElapsed(this.timer, now);
    const ranOut = this.settings.timer.mode === 'countdown' && elapsed >= this.settings.timer.durationSeconds * 1000;
    if (action === 'start' && this.timer.runningSince === null) this.timer = { elapsedMs: ranOut ? 0 : elapsed, runningSince: now };
    else if (action === 'start' && ranOut) this.timer = { elapsedMs: 0, runningSince: now };
    else if (action === 'pause' && this.timer.runningSince !== null) this.timer = { elapsedMs: Math.min(elapsed, 10 * 86_400_000), runningSince: null };
    else if (action === 'reset') this.timer = { elapsedMs: 0, runningSince: null };
    this.send('timer', this.view('timer'));
    this.save();
    return this.changed();
  }

  dispose(): void {
    this.changes.dispose();
  }

  private view(id: WidgetId): WidgetView {
    const tally = this.tally.get();
    switch (id) {
      case 'recent':
        return recentView(tally, this.settings.recent);
      case 'latest':
        return latestView(tally, this.settings.latest);
      case 'counter':
        return counterView(this.variables.list(), this.settings.counter);
      case 'timer':
        return timerView(this.timer, this.settings.timer, this.deps.clock.now());
      case 'credits':
        return creditsView(tally, this.settings.credits);
    }
  }

  private send(id: WidgetId, view: WidgetView): void {
    const key = `${WIDGET_KEY_PREFIX}${id}`;
    this.deps.server.send((k) => k === key, { type: 'widget', view });
  }

  private save(): void {
    this.deps.file
      .write({ version: 1, settings: this.settings, timer: this.timer, tally: this.tally.get() })
      .then(() => {
        this.saveFailed = false;
      })
      .catch((error: unknown) => {
        // Said once per run of failures; the next change writes again.
        if (this.saveFailed) return;
        this.saveFailed = true;
        this.deps.logger.warn(`overlays: the widgets were not saved to ${this.deps.file.name}`, { reason: error instanceof Error ? error.message : String(error) });
      });
  }

  private changed(): WidgetsState {
    const state = this.getState();
    this.changes.fire(state);
    return state;
  }
}

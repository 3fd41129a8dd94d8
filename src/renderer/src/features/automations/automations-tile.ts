/**
 * Automations' tile in the Live view: every automation paused or going again in one press (B), and
 * what they did last, in a few words. One entry of the tile registry (`features/live/tile-registry.tsx`).
 */
import type { RunRecord, RunStatus } from '../../../../shared/ipc/contract';
import { selectAction } from '../../store/selectors';
import type { SidestageState } from '../../store/types';
import type { LiveTile, TileState, TileTone } from '../../components/tiles/tile-model';

const outcome: Record<RunStatus, { word: string; tone: TileTone }> = {
  queued: { word: 'waiting', tone: 'active' },
  running: { word: 'running', tone: 'active' },
  done: { word: 'done', tone: 'idle' },
  failed: { word: 'failed', tone: 'warn' },
  skipped: { word: 'skipped', tone: 'idle' },
  interrupted: { word: 'interrupted', tone: 'warn' },
};

/** Names longer than this are cut: the tile has two short lines. */
const NAME_CHARS = 18;

/** "Hydrate!: done", "Raid of 10+ → shout…: failed". */
export function lastRunWords(run: Pick<RunRecord, 'automationName' | 'status'>): string {
  const name = run.automationName.length > NAME_CHARS ? `${run.automationName.slice(0, NAME_CHARS - 1).trimEnd()}…` : run.automationName;
  return `${name}: ${outcome[run.status].word}`;
}

/** "Automations on", "Paused", or the last run's outcome; pressing pauses or resumes them all. */
export function automationsTileState(state: SidestageState): TileState {
  const automations = state.automations;
  const label = automations?.paused ? 'Resume automations' : 'Pause automations';
  if (selectAction('automations.pause')(state).pending) return { text: automations?.paused ? 'Resuming…' : 'Pausing…', tone: 'active', disabled: true, label };
  if (!automations?.loaded) return { text: 'Reading…', tone: 'off', disabled: true, label };
  // Their files could not be opened: the Automations panel says why.
  if (automations.problem) return { text: 'Off: see Automations', tone: 'warn', disabled: true, label: 'Automations' };
  if (automations.paused) return { text: 'Paused', detail: 'Nothing runs until resumed', tone: 'warn', label };
  const last = automations.runs[0];
  if (last) return { text: lastRunWords(last), tone: outcome[last.status].tone, label };
  if (!automations.automations.some((a) => a.enabled)) return { text: 'None switched on', tone: 'off', label };
  return { text: 'Automations on', label };
}

export const automationsTile: LiveTile = {
  id: 'automations',
  label: 'Automations',
  key: 'b',
  keyHelp: 'pause or resume every automation',
  state: automationsTileState,
  run: (store) => {
    const automations = store.getState().automations;
    if (!automations?.loaded || automations.problem) return;
    return store.getState().setAutomationsPaused(!automations.paused);
  },
  errors: [{ action: 'automations.pause', what: 'Automations not paused or resumed' }],
  // A new broadcaster has none yet: chosen in Arrange once they do.
  shownByDefault: false,
};

/**
 * The widgets' file, `widgets.json`: their settings, the timer and the tally (what they show, kept
 * by `widget-tally.ts`), so that a restart or a reloaded page shows the same. Written atomically
 * (`common/atomic-json-file.ts`), the last value asked for landing; a damaged part falls back alone
 * (a widget's settings to their defaults, the timer to stopped, the tally to empty) and the file is
 * set aside and named.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { defaultWidgetSettings, widgetIds, widgetSettingsSchema, widgetTimerSchema, type WidgetSettings, type WidgetTimer } from '../../../shared/ipc/schemas/widgets';
import { AtomicJsonFile } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';
import { emptyWidgetTally, widgetTallySchema, type WidgetTallyState } from './widget-tally';

export interface SavedWidgets {
  version: 1;
  settings: WidgetSettings;
  timer: WidgetTimer;
  tally: WidgetTallyState;
}

export function defaultSavedWidgets(): SavedWidgets {
  return { version: 1, settings: structuredClone(defaultWidgetSettings), timer: { elapsedMs: 0, runningSince: null }, tally: emptyWidgetTally() };
}

const fileSchema = z.object({ version: z.literal(1), settings: z.record(z.string(), z.unknown()), timer: z.unknown(), tally: z.unknown() });

/** The usable part of a saved file, and what was left out. */
export function validateSavedWidgets(raw: unknown): { value: SavedWidgets; lost: string[] } | null {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) return null;
  const value = defaultSavedWidgets();
  const lost: string[] = [];
  for (const id of widgetIds) {
    const entry = parsed.data.settings[id];
    if (entry === undefined) continue;
    const one = widgetSettingsSchema.shape[id].safeParse(entry);
    if (one.success) (value.settings as Record<string, unknown>)[id] = one.data;
    else lost.push(`the ${id} widget’s settings`);
  }
  const timer = widgetTimerSchema.safeParse(parsed.data.timer);
  if (timer.success) value.timer = timer.data;
  else lost.push('the timer');
  const tally = widgetTallySchema.safeParse(parsed.data.tally);
  if (tally.success) value.tally = tally.data;
  else lost.push('what the widgets showed (latest, top, recent events, credits)');
  return { value, lost };
}

export class WidgetFile {
  private constructor(
    private readonly file: AtomicJsonFile<SavedWidgets>,
    readonly initial: SavedWidgets,
  ) {}

  static async open(options: { dataDir: string; logger: Logger; notices?: DataRecoveryNotices }): Promise<WidgetFile> {
    const file = new AtomicJsonFile<SavedWidgets>(join(options.dataDir, 'widgets.json'), { describeAll: 'the widgets’ settings and what they showed' });
    const read = await file.read(defaultSavedWidgets(), (raw) => {
      const result = validateSavedWidgets(raw);
      if (!result) return null;
      return { value: result.value, dropped: result.lost.length, lost: result.lost.join(', ') || null, kept: 'the rest of the widgets’ settings' };
    });
    if (read.recovered) {
      options.logger.warn(`overlays: ${read.recovered.file} was damaged and set aside`, { reason: read.recovered.reason });
      options.notices?.add({ ...read.recovered, done: read.existed ? 'Kept the widget settings that could be read' : 'Started the widgets afresh' });
    }
    return new WidgetFile(file, read.value);
  }

  get name(): string {
    return this.file.name;
  }

  /** Queues a write (the last one asked for lands); rejects when it could not be written. */
  write(value: SavedWidgets): Promise<void> {
    return this.file.write(value);
  }

  settled(): Promise<void> {
    return this.file.settled().catch(() => undefined);
  }
}

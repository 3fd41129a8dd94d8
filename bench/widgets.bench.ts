/**
 * The stream widgets' share of a channel event in main (`services/overlays/stream-widgets.ts`):
 * a follow applied to the tally, saved (queued), and the views of the widgets it concerns made and
 * turned into the text each page is sent, with every widget's page open; beside the baseline of the
 * bare tally applying the same follows (no views, no save). Measured from an empty credits list, and
 * from 1,500 followers on up to 2,000 (the cap: the heaviest credits frames).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { OverlayFrame } from '../src/shared/ipc/schemas/overlays';
import { systemClock } from '../src/shared/primitives/clock';
import { silentLogger } from '../src/main/services/logger';
import { StreamWidgets } from '../src/main/services/overlays/stream-widgets';
import { WidgetFile } from '../src/main/services/overlays/widget-file';
import { noAutomationVariables } from '../src/main/services/overlays/widget-ports';
import { WidgetTally, type WidgetEvent } from '../src/main/services/overlays/widget-tally';
import { percentile } from './support/stats';

const ms = (value: number) => `${value.toFixed(3)} ms`;

let n = 0;
const follow = (): WidgetEvent => {
  n++;
  return { kind: 'follow', id: `f${n}`, at: new Date().toISOString(), source: 'live', user: { id: `u${n}`, login: `viewer${n}`, name: `Viewer${n}` } };
};

export async function run({ events }: { events: number }): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'widgets-bench-'));
  try {
    const open = new Set(['widget/recent', 'widget/latest', 'widget/counter', 'widget/timer', 'widget/credits']);
    let bytes = 0;
    // As the overlay server does: one JSON text per frame, for its pages.
    const server = { pagesOpen: (key: string) => (open.has(key) ? 1 : 0), send: (_keys: (key: string) => boolean, frame: OverlayFrame) => void (bytes += JSON.stringify(frame).length) };
    const file = await WidgetFile.open({ dataDir, logger: silentLogger });
    const widgets = new StreamWidgets({ file, server, variables: noAutomationVariables, clock: systemClock, logger: silentLogger });
    const bare = new WidgetTally();
    const measure = (apply: (event: WidgetEvent) => void) => {
      const times: number[] = [];
      for (let i = 0; i < events; i++) {
        const event = follow();
        const t0 = performance.now();
        apply(event);
        times.push(performance.now() - t0);
      }
      return times;
    };
    const line = (what: string, times: number[]) => console.log(`  ${what}: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`);
    console.log(`widgets: ${events} follows per case, every widget page open`);
    line('baseline, the bare tally (from empty)', measure((e) => bare.apply(e)));
    line('widgets, from an empty credits list', measure((e) => widgets.apply(e)));
    // Fill the credits so that the measured follows take them up to their cap.
    const fill = Math.max(0, 2_000 - 2 * events);
    for (let i = 0; i < fill; i++) widgets.apply(follow());
    for (let i = 0; i < fill; i++) bare.apply(follow());
    line(`baseline, the bare tally (from ${fill + events} followers)`, measure((e) => bare.apply(e)));
    bytes = 0;
    line(`widgets, from ${fill + events} followers in the credits`, measure((e) => widgets.apply(e)));
    console.log(`  sent per follow, all pages together: ${Math.round(bytes / events / 1024)} KiB`);
    await file.settled();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

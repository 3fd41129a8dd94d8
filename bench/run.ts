/**
 * `npm run bench [-- name...]`: runs the benchmarks, each printing its figures beside its baseline
 * measured in the same run. Benchmarks are not tests: CI does not run them.
 * `BENCH_SECONDS` sets the load duration (default 5), `BENCH_ROUNDS` the start-up rounds (default 5),
 * `BENCH_OUTAGE_SECONDS` the EventSub outage of `catch-up` (default 30), `BENCH_GO_LIVE_ENCODER=test-stream`
 * makes `go-live` use the demo's test stream even where OBS is installed, `BENCH_AUTOMATIONS_SECONDS` the
 * sustained load of `automations` (default 60), `BENCH_MODERATION_SECONDS` the flood of `moderation`
 * (default 30), `BENCH_CONTROL_MEMORY_SECONDS` the 20-client memory run of `control` (default 600).
 */
import * as catchUp from './catch-up.bench';
import * as emulatorUsers from './emulator-users.bench';
import * as dockColdStart from './dock-cold-start.bench';
import * as emulatorRoutes from './emulator-routes.bench';
import * as eventsubFanout from './eventsub-fanout.bench';
import * as markerHotkey from './marker-hotkey.bench';
import * as redemptions from './redemptions.bench';
import * as queueRender from './queue-render.bench';
import * as rtmpIngest from './rtmp-ingest.bench';
import * as goLive from './go-live.bench';
import * as clipHotkey from './clip-hotkey.bench';
import * as activityFeed from './activity-feed.bench';
import * as moderation from './moderation.bench';
import * as automations from './automations.bench';
import * as overlays from './overlays.bench';
import * as control from './control.bench';
import * as chatTruth from './chat-truth.bench';
import * as broadcastStory from './broadcast-story.bench';
import * as streamdeck from './streamdeck.bench';
import * as tts from './tts.bench';
import * as widgets from './widgets.bench';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

const benchmarks: Record<string, () => Promise<void>> = {
  'emulator-users': () => emulatorUsers.run({ durationSeconds }),
  'dock-cold-start': () => dockColdStart.run({ rounds }),
  'emulator-routes': () => emulatorRoutes.run({ durationSeconds }),
  'eventsub-fanout': () => eventsubFanout.run({ burstEvents: 5_000, pacedEvents: Math.max(500, durationSeconds * 500), pacedPerSecond: 500 }),
  'marker-hotkey': () => markerHotkey.run({ presses: Math.max(200, durationSeconds * 60) }),
  redemptions: () => redemptions.run({ redemptions: Math.max(40, durationSeconds * 8), fulfil: 1_000 }),
  'queue-render': () => queueRender.run({ items: 10_000 }),
  'rtmp-ingest': () => rtmpIngest.run({ durationSeconds, publishers: 10, kbps: 6_000 }),
  'go-live': () => goLive.run({ rounds, encoder: process.env.BENCH_GO_LIVE_ENCODER === 'test-stream' ? 'test-stream' : 'auto' }),
  'activity-feed': () => activityFeed.run({ events: 10_000, perSecond: 50, seconds: durationSeconds }),
  'catch-up': () => catchUp.run({ outageSeconds: Number(process.env.BENCH_OUTAGE_SECONDS ?? 30), redemptions: 500 }),
  'clip-hotkey': () => clipHotkey.run({ presses: Math.max(200, durationSeconds * 60) }),
  moderation: () => moderation.run({ raiders: 200, perSecond: 20, seconds: Number(process.env.BENCH_MODERATION_SECONDS ?? 30) }),
  automations: () => automations.run({ events: 500, sustainSeconds: Number(process.env.BENCH_AUTOMATIONS_SECONDS ?? 60), perSecond: 50 }),
  overlays: () => overlays.run({ rounds: Math.max(100, durationSeconds * 20), burst: 500, burstSeconds: 5 }),
  control: () =>
    control.run({ presses: Math.max(500, durationSeconds * 200), changes: Math.max(200, durationSeconds * 100), clients: 20, memorySeconds: Number(process.env.BENCH_CONTROL_MEMORY_SECONDS ?? 600), eventsPerSecond: 50 }),
  'chat-truth': () => chatTruth.run({ rounds: Math.max(100, durationSeconds * 20), raid: 200 }),
  'broadcast-story': () => broadcastStory.run({ rounds }),
  streamdeck: () => streamdeck.run({ presses: Math.max(200, durationSeconds * 60), changes: Math.max(100, durationSeconds * 30) }),
  tts: () => tts.run({ rounds: Math.max(50, durationSeconds * 10), alerts: 200 }),
  widgets: () => widgets.run({ events: Math.max(500, durationSeconds * 100) }),
};

const wanted = process.argv.slice(2).filter((a) => a !== '--');
const unknown = wanted.filter((name) => !(name in benchmarks));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(benchmarks).join(', ')}`);
  process.exit(2);
}
console.log(`node ${process.version}, ${(await import('node:os')).cpus().length} cores; figures from one run on this machine`);
for (const name of wanted.length ? wanted : Object.keys(benchmarks)) {
  console.log(`\n== ${name}`);
  await benchmarks[name]!();
}

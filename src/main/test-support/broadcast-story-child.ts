/**
 * Test support: a process that records a live broadcast on a data directory until it is killed.
 * Its minutes are 200 ms long and a chat line comes every 10 ms; it prints `minute <n> <lines>` as
 * each minute is written, and the test kills it with SIGKILL as a crash would.
 *
 *   node --import tsx src/main/test-support/broadcast-story-child.ts <data-dir>
 */
import { systemClock } from '../../shared/primitives/clock';
import { events } from './automation-fixtures';
import { liveStatus, ManualChannelEvents, ManualStream, openRecorder } from './broadcast-story-fixtures';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: broadcast-story-child.ts <data-dir>');
  process.exit(2);
}
const stream = new ManualStream();
const channelEvents = new ManualChannelEvents();
const recorder = await openRecorder(dataDir, systemClock, { stream, channelEvents, minuteMs: 200 });
let printed = 0;
recorder.onChange(() => {
  const story = recorder.get('stream-1');
  // The last of `minutes` is the one under way; the ones before it are written.
  for (const m of story.minutes.slice(0, -1).slice(printed)) {
    console.log(`minute ${m.minute} ${m.chatLines}`);
    printed++;
  }
});
stream.set(liveStatus(systemClock.now(), 10));
setInterval(() => channelEvents.fire(events.chat('line')), 10);

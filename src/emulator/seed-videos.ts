/**
 * The demo seed's videos, follows and editor: the broadcaster's recent past broadcasts (archives),
 * a highlight and an upload; viewers following the channel; one editor (ModMallory). Times are
 * relative to the emulator clock, IDs fixed, so a reset brings back the same channel.
 */
import type { EmulatorState } from './domain/emulator-state';
import type { NewVideo } from './domain/stores/videos';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const SOFTWARE_DEV = '1469308723';
const JUST_CHATTING = '509658';
const MINECRAFT = '27471';

interface SeedVideo {
  id: string;
  type: NewVideo['type'];
  title: string;
  ago: number;
  seconds: number;
  views: number;
  gameId: string;
  description?: string;
  muted?: { duration: number; offset: number }[];
}

const BROADCASTER_VIDEOS: readonly SeedVideo[] = [
  { id: '2104000001', type: 'archive', title: 'Building a stream companion app | !sidestage', ago: 1 * DAY, seconds: 3 * 3600 + 12 * 60 + 8, views: 412, gameId: SOFTWARE_DEV },
  { id: '2104000002', type: 'archive', title: 'Wiring up EventSub over WebSocket', ago: 3 * DAY, seconds: 2 * 3600 + 41 * 60 + 55, views: 356, gameId: SOFTWARE_DEV, muted: [{ duration: 30, offset: 1200 }] },
  { id: '2104000003', type: 'archive', title: 'Refactoring the redemption queue', ago: 6 * DAY, seconds: 4 * 3600 + 5 * 60 + 12, views: 298, gameId: SOFTWARE_DEV },
  { id: '2104000004', type: 'archive', title: 'Q&A and roadmap chat', ago: 12 * DAY, seconds: 1 * 3600 + 30 * 60 + 41, views: 187, gameId: JUST_CHATTING },
  { id: '2104000005', type: 'highlight', title: 'Best of the week: the first stream marker', ago: 5 * DAY, seconds: 4 * 60 + 12, views: 1250, gameId: SOFTWARE_DEV, description: 'The moment the first marker landed.' },
  { id: '2104000006', type: 'upload', title: 'Sidestage trailer', ago: 20 * DAY, seconds: 105, views: 3400, gameId: SOFTWARE_DEV, description: 'A desktop companion for broadcasters.' },
];

const SPEEDRUNNER_ID = '612345005';
const EDITOR_ID = '612345003';

/** Followers of the demo channel (viewer ID, days ago), and channels the broadcaster follows. */
const FOLLOWERS: readonly [string, number][] = [
  ['612345003', 400],
  ['612345001', 90],
  ['612345002', 40],
  ['612345005', 10],
  ['612345004', 2],
];
const FOLLOWED_BY_BROADCASTER: readonly [string, number][] = [
  ['612345005', 200],
  ['612345003', 100],
];

export function applyVideoSeed(state: EmulatorState, broadcasterId: string, viewerIds: readonly string[]): void {
  const now = state.clock.now();
  const known = new Set(viewerIds);

  for (const v of BROADCASTER_VIDEOS) addVideo(state, broadcasterId, v, now);
  const broadcasterChannel = state.channels.get(broadcasterId);
  const lastArchive = BROADCASTER_VIDEOS.filter((v) => v.type === 'archive').sort((a, b) => a.ago - b.ago)[0];
  if (broadcasterChannel && lastArchive) broadcasterChannel.lastStreamedAt = now - lastArchive.ago + lastArchive.seconds * 1000;

  // A second channel that streamed lately, so Search Channels finds more than the demo channel.
  const speedrunner = known.has(SPEEDRUNNER_ID) ? state.channels.get(SPEEDRUNNER_ID) : undefined;
  if (speedrunner) {
    speedrunner.title = 'Any% practice runs, chill vibes';
    speedrunner.gameId = MINECRAFT;
    speedrunner.tags = ['Speedrun', 'English'];
    const run: SeedVideo = { id: '2104000101', type: 'archive', title: speedrunner.title, ago: 2 * DAY, seconds: 2 * 3600, views: 64, gameId: MINECRAFT };
    addVideo(state, SPEEDRUNNER_ID, run, now);
    speedrunner.lastStreamedAt = now - run.ago + run.seconds * 1000;
  }

  for (const [viewerId, daysAgo] of FOLLOWERS) {
    if (known.has(viewerId)) state.follows.follow(viewerId, broadcasterId, now - daysAgo * DAY);
  }
  for (const [channelId, daysAgo] of FOLLOWED_BY_BROADCASTER) {
    if (known.has(channelId)) state.follows.follow(broadcasterId, channelId, now - daysAgo * DAY);
  }
  if (known.has(EDITOR_ID)) state.editors.add(broadcasterId, EDITOR_ID, now - 300 * DAY);
}

function addVideo(state: EmulatorState, userId: string, v: SeedVideo, now: number): void {
  const at = now - v.ago;
  state.videos.create({
    id: v.id,
    streamId: v.type === 'archive' ? `4${v.id}` : null,
    userId,
    title: v.title,
    description: v.description ?? '',
    createdAt: at,
    publishedAt: at,
    viewCount: v.views,
    language: 'en',
    type: v.type,
    durationSeconds: v.seconds,
    gameId: v.gameId,
    mutedSegments: v.muted ? v.muted.map((m) => ({ ...m })) : null,
  });
}

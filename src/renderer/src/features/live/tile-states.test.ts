import { describe, expect, it } from 'vitest';
import type { AdsState, ChatSettingsState, EngagementState, ObsState, RaidState, StreamStatus } from '../../../../shared/ipc/contract';
import { defaultLiveView } from '../../../../shared/ipc/contract';
import { createSidestageStore } from '../../store/create-store';
import type { SidestageState } from '../../store/types';
import { fakeDeps, obsOff } from '../../test-support/store-fakes';
import { liveTiles } from './tile-registry';
import {
  adTileState,
  chatModesTileState,
  endPollTileState,
  lockTileState,
  markerTileState,
  obsHealthWord,
  raidTileState,
  shoutoutTileState,
  snoozeTileState,
  startTileState,
} from './tile-states';
import { chatModesOff } from '../../../../shared/test-support/chat-settings';

const t0 = Date.parse('2030-01-01T10:00:00.000Z');
const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();
const live: StreamStatus = { live: true, streamId: 's1', startedAt: at(-600), viewerCount: 12, title: 'T', categoryId: '1', categoryName: 'C', checkedAt: at(0), error: null };
const noAds: AdsState = { lastStartedAt: null, lastLength: null, nextAllowedAt: null, message: null, running: null, schedule: null, scheduleError: null };

function stateWith(changes: Partial<SidestageState>): SidestageState {
  const store = createSidestageStore(fakeDeps().deps);
  store.setState({ streamStatus: live, ...changes });
  return store.getState();
}

describe('tile states', () => {
  it('every tile says something on a store with nothing read yet, signed out and offline', () => {
    const empty = createSidestageStore(fakeDeps().deps).getState();
    for (const tile of liveTiles) expect(tile.state(empty, t0).text, tile.id).not.toBe('');
  });

  it('the ad on air, right to the second, and when another can run (the platform’s retry_after) beside it', () => {
    // A 60 s ad started now; the platform lets another run in 8 min.
    const ads: AdsState = { ...noAds, running: { startedAt: at(0), endsAt: at(60), automatic: false }, nextAllowedAt: at(480), lastStartedAt: at(0), lastLength: 60 };
    const state = stateWith({ ads });
    // Read with a time half a second old: still "1:00", never "1:01".
    expect(adTileState(state, t0 - 500)).toMatchObject({ text: 'Ad running 1:00', detail: 'Another ad in 8:00', tone: 'active', disabled: true });
    expect(adTileState(state, t0)).toMatchObject({ text: 'Ad running 1:00', detail: 'Another ad in 8:00' });
    expect(adTileState(state, t0 + 18_000)).toMatchObject({ text: 'Ad running 0:42', detail: 'Another ad in 7:42' });
    expect(adTileState(state, t0 + 59_001)).toMatchObject({ text: 'Ad running 0:01' });
    // Over: the cooldown alone, to the second, until it too is over.
    expect(adTileState(state, t0 + 60_000)).toMatchObject({ text: 'Another ad in 7:00', disabled: true });
    expect(adTileState(state, t0 + 227_500)).toMatchObject({ text: 'Another ad in 4:13' });
    expect(adTileState(state, t0 + 228_000)).toMatchObject({ text: 'Another ad in 4:12' });
    expect(adTileState(state, t0 + 480_000)).toMatchObject({ text: 'Ready · 30 s' });
    expect(adTileState(state, t0 + 480_000).disabled).toBeFalsy();
    // The tile is drawn again when either number changes.
    expect(adTileState(state, t0).until).toEqual([at(60), at(480)]);
    // A scheduled break says so; offline, ads cannot run.
    const scheduled = stateWith({ ads: { ...noAds, running: { startedAt: at(0), endsAt: at(90), automatic: true } } });
    expect(adTileState(scheduled, t0 + 1).text).toBe('Scheduled ad running 1:30');
    expect(adTileState(stateWith({ ads: noAds, streamStatus: { ...live, live: false } }), t0)).toMatchObject({ text: 'Live only', disabled: true });
    // The length A asks for is the broadcaster's choice.
    expect(adTileState(stateWith({ ads: noAds, liveView: { ...defaultLiveView, adLengthSeconds: 90 } }), t0).text).toBe('Ready · 90 s');
  });

  it('the snooze tile: the next break right to the second ("Next ad 14:05") and the snoozes left', () => {
    const schedule = { nextAdAt: at(845), lastAdAt: null, durationSeconds: 90, prerollFreeSeconds: 0, snoozeCount: 3, snoozeRefreshAt: null, readAt: at(0) };
    const state = stateWith({ ads: { ...noAds, schedule } });
    expect(snoozeTileState(state, t0)).toMatchObject({ text: 'Next ad 14:05', detail: '3 snoozes left', disabled: false });
    expect(snoozeTileState(state, t0 + 844_001)).toMatchObject({ text: 'Next ad 0:01' });
    expect(snoozeTileState(state, t0 + 845_000)).toMatchObject({ text: 'No break due', disabled: true });
    expect(snoozeTileState(stateWith({ ads: { ...noAds, schedule: { ...schedule, snoozeCount: 1 } } }), t0)).toMatchObject({ detail: '1 snooze left' });
    expect(snoozeTileState(stateWith({ ads: { ...noAds, schedule: { ...schedule, snoozeCount: 0 } } }), t0)).toMatchObject({ detail: '0 snoozes left', disabled: true });
  });

  it('a poll and a prediction: what P starts, the time left, lock and resolve', () => {
    const templates: EngagementState['templates'] = [
      { id: 'p', kind: 'poll', title: 'What next?', choices: ['A', 'B'], durationSeconds: 120 },
      { id: 'q', kind: 'prediction', title: 'Win?', choices: ['Yes', 'No'], durationSeconds: 120 },
    ];
    const idle = stateWith({ engagement: { templates, poll: null, prediction: null } });
    expect(startTileState(idle)).toMatchObject({ label: 'Start poll', text: 'What next?' });
    expect(startTileState(stateWith({ engagement: { templates, poll: null, prediction: null }, liveView: { ...defaultLiveView, templateId: 'q' } }))).toMatchObject({ label: 'Start prediction', text: 'Win?' });
    expect(endPollTileState(idle, t0)).toMatchObject({ text: 'No poll running', disabled: true });
    expect(lockTileState(idle, t0)).toMatchObject({ text: 'No prediction', disabled: true });

    const poll = { id: '1', title: 'What next?', choices: [], status: 'active' as const, startedAt: at(0), endsAt: at(120) };
    const polling = stateWith({ engagement: { templates, poll, prediction: null } });
    expect(endPollTileState(polling, t0 + 48_000)).toMatchObject({ text: 'Poll: 1:12 left', tone: 'active', until: [at(120)] });
    expect(startTileState(polling)).toMatchObject({ text: 'Poll running', disabled: true });
    expect(endPollTileState(stateWith({ engagement: { templates, poll: { ...poll, status: 'terminated' }, prediction: null } }), t0)).toMatchObject({ text: 'Poll over', disabled: true });

    const prediction = { id: '2', title: 'Win?', outcomes: [], status: 'active' as const, startedAt: at(0), locksAt: at(60), winningOutcomeId: null };
    expect(lockTileState(stateWith({ engagement: { templates, poll: null, prediction } }), t0 + 30_000)).toMatchObject({ text: 'Locks in 0:30', tone: 'active' });
    expect(lockTileState(stateWith({ engagement: { templates, poll: null, prediction } }), t0 + 30_000).disabled).toBeFalsy();
    expect(lockTileState(stateWith({ engagement: { templates, poll: null, prediction: { ...prediction, status: 'locked' } } }), t0)).toMatchObject({ text: 'Pick the winner', tone: 'warn' });
  });

  it('raid, shoutout, marker: the countdowns and the last outcome', () => {
    const raids: RaidState = { raid: { to: { id: '2', login: 'sam', displayName: 'Sam' }, startedAt: at(0), dueAt: at(90), status: 'pending', viewers: null }, shoutout: null };
    expect(raidTileState(stateWith({ raids }), t0 + 10_000)).toMatchObject({ text: 'Sam in 1:20', tone: 'active' });
    expect(raidTileState(stateWith({ raids: { ...raids, raid: { ...raids.raid!, status: 'done', viewers: 9 } } }), t0)).toMatchObject({ text: 'Raided Sam' });
    const shoutout: RaidState['shoutout'] = { to: { id: '3', login: 'pix', displayName: 'Pix' }, sentAt: at(0), nextAllowedAt: at(120), sameChannelAllowedAt: at(3600) };
    expect(shoutoutTileState(stateWith({ raids: { raid: null, shoutout } }), t0 + 20_000)).toMatchObject({ text: 'Next in 1:40' });
    expect(shoutoutTileState(stateWith({ raids: { raid: null, shoutout } }), t0 + 120_000)).toMatchObject({ text: 'Ready' });
    expect(markerTileState(stateWith({ streamStatus: { ...live, live: false } }))).toMatchObject({ text: 'Live only', disabled: true });
  });

  it('chat modes in short, a preset with its revert counting down', () => {
    const values = { ...chatModesOff, emoteMode: true, slowMode: true };
    const chatSettings: ChatSettingsState = { values, pending: false, fetchedAt: at(0), error: null, presets: [], pendingRevert: null, revision: 1 };
    expect(chatModesTileState(stateWith({ chatSettings }), t0)).toMatchObject({ text: 'Slow 30 s, Emote only', tone: 'active' });
    expect(chatModesTileState(stateWith({ chatSettings: { ...chatSettings, values: { ...values, emoteMode: false, slowMode: false } } }), t0).text).toBe('All off');
    expect(chatModesTileState(stateWith({ chatSettings: { ...chatSettings, pendingRevert: { presetId: 'r', label: 'Raid shield', dueAt: at(300) } } }), t0 + 48_000)).toMatchObject({
      text: 'Raid shield: ends in 4:12',
    });
  });

  it('OBS’s stream in a word, for the status strip and the tile', () => {
    const obs: ObsState = { ...obsOff, enabled: true, status: 'connected', statusText: 'Connected', streamState: 'started' };
    const health = { at: at(0), bitrateKbps: 6000, droppedFrames: 0, totalFrames: 100, droppedPercent: 0, congestion: 0, reconnecting: false, cpuPercent: 3, encoderSkippedFrames: 0, renderSkippedFrames: 0, averageFrameRenderMs: 1, activeFps: 60, durationMs: 1000, problem: null };
    expect(obsHealthWord(stateWith({ obs: obsOff }))).toBeNull();
    expect(obsHealthWord(stateWith({ obs: { ...obs, health } }))?.word).toBe('good');
    expect(obsHealthWord(stateWith({ obs: { ...obs, health: { ...health, problem: 'Dropping 12% of frames' } } }))).toMatchObject({ word: 'poor', detail: 'Dropping 12% of frames', tone: 'warn' });
    expect(obsHealthWord(stateWith({ obs: { ...obs, streamState: 'reconnecting' } }))?.word).toBe('reconnecting');
    expect(obsHealthWord(stateWith({ obs: { ...obs, streamState: 'stopped' } }))?.word).toBe('not streaming');
    expect(obsHealthWord(stateWith({ obs: { ...obs, status: 'not-running', statusText: 'OBS not running' } }))).toMatchObject({ word: 'not connected', detail: 'OBS not running' });
  });
});

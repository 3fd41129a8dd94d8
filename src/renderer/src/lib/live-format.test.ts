import { describe, expect, it } from 'vitest';
import type { BroadcastMarkerLog, MarkerEntry, StreamStatus } from '../../../shared/ipc/contract';
import { describeMarkerEntry, exportableMarkers, exportFileName, formatCountdown, formatLiveState, formatViewers } from './live-format';

const status: StreamStatus = { live: true, streamId: 's', startedAt: '2026-01-01T10:00:00Z', viewerCount: 2, title: '', categoryId: '', categoryName: '', checkedAt: null, error: null };
const entry: MarkerEntry = { id: 'e', source: 'hotkey', pressedAt: '2026-01-01T10:05:00Z', description: 'Intro', status: 'created', positionSeconds: 310, delaySeconds: 10, markerId: 'm', attempts: 2, error: null };

describe('live wording', () => {
  it('says live with uptime, offline, or loading', () => {
    expect(formatLiveState(status, Date.parse('2026-01-01T11:02:03Z'))).toBe('Live 1:02:03');
    expect(formatLiveState({ ...status, live: false }, 0)).toBe('Offline');
    expect(formatLiveState(null, 0)).toBe('…');
  });
  it('stops the uptime and says disconnected while the connection to Sidestage is gone', () => {
    expect(formatLiveState(status, Date.parse('2026-01-01T11:02:03Z'), 'disconnected')).toBe('Disconnected from Sidestage');
    expect(formatLiveState({ ...status, live: false }, 0, 'disconnected')).toBe('Disconnected from Sidestage');
    expect(formatLiveState(status, Date.parse('2026-01-01T11:02:03Z'), 'connecting')).toBe('Reconnecting to Sidestage…');
    expect(formatLiveState(status, Date.parse('2026-01-01T11:02:03Z'), 'connected')).toBe('Live 1:02:03');
  });
  it('counts viewers and down to a time', () => {
    expect(formatViewers(1)).toBe('1 viewer');
    expect(formatViewers(null)).toBe('—');
    expect(formatCountdown('2026-01-01T10:05:00Z', Date.parse('2026-01-01T10:00:30Z'))).toBe('4:30');
    expect(formatCountdown('2026-01-01T10:05:00Z', Date.parse('2026-01-01T10:06:00Z'))).toBeNull();
  });
  it('describes log entries', () => {
    expect(describeMarkerEntry(entry)).toBe('5:10 (10 s late)');
    expect(describeMarkerEntry({ ...entry, status: 'pending', attempts: 3 })).toBe('retrying (try 3)…');
    expect(describeMarkerEntry({ ...entry, status: 'failed', error: 'VOD off' })).toBe('not created: VOD off');
  });
  it('exports created markers at the position the streamer meant', () => {
    const log: BroadcastMarkerLog = { streamId: 's', startedAt: '2026-01-01T10:00:00Z', title: '', entries: [entry, { ...entry, id: 'f', status: 'failed' }] };
    expect(exportableMarkers(log)).toEqual([{ positionSeconds: 300, description: 'Intro', at: entry.pressedAt, result: 'created' }]);
    expect(exportFileName(log, 'csv')).toBe('markers-2026-01-01.csv');
  });
});

import { describe, expect, it } from 'vitest';
import { HealthTracker, type ObsStreamSample } from './obs-health';

const base: ObsStreamSample = { outputActive: true, outputReconnecting: false, outputBytes: 0, outputSkippedFrames: 0, outputTotalFrames: 0, outputCongestion: 0, outputDuration: 0 };

describe('HealthTracker', () => {
  it('computes the bitrate from the bytes delta and the dropped share of the window', () => {
    const tracker = new HealthTracker({ droppedPercent: 5, quietMs: 10_000 });
    expect(tracker.sample(0, base, {}).health.bitrateKbps).toBeNull();
    const { health } = tracker.sample(2000, { ...base, outputBytes: 750_000, outputTotalFrames: 57, outputSkippedFrames: 3 }, { cpuUsage: 20 });
    expect(health).toMatchObject({ bitrateKbps: 3000, droppedPercent: 5, problem: null, cpuPercent: 20 });
  });

  it('does not take a delta across counters that went back (a new output)', () => {
    const tracker = new HealthTracker();
    tracker.sample(0, { ...base, outputBytes: 10_000_000, outputTotalFrames: 1000 }, {});
    expect(tracker.sample(2000, { ...base, outputBytes: 1000, outputTotalFrames: 10 }, {}).health.bitrateKbps).toBeNull();
  });

  it('tells a problem once per episode; an episode ends after the quiet time', () => {
    const tracker = new HealthTracker({ droppedPercent: 5, quietMs: 10_000 });
    expect(tracker.observe(0, 'reconnecting')).toBe('reconnecting');
    expect(tracker.observe(1000, 'reconnecting')).toBeNull();
    expect(tracker.observe(5000, null)).toBeNull();
    expect(tracker.observe(6000, 'dropped')).toBeNull();
    expect(tracker.observe(16_000, null)).toBeNull();
    expect(tracker.observe(17_000, 'dropped')).toBe('dropped');
  });
});

import { describe, expect, it } from 'vitest';
import type { ObsOutputSettings } from '../../../shared/ipc/contract';
import { evaluateOutputSettings, recommendedBitrateKbps } from './output-advice';

const base: ObsOutputSettings = { mode: 'simple', encoder: 'x264', videoBitrateKbps: 6000, keyframeIntervalSeconds: 2, outputWidth: 1920, outputHeight: 1080, fps: 60 };

describe('output advice', () => {
  it('recommends the platform bitrates per resolution and fps', () => {
    expect(recommendedBitrateKbps(1080, 60)).toBe(6000);
    expect(recommendedBitrateKbps(720, 60)).toBe(4500);
    expect(recommendedBitrateKbps(720, 30)).toBe(3000);
  });

  it('accepts H.264 at 2 s keyframes within the bitrate for the size', () => {
    expect(evaluateOutputSettings(base)).toEqual({ state: 'ok', reason: 'H.264 encoder (x264), keyframes every 2 s, 6,000 kbps at 1080p60.' });
    expect(evaluateOutputSettings({ ...base, encoder: 'jim_nvenc' }).state).toBe('ok');
  });

  it('names each problem: a non-H.264 encoder, another keyframe interval, too high or too low a bitrate', () => {
    expect(evaluateOutputSettings({ ...base, encoder: 'jim_av1_nvenc' }).reason).toContain('is not H.264');
    expect(evaluateOutputSettings({ ...base, keyframeIntervalSeconds: 5 }).reason).toBe('The keyframe interval is 5 s: set it to 2 s.');
    expect(evaluateOutputSettings({ ...base, videoBitrateKbps: 9000 }).reason).toContain('above the 6,000 kbps');
    const low = evaluateOutputSettings({ ...base, videoBitrateKbps: 1000 });
    expect(low).toMatchObject({ state: 'problem' });
    expect(low.reason).toContain('low for 1080p60: 6,000 kbps is recommended');
  });

  it('is unknown where Advanced mode hides bitrate and keyframe interval, and says what to set', () => {
    const advice = evaluateOutputSettings({ ...base, mode: 'advanced', encoder: 'obs_x264', videoBitrateKbps: null, keyframeIntervalSeconds: null, outputHeight: 720, fps: 30 });
    expect(advice.state).toBe('unknown');
    expect(advice.reason).toContain('set it to 2 s');
    expect(advice.reason).toContain('3,000 kbps suits 720p30');
  });
});

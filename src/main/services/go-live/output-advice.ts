/**
 * OBS's output settings held against the platform's recommendations: H.264 (x264 or a hardware
 * encoder), a 2 s keyframe interval, and a video bitrate for the resolution and fps (1080p60 at
 * 6,000 kbps, 720p60 at 4,500, 720p30 at 3,000; at most 6,000 for most channels). Advice in words.
 */
import type { GoLiveItemState, ObsOutputSettings } from '../../../shared/ipc/contract';

export const maxBitrateKbps = 6000;

/** The recommended video bitrate for an output size and fps. */
export function recommendedBitrateKbps(height: number, fps: number): number {
  const high = fps > 30;
  if (height >= 1080) return high ? 6000 : 4500;
  if (height >= 720) return high ? 4500 : 3000;
  return high ? 3000 : 2500;
}

/** Encoders that are not H.264 (HEVC, AV1), by OBS's encoder ids. */
const notH264 = /hevc|h265|265|av1|aom|svt|vp9/i;

export function evaluateOutputSettings(settings: ObsOutputSettings): { state: GoLiveItemState; reason: string } {
  const problems: string[] = [];
  const notes: string[] = [];
  if (settings.encoder === null) notes.push('the encoder could not be read');
  else if (notH264.test(settings.encoder)) problems.push(`the encoder (${settings.encoder}) is not H.264: choose x264 or a hardware H.264 encoder`);
  else notes.push(`H.264 encoder (${settings.encoder})`);

  if (settings.keyframeIntervalSeconds === null) notes.push('the keyframe interval is not readable in Advanced output mode: set it to 2 s');
  else if (settings.keyframeIntervalSeconds !== 2) problems.push(`the keyframe interval is ${settings.keyframeIntervalSeconds} s: set it to 2 s`);
  else notes.push('keyframes every 2 s');

  const size = settings.outputHeight !== null && settings.fps !== null ? `${settings.outputHeight}p${Math.round(settings.fps)}` : null;
  const recommended = settings.outputHeight !== null && settings.fps !== null ? recommendedBitrateKbps(settings.outputHeight, settings.fps) : null;
  if (settings.videoBitrateKbps === null) {
    notes.push(`the bitrate is not readable in Advanced output mode${recommended !== null ? `: ${recommended.toLocaleString('en-US')} kbps suits ${size}` : ''}`);
  } else if (settings.videoBitrateKbps > maxBitrateKbps) {
    problems.push(`the bitrate (${settings.videoBitrateKbps.toLocaleString('en-US')} kbps) is above the ${maxBitrateKbps.toLocaleString('en-US')} kbps most channels can send`);
  } else if (recommended !== null && settings.videoBitrateKbps < recommended / 2) {
    problems.push(`the bitrate (${settings.videoBitrateKbps.toLocaleString('en-US')} kbps) is low for ${size}: ${recommended.toLocaleString('en-US')} kbps is recommended`);
  } else {
    notes.push(`${settings.videoBitrateKbps.toLocaleString('en-US')} kbps${size ? ` at ${size}` : ''}`);
  }
  if (problems.length > 0) return { state: 'problem', reason: capitalise(`${problems.join('; ')}.`) };
  const unreadable = settings.keyframeIntervalSeconds === null || settings.videoBitrateKbps === null || settings.encoder === null;
  return { state: unreadable ? 'unknown' : 'ok', reason: capitalise(`${notes.join(', ')}.`) };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

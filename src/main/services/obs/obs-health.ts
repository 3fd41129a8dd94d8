/**
 * The stream's health from OBS's samples: bitrate from the outputBytes delta, dropped frames in the
 * last window, and health-problem episodes, so that a problem is told once per episode, not at
 * every sample. Pure: the service feeds it samples and the time.
 */
import type { ObsHealth } from '../../../shared/ipc/contract';

export interface ObsStreamSample {
  outputActive: boolean;
  outputReconnecting: boolean;
  outputBytes: number;
  outputSkippedFrames: number;
  outputTotalFrames: number;
  outputCongestion: number;
  outputDuration: number;
}

export interface ObsStatsSample {
  cpuUsage?: number;
  activeFps?: number;
  outputSkippedFrames?: number;
  renderSkippedFrames?: number;
  averageFrameRenderTime?: number;
}

export interface HealthThresholds {
  /** Dropped frames in one sampling window above this percentage are a problem. Default 5. */
  droppedPercent: number;
  /** An episode ends after this long without a problem; a problem after that is a new episode. Default 30 s. */
  quietMs: number;
}

export const defaultHealthThresholds: HealthThresholds = { droppedPercent: 5, quietMs: 30_000 };

export interface HealthUpdate {
  health: ObsHealth;
  /** Set when this sample starts a new problem episode: the one time to tell the broadcaster. */
  newProblem: string | null;
}

export class HealthTracker {
  private last: { at: number; bytes: number; skipped: number; total: number } | null = null;
  private episode: { lastProblemAt: number } | null = null;

  constructor(private readonly thresholds: HealthThresholds = defaultHealthThresholds) {}

  /** A new stream: deltas start again (an episode in progress stays, so a restart does not re-tell it). */
  resetCounters(): void {
    this.last = null;
  }

  sample(now: number, stream: ObsStreamSample, stats: ObsStatsSample): HealthUpdate {
    const previous = this.last;
    // Counters going backwards mean OBS restarted the output: no delta across that.
    const comparable = previous !== null && stream.outputBytes >= previous.bytes && stream.outputTotalFrames >= previous.total && now > previous.at;
    const bitrateKbps = comparable ? ((stream.outputBytes - previous.bytes) * 8) / (now - previous.at) : null;
    const windowFrames = comparable ? stream.outputTotalFrames - previous.total : stream.outputTotalFrames;
    const windowDropped = comparable ? Math.max(0, stream.outputSkippedFrames - previous.skipped) : stream.outputSkippedFrames;
    const droppedPercent = windowFrames + windowDropped > 0 ? (100 * windowDropped) / (windowFrames + windowDropped) : 0;
    this.last = { at: now, bytes: stream.outputBytes, skipped: stream.outputSkippedFrames, total: stream.outputTotalFrames };

    let problem: string | null = null;
    if (stream.outputReconnecting) problem = 'OBS lost its connection to the ingest server and is reconnecting.';
    else if (droppedPercent > this.thresholds.droppedPercent) {
      problem = `OBS dropped ${droppedPercent.toFixed(1)}% of frames in the last few seconds: the connection cannot keep up with the bitrate.`;
    }
    const health: ObsHealth = {
      at: new Date(now).toISOString(),
      bitrateKbps: bitrateKbps === null ? null : Math.round(bitrateKbps),
      droppedFrames: stream.outputSkippedFrames,
      totalFrames: stream.outputTotalFrames,
      droppedPercent: Math.round(droppedPercent * 10) / 10,
      congestion: stream.outputCongestion,
      reconnecting: stream.outputReconnecting,
      cpuPercent: stats.cpuUsage ?? null,
      encoderSkippedFrames: stats.outputSkippedFrames ?? 0,
      renderSkippedFrames: stats.renderSkippedFrames ?? 0,
      averageFrameRenderMs: stats.averageFrameRenderTime ?? null,
      activeFps: stats.activeFps ?? null,
      durationMs: stream.outputDuration,
      problem,
    };
    return { health, newProblem: this.observe(now, problem) };
  }

  /**
   * A problem seen outside a sample (OBS's "reconnecting" event arrives before the next poll).
   * Answers the problem when it starts a new episode, null when the episode is already told.
   */
  observe(now: number, problem: string | null): string | null {
    if (problem === null) {
      if (this.episode && now - this.episode.lastProblemAt >= this.thresholds.quietMs) this.episode = null;
      return null;
    }
    const isNew = this.episode === null;
    this.episode = { lastProblemAt: now };
    return isNew ? problem : null;
  }
}

/**
 * The demo's "Publish a test stream": ffmpeg as the encoder when no OBS is used, publishing a test
 * picture and a tone (H.264 + AAC in FLV, 2 s keyframes, the platform's recommendations) to the
 * selected ingest server with the broadcaster's stream key, so that the whole go-live path can be
 * rehearsed without OBS.
 *
 * Plain Node: the process is made by an injected spawner (tests pass a fake). The stream key goes to
 * ffmpeg and nowhere else: never to a log, a state or an error text (ffmpeg's own messages quote the
 * URL, so every line read from it has the key replaced before it is used).
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { TestStreamState } from '../../../shared/ipc/contract';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import type { IngestTarget } from '../obs/ingest-target';

/** The part of a child process the service uses; Node's ChildProcess is one. */
export interface EncoderProcess {
  readonly pid?: number | undefined;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  kill(signal?: NodeJS.Signals): boolean;
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  once(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
}

export type EncoderSpawner = (command: string, args: readonly string[]) => EncoderProcess;

export const spawnEncoder: EncoderSpawner = (command, args) => spawn(command, [...args], { stdio: ['ignore', 'pipe', 'pipe'] });

export interface TestStreamProfile {
  width: number;
  height: number;
  fps: number;
  videoKbps: number;
}

/** 720p30 at 3,000 kbps is the platform's recommendation; 2,500 leaves room under it. */
export const defaultTestStreamProfile: TestStreamProfile = { width: 1280, height: 720, fps: 30, videoKbps: 2500 };

export const FFMPEG_MISSING = 'ffmpeg is not installed: install it, or use OBS';

export interface TestStreamOptions {
  /** The selected ingest server and the stream key, read afresh at every start. */
  getIngestTarget: () => Promise<IngestTarget>;
  logger: Logger;
  spawn?: EncoderSpawner;
  ffmpegPath?: string;
  profile?: TestStreamProfile;
  clock?: Clock;
  /** How long ffmpeg may take to have its publish accepted. Default 15 s. */
  startTimeoutMs?: number;
  /** How long a stop waits for ffmpeg to end after SIGTERM before SIGKILL. Default 3 s. */
  stopTimeoutMs?: number;
}

/**
 * The test stream's target, refused while OBS streams to the channel: the ingest would refuse a
 * second publish on the same key, and ffmpeg could only report it as a key problem.
 */
export function targetUnlessObsStreams(obs: { getState(): { streamState: string } }, read: () => Promise<IngestTarget>): () => Promise<IngestTarget> {
  return async () => {
    if (['starting', 'started', 'reconnecting'].includes(obs.getState().streamState)) {
      throw new AppError('invalid_argument', 'OBS is already streaming to your channel: stop it there first, then publish the test stream.');
    }
    return read();
  };
}

/** ffmpeg's arguments for a publish to `url` (exported for the tests that check the recommendations). */
export function ffmpegArguments(url: string, profile: TestStreamProfile): string[] {
  const gop = String(profile.fps * 2);
  const kbps = profile.videoKbps;
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1'],
    ...['-re', '-f', 'lavfi', '-i', `testsrc2=size=${profile.width}x${profile.height}:rate=${profile.fps}`],
    ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
    // A keyframe exactly every 2 s, as the platform recommends: no scene-cut keyframes in between.
    ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
    // CBR-like: the average held to the bitrate with a 2 s buffer.
    ...['-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps * 2}k`],
    ...['-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2'],
    ...['-f', 'flv', url],
  ];
}

export function describeProfile(profile: TestStreamProfile): string {
  return `${profile.width}x${profile.height}, ${profile.fps} fps, ${groupDigits(profile.videoKbps)} kbps H.264, keyframes every 2 s, AAC`;
}

/**
 * 6000 -> "6,000". Not `toLocaleString`: this runs while the service is built, and the first Intl
 * call of a process loads ICU's locale data, 25-50 ms of the dock's cold start.
 */
function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** ffmpeg's last error lines in the broadcaster's words; `line` has the key already replaced. */
export function explainFfmpegFailure(lines: readonly string[], publishing: boolean, serverName: string): string {
  const text = lines.join('\n');
  if (/Connection refused/i.test(text)) return `Nothing accepts connections at ${serverName} (connection refused).`;
  if (/Unknown encoder|Encoder not found|Unrecognized option|Invalid argument.*lavfi|Unknown input format/i.test(text)) {
    return 'This ffmpeg lacks what the test stream needs (libx264, AAC or the lavfi test sources): install the distribution’s full ffmpeg, or use OBS.';
  }
  if (/No route to host|Name or service not known|Network is unreachable|Temporary failure in name resolution/i.test(text)) {
    return `${serverName} cannot be reached from this computer.`;
  }
  if (/timed out/i.test(text)) return `${serverName} did not answer in time.`;
  if (/Broken pipe|Connection reset|End of file|Input\/output error|Server error|NetStream\.Publish/i.test(text)) {
    return publishing
      ? `${serverName} closed the connection while publishing.`
      : `${serverName} refused the stream: is the stream key current (a reset key is refused)?`;
  }
  const last = lines.filter((l) => l.trim() !== '').at(-1);
  return last ? `ffmpeg stopped: ${last.trim().slice(0, 300)}` : 'ffmpeg stopped without saying why.';
}

interface Run {
  child: EncoderProcess;
  target: { serverName: string };
  stopRequested: boolean;
  exited: Promise<void>;
  startTimer: unknown;
}

export class TestStreamService {
  private readonly changes = new Emitter<TestStreamState>();
  private readonly clock: Clock;
  private readonly spawner: EncoderSpawner;
  private readonly profile: TestStreamProfile;
  private readonly ffmpegPath: string;
  private state: TestStreamState;
  private run: Run | null = null;
  private starting: Promise<TestStreamState> | null = null;
  private disposed = false;
  private detectTimer: unknown = null;

  constructor(private readonly options: TestStreamOptions) {
    this.clock = options.clock ?? systemClock;
    this.spawner = options.spawn ?? spawnEncoder;
    this.profile = options.profile ?? defaultTestStreamProfile;
    this.ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
    this.state = {
      available: true,
      ffmpegInstalled: null,
      status: 'stopped',
      statusText: 'No test stream',
      serverName: null,
      publishingSince: null,
      problem: null,
      profile: describeProfile(this.profile),
    };
  }

  getState(): TestStreamState {
    return this.state;
  }

  onChange(listener: (state: TestStreamState) => void): Disposer {
    return this.changes.on(listener);
  }

  /**
   * Looks for ffmpeg once start-up is over: starting a process costs the start about 20 ms of its
   * one thread, and ffmpeg's own start competes for the CPU. Until it answers, `ffmpegInstalled`
   * is null ("not known yet").
   */
  detectFfmpegLater(delayMs = 1_000): void {
    this.clock.clearTimeout(this.detectTimer);
    this.detectTimer = this.clock.setTimeout(() => {
      this.detectTimer = null;
      if (this.disposed) return;
      this.detectFfmpeg().catch((error: unknown) => this.options.logger.warn('looking for ffmpeg failed', { error: String(error) }));
    }, delayMs);
  }

  /** Looks for ffmpeg (`ffmpeg -version`) so that the checklist and the panel can say it is missing before a start. */
  async detectFfmpeg(): Promise<boolean> {
    let child: EncoderProcess;
    try {
      child = this.spawner(this.ffmpegPath, ['-hide_banner', '-version']);
    } catch {
      this.update({ ffmpegInstalled: false });
      return false;
    }
    const found = await new Promise<boolean>((resolve) => {
      child.once('error', () => resolve(false));
      child.once('exit', (code) => resolve(code === 0));
      // The output is not needed; unread pipes must not fill up and stall the child.
      child.stdout?.resume();
      child.stderr?.resume();
    });
    this.update({ ffmpegInstalled: found, ...(found || this.run ? {} : { statusText: FFMPEG_MISSING }) });
    return found;
  }

  /** Starts publishing; answers at once with "starting" (the change to "publishing" or "failed" is an event). */
  async start(): Promise<TestStreamState> {
    if (this.disposed) throw new AppError('unavailable', 'Sidestage is shutting down.');
    if (this.run && !this.run.stopRequested) return this.state;
    if (this.starting) return this.starting;
    this.starting = this.begin().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async begin(): Promise<TestStreamState> {
    // A stop still under way finishes first: one ffmpeg at a time.
    if (this.run) await this.run.exited;
    this.update({ status: 'starting', statusText: 'Starting the test stream…', problem: null, publishingSince: null, serverName: null });
    let target: IngestTarget;
    try {
      target = await this.options.getIngestTarget();
    } catch (error) {
      const reason = error instanceof AppError ? error.message : 'the ingest server and stream key could not be read';
      this.fail(reason);
      throw error instanceof AppError ? error : new AppError('unavailable', `The test stream could not start: ${reason}`);
    }
    if (this.disposed) return this.state;
    const url = `${target.server.replace(/\/+$/, '')}/${target.key}`;
    const redact = (line: string) => line.split(url).join(`${target.server}/[stream key]`).split(target.key).join('[stream key]');
    let child: EncoderProcess;
    try {
      child = this.spawner(this.ffmpegPath, ffmpegArguments(url, this.profile));
    } catch (error) {
      return this.spawnFailed(error as NodeJS.ErrnoException);
    }
    let exitedResolve!: () => void;
    const run: Run = {
      child,
      target: { serverName: target.serverName },
      stopRequested: false,
      exited: new Promise<void>((resolve) => (exitedResolve = resolve)),
      startTimer: null,
    };
    this.run = run;
    const errors: string[] = [];
    readLines(child.stderr, (line) => {
      errors.push(redact(line));
      if (errors.length > 20) errors.shift();
    });
    // -progress writes key=value blocks; the first one comes once the output is open, that is once
    // the ingest accepted the publish (ffmpeg's RTMP client waits for NetStream.Publish.Start).
    readLines(child.stdout, (line) => {
      if (!line.startsWith('progress=') || this.run !== run || this.state.status !== 'starting' || run.stopRequested) return;
      this.clock.clearTimeout(run.startTimer);
      this.options.logger.info('test stream publishing', { server: target.serverName });
      this.update({ status: 'publishing', ffmpegInstalled: true, statusText: `Publishing a test stream to ${target.serverName}`, publishingSince: new Date(this.clock.now()).toISOString() });
    });
    child.once('error', (error) => {
      // ENOENT: there is no ffmpeg; no 'exit' follows a failed spawn.
      if (this.run !== run) return;
      this.run = null;
      this.clock.clearTimeout(run.startTimer);
      this.spawnFailed(error);
      exitedResolve();
    });
    child.once('exit', (code, signal) => {
      this.clock.clearTimeout(run.startTimer);
      if (this.run === run) {
        this.run = null;
        if (run.stopRequested) {
          this.update({ status: 'stopped', statusText: 'No test stream', serverName: null, publishingSince: null });
        } else {
          const publishing = this.state.status === 'publishing';
          const reason = errors.length ? explainFfmpegFailure(errors, publishing, target.serverName) : `ffmpeg ended (${signal ?? `exit code ${code}`}).`;
          this.options.logger.warn('test stream ended by itself', { server: target.serverName, code, signal, reason });
          this.fail(reason);
        }
      }
      exitedResolve();
    });
    run.startTimer = this.clock.setTimeout(() => {
      if (this.run !== run || this.state.status !== 'starting') return;
      const timeoutS = Math.round((this.options.startTimeoutMs ?? 15_000) / 1000);
      const reason = errors.length ? explainFfmpegFailure(errors, false, target.serverName) : `${target.serverName} did not accept the stream within ${timeoutS} s.`;
      this.run = null;
      this.fail(reason);
      void this.end(run);
    }, this.options.startTimeoutMs ?? 15_000);
    this.update({ serverName: target.serverName, statusText: `Connecting the test stream to ${target.serverName}…` });
    this.options.logger.info('test stream starting', { server: target.serverName, pid: child.pid });
    return this.state;
  }

  /** Ends ffmpeg (by its PID: SIGTERM, then SIGKILL if it lingers) and answers once it has exited. */
  async stop(): Promise<TestStreamState> {
    if (this.starting) await this.starting.catch(() => {});
    const run = this.run;
    if (!run) {
      // Stopping a failed run dismisses its reason.
      if (this.state.status === 'failed') this.update({ status: 'stopped', statusText: 'No test stream', problem: null });
      return this.state;
    }
    this.update({ status: 'stopping', statusText: 'Stopping the test stream…' });
    await this.end(run);
    return this.state;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.clock.clearTimeout(this.detectTimer);
    if (this.starting) await this.starting.catch(() => {});
    if (this.run) await this.end(this.run);
    this.changes.dispose();
  }

  private async end(run: Run): Promise<void> {
    run.stopRequested = true;
    this.clock.clearTimeout(run.startTimer);
    run.child.kill('SIGTERM');
    let timer: unknown = null;
    const lingering = new Promise<'lingering'>((resolve) => {
      timer = this.clock.setTimeout(() => resolve('lingering'), this.options.stopTimeoutMs ?? 3000);
    });
    const outcome = await Promise.race([run.exited.then(() => 'exited' as const), lingering]);
    this.clock.clearTimeout(timer);
    if (outcome === 'lingering') {
      run.child.kill('SIGKILL');
      await run.exited;
    }
    if (this.run === run) this.run = null;
    if (this.state.status === 'stopping') this.update({ status: 'stopped', statusText: 'No test stream', serverName: null, publishingSince: null });
  }

  private spawnFailed(error: NodeJS.ErrnoException): TestStreamState {
    if (error.code === 'ENOENT') {
      this.update({ ffmpegInstalled: false });
      this.fail(FFMPEG_MISSING);
    } else {
      this.fail(`ffmpeg could not be started: ${error.code ?? error.message}`);
    }
    return this.state;
  }

  private fail(reason: string): void {
    this.update({ status: 'failed', statusText: `The test stream stopped: ${reason}`, problem: reason, publishingSince: null });
  }

  private update(patch: Partial<TestStreamState>): void {
    this.state = { ...this.state, ...patch };
    this.changes.fire(this.state);
  }
}

/** Calls `onLine` for every line of a stream (none when it is absent). */
function readLines(stream: Readable | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split(/\r?\n|\r/);
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  stream.on('end', () => {
    if (rest) onLine(rest);
    rest = '';
  });
  // A pipe error only ends what is read; the exit event still says how ffmpeg ended.
  stream.on('error', () => {});
}

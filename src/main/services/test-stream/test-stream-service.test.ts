/**
 * TestStreamService with an injected spawner: the arguments ffmpeg gets (the platform's
 * recommendations), the states from its progress and exit, its failures in words with the stream key
 * never quoted, ffmpeg missing said plainly, and the child ended by its PID on stop and on dispose.
 */
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { recordingLogger } from '../../test-support/recording-logger';
import { createFakeClock } from '../../test-support/fake-clock';
import { waitUntil } from '../../test-support/wait-until';
import { AppError } from '../app-error';
import type { IngestTarget } from '../obs/ingest-target';
import {
  defaultTestStreamProfile,
  describeProfile,
  explainFfmpegFailure,
  FFMPEG_MISSING,
  ffmpegArguments,
  TestStreamService,
  targetUnlessObsStreams,
  type EncoderProcess,
  type EncoderSpawner,
} from './test-stream-service';

const KEY = 'live_123456_secretKeyDoNotLog';
const target: IngestTarget = { server: 'rtmp://127.0.0.1:1935/app', serverName: 'Local 1', key: KEY };

class FakeEncoder extends EventEmitter implements EncoderProcess {
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly signals: string[] = [];
  exited = false;
  constructor(
    readonly pid: number,
    /** Whether SIGTERM ends it (a hung ffmpeg needs SIGKILL). */
    private readonly obeysTerm = true,
  ) {
    super();
  }
  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    this.signals.push(signal);
    if (signal === 'SIGKILL' || this.obeysTerm) this.exit(null, signal);
    return true;
  }
  exit(code: number | null, signal: NodeJS.Signals | null = null): void {
    if (this.exited) return;
    this.exited = true;
    this.stdout.end();
    this.stderr.end();
    // As Node does: 'exit' after the pipes had their chance to flush.
    setImmediate(() => this.emit('exit', code, signal));
  }
  /** What ffmpeg's -progress prints once the output is open. */
  progress(): void {
    this.stdout.write('frame=1\nfps=0.0\nout_time_us=33333\nprogress=continue\n');
  }
}

function setup(options: { obeysTerm?: boolean; spawnError?: NodeJS.ErrnoException; getTarget?: () => Promise<IngestTarget> } = {}) {
  const clock = createFakeClock();
  const logger = recordingLogger();
  const spawned: { command: string; args: readonly string[]; child: FakeEncoder }[] = [];
  let nextPid = 4000;
  const spawn: EncoderSpawner = (command, args) => {
    const child = new FakeEncoder(nextPid++, options.obeysTerm ?? true);
    spawned.push({ command, args, child });
    if (options.spawnError) {
      const error = options.spawnError;
      setImmediate(() => child.emit('error', error));
    }
    return child;
  };
  const service = new TestStreamService({ getIngestTarget: options.getTarget ?? (async () => target), logger, spawn, clock, startTimeoutMs: 15_000, stopTimeoutMs: 3000 });
  const states: string[] = [];
  service.onChange((state) => states.push(state.status));
  return { service, spawned, clock, logger, states, child: () => spawned.at(-1)!.child };
}

describe('describeProfile', () => {
  it('groups the bitrate by thousands without Intl (whose first use loads ICU during start-up)', () => {
    const toLocaleString = Number.prototype.toLocaleString;
    Number.prototype.toLocaleString = () => {
      throw new Error('Intl used');
    };
    try {
      expect(describeProfile({ width: 1920, height: 1080, fps: 60, videoKbps: 12_000 })).toBe('1920x1080, 60 fps, 12,000 kbps H.264, keyframes every 2 s, AAC');
      expect(describeProfile({ ...defaultTestStreamProfile, videoKbps: 999 })).toContain(' 999 kbps');
      expect(describeProfile({ ...defaultTestStreamProfile, videoKbps: 1_234_567 })).toContain(' 1,234,567 kbps');
    } finally {
      Number.prototype.toLocaleString = toLocaleString;
    }
  });
});

describe('ffmpegArguments', () => {
  it('publishes the lavfi test picture and a tone as H.264 veryfast with a keyframe every 2 s, AAC, FLV, to server/key', () => {
    const args = ffmpegArguments(`${target.server}/${KEY}`, defaultTestStreamProfile);
    const after = (flag: string) => args[args.indexOf(flag) + 1];
    expect(args).toContain('testsrc2=size=1280x720:rate=30');
    expect(args.some((a) => a.startsWith('sine'))).toBe(true);
    expect(after('-c:v')).toBe('libx264');
    expect(after('-preset')).toBe('veryfast');
    expect(after('-g')).toBe('60');
    expect(after('-keyint_min')).toBe('60');
    expect(after('-sc_threshold')).toBe('0');
    expect(after('-b:v')).toBe('2500k');
    expect(after('-c:a')).toBe('aac');
    expect(after('-f')).toBe('lavfi');
    expect(args.slice(-3)).toEqual(['-f', 'flv', `rtmp://127.0.0.1:1935/app/${KEY}`]);
    expect(args).toContain('-nostdin');
    expect(after('-progress')).toBe('pipe:1');
  });
});

describe('explainFfmpegFailure', () => {
  it('says in words what ffmpeg said', () => {
    expect(explainFfmpegFailure(['[tcp @ 0x1] Connection to tcp://127.0.0.1:1935 failed: Connection refused'], false, 'Local 1')).toBe(
      'Nothing accepts connections at Local 1 (connection refused).',
    );
    expect(explainFfmpegFailure(['rtmp://127.0.0.1/app/[stream key]: Input/output error'], false, 'Local 1')).toMatch(/refused the stream: is the stream key current/);
    expect(explainFfmpegFailure(['av_interleaved_write_frame(): Broken pipe'], true, 'Local 1')).toBe('Local 1 closed the connection while publishing.');
    expect(explainFfmpegFailure(["Unknown encoder 'libx264'"], false, 'Local 1')).toMatch(/lacks what the test stream needs/);
    expect(explainFfmpegFailure(['something odd happened'], false, 'Local 1')).toBe('ffmpeg stopped: something odd happened');
  });
});

describe('TestStreamService', () => {
  it('starting -> publishing on the first progress block; stop ends the child by SIGTERM and says stopped', async () => {
    const { service, child, states, logger } = setup();
    expect(service.getState()).toMatchObject({ available: true, status: 'stopped' });
    const started = await service.start();
    expect(started).toMatchObject({ status: 'starting', serverName: 'Local 1' });
    child().progress();
    await waitUntil(() => service.getState().status === 'publishing', 2000, 'publishing');
    expect(service.getState()).toMatchObject({ statusText: 'Publishing a test stream to Local 1', ffmpegInstalled: true, problem: null });
    expect(service.getState().publishingSince).not.toBeNull();
    // Starting again while publishing spawns nothing more.
    await service.start();
    const stopped = await service.stop();
    expect(child().signals).toEqual(['SIGTERM']);
    expect(stopped).toMatchObject({ status: 'stopped', serverName: null, publishingSince: null });
    expect(states).toEqual(['starting', 'starting', 'publishing', 'stopping', 'stopped']);
    // The key reaches ffmpeg only: no log line, no state.
    expect(JSON.stringify(logger.lines)).not.toContain(KEY);
    expect(JSON.stringify(service.getState())).not.toContain(KEY);
  });

  it('a child that ignores SIGTERM is killed with SIGKILL after the stop timeout', async () => {
    const { service, child, clock } = setup({ obeysTerm: false });
    await service.start();
    child().progress();
    await waitUntil(() => service.getState().status === 'publishing', 2000, 'publishing');
    const stopping = service.stop();
    await waitUntil(() => child().signals.length === 1, 2000, 'SIGTERM');
    expect(service.getState().status).toBe('stopping');
    clock.advance(3000);
    await stopping;
    expect(child().signals).toEqual(['SIGTERM', 'SIGKILL']);
    expect(service.getState().status).toBe('stopped');
  });

  it('ffmpeg missing: said plainly, and the stream is failed, not stuck in starting', async () => {
    const enoent = Object.assign(new Error('spawn ffmpeg ENOENT'), { code: 'ENOENT' });
    const { service } = setup({ spawnError: enoent });
    await service.start();
    await waitUntil(() => service.getState().status === 'failed', 2000, 'failed');
    expect(service.getState()).toMatchObject({ ffmpegInstalled: false, problem: FFMPEG_MISSING, statusText: `The test stream stopped: ${FFMPEG_MISSING}` });
  });

  it('detectFfmpeg says whether ffmpeg is there before any start', async () => {
    const enoent = Object.assign(new Error('spawn ffmpeg ENOENT'), { code: 'ENOENT' });
    const missing = setup({ spawnError: enoent });
    expect(await missing.service.detectFfmpeg()).toBe(false);
    expect(missing.service.getState()).toMatchObject({ ffmpegInstalled: false, statusText: FFMPEG_MISSING });
    const present = setup();
    const found = present.service.detectFfmpeg();
    await waitUntil(() => present.spawned.length === 1, 2000, 'the -version spawn');
    expect(present.spawned[0]!.args).toContain('-version');
    present.child().exit(0);
    expect(await found).toBe(true);
    expect(present.service.getState().ffmpegInstalled).toBe(true);
  });

  it('detectFfmpegLater looks for ffmpeg only once start-up is over, and not after dispose', async () => {
    const { service, spawned, clock, child } = setup();
    service.detectFfmpegLater(1_000);
    expect(spawned).toHaveLength(0);
    expect(service.getState().ffmpegInstalled).toBeNull();
    clock.advance(999);
    expect(spawned).toHaveLength(0);
    clock.advance(1);
    expect(spawned.map((s) => s.args)).toEqual([expect.arrayContaining(['-version'])]);
    child().exit(0);
    await waitUntil(() => service.getState().ffmpegInstalled === true, 2000, 'ffmpeg found');

    const disposed = setup();
    disposed.service.detectFfmpegLater(1_000);
    await disposed.service.dispose();
    disposed.clock.advance(5_000);
    expect(disposed.spawned).toHaveLength(0);
  });

  it('a refused publish fails with the reason in words, the key replaced in what ffmpeg said', async () => {
    const { service, child, logger } = setup();
    await service.start();
    child().stderr.write(`rtmp://127.0.0.1:1935/app/${KEY}: Input/output error\n`);
    child().exit(1);
    await waitUntil(() => service.getState().status === 'failed', 2000, 'failed');
    expect(service.getState().problem).toBe('Local 1 refused the stream: is the stream key current (a reset key is refused)?');
    expect(JSON.stringify(logger.lines)).not.toContain(KEY);
  });

  it('an unknown message is quoted with the key replaced', async () => {
    const { service, child } = setup();
    await service.start();
    child().stderr.write(`weird failure near ${KEY}\n`);
    child().exit(1);
    await waitUntil(() => service.getState().status === 'failed', 2000, 'failed');
    expect(service.getState().problem).toBe('ffmpeg stopped: weird failure near [stream key]');
  });

  it('ending by itself while publishing is a failure with the reason', async () => {
    const { service, child } = setup();
    await service.start();
    child().progress();
    await waitUntil(() => service.getState().status === 'publishing', 2000, 'publishing');
    child().stderr.write('av_interleaved_write_frame(): Broken pipe\n');
    child().exit(1);
    await waitUntil(() => service.getState().status === 'failed', 2000, 'failed');
    expect(service.getState().problem).toBe('Local 1 closed the connection while publishing.');
    // Stop dismisses the failure.
    expect(await service.stop()).toMatchObject({ status: 'stopped', problem: null });
  });

  it('no answer from the ingest within the start timeout: failed, and the child ended', async () => {
    const { service, child, clock } = setup();
    await service.start();
    clock.advance(15_000);
    await waitUntil(() => child().exited, 2000, 'the child ended');
    expect(child().signals[0]).toBe('SIGTERM');
    expect(service.getState()).toMatchObject({ status: 'failed', problem: 'Local 1 did not accept the stream within 15 s.' });
  });

  it('no selected server: failed with the ingest reason, nothing spawned', async () => {
    const { service, spawned } = setup({
      getTarget: async () => {
        throw new AppError('unavailable', 'No ingest server is selected: choose one in the Ingest panel first.');
      },
    });
    await expect(service.start()).rejects.toThrow('No ingest server is selected');
    expect(spawned).toHaveLength(0);
    expect(service.getState()).toMatchObject({ status: 'failed', problem: 'No ingest server is selected: choose one in the Ingest panel first.' });
  });

  it('while OBS streams to the channel the test stream is refused in words, nothing spawned; once OBS stopped it starts', async () => {
    const obs = { streamState: 'started', getState: () => obs };
    const { service, spawned } = setup({ getTarget: targetUnlessObsStreams(obs, async () => target) });
    await expect(service.start()).rejects.toThrow('OBS is already streaming to your channel');
    expect(spawned).toHaveLength(0);
    obs.streamState = 'stopped';
    await service.start();
    expect(spawned).toHaveLength(1);
  });

  it('dispose (quit) ends a running child and waits for it', async () => {
    const { service, child } = setup();
    await service.start();
    child().progress();
    await service.dispose();
    expect(child().signals).toEqual(['SIGTERM']);
    expect(child().exited).toBe(true);
  });

  it('a start after a stop spawns a fresh ffmpeg once the old one has ended', async () => {
    const { service, spawned } = setup();
    await service.start();
    await service.stop();
    await service.start();
    expect(spawned).toHaveLength(2);
    expect(spawned[0]!.child.exited).toBe(true);
    expect(spawned[1]!.child.exited).toBe(false);
    await service.dispose();
  });
});

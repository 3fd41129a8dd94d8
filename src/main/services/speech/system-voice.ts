/**
 * The system's own voice, run as a separate program (nothing linked, no network, no account, no
 * model to download): Debian's `espeak-ng` on Linux, `say` on macOS, SAPI through PowerShell's
 * System.Speech on Windows. The text always goes on the program's standard input and every setting
 * is an argument of an array (never a shell), and no engine is asked to read markup (`espeak-ng`
 * runs without `-m`, SAPI's `Speak` reads plain text, `say` reads a file of text): what a viewer
 * typed cannot change the voice. Each answers a 16-bit PCM WAV file.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SpeechVoice } from '../../../shared/ipc/schemas/speech';
import { AppError } from '../app-error';

export interface SpeechRequest {
  text: string;
  /** null: the engine's default. */
  voice: string | null;
  /** Words per minute. */
  rate: number;
}

export interface SystemVoice {
  /** `espeak-ng`, `say` or `sapi`. */
  readonly name: string;
  voices(): Promise<SpeechVoice[]>;
  /** The WAV of `request.text`; `onFirstAudio` is called when its first sample is made. */
  synthesise(request: SpeechRequest, options?: { onFirstAudio?: () => void }): Promise<Buffer>;
}

export type SystemVoiceLookup = { voice: SystemVoice; voices: SpeechVoice[]; unavailable: null } | { voice: null; voices: []; unavailable: string };

/** A WAV larger than this is refused (500 characters are a few hundred kB). */
const MAX_WAV_BYTES = 32 * 1024 * 1024;
const SYNTHESIS_TIMEOUT_MS = 20_000;
const WAV_HEADER_BYTES = 44;

interface RunOptions {
  stdin: string;
  env?: Record<string, string>;
  timeoutMs: number;
  onOutput?: (bytesSoFar: number) => void;
}

/** Runs `command` with `args` (no shell), `stdin` as its input; its standard output, or an AppError in words. */
export function runProgram(command: string, args: readonly string[], options: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { shell: false, windowsHide: true, env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled = false;
    const finish = (error: Error | null, output?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        child.kill('SIGKILL');
        reject(error);
      } else resolve(output!);
    };
    const timer = setTimeout(() => finish(new AppError('unavailable', `${command} did not finish within ${options.timeoutMs / 1000} s.`)), options.timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish(error.code === 'ENOENT' ? new AppError('unavailable', `${command} is not installed.`) : new AppError('unavailable', `${command} could not run (${error.code ?? error.message}).`)),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_WAV_BYTES) return finish(new AppError('unavailable', `${command} answered more than ${MAX_WAV_BYTES / 1024 / 1024} MB.`));
      chunks.push(chunk);
      options.onOutput?.(size);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2_000) stderr += chunk.toString('utf8');
    });
    child.on('close', (code) => {
      if (code === 0) finish(null, Buffer.concat(chunks));
      else finish(new AppError('unavailable', `${command} stopped with code ${code}${stderr.trim() ? `: ${stderr.trim().slice(0, 300)}` : ''}.`));
    });
    // A program that exits before reading its input (a bad voice) must not end Sidestage with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin, 'utf8');
  });
}

/** The byte offset and length of a WAV's `data` chunk and its bytes per second; null when it is not a PCM WAV. */
export function wavLayout(wav: Buffer): { dataOffset: number; dataLength: number; byteRate: number } | null {
  if (wav.length < WAV_HEADER_BYTES || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') return null;
  let byteRate = 0;
  for (let at = 12; at + 8 <= wav.length; ) {
    const id = wav.toString('latin1', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 20 <= wav.length) byteRate = wav.readUInt32LE(at + 16);
    if (id === 'data') return byteRate > 0 ? { dataOffset: at + 8, dataLength: Math.min(size, wav.length - at - 8), byteRate } : null;
    at += 8 + size + (size % 2);
  }
  return null;
}

/** How long a WAV plays, in ms; 0 when it is not one. */
export function wavDurationMs(wav: Buffer): number {
  const layout = wavLayout(wav);
  return layout ? (layout.dataLength / layout.byteRate) * 1000 : 0;
}

/**
 * A streamed WAV (espeak-ng's `--stdout` says "as long as can be" in its sizes) with its real
 * sizes, so that a browser knows its duration; refused when it is no PCM WAV.
 */
export function wavWithSizes(wav: Buffer): Buffer {
  const layout = wavLayout(wav);
  if (!layout) throw new AppError('unavailable', 'The voice did not answer a WAV file.');
  const fixed = Buffer.from(wav.subarray(0, layout.dataOffset + layout.dataLength));
  fixed.writeUInt32LE(fixed.length - 8, 4);
  fixed.writeUInt32LE(layout.dataLength, layout.dataOffset - 4);
  return fixed;
}

// ---------- Linux: espeak-ng ----------

export class EspeakVoice implements SystemVoice {
  readonly name = 'espeak-ng';
  /** The voices it listed last: it speaks an unknown one with its default voice rather than refusing. */
  private known: Set<string> | null = null;

  constructor(private readonly command = 'espeak-ng') {}

  async voices(): Promise<SpeechVoice[]> {
    const listing = (await runProgram(this.command, ['--voices'], { stdin: '', timeoutMs: 10_000 })).toString('utf8');
    const voices = new Map<string, SpeechVoice>();
    for (const line of listing.split('\n').slice(1)) {
      // Pty Language Age/Gender VoiceName File Other: MBROLA voices need a program not installed with it.
      const [, language, , name, file] = line.trim().split(/\s+/);
      if (!language || !name || !file || file.startsWith('mb/') || voices.has(language)) continue;
      voices.set(language, { id: language, name: `${name.replace(/_/g, ' ')} (${language})` });
    }
    this.known = new Set(voices.keys());
    return [...voices.values()];
  }

  async synthesise(request: SpeechRequest, options: { onFirstAudio?: () => void } = {}): Promise<Buffer> {
    if (request.voice !== null && !(this.known ?? new Set((await this.voices()).map((v) => v.id))).has(request.voice)) {
      throw new AppError('invalid_argument', `espeak-ng has no voice “${request.voice}”: choose one of its voices in Settings.`);
    }
    // --stdin reads the whole text; no -m: markup is read out as text, never obeyed.
    const args = ['--stdin', '--stdout', '-b', '1', '-s', String(Math.round(request.rate))];
    if (request.voice !== null) args.push('-v', request.voice);
    let first = false;
    const wav = await runProgram(this.command, args, {
      stdin: request.text,
      timeoutMs: SYNTHESIS_TIMEOUT_MS,
      onOutput: (bytes) => {
        if (!first && bytes > WAV_HEADER_BYTES) {
          first = true;
          options.onFirstAudio?.();
        }
      },
    });
    return wavWithSizes(wav);
  }
}

// ---------- macOS: say ----------

export class SayVoice implements SystemVoice {
  readonly name = 'say';

  async voices(): Promise<SpeechVoice[]> {
    const listing = (await runProgram('say', ['-v', '?'], { stdin: '', timeoutMs: 10_000 })).toString('utf8');
    const voices: SpeechVoice[] = [];
    for (const line of listing.split('\n')) {
      const match = /^(.+?)\s{2,}([a-z]{2,3}[_-][A-Za-z0-9]+)\s+#/.exec(line);
      if (match) voices.push({ id: match[1]!.trim(), name: `${match[1]!.trim()} (${match[2]})` });
    }
    return voices;
  }

  async synthesise(request: SpeechRequest, options: { onFirstAudio?: () => void } = {}): Promise<Buffer> {
    const dir = await mkdtemp(join(tmpdir(), 'sidestage-say-'));
    try {
      const file = join(dir, 'speech.wav');
      const args = ['-o', file, '--file-format=WAVE', '--data-format=LEI16@22050', '-r', String(Math.round(request.rate)), '-f', '-'];
      if (request.voice !== null) args.push('-v', request.voice);
      await runProgram('say', args, { stdin: request.text, timeoutMs: SYNTHESIS_TIMEOUT_MS });
      options.onFirstAudio?.();
      return wavWithSizes(await readFile(file));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

// ---------- Windows: SAPI through PowerShell ----------

/** The voice and rate come as environment variables and the text on standard input: nothing is put into the script. */
const sapiScript = [
  '$ErrorActionPreference = "Stop"',
  '[Console]::InputEncoding = [System.Text.Encoding]::UTF8',
  'Add-Type -AssemblyName System.Speech',
  '$s = New-Object System.Speech.Synthesis.SpeechSynthesizer',
  'if ($env:SIDESTAGE_LIST_VOICES) { $s.GetInstalledVoices() | Where-Object { $_.Enabled } | ForEach-Object { [Console]::Out.WriteLine($_.VoiceInfo.Name) }; exit 0 }',
  'if ($env:SIDESTAGE_VOICE) { $s.SelectVoice($env:SIDESTAGE_VOICE) }',
  '$s.Rate = [int]$env:SIDESTAGE_RATE',
  '$m = New-Object System.IO.MemoryStream',
  '$s.SetOutputToWaveStream($m)',
  // Speak(string) reads plain text; only SpeakSsml would read markup.
  '$s.Speak([Console]::In.ReadToEnd())',
  '$o = [Console]::OpenStandardOutput(); $m.WriteTo($o); $o.Flush()',
].join('; ');

export class SapiVoice implements SystemVoice {
  readonly name = 'sapi';

  async voices(): Promise<SpeechVoice[]> {
    const listing = await runProgram('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', sapiScript], { stdin: '', env: { SIDESTAGE_LIST_VOICES: '1' }, timeoutMs: 20_000 });
    return listing
      .toString('utf8')
      .split(/\r?\n/)
      .map((name) => name.trim())
      .filter((name) => name !== '')
      .map((name) => ({ id: name, name }));
  }

  async synthesise(request: SpeechRequest, options: { onFirstAudio?: () => void } = {}): Promise<Buffer> {
    // SAPI's rate is -10..10 around 175 words a minute.
    const rate = Math.max(-10, Math.min(10, Math.round((request.rate - 175) / 22)));
    const wav = await runProgram('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', sapiScript], {
      stdin: request.text,
      env: { SIDESTAGE_VOICE: request.voice ?? '', SIDESTAGE_RATE: String(rate) },
      timeoutMs: SYNTHESIS_TIMEOUT_MS,
    });
    options.onFirstAudio?.();
    return wavWithSizes(wav);
  }
}

/** This system's voice, once it answered its list of voices; else why there is none, in words. */
export async function findSystemVoice(platform: NodeJS.Platform = process.platform, espeakCommand = 'espeak-ng'): Promise<SystemVoiceLookup> {
  const voice: SystemVoice = platform === 'darwin' ? new SayVoice() : platform === 'win32' ? new SapiVoice() : new EspeakVoice(espeakCommand);
  try {
    const voices = await voice.voices();
    if (voices.length === 0) return { voice: null, voices: [], unavailable: `${voice.name} has no voices installed, so the viewers’ words are not spoken (alerts still show).` };
    return { voice, voices, unavailable: null };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const install = platform === 'linux' ? ' Install espeak-ng (for example `sudo apt install espeak-ng`) to hear them.' : '';
    return { voice: null, voices: [], unavailable: `This computer has no voice for Sidestage: ${reason} The viewers’ words are not spoken (alerts still show).${install}` };
  }
}

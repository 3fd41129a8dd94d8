/**
 * Measures TCP connect time to ingest servers: a cheap stand-in for "how close is this server",
 * the first half of what an encoder's bandwidth test does (it needs no stream key and sends no video).
 */
import net from 'node:net';

export interface ProbeTarget {
  /** Identifies the target in the results (the service uses `host:port`). */
  key: string;
  host: string;
  port: number;
}

export type ProbeResult =
  | { status: 'ok'; medianMs: number; rounds: number }
  | { status: 'unreachable'; reason: string };

/** Opens one TCP connection and resolves with the connect time in milliseconds; rejects with the failure. */
export type ConnectFunction = (host: string, port: number, options: { timeoutMs: number; signal: AbortSignal }) => Promise<number>;

export interface LatencyProbeOptions {
  /** Connections per server; the median is reported. */
  rounds?: number;
  /** Servers measured at once. */
  concurrency?: number;
  /** Per connection attempt. */
  timeoutMs?: number;
  connect?: ConnectFunction;
}

export interface ProbeRunOptions {
  signal?: AbortSignal;
  /** Called as each target's result is known, for progress. */
  onResult?: (key: string, result: ProbeResult) => void;
}

/** What the ingest service needs from a prober (a fake in some tests). */
export interface LatencyProber {
  probe(targets: readonly ProbeTarget[], options?: ProbeRunOptions): Promise<Map<string, ProbeResult>>;
}

export const defaultProbeRounds = 3;
export const defaultProbeConcurrency = 4;
export const defaultProbeTimeoutMs = 1500;

/** A connect attempt that did not finish in time. */
export class ConnectTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
    this.name = 'ConnectTimeoutError';
  }
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The probe was aborted.', 'AbortError');
}

/** The real connect: node:net, timed with the monotonic clock. */
export const tcpConnect: ConnectFunction = (host, port, { timeoutMs, signal }) =>
  new Promise<number>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    const started = performance.now();
    const socket = net.connect({ host, port });
    const finish = (error: Error | null) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      socket.removeAllListeners();
      // Swallows a late error from the destroyed socket instead of crashing the process.
      socket.on('error', () => {});
      socket.destroy();
      if (error) reject(error);
      else resolve(performance.now() - started);
    };
    const onAbort = () => finish(abortError(signal));
    const timer = setTimeout(() => finish(new ConnectTimeoutError(timeoutMs)), timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => finish(null));
    socket.once('error', (error) => finish(error));
  });

const reasonsByCode: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EADDRNOTAVAIL: 'address not available',
};

/** A connect failure in words, for the user. */
export function describeConnectError(error: unknown): string {
  if (error instanceof ConnectTimeoutError) return error.message;
  if (error && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && reasonsByCode[code]) return reasonsByCode[code];
    // Node reports a failed "happy eyeballs" attempt as an AggregateError of the per-address errors.
    if (error instanceof AggregateError && error.errors.length > 0) return describeConnectError(error.errors[0]);
    if (error instanceof Error && error.message) return error.message;
  }
  return 'connection failed';
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] as number) + upper) / 2;
}

export class LatencyProbe implements LatencyProber {
  private readonly rounds: number;
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly connect: ConnectFunction;

  constructor(options: LatencyProbeOptions = {}) {
    this.rounds = Math.max(1, Math.floor(options.rounds ?? defaultProbeRounds));
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? defaultProbeConcurrency));
    this.timeoutMs = Math.max(1, options.timeoutMs ?? defaultProbeTimeoutMs);
    this.connect = options.connect ?? tcpConnect;
  }

  /**
   * Measures every target; resolves with a result per target key, or rejects with the abort reason
   * once `signal` aborts (open attempts are closed first).
   */
  async probe(targets: readonly ProbeTarget[], options: ProbeRunOptions = {}): Promise<Map<string, ProbeResult>> {
    const controller = new AbortController();
    const outer = options.signal;
    if (outer?.aborted) throw abortError(outer);
    const forwardAbort = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', forwardAbort, { once: true });

    const results = new Map<string, ProbeResult>();
    let next = 0;
    const worker = async () => {
      while (!controller.signal.aborted) {
        const target = targets[next++];
        if (!target) return;
        const result = await this.measure(target, controller.signal);
        if (controller.signal.aborted) return;
        results.set(target.key, result);
        options.onResult?.(target.key, result);
      }
    };
    try {
      const workers = Array.from({ length: Math.min(this.concurrency, targets.length) }, worker);
      // allSettled: every worker has closed its socket before an abort is reported.
      const settled = await Promise.allSettled(workers);
      if (controller.signal.aborted) throw abortError(controller.signal);
      const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
      if (failed) throw failed.reason;
      return results;
    } finally {
      outer?.removeEventListener('abort', forwardAbort);
    }
  }

  private async measure(target: ProbeTarget, signal: AbortSignal): Promise<ProbeResult> {
    const times: number[] = [];
    let lastError: unknown = null;
    for (let round = 0; round < this.rounds && !signal.aborted; round++) {
      try {
        times.push(await this.connect(target.host, target.port, { timeoutMs: this.timeoutMs, signal }));
      } catch (error) {
        if (signal.aborted) break;
        lastError = error;
        // A refusal or a failed lookup answers the same way every time; only a timeout is worth retrying.
        if (!(error instanceof ConnectTimeoutError)) break;
      }
    }
    if (times.length > 0) return { status: 'ok', medianMs: Math.round(median(times) * 10) / 10, rounds: times.length };
    return { status: 'unreachable', reason: describeConnectError(lastError) };
  }
}

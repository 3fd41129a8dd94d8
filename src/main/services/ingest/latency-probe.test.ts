import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConnectTimeoutError,
  LatencyProbe,
  describeConnectError,
  median,
  tcpConnect,
  type ConnectFunction,
  type ProbeResult,
} from './latency-probe';

function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
}

/** A connect that answers from a script per host: a number of ms, or an error to throw. */
function scriptedConnect(script: Record<string, Array<number | Error>>): { connect: ConnectFunction; calls: string[] } {
  const calls: string[] = [];
  const connect: ConnectFunction = async (host) => {
    calls.push(host);
    const next = script[host]?.shift();
    if (next === undefined) throw new Error(`no scripted answer for ${host}`);
    if (next instanceof Error) throw next;
    return next;
  };
  return { connect, calls };
}

const target = (host: string, port = 1935) => ({ key: `${host}:${port}`, host, port });

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function listen(): Promise<number> {
  const server = net.createServer((socket) => socket.destroy());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A port that was just free: listened on, then closed, so a connect is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('median', () => {
  it('takes the middle value of an odd count and the mean of the middle two of an even count', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([7])).toBe(7);
  });

  it('rejects an empty list', () => {
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('describeConnectError', () => {
  it('puts failures in words', () => {
    expect(describeConnectError(refused())).toBe('connection refused');
    expect(describeConnectError(new ConnectTimeoutError(1500))).toBe('timed out after 1500 ms');
    expect(describeConnectError(Object.assign(new Error('x'), { code: 'ENOTFOUND' }))).toBe('host not found');
    expect(describeConnectError(new AggregateError([refused()], 'all failed'))).toBe('connection refused');
    expect(describeConnectError(new Error('something odd'))).toBe('something odd');
    expect(describeConnectError(null)).toBe('connection failed');
  });
});

describe('LatencyProbe with a scripted connect', () => {
  it('reports the median of the rounds', async () => {
    const { connect } = scriptedConnect({ a: [30, 10, 20], b: [5, 50, 6] });
    const results = await new LatencyProbe({ connect }).probe([target('a'), target('b')]);
    expect(results.get('a:1935')).toEqual({ status: 'ok', medianMs: 20, rounds: 3 });
    expect(results.get('b:1935')).toEqual({ status: 'ok', medianMs: 6, rounds: 3 });
  });

  it('honours the number of rounds', async () => {
    const { connect, calls } = scriptedConnect({ a: [4, 8, 100, 100, 100] });
    const results = await new LatencyProbe({ connect, rounds: 2 }).probe([target('a')]);
    expect(results.get('a:1935')).toEqual({ status: 'ok', medianMs: 6, rounds: 2 });
    expect(calls).toHaveLength(2);
  });

  it('stops after a refusal, which would not change on retry', async () => {
    const { connect, calls } = scriptedConnect({ a: [refused(), 10, 10] });
    const results = await new LatencyProbe({ connect }).probe([target('a')]);
    expect(results.get('a:1935')).toEqual({ status: 'unreachable', reason: 'connection refused' });
    expect(calls).toEqual(['a']);
  });

  it('retries timeouts and reports the timeout in words when every round timed out', async () => {
    const timeout = () => new ConnectTimeoutError(1500);
    const { connect, calls } = scriptedConnect({ a: [timeout(), timeout(), timeout()] });
    const results = await new LatencyProbe({ connect }).probe([target('a')]);
    expect(results.get('a:1935')).toEqual({ status: 'unreachable', reason: 'timed out after 1500 ms' });
    expect(calls).toHaveLength(3);
  });

  it('counts only the rounds that connected', async () => {
    const { connect } = scriptedConnect({ a: [new ConnectTimeoutError(1500), 12, 14] });
    const results = await new LatencyProbe({ connect }).probe([target('a')]);
    expect(results.get('a:1935')).toEqual({ status: 'ok', medianMs: 13, rounds: 2 });
  });

  it('passes the per-attempt timeout to connect', async () => {
    const seen: number[] = [];
    const connect: ConnectFunction = async (_h, _p, { timeoutMs }) => {
      seen.push(timeoutMs);
      return 1;
    };
    await new LatencyProbe({ connect, timeoutMs: 250, rounds: 1 }).probe([target('a')]);
    expect(seen).toEqual([250]);
  });

  it('keeps at most `concurrency` connections open and reports each result as it comes', async () => {
    let open = 0;
    let maxOpen = 0;
    const connect: ConnectFunction = async () => {
      open++;
      maxOpen = Math.max(maxOpen, open);
      await new Promise((resolve) => setImmediate(resolve));
      open--;
      return 1;
    };
    const seen: Array<[string, ProbeResult]> = [];
    const targets = Array.from({ length: 10 }, (_, i) => target(`h${i}`));
    const results = await new LatencyProbe({ connect, concurrency: 3 }).probe(targets, {
      onResult: (key, result) => seen.push([key, result]),
    });
    expect(maxOpen).toBe(3);
    expect(results.size).toBe(10);
    expect(seen.map(([key]) => key).sort()).toEqual(targets.map((t) => t.key).sort());
  });

  it('defaults to 3 rounds and 4 at once', async () => {
    let open = 0;
    let maxOpen = 0;
    let calls = 0;
    const connect: ConnectFunction = async () => {
      calls++;
      open++;
      maxOpen = Math.max(maxOpen, open);
      await new Promise((resolve) => setImmediate(resolve));
      open--;
      return 1;
    };
    await new LatencyProbe({ connect }).probe(Array.from({ length: 8 }, (_, i) => target(`h${i}`)));
    expect(maxOpen).toBe(4);
    expect(calls).toBe(24);
  });

  it('resolves with an empty map for no targets', async () => {
    const { connect, calls } = scriptedConnect({});
    expect((await new LatencyProbe({ connect }).probe([])).size).toBe(0);
    expect(calls).toHaveLength(0);
  });

  it('aborts cleanly: open attempts are closed, no new ones start, the run rejects', async () => {
    let open = 0;
    let started = 0;
    let firstStarted!: () => void;
    const someStarted = new Promise<void>((resolve) => (firstStarted = resolve));
    const connect: ConnectFunction = (_h, _p, { signal }) =>
      new Promise<number>((_resolve, reject) => {
        started++;
        open++;
        firstStarted();
        signal.addEventListener('abort', () => {
          open--;
          reject(signal.reason);
        });
      });
    const controller = new AbortController();
    const run = new LatencyProbe({ connect, concurrency: 2 }).probe(
      Array.from({ length: 6 }, (_, i) => target(`h${i}`)),
      { signal: controller.signal },
    );
    await someStarted;
    controller.abort(new Error('stop'));
    await expect(run).rejects.toThrow('stop');
    expect(open).toBe(0);
    expect(started).toBe(2);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const { connect, calls } = scriptedConnect({ a: [1] });
    const controller = new AbortController();
    controller.abort(new Error('already'));
    await expect(new LatencyProbe({ connect }).probe([target('a')], { signal: controller.signal })).rejects.toThrow('already');
    expect(calls).toHaveLength(0);
  });
});

describe('LatencyProbe against real sockets', () => {
  it('measures a real listener and reports a closed port as refused', async () => {
    const open = await listen();
    const closed = await closedPort();
    const probe = new LatencyProbe({ timeoutMs: 1500 });
    const results = await probe.probe([
      { key: 'open', host: '127.0.0.1', port: open },
      { key: 'closed', host: '127.0.0.1', port: closed },
    ]);
    const ok = results.get('open');
    expect(ok).toMatchObject({ status: 'ok', rounds: 3 });
    expect(ok?.status === 'ok' && ok.medianMs).toBeGreaterThanOrEqual(0);
    expect(ok?.status === 'ok' && ok.medianMs).toBeLessThan(1500);
    expect(results.get('closed')).toEqual({ status: 'unreachable', reason: 'connection refused' });
  });

  it('tcpConnect resolves with a connect time and leaves no socket open', async () => {
    const port = await listen();
    const server = servers.at(-1) as net.Server;
    const ms = await tcpConnect('127.0.0.1', port, { timeoutMs: 1500, signal: new AbortController().signal });
    expect(ms).toBeGreaterThanOrEqual(0);
    // The listener closes only once every connection is gone, so a leaked socket would hang here.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    servers.pop();
  });

  it('tcpConnect rejects with a refusal on a closed port', async () => {
    const port = await closedPort();
    await expect(tcpConnect('127.0.0.1', port, { timeoutMs: 1500, signal: new AbortController().signal })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });

  it('tcpConnect rejects at once when aborted before it starts', async () => {
    const port = await listen();
    const controller = new AbortController();
    controller.abort(new Error('aborted before'));
    await expect(tcpConnect('127.0.0.1', port, { timeoutMs: 1500, signal: controller.signal })).rejects.toThrow('aborted before');
  });
});

/**
 * Test support: the one harness of main's fuzz suites against its loopback servers (the dock's, the
 * overlays'). A seeded PRNG (`SIDESTAGE_FUZZ_SEED=<n>` replays another set of tries); areas of
 * tries, each judged refused or accepted (anything else is wrong, said in words); a crash is an
 * uncaught error or a server that stops answering; each suite counts one more thing of its own
 * (data lost, secrets leaked); the table is printed at the end. Also what both suites send: the
 * judgement of a raw HTTP answer and the WebSocket frames a server that takes none must close on.
 */
import { expect } from 'vitest';
import { frame, type RawAnswer, type RawWebSocket } from '../../emulator/test-support/raw-http';
import { seededRandom } from '../../emulator/test-support/seeded-random';

/** `refused` and `accepted` are right; any other text says what went wrong. */
export type Verdict = string;

export interface Tally {
  tries: number;
  refused: number;
  accepted: number;
  crashes: number;
  /** The suite's own count (its `counted` column): data lost, secrets leaked. */
  flagged: number;
  wrong: string[];
}

export interface FuzzSuiteOptions {
  /** Printed above the table: "dock fuzz". */
  title: string;
  defaultSeed: number;
  /** The name of the suite's own column: "data lost", "leaks". */
  counted: string;
  /** Whether the server still answers, asked after the tries. */
  alive(): Promise<boolean>;
}

export interface AreaOptions<O> {
  /** The server is asked whether it still answers every `probeEvery` tries (1) and after the last. */
  probeEvery?: number;
  /** What is wrong with a try's outcome beyond its verdict (a secret in it); counted. */
  flag?(outcome: O): string | null;
  /** What is wrong once the area is over (the data changed); counted once. */
  after?(): Promise<string[]>;
}

export interface FuzzSuite {
  seed: number;
  random: () => number;
  pick<T>(items: readonly T[]): T;
  /** A whole number from 0 to `max` - 1. */
  int(max: number): number;
  /** Before the first try: an uncaught error counts as a crash from now on. */
  start(): void;
  /** After the last: stops counting uncaught errors and prints the table. */
  finish(): void;
  /** Runs an area's tries, each answering a verdict or an outcome with one. */
  area<O extends Verdict | { verdict: Verdict }>(name: string, tries: (() => Promise<O>)[], options?: AreaOptions<O>): Promise<Tally>;
}

export function createFuzzSuite(options: FuzzSuiteOptions): FuzzSuite {
  const seed = Number(process.env.SIDESTAGE_FUZZ_SEED ?? options.defaultSeed);
  const random = seededRandom(seed);
  const tallies = new Map<string, Tally>();
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return {
    seed,
    random,
    pick,
    int: (max) => Math.floor(random() * max),
    start() {
      process.on('uncaughtException', record);
      process.on('unhandledRejection', record);
    },
    finish() {
      process.off('uncaughtException', record);
      process.off('unhandledRejection', record);
      const columns = ['tries', 'refused', 'accepted', 'crashes', options.counted];
      const row = (name: string, cells: (string | number)[]) => `${name.padEnd(22)} ${cells.map((cell, i) => String(cell).padStart(Math.max(6, columns[i]!.length + 2))).join(' ')}`;
      const rows = [...tallies].map(([name, t]) => row(name, [t.tries, t.refused, t.accepted, t.crashes, t.flagged]));
      console.log(`${options.title}, seed ${seed} (SIDESTAGE_FUZZ_SEED)\n${row('area', columns)}\n${rows.join('\n')}`);
    },
    async area(name, tries, { probeEvery = 1, flag, after } = {}) {
      const tally: Tally = { tries: 0, refused: 0, accepted: 0, crashes: 0, flagged: 0, wrong: [] };
      tallies.set(name, tally);
      for (const run of tries) {
        const before = uncaught.length;
        tally.tries += 1;
        let outcome: Verdict | { verdict: Verdict };
        try {
          outcome = await run();
        } catch (error) {
          outcome = `threw ${error instanceof Error ? error.message : String(error)}`;
        }
        const verdict = typeof outcome === 'string' ? outcome : outcome.verdict;
        if (verdict === 'refused') tally.refused += 1;
        else if (verdict === 'accepted') tally.accepted += 1;
        else tally.wrong.push(verdict.slice(0, 240));
        const flagged = typeof outcome === 'string' || !flag ? null : flag(outcome as Parameters<typeof flag>[0]);
        if (flagged) {
          tally.flagged += 1;
          tally.wrong.push(flagged);
        }
        const probe = tally.tries % probeEvery === 0 || tally.tries === tries.length;
        if (uncaught.length > before || (probe && !(await options.alive()))) tally.crashes += 1;
      }
      const afterwards = (await after?.()) ?? [];
      if (afterwards.length) {
        tally.flagged += 1;
        tally.wrong.push(...afterwards);
      }
      return tally;
    },
  };
}

/** Every try refused or accepted, nothing crashed, nothing flagged. */
export function expectClean(tally: Tally): void {
  expect(tally.wrong).toEqual([]);
  expect(tally.crashes).toBe(0);
  expect(tally.flagged).toBe(0);
  expect(tally.refused + tally.accepted).toBe(tally.tries);
}

/**
 * A raw HTTP answer: refused when it is a 4xx that says why in words (HEAD has no body); accepted
 * when `mayAccept` and its status is below `acceptBelow` (400 where a redirect is an answer).
 */
export function judgeHttp(answer: RawAnswer, method: string, mayAccept: boolean, acceptBelow: 300 | 400 = 300): Verdict {
  if (answer.status === null) return `no answer (closed=${answer.closed}, reset=${answer.reset})`;
  if (answer.status >= 400 && answer.status < 500) return method === 'HEAD' || answer.body.trim().length > 0 ? 'refused' : `${answer.status} without a message`;
  if (answer.status < acceptBelow && mayAccept) return 'accepted';
  return `${answer.status} for what should be refused`;
}

/**
 * `count` WebSocket frames a server that takes none from a client must close its socket on: the
 * fixed ones (too long, a lying length, bad UTF-8, unmasked, reserved opcodes and bits, a bad ping
 * or close, then the suite's `own`), then random ones.
 */
export function badFrames(suite: Pick<FuzzSuite, 'random' | 'int'>, count: number, own: Buffer[] = []): Buffer[] {
  const text = (t: string) => Buffer.from(t);
  const fixed: Buffer[] = [
    frame({ opcode: 1, payload: Buffer.alloc(5000, 0x61) }),
    frame({ opcode: 2, declaredLength: 2 ** 40, payload: Buffer.alloc(0) }),
    frame({ opcode: 1, payload: Buffer.from([0xc3, 0x28]) }),
    frame({ opcode: 1, masked: false, payload: text('hi') }),
    ...[3, 4, 5, 6, 7, 11, 12, 13, 14, 15].map((opcode) => frame({ opcode, payload: text('hi') })),
    ...[1, 2, 4].map((rsv) => frame({ opcode: 1, rsv, payload: text('hi') })),
    frame({ opcode: 9, fin: false, payload: text('hi') }),
    frame({ opcode: 9, payload: Buffer.alloc(126, 0x61) }),
    frame({ opcode: 8, payload: Buffer.from([0x03, 0xe7]) }),
    ...own,
  ];
  const { random, int } = suite;
  return Array.from({ length: count }, (_, i) => fixed[i] ?? frame({ fin: random() < 0.7, rsv: int(8), opcode: int(16), masked: random() < 0.8, payload: Buffer.from(Array.from({ length: int(300) }, () => int(256))) }));
}

/**
 * Writes `bytes` on an open socket, then a text frame: refused when the server closes the socket
 * within 5 s (a close code in range, or none), wrong when it leaves it open.
 */
export async function closesOn(ws: RawWebSocket, bytes: Buffer): Promise<Verdict> {
  ws.socket.write(bytes);
  // Whatever the frame did, a text frame after it must end a socket that takes none.
  if (!ws.socket.destroyed) ws.socket.write(frame({ opcode: 1, payload: Buffer.from('x') }));
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000).unref());
  const end = await Promise.race([ws.closed, timeout]);
  ws.socket.destroy();
  if (end === 'timeout') return `socket left open after ${bytes.subarray(0, 16).toString('hex')}`;
  return end.code === null || (end.code >= 1000 && end.code < 5000) ? 'refused' : `closed with ${end.code}`;
}

/**
 * Fault injection (simulation API `POST /_emulator/faults`): a fault matching a request's method
 * and path delays it, then answers it with an error status in the platform's body shape (the
 * identity service's shape on its paths) or drops its connection without an answer. The first
 * matching fault applies, spending one of its `count` uses. The simulation API itself is never
 * faulted.
 *
 * Path patterns are regular expressions run by RE2JS, whose matching time is linear in the path's
 * length (no backtracking: `^/(a+)+$` cannot stall the event loop), with a bounded program size and
 * a bounded number of kept faults, so the cost a request pays for the faults is bounded too.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RE2JS } from 're2js';
import * as ids from '../ids';
import { RATE_LIMIT_POINTS } from '../domain/stores/rate-limiter';
import { errorBody, reasonPhrase } from './error-body';
import { badRequest } from '../domain/api-error';
import { isSimulationRequest, requestPath } from './request-path';
import type { EmulatorState } from '../domain/emulator-state';
import './app-state';

/** RE2 program instructions a path pattern may compile to (`^/helix/users$` is 16). */
export const MAX_PATTERN_PROGRAM_SIZE = 100;
/** HTTP faults kept at once. */
export const MAX_KEPT_FAULTS = 20;

/**
 * RE2JS is a quarter of a megabyte of code that only a fault with a path needs: it is loaded then,
 * not at every start of the emulator (and of the demo dock with it).
 */
let re2: typeof import('re2js') | undefined;

export async function loadFaultPatterns(): Promise<void> {
  re2 ??= await import('re2js');
}

/** A path pattern compiled for linear-time matching, or the reason it cannot be used. Needs `loadFaultPatterns()` first. */
export function compileFaultPattern(source: string): { pattern: RE2JS } | { error: string } {
  if (!re2) throw new Error('compileFaultPattern: call loadFaultPatterns() first');
  let pattern: RE2JS;
  try {
    pattern = re2.RE2JS.compile(source);
  } catch (error) {
    // RE2 syntax: no look-around, no back-references.
    return { error: `must be a valid regular expression in RE2 syntax (${error instanceof Error ? error.message : String(error)})` };
  }
  if (pattern.programSize() > MAX_PATTERN_PROGRAM_SIZE) return { error: 'is too complex a regular expression: use fewer or smaller repetitions' };
  return { pattern };
}

export interface Fault {
  id: string;
  /** RE2 regular expression searched for in the decoded, normalised path (`requestPath`); null: every path. */
  path: string | null;
  /** Upper-case HTTP method; null: every method. */
  method: string | null;
  status: number | null;
  latencyMs: number | null;
  /**
   * The request is handled at once and only its answer waits this long: what it publishes (a chat
   * message's `channel.chat.message`) reaches EventSub before the client hears the answer, as the
   * platform may deliver them.
   */
  answerDelayMs: number | null;
  /** Uses left; null: until cleared. */
  remaining: number | null;
  /** Destroy the request's TCP connection (after the latency) instead of answering. */
  dropConnection: boolean;
  dropWebsockets: boolean;
  reconnectWebsockets: boolean;
  createdAt: number;
}

export type NewFault = Omit<Fault, 'id'>;

export class FaultStore {
  private faults: { fault: Fault; pattern: RE2JS | null }[] = [];

  /**
   * Keeps an HTTP fault (one with a status, a latency or a dropped connection); WebSocket-only faults
   * act once and are not kept. Throws a 400 for a pattern `compileFaultPattern` refuses, or when
   * `MAX_KEPT_FAULTS` are kept already.
   */
  add(input: NewFault): Fault {
    const fault: Fault = { ...input, id: ids.uuid() };
    if (!isHttpFault(fault)) return fault;
    if (this.faults.length >= MAX_KEPT_FAULTS) throw badRequest(`At most ${MAX_KEPT_FAULTS} HTTP faults are kept at once: clear some first`);
    let pattern: RE2JS | null = null;
    if (fault.path !== null) {
      const compiled = compileFaultPattern(fault.path);
      if ('error' in compiled) throw badRequest(`Invalid field "path": ${compiled.error}`);
      pattern = compiled.pattern;
    }
    this.faults.push({ fault, pattern });
    return fault;
  }

  /** No HTTP fault is kept: the request hook has nothing to match. */
  isEmpty(): boolean {
    return this.faults.length === 0;
  }

  list(): Fault[] {
    return this.faults.map((f) => f.fault);
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.fault.id !== id);
    return this.faults.length < before;
  }

  clear(): number {
    const count = this.faults.length;
    this.faults = [];
    return count;
  }

  /** The first fault matching the request, with one use spent (and dropped when none is left). */
  take(method: string, path: string): Fault | undefined {
    const upper = method.toUpperCase();
    const match = this.faults.find(({ fault, pattern }) => (fault.method === null || fault.method === upper) && (pattern === null || pattern.matcher(path).find()));
    if (!match) return undefined;
    const { fault } = match;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== match);
    }
    return { ...fault };
  }
}

const stores = new WeakMap<EmulatorState, FaultStore>();

/** The state's HTTP faults, made on first use; a reset clears them, as it clears the domain's stores. */
export function faultsOf(state: EmulatorState): FaultStore {
  let store = stores.get(state);
  if (!store) {
    const made = new FaultStore();
    state.onReset(() => made.clear());
    stores.set(state, made);
    store = made;
  }
  return store;
}

function isHttpFault(fault: NewFault): boolean {
  return fault.status !== null || fault.latencyMs !== null || fault.answerDelayMs !== null || fault.dropConnection;
}

/** Registered once in app.ts, before the routes. */
export function registerFaultHook(app: FastifyInstance): void {
  const state = app.emulatorState;
  const faults = faultsOf(state);
  /** Requests whose answer a fault holds back, and for how long. */
  const heldAnswers = new WeakMap<FastifyRequest, number>();
  app.addHook('onSend', (request, _reply, payload, done) => {
    const delay = heldAnswers.get(request);
    if (delay === undefined) {
      done(null, payload);
      return;
    }
    sleep(delay).then(() => done(null, payload), done);
  });
  // Callback style: the common case (no fault kept) then costs no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    if (faults.isEmpty() || isSimulationRequest(request)) {
      done();
      return;
    }
    applyFault(request, reply).then(() => done(), done);
  });

  async function applyFault(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    // What the client sent: a fault on `/mock/...` matches the alias it names.
    const fault = faults.take(request.method, requestPath(request.originalUrl));
    if (!fault) return;
    if (fault.latencyMs !== null && fault.latencyMs > 0) await sleep(fault.latencyMs);
    if (fault.answerDelayMs !== null) heldAnswers.set(request, fault.answerDelayMs);
    if (fault.dropConnection) {
      // No answer at all: the client sees its connection reset, as with a crashed or unreachable service.
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    if (fault.status === null) return;
    reply.header('X-Emulator-Fault', fault.id);
    // A refused WebSocket upgrade: nothing else owns the raw socket, so end it with the answer.
    if (request.headers.upgrade !== undefined) reply.raw.once('finish', () => reply.raw.socket?.destroy());
    if (fault.status === 429) {
      reply.header('Ratelimit-Limit', String(RATE_LIMIT_POINTS));
      reply.header('Ratelimit-Remaining', '0');
      reply.header('Ratelimit-Reset', String(state.clock.nowSeconds() + 1));
    }
    return reply
      .code(fault.status)
      .type('application/json; charset=utf-8')
      .send(errorBody(request.url, fault.status, reasonPhrase(fault.status)));
  }
}

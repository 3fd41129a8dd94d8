/**
 * Fault injection (simulation API `POST /_emulator/faults`): a fault matching a request's method
 * and path delays it and/or answers it with an error status in the platform's body shape (the
 * identity service's shape on its paths). The first matching fault applies, spending one of its
 * `count` uses. The simulation API itself is never faulted.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import * as ids from '../ids';
import { RATE_LIMIT_POINTS } from '../state/rate-limiter';
import { errorBody, reasonPhrase } from './api-error';
import './app-state';

export interface Fault {
  id: string;
  /** Regular expression tested against the URL path (no query); null: every path. */
  path: string | null;
  /** Upper-case HTTP method; null: every method. */
  method: string | null;
  status: number | null;
  latencyMs: number | null;
  /** Uses left; null: until cleared. */
  remaining: number | null;
  dropWebsockets: boolean;
  reconnectWebsockets: boolean;
  createdAt: number;
}

export type NewFault = Omit<Fault, 'id'>;

export class FaultStore {
  private faults: { fault: Fault; pattern: RegExp | null }[] = [];

  /** Keeps an HTTP fault (one with a status or a latency); WebSocket-only faults act once and are not kept. */
  add(input: NewFault): Fault {
    const fault: Fault = { ...input, id: ids.uuid() };
    if (fault.status !== null || fault.latencyMs !== null) {
      this.faults.push({ fault, pattern: fault.path === null ? null : new RegExp(fault.path) });
    }
    return fault;
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
    const match = this.faults.find(({ fault, pattern }) => (fault.method === null || fault.method === method.toUpperCase()) && (pattern === null || pattern.test(path)));
    if (!match) return undefined;
    const { fault } = match;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== match);
    }
    return { ...fault };
  }
}

export function isSimulationPath(url: string): boolean {
  return url.startsWith('/_emulator');
}

/** Registered once in app.ts, before the routes. */
export function registerFaultHook(app: FastifyInstance): void {
  const state = app.emulatorState;
  app.addHook('onRequest', async (request, reply) => {
    if (isSimulationPath(request.url)) return;
    const fault = state.faults.take(request.method, request.url.split('?')[0] ?? '');
    if (!fault) return;
    if (fault.latencyMs !== null && fault.latencyMs > 0) await sleep(fault.latencyMs);
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
  });
}

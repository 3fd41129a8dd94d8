/**
 * Simulation API for fault injection: `POST /_emulator/faults`, `GET /_emulator/faults`,
 * `DELETE /_emulator/faults` (all) and `DELETE /_emulator/faults/<id>`. HTTP faults are applied by
 * the hook in `http/faults.ts` (`drop_connection` among them); `drop_websockets` and `reconnect_websockets` act on every EventSub
 * session once, when the fault is posted.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eventSubHubOf } from '../../eventsub/session-hub';
import { badRequest, notFound } from '../../domain/api-error';
import { faultsOf, loadFaultPatterns } from '../../http/faults';
import { parseSimulationBody } from '../../http/simulation-body';
import { faultView } from '../../http/views/faults';
import type { FaultRequest } from '../../http/views/wire/faults';
import '../../http/app-state';

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

// Compiled (and refused with the reason) by the fault store: see `compileFaultPattern`.
const pathPattern = z.string().min(1).max(1000);

const faultBody = z.lazy(() =>
  z
    .object({
      path: pathPattern.optional(),
      method: z
        .string()
        .transform((m) => m.toUpperCase())
        .pipe(z.enum(HTTP_METHODS))
        .optional(),
      status: z.number().int().min(400).max(599).optional(),
      latency_ms: z.number().int().min(0).max(60_000).optional(),
      answer_delay_ms: z.number().int().min(1).max(60_000).optional(),
      count: z.number().int().min(1).max(1_000_000).optional(),
      drop_connection: z.literal(true).optional(),
      drop_websockets: z.literal(true).optional(),
      reconnect_websockets: z.literal(true).optional(),
    })
    .strict() satisfies z.ZodType<FaultRequest, unknown>,
);

export function registerSimulationFaultRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;
  const faults = faultsOf(state);

  app.post('/_emulator/faults', async (request) => {
    const body = parseSimulationBody(faultBody, request.body);
    if (body.path !== undefined) await loadFaultPatterns();
    const http = body.status !== undefined || body.latency_ms !== undefined || body.answer_delay_ms !== undefined || body.drop_connection === true;
    const websockets = body.drop_websockets === true || body.reconnect_websockets === true;
    if (!http && !websockets) throw badRequest('A fault needs "status", "latency_ms", "answer_delay_ms", "drop_connection", "drop_websockets" or "reconnect_websockets"');
    if (!http && (body.path !== undefined || body.method !== undefined || body.count !== undefined)) {
      throw badRequest('"path", "method" and "count" apply to HTTP faults: add "status", "latency_ms", "answer_delay_ms" or "drop_connection"');
    }
    if (body.drop_connection === true && body.status !== undefined) throw badRequest('A fault either answers "status" or drops the connection, not both');
    if (body.answer_delay_ms !== undefined && (body.status !== undefined || body.drop_connection === true)) {
      throw badRequest('"answer_delay_ms" holds back the answer of a request that is handled: it goes with neither "status" nor "drop_connection"');
    }
    const fault = faults.add({
      path: body.path ?? null,
      method: body.method ?? null,
      status: body.status ?? null,
      latencyMs: body.latency_ms ?? null,
      answerDelayMs: body.answer_delay_ms ?? null,
      dropConnection: body.drop_connection ?? false,
      remaining: http ? (body.count ?? null) : 0,
      dropWebsockets: body.drop_websockets ?? false,
      reconnectWebsockets: body.reconnect_websockets ?? false,
      createdAt: state.clock.now(),
    });
    if (!websockets) return faultView(fault);
    const hub = eventSubHubOf(state);
    // Reconnect first: dropping afterwards leaves the sessions waiting for their reconnect URL.
    const reconnected = body.reconnect_websockets ? (hub?.reconnectAll() ?? 0) : 0;
    const dropped = body.drop_websockets ? (hub?.dropAll() ?? 0) : 0;
    return { ...faultView(fault), websocket_sessions_reconnected: reconnected, websocket_sessions_dropped: dropped };
  });

  app.get('/_emulator/faults', () => ({ faults: faults.list().map(faultView) }));

  app.delete('/_emulator/faults', () => ({ cleared: faults.clear() }));

  app.delete<{ Params: { id: string } }>('/_emulator/faults/:id', (request) => {
    if (!faults.remove(request.params.id)) throw notFound(`Unknown fault "${request.params.id}"`);
    return { cleared: 1 };
  });
}

/**
 * EventSub's WebSocket transport at `/ws` (platform facts, "EventSub over WebSocket"): each socket
 * is handed to the state's session hub (`eventsub/session-hub.ts`), which the app closes with it.
 */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { attachEventSubHub, CLOSE_CODES } from '../../../eventsub/session-hub';
import { errorBody } from '../../../http/error-body';
import { RequestParams } from '../../../http/request-params';
import '../../../http/app-state';

/** Largest inbound frame read before the socket is closed anyway (any inbound data closes it with 4001). */
const MAX_INBOUND_PAYLOAD = 64 * 1024;

export function registerEventSubWebSocketRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;
  const hub = attachEventSubHub(state);
  app.addHook('preClose', async () => hub.close());

  void app.register(fastifyWebsocket, { options: { maxPayload: MAX_INBOUND_PAYLOAD } });
  void app.register(async (scope) => {
    scope.route({
      method: 'GET',
      url: '/ws',
      handler: (request, reply) =>
        reply.code(426).header('Upgrade', 'websocket').send(errorBody(request.url, 426, 'This endpoint takes WebSocket connections only')),
      wsHandler: (socket, request) => {
        const query = new RequestParams(request.query);
        const origin = state.baseUrl || `http://${request.headers.host ?? '127.0.0.1'}`;
        try {
          hub.accept(socket, { keepalive: query.one('keepalive_timeout_seconds'), reconnect: query.one('reconnect') }, origin, request.raw.socket);
        } catch (error) {
          request.log.error(error);
          socket.close(CLOSE_CODES.internalError.code, CLOSE_CODES.internalError.reason);
        }
      },
    });
  });
}

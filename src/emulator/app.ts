/**
 * Builds the emulator's Fastify app: one origin for every platform host (identity service, current
 * API, ingest directory) plus the simulation API. Every error, including Fastify's own (bad JSON,
 * unknown route, body too large), is answered in the platform's error shape; never a bare 500.
 */
import type { Socket } from 'node:net';
import formBody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { ApiError } from './domain/api-error';
import { startDeadlineTicker } from './domain/deadlines';
import type { EmulatorState } from './domain/emulator-state';
import { errorBody, reasonPhrase } from './http/error-body';
import { registerFaultHook } from './http/faults';
import { registerHeadAnswers, routeHeadAsGet } from './http/head-requests';
import { rewriteMockUrl } from './http/helix-route';
import { answerUnknownKrakenPath } from './http/kraken-route';
import { isLoopbackAddress, isLoopbackHost } from './http/loopback-guard';
import { isSimulationRequest } from './http/request-path';
import { ROUTE_MODULES } from './routes';
import './http/app-state';

/** Large enough for the retired v5 API's community descriptions and base64 images. */
export const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Requests are checked with zod in the routes, never with Fastify's JSON schemas. Fastify loads Ajv
 * and fast-json-stringify for its default compilers as it is built (about a tenth of the dock's
 * cold start, which runs the demo emulator in-process); these refuse a route schema instead, so a
 * route that brings one fails as it is registered rather than being checked another way.
 */
const noRouteSchemas = () => () => {
  throw new Error('The emulator checks requests with zod in its routes: Fastify route schemas are not used.');
};

export interface BuildEmulatorAppOptions {
  log?: boolean;
}

export async function buildEmulatorApp(state: EmulatorState, options: BuildEmulatorAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.log ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // HEAD is routed to the GET route (http/head-requests.ts): no HEAD twin registered per GET route.
    exposeHeadRoutes: false,
    schemaController: { compilersFactory: { buildValidator: noRouteSchemas, buildSerializer: noRouteSchemas } },
    // Twitch CLI's layout: `/mock/*` is `/helix/*` (the identity aliases under `/auth` differ in
    // behaviour, so those stay routes of their own). `request.originalUrl` keeps what was sent.
    rewriteUrl: (request) => {
      routeHeadAsGet(request);
      return rewriteMockUrl(request.url ?? '/');
    },
    clientErrorHandler: answerUnparsableRequest,
    frameworkErrors: (error, request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as unknown as FastifyReply).code(status).send(errorBody(request.url, status, 'Malformed request URL'));
    },
  });
  app.decorate('emulatorState', state);

  await app.register(formBody);
  // Some clients send `Content-Type: application/json` with an empty body (parameters in the query).
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    defaultJsonParser(request, text, done);
  });

  registerHeadAnswers(app);
  // One callback-style hook for both checks every request goes through: no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    // An empty body has no type to refuse: HTTP clients commonly send `Content-Type:
    // application/octet-stream` (or any other type) with `Content-Length: 0` on requests whose
    // parameters are all in the query, and the platform takes them. Fastify would answer 415 before
    // any route saw the request.
    const headers = request.raw.headers;
    if (headers['content-type'] !== undefined && headers['transfer-encoding'] === undefined) {
      const length = headers['content-length'];
      if (length === undefined || length === '0') delete headers['content-type'];
    }
    // On the route the router chose (or the decoded, normalised path), never the raw URL: see request-path.ts.
    if (isSimulationRequest(request) && (!isLoopbackAddress(request.socket.remoteAddress) || !isLoopbackHost(request.headers.host))) {
      done(new ApiError(403, 'The simulation API answers loopback requests only'));
      return;
    }
    done();
  });
  registerFaultHook(app);

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    let status: number;
    let message: string;
    if (error instanceof ApiError) {
      status = error.status;
      message = error.message;
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      message = describeClientError(error);
    } else {
      request.log.error(error);
      status = 500;
      message = 'Internal Server Error';
    }
    return reply.code(status).type('application/json; charset=utf-8').send(errorBody(request.url, status, message));
  });

  app.setNotFoundHandler((request, reply) => {
    // The retired v5 API's unknown paths (no catch-all routes: those were 70 router entries, one per method).
    answerUnknownKrakenPath(request);
    const path = request.originalUrl.split('?')[0] ?? '';
    const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
    return reply.code(404).send(errorBody(request.url, 404, `Unknown endpoint: ${request.method} ${shown}`));
  });

  for (const register of ROUTE_MODULES) register(app);

  const stopDeadlines = startDeadlineTicker(state, (error) => app.log.error(error, 'settling deadlines failed'));
  app.addHook('onClose', async () => stopDeadlines());
  return app;
}

/**
 * Requests Node's HTTP parser refuses (headers over the size limit, a broken request line) never
 * reach Fastify's routing: they are answered here, still in the platform's error shape (the target
 * is unknown, so the current API's), and the connection is closed as Node does.
 */
function answerUnparsableRequest(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request timed out']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers are too large']
        : [400, 'Malformed HTTP request'];
  if (socket.writable) {
    const body = JSON.stringify(errorBody('/', status, message));
    socket.write(`HTTP/1.1 ${status} ${reasonPhrase(status)}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}

function describeClientError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `Request body is larger than ${BODY_LIMIT_BYTES} bytes`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported Content-Type`;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Request body does not match its Content-Length';
    default:
      return error.message || 'Bad Request';
  }
}

/**
 * HEAD is answered by the GET route of the same path, without a HEAD route per GET route.
 *
 * Fastify's default (`exposeHeadRoutes`) registers a HEAD twin for every GET route: a hundred more
 * routes, each with its own context, router entry and start-up callback, about a fifth of what
 * building the emulator costs (and so of the demo dock's cold start). Instead, the app is built
 * with `exposeHeadRoutes: false`, and a HEAD request is routed as GET (`routeHeadAsGet`, called
 * from `rewriteUrl`, which runs just before the router), gets its method back before any hook
 * runs, and has its answer shaped exactly as Fastify's twin shapes it: the body's length in
 * `Content-Length`, no body (Node's response writes none for a HEAD request anyway). A HEAD
 * request no GET route takes goes to the not-found handler, as before.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The HEAD requests being routed as GET. */
const headRequests = new WeakSet<IncomingMessage>();

/** Call on every request just before routing: a HEAD request is routed to the GET route of its path. */
export function routeHeadAsGet(request: IncomingMessage): void {
  if (request.method !== 'HEAD') return;
  headRequests.add(request);
  request.method = 'GET';
}

/** Registered before every other hook, so that every hook, route and handler sees HEAD. */
export function registerHeadAnswers(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (headRequests.has(request.raw)) request.raw.method = 'HEAD';
    done();
  });
  // As Fastify's HEAD twin (`lib/head-route.js`), on answers a GET route gave; the not-found
  // handler's answers were never shaped, and are not now.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!headRequests.has(request.raw) || request.routeOptions.url === undefined) {
      done(null, payload);
      return;
    }
    if (payload === undefined) {
      reply.header('content-length', '0');
    } else if (typeof (payload as NodeJS.ReadableStream).resume === 'function') {
      const stream = payload as NodeJS.ReadableStream;
      stream.on('error', (error) => reply.log.error({ err: error }, 'Error on Stream found for HEAD route'));
      stream.resume();
    } else if (typeof (payload as ReadableStream).getReader === 'function') {
      (payload as ReadableStream).cancel('Stream cancelled by HEAD route').catch((error: unknown) => reply.log.error({ err: error }, 'Error on Stream found for HEAD route'));
    } else {
      reply.header('content-length', String(Buffer.byteLength(payload as string | Buffer)));
    }
    done(null, null);
  });
}

/**
 * The control API's HTTP and WebSocket routes (`/api/v1`), on the one loopback server: what a Stream
 * Deck, Companion or a script uses to press Sidestage's quick actions and show their state.
 *
 *   POST /api/v1/pair                   ask to pair: {name} -> a request id, its six-digit code, a claim secret
 *   POST /api/v1/pair/<id>/claim        {claimSecret} -> pending, or (once) the client's token
 *   GET  /api/v1/state                  the state a deck shows (scope read)
 *   GET  /api/v1/actions                the quick actions and the scope each needs (scope read)
 *   POST /api/v1/actions/<action>       runs it as its hotkey would (scope actions or moderation)
 *   WS   /api/v1/events                 the state, on connecting and whenever it changes (scope read)
 *
 * A token travels in the Authorization header only (`Bearer <token>`), never in a URL. Refusals are
 * typed JSON (`{"error": {"code", "message"}}`): 400, 401 (no or unknown token), 403 (a scope not
 * granted, or another site), 404, 405, 413, 415, 429 (pairing limited). Every body is parsed by its
 * zod schema (`control-schemas.ts`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type { HotkeyAction } from '../../../shared/ipc/contract';
import type { Disposer } from '../../../shared/primitives/emitter';
import type { Logger } from '../logger';
import { bearerToken, safeDecode } from '../common/loopback-http';
import { LoopbackServer, type LoopbackRequest, type Refusal } from '../common/loopback-server';
import type { ControlClientInfo, ControlClients } from './control-clients';
import type { ControlPairing } from './control-pairing';
import {
  CONTROL_API_PREFIX,
  actionScopes,
  claimRequestSchema,
  controlActionSchema,
  pairRequestSchema,
  type ActionOutcome,
  type ClaimAnswer,
  type ControlErrorCode,
  type ControlFrame,
  type ControlScope,
  type ControlState,
} from './control-schemas';

/** What the API reaches in the rest of Sidestage. */
export interface ControlPorts {
  /** Runs a quick action as its global hotkey does; answers its outcome in words, never rejects. */
  runAction(action: HotkeyAction): Promise<{ done: boolean; message: string }>;
  /** The quick actions' labels. */
  actionLabel(action: HotkeyAction): string;
  readState(): ControlState;
  onStateChange(listener: () => void): Disposer;
}

export interface ControlServerOptions {
  clients: ControlClients;
  pairing: ControlPairing;
  ports: ControlPorts;
  logger: Logger;
  heartbeatMs?: number;
}

/** Bodies are a name or a secret: a few hundred bytes. */
const MAX_BODY_BYTES = 16 * 1024;
/** A client sends nothing on the event socket. */
const MAX_SOCKET_PAYLOAD = 1024;
/** Event sockets open at once, all clients together. */
const MAX_SOCKETS = 64;

const statusOf: Record<ControlErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
};

type Refused = { code: ControlErrorCode; message: string };

export class ControlServer {
  private readonly server: LoopbackServer;
  /** Event sockets and the client each belongs to. */
  private readonly sockets = new Map<WebSocket, string>();
  private readonly running: Disposer[] = [];

  constructor(private readonly options: ControlServerOptions) {
    this.server = new LoopbackServer({
      name: 'control API',
      logger: options.logger,
      // The token is a header, which no web page can set on a WebSocket: a deck's socket may come without an Origin.
      upgradesNeedOrigin: false,
      maxSocketPayload: MAX_SOCKET_PAYLOAD,
      heartbeatMs: options.heartbeatMs,
      onRequest: (req, res, request) => this.handle(req, res, request),
      onUpgrade: (req, request) => this.upgrade(req, request),
    });
    this.running.push(
      options.ports.onStateChange(() => this.broadcast()),
      // A revoked client's sockets close at once.
      options.clients.onChange(() => {
        const live = new Set(options.clients.list().map((c) => c.id));
        for (const [ws, clientId] of this.sockets) if (!live.has(clientId)) ws.close(4401, 'This client was revoked in Sidestage.');
      }),
    );
  }

  get port(): number | null {
    return this.server.port;
  }

  get origin(): string | null {
    return this.server.origin;
  }

  /** Listens on 127.0.0.1:`port` (0: a free one); a new port is bound before the old one stops. */
  listen(port: number): Promise<number> {
    return this.server.listen(port);
  }

  /** Stops listening and following the state; every socket is closed. */
  async dispose(): Promise<void> {
    for (const dispose of this.running.splice(0)) dispose();
    await this.server.stop();
  }

  private async handle(req: IncomingMessage, res: ServerResponse, { url }: LoopbackRequest): Promise<void> {
    const path = url.pathname;
    if (!path.startsWith(`${CONTROL_API_PREFIX}/`)) return refuse(res, { code: 'not_found', message: `The control API is under ${CONTROL_API_PREFIX}/.` });
    const route = path.slice(CONTROL_API_PREFIX.length);

    if (route === '/pair') {
      if (req.method !== 'POST') return refuse(res, methodNotAllowed('POST'), { allow: 'POST' });
      const body = await readBody(req, res, pairRequestSchema);
      if (!body) return;
      const started = this.options.pairing.request(body.name);
      if (!started) return refuse(res, { code: 'too_many_requests', message: 'Too many pairing requests: wait a minute, and answer the ones waiting in Sidestage.' }, { 'retry-after': '60' });
      return sendJson(res, 201, started);
    }
    const claim = /^\/pair\/([^/]+)\/claim$/.exec(route);
    if (claim) {
      if (req.method !== 'POST') return refuse(res, methodNotAllowed('POST'), { allow: 'POST' });
      const body = await readBody(req, res, claimRequestSchema);
      if (!body) return;
      return this.claim(res, safeDecode(claim[1]!) ?? '', body.claimSecret);
    }

    const client = this.options.clients.authenticate(bearerToken(req));
    if (!client) return refuse(res, { code: 'unauthorized', message: 'Send the token Sidestage gave this client as "Authorization: Bearer <token>"; pair again if it was revoked.' });

    if (route === '/state') {
      if (req.method !== 'GET') return refuse(res, methodNotAllowed('GET'), { allow: 'GET' });
      const refused = needsScope(client, 'read');
      if (refused) return refuse(res, refused);
      return sendJson(res, 200, this.options.ports.readState());
    }
    if (route === '/actions') {
      if (req.method !== 'GET') return refuse(res, methodNotAllowed('GET'), { allow: 'GET' });
      const refused = needsScope(client, 'read');
      if (refused) return refuse(res, refused);
      const actions = controlActionSchema.options.map((id) => ({ id, label: this.options.ports.actionLabel(id), scope: actionScopes[id] }));
      return sendJson(res, 200, { actions });
    }
    const action = /^\/actions\/([^/]+)$/.exec(route);
    if (action) {
      if (req.method !== 'POST') return refuse(res, methodNotAllowed('POST'), { allow: 'POST' });
      const parsed = controlActionSchema.safeParse(safeDecode(action[1]!));
      if (!parsed.success) return refuse(res, { code: 'not_found', message: `There is no quick action "${action[1]!.slice(0, 40)}"; GET ${CONTROL_API_PREFIX}/actions lists them.` });
      const refused = needsScope(client, actionScopes[parsed.data]);
      if (refused) return refuse(res, refused);
      // A press has no body; one sent is not read.
      req.resume();
      const outcome = await this.options.ports.runAction(parsed.data);
      return sendJson(res, 200, { action: parsed.data, ...outcome } satisfies ActionOutcome);
    }
    return refuse(res, { code: 'not_found', message: `There is no ${CONTROL_API_PREFIX}${route.slice(0, 80)}.` });
  }

  private async claim(res: ServerResponse, id: string, claimSecret: string): Promise<void> {
    const result = this.options.pairing.claim(id, claimSecret);
    if (result.status === 'unknown') return refuse(res, { code: 'not_found', message: 'There is no such pairing request (it expired, or the claim secret is wrong): ask to pair again.' });
    if (result.status === 'denied') return refuse(res, { code: 'forbidden', message: 'The broadcaster declined this pairing request.' });
    if (result.status === 'pending') return sendJson(res, 200, { status: 'pending' } satisfies ClaimAnswer);
    const { client, token } = await this.options.clients.add(result.name, result.scopes);
    return sendJson(res, 200, { status: 'approved', token, clientId: client.id, scopes: client.scopes } satisfies ClaimAnswer);
  }

  private upgrade(req: IncomingMessage, { url }: LoopbackRequest): Refusal | ((ws: WebSocket) => void) {
    if (url.pathname !== `${CONTROL_API_PREFIX}/events`) return [404, 'Not found'];
    const client = this.options.clients.authenticate(bearerToken(req));
    if (!client) return [401, 'Send the client’s token as "Authorization: Bearer <token>".'];
    if (!client.scopes.includes('read')) return [403, 'This client may not read the state (scope read).'];
    if (this.sockets.size >= MAX_SOCKETS) return [503, 'Too many control sockets are open at once.'];
    return (ws) => {
      this.sockets.set(ws, client.id);
      ws.on('close', () => this.sockets.delete(ws));
      ws.on('message', () => ws.close(1003, 'This socket only sends.'));
      ws.send(this.frame());
    };
  }

  private frame(): string {
    return JSON.stringify({ topic: 'state', state: this.options.ports.readState() } satisfies ControlFrame);
  }

  private broadcast(): void {
    if (this.sockets.size === 0) return;
    const text = this.frame();
    for (const ws of this.sockets.keys()) if (ws.readyState === ws.OPEN) ws.send(text);
  }
}

function needsScope(client: ControlClientInfo, scope: ControlScope): Refused | null {
  return client.scopes.includes(scope) ? null : { code: 'forbidden', message: `This client was not given the "${scope}" scope; pair it again with that scope ticked.` };
}

function methodNotAllowed(method: string): Refused {
  return { code: 'method_not_allowed', message: `Use ${method}.` };
}

function refuse(res: ServerResponse, refused: Refused, headers: Record<string, string> = {}): void {
  sendJson(res, statusOf[refused.code], { error: refused }, headers);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  res.end(JSON.stringify(body));
}

/** The request's JSON body parsed by `schema`; on a refusal it is answered and null returned. */
async function readBody<T>(req: IncomingMessage, res: ServerResponse, schema: z.ZodType<T>): Promise<T | null> {
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    refuse(res, { code: 'unsupported_media_type', message: 'Send the body as JSON (Content-Type: application/json).' }, { connection: 'close' });
    return null;
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    refuse(res, { code: 'payload_too_large', message: `The body is larger than ${MAX_BODY_BYTES} bytes.` }, { connection: 'close' });
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      refuse(res, { code: 'payload_too_large', message: `The body is larger than ${MAX_BODY_BYTES} bytes.` }, { connection: 'close' });
      return null;
    }
    chunks.push(chunk);
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    refuse(res, { code: 'bad_request', message: 'The body is not valid JSON.' });
    return null;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    refuse(res, { code: 'bad_request', message: `${where}${issue?.message ?? 'The body is not what this request takes.'}`.slice(0, 300) });
    return null;
  }
  return parsed.data;
}

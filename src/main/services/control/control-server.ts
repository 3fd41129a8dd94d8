/**
 * The control API's HTTP and WebSocket routes (`/api/v1`), on the one loopback server: what a Stream
 * Deck, Companion or a script uses to press Sidestage's quick actions and show their state.
 *
 *   POST /api/v1/pair                   ask to pair: {name} -> a request id, its six-digit code, a claim secret
 *   POST /api/v1/pair/<id>/claim        {claimSecret} -> pending, or (once) the client's token
 *   GET  /api/v1/state                  the state a deck shows (scope read)
 *   GET  /api/v1/actions                the quick actions and the scope each needs (scope read)
 *   POST /api/v1/actions/<action>       runs it as its hotkey would (scope actions or moderation)
 *   GET  /api/v1/automations            the automations: id, name, on or off (scope read)
 *   POST /api/v1/automations/<id>/run   a manual run, logged as from this client (scope automations)
 *   GET  /api/v1/variables              the automation variables (scope read)
 *   POST /api/v1/variables/<name>       {kind: set|add|reset} changes one (scope variables)
 *   POST /api/v1/alerts/pause           {paused} pauses or resumes the alert queue (scope actions)
 *   POST /api/v1/alerts/skip            ends the alert on screen (scope actions)
 *   GET  /api/v1/obs/scenes             OBS's scenes and the one on air (scope read)
 *   POST /api/v1/obs/scene              {name} switches OBS's program scene (scope actions)
 *   POST /api/v1/events/ticket          a one-time socket ticket, for a browser page (scope read)
 *   WS   /api/v1/events                 topics: the state (on connecting and whenever it changes),
 *                                       and, once the client sends {"subscribe": [...]}, the channel's
 *                                       events, the variables, the alert queue; {"action": ...}
 *                                       presses a quick action (scope read, and the action's scope)
 *
 * A token travels in the Authorization header only (`Bearer <token>`), never in a URL. A browser page
 * (the phone deck) cannot set a header on a WebSocket: it opens `/api/v1/events?ticket=<ticket>`
 * with a ticket from `POST /events/ticket`, used once and worthless after seconds
 * (`control-socket-tickets.ts`). Refusals are
 * typed JSON (`{"error": {"code", "message"}}`): 400, 401 (no or unknown token), 403 (a scope not
 * granted, or another site), 404, 405, 413, 415, 429 (pairing limited), 503 (OBS not connected,
 * automations off, variables not available). Every body and socket frame is parsed by its zod
 * schema (`control-schemas.ts`). A socket that sends too much, too often, or reads too slowly is
 * closed with a code (its frames are never buffered without bound).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import type { z } from 'zod';
import { channelEventKinds, type HotkeyAction } from '../../../shared/ipc/contract';
import type { DeckButton } from '../../../shared/domain/deck-tiles';
import type { Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import { bearerToken, safeDecode } from '../common/loopback-http';
import { LoopbackServer, type LoopbackRequest, type Refusal } from '../common/loopback-server';
import type { ControlClientInfo, ControlClients } from './control-clients';
import type { ControlPairing } from './control-pairing';
import type { ControlDeckPorts } from './control-ports';
import { phonePageFiles, phonePagePolicy } from './phone-page';
import { ControlSocketTickets } from './control-socket-tickets';
import {
  CONTROL_API_PREFIX,
  actionScopes,
  alertsPauseSchema,
  claimRequestSchema,
  controlActionSchema,
  idempotencyKeySchema,
  obsSceneSwitchSchema,
  pairRequestSchema,
  phoneClaimSchema,
  pressFrameSchema,
  socketTicketParamSchema,
  subscribeFrameSchema,
  variableChangeSchema,
  variableNameSchema,
  type ActionOutcome,
  type ClaimAnswer,
  type ControlErrorCode,
  type ControlFrame,
  type ControlScope,
  type ControlState,
  type ControlTopic,
  type PhoneButtons,
  type SocketTicket,
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
  deck: ControlDeckPorts;
  logger: Logger;
  heartbeatMs?: number;
  /** Bytes a socket may have waiting to be sent before it is closed as too slow. */
  maxBufferedBytes?: number;
  /** The phone deck's server: it serves the phone page (`/phone`) and exchanges a one-time pairing code for a token. */
  phone?: {
    claim(code: string): Promise<{ token: string; clientId: string; scopes: ControlScope[] } | null>;
    /** The buttons of the tiles the broadcaster chose in Arrange, in their order: quick actions and switches (the alerts' pause). */
    buttons(): DeckButton[];
  };
}

/** Bodies are a name, a secret, a scene or a variable's value: a few hundred bytes. */
const MAX_BODY_BYTES = 16 * 1024;
/** A client sends only small frames on the event socket: its topics, a press. */
const MAX_SOCKET_PAYLOAD = 1024;
/** Event sockets open at once, all clients together. */
const MAX_SOCKETS = 64;
/** A socket that has this much waiting to go (it does not read) is closed: 20 clients' worth of memory, not one's backlog. */
const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;
/** Frames a client may send per window: a deck presses a few keys a second, not hundreds. */
const FRAMES_PER_WINDOW = 40;
const FRAME_WINDOW_MS = 10_000;

/** Close codes the event socket uses (4000-4999 are the application's own). */
export const controlCloseCodes = { revoked: 4401, tooSlow: 4408, tooManyFrames: 4429 } as const;

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
  unavailable: 503,
};

type Refused = { code: ControlErrorCode; message: string };

/** One event socket: whose it is and what it chose to hear. */
interface EventSocket {
  client: ControlClientInfo;
  topics: Set<ControlTopic>;
  frames: { windowStart: number; count: number };
}

export class ControlServer {
  private readonly server: LoopbackServer;
  private readonly sockets = new Map<WebSocket, EventSocket>();
  private readonly running: Disposer[] = [];
  /** Held while at least one socket hears the channel's events: the kinds are asked of the platform only then. */
  private channelEvents: Disposer | null = null;
  /** The last state frame sent to every socket. */
  private lastState: string | null = null;
  private readonly tickets = new ControlSocketTickets();

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
    const { deck } = options;
    this.running.push(
      options.ports.onStateChange(() => this.stateChanged()),
      deck.alerts.onChange(() => this.publish('alerts', () => JSON.stringify({ topic: 'alerts', alerts: deck.alerts.getState() } satisfies ControlFrame))),
      deck.variables ? deck.variables.onChanged((variable) => this.publish('variables', () => JSON.stringify({ topic: 'variables', variable } satisfies ControlFrame))) : () => {},
      // A revoked client's sockets close at once.
      options.clients.onChange(() => {
        const live = new Set(options.clients.list().map((c) => c.id));
        this.tickets.forget(live);
        for (const [ws, socket] of this.sockets) if (!live.has(socket.client.id)) ws.close(controlCloseCodes.revoked, 'This client was revoked in Sidestage.');
      }),
    );
  }

  get port(): number | null {
    return this.server.port;
  }

  get origin(): string | null {
    return this.server.origin;
  }

  /** Listens on `address` (127.0.0.1 unless told another):`port` (0: a free one); a new one is bound before the old one stops. */
  listen(port: number, address?: string): Promise<number> {
    return this.server.listen(port, address);
  }

  /** Stops listening (every socket is closed); `listen` starts again. */
  async stop(): Promise<void> {
    this.channelEvents?.();
    this.channelEvents = null;
    await this.server.stop();
  }

  /** Stops listening and following the state; every socket is closed. */
  async dispose(): Promise<void> {
    for (const dispose of this.running.splice(0)) dispose();
    await this.stop();
  }

  private async handle(req: IncomingMessage, res: ServerResponse, { url }: LoopbackRequest): Promise<void> {
    const path = url.pathname;
    const { phone } = this.options;
    if (phone) {
      const file = phonePageFiles[path === '/' ? '/phone' : path];
      if (file) {
        if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, methodNotAllowed('GET'), { allow: 'GET' });
        res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-security-policy': phonePagePolicy, 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' });
        return void res.end(req.method === 'HEAD' ? undefined : file.body);
      }
      if (path === `${CONTROL_API_PREFIX}/phone/claim`) {
        if (req.method !== 'POST') return refuse(res, methodNotAllowed('POST'), { allow: 'POST' });
        const body = await readBody(req, res, phoneClaimSchema);
        if (!body) return;
        const claimed = await phone.claim(body.code);
        if (!claimed) return refuse(res, { code: 'not_found', message: 'This pairing link is used, expired or wrong: show a new one in Sidestage (Settings, Phone deck).' });
        return sendJson(res, 200, { status: 'approved', ...claimed } satisfies ClaimAnswer);
      }
    }
    if (!path.startsWith(`${CONTROL_API_PREFIX}/`)) return refuse(res, { code: 'not_found', message: `The control API is under ${CONTROL_API_PREFIX}/.` });
    const route = path.slice(CONTROL_API_PREFIX.length);
    // On the local network, a stranger may not ask the broadcaster to pair: a phone pairs by its link.
    if (phone && (route === '/pair' || route.startsWith('/pair/'))) return refuse(res, { code: 'not_found', message: 'The phone deck pairs only from the link Sidestage shows (Settings, Phone deck).' });

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
    /** Whether the request has the method and scope a route takes; when not, it is refused here. */
    const allowed = (method: 'GET' | 'POST', scope: ControlScope): boolean => {
      if (req.method !== method) {
        refuse(res, methodNotAllowed(method), { allow: method });
        return false;
      }
      const refused = needsScope(client, scope);
      if (refused) refuse(res, refused);
      return refused === null;
    };

    try {
      if (route === '/state') {
        if (allowed('GET', 'read')) sendJson(res, 200, this.options.ports.readState());
        return;
      }
      if (route === '/events/ticket') {
        if (!allowed('POST', 'read')) return;
        req.resume();
        return sendJson(res, 201, this.tickets.issue(client.id) satisfies SocketTicket);
      }
      if (route === '/phone/buttons' && phone) {
        if (!allowed('GET', 'read')) return;
        const buttons = phone.buttons();
        // `actions`: the quick actions alone, as a phone page from before the switches reads them.
        const actions = buttons.flatMap((button) => ('action' in button ? [button.action] : []));
        return sendJson(res, 200, { actions, buttons } satisfies PhoneButtons);
      }
      if (route === '/actions') {
        if (!allowed('GET', 'read')) return;
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
      if (route === '/automations') {
        if (!allowed('GET', 'read')) return;
        const automations = this.options.deck.automations.list();
        if (automations === null) return refuse(res, { code: 'unavailable', message: this.options.deck.automations.problem() });
        return sendJson(res, 200, { automations: automations.map(({ id, name, enabled }) => ({ id, name, enabled })) });
      }
      const run = /^\/automations\/([^/]+)\/run$/.exec(route);
      if (run) return await this.runAutomation(req, res, client, safeDecode(run[1]!) ?? '', allowed);
      if (route === '/variables') {
        if (!allowed('GET', 'read')) return;
        const variables = this.options.deck.variables;
        if (!variables) return refuse(res, variablesUnavailable);
        return sendJson(res, 200, { variables: [...variables.list()] });
      }
      const variable = /^\/variables\/([^/]+)$/.exec(route);
      if (variable) return await this.changeVariable(req, res, safeDecode(variable[1]!) ?? '', allowed);
      if (route === '/alerts/pause') {
        if (!allowed('POST', 'actions')) return;
        const body = await readBody(req, res, alertsPauseSchema);
        if (!body) return;
        this.options.deck.alerts.setPaused(body.paused);
        return sendJson(res, 200, { ok: true });
      }
      if (route === '/alerts/skip') {
        if (!allowed('POST', 'actions')) return;
        req.resume();
        this.options.deck.alerts.skip();
        return sendJson(res, 200, { ok: true });
      }
      if (route === '/obs/scenes') {
        if (!allowed('GET', 'read')) return;
        return sendJson(res, 200, await this.options.deck.obs.scenes());
      }
      if (route === '/obs/scene') {
        if (!allowed('POST', 'actions')) return;
        const body = await readBody(req, res, obsSceneSwitchSchema);
        if (!body) return;
        await this.options.deck.obs.switchScene(body.name);
        return sendJson(res, 200, { ok: true });
      }
    } catch (error) {
      return refuse(res, this.refusalOf(error, route));
    }
    return refuse(res, { code: 'not_found', message: `There is no ${CONTROL_API_PREFIX}${route.slice(0, 80)}.` });
  }

  private async runAutomation(req: IncomingMessage, res: ServerResponse, client: ControlClientInfo, id: string, allowed: (method: 'POST', scope: ControlScope) => boolean): Promise<void> {
    if (!allowed('POST', 'automations')) return;
    req.resume();
    const { automations } = this.options.deck;
    const list = automations.list();
    if (list === null) return refuse(res, { code: 'unavailable', message: automations.problem() });
    if (!list.some((a) => a.id === id)) return refuse(res, { code: 'not_found', message: `There is no automation "${id.slice(0, 60)}"; GET ${CONTROL_API_PREFIX}/automations lists them.` });
    const header = req.headers['idempotency-key'];
    let key: string = randomUUID();
    if (header !== undefined) {
      const parsed = idempotencyKeySchema.safeParse(header);
      if (!parsed.success) return refuse(res, { code: 'bad_request', message: parsed.error.issues[0]?.message ?? 'The Idempotency-Key is not valid.' });
      // Keys are the client's own: another client's same key is another press.
      key = `${client.id}:${parsed.data}`;
    }
    const { runId, again } = automations.run(id, { key, clientName: client.name });
    return sendJson(res, 200, { ok: true, runId, again });
  }

  private async changeVariable(req: IncomingMessage, res: ServerResponse, name: string, allowed: (method: 'POST', scope: ControlScope) => boolean): Promise<void> {
    if (!allowed('POST', 'variables')) return;
    const variables = this.options.deck.variables;
    if (!variables) {
      req.resume();
      return refuse(res, variablesUnavailable);
    }
    const parsedName = variableNameSchema.safeParse(name);
    if (!parsedName.success) {
      req.resume();
      return refuse(res, { code: 'bad_request', message: parsedName.error.issues[0]!.message });
    }
    const change = await readBody(req, res, variableChangeSchema);
    if (!change) return;
    if (!variables.list().some((v) => v.name === parsedName.data)) return refuse(res, { code: 'not_found', message: `There is no variable "${parsedName.data}"; GET ${CONTROL_API_PREFIX}/variables lists them.` });
    const variable = await variables.change(parsedName.data, change);
    return sendJson(res, 200, { variable });
  }

  /** A service's refusal in its words (an AppError); anything else is logged and said as an internal error. */
  private refusalOf(error: unknown, route: string): Refused {
    if (error instanceof AppError) {
      if (error.code === 'invalid_argument') return { code: 'bad_request', message: error.message };
      return { code: 'unavailable', message: error.message };
    }
    this.options.logger.error('control API: a request failed', { route: route.slice(0, 80), error });
    return { code: 'internal', message: 'Sidestage could not do that: an internal error (it is in the log).' };
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
    const client = url.searchParams.has('ticket') ? this.ticketHolder(url.searchParams.getAll('ticket')) : this.options.clients.authenticate(bearerToken(req));
    if (!client) return [401, 'Send the client’s token as "Authorization: Bearer <token>", or a fresh ticket from POST /api/v1/events/ticket as ?ticket=.'];
    if (!client.scopes.includes('read')) return [403, 'This client may not read the state (scope read).'];
    if (this.sockets.size >= MAX_SOCKETS) return [503, 'Too many control sockets are open at once.'];
    return (ws) => {
      this.sockets.set(ws, { client, topics: new Set(['state']), frames: { windowStart: Date.now(), count: 0 } });
      ws.on('close', () => {
        this.sockets.delete(ws);
        this.followChannelEvents();
      });
      ws.on('message', (data, isBinary) => this.onFrame(ws, data, isBinary));
      this.send(ws, this.stateFrame());
    };
  }

  /** The client a socket ticket was issued to (spent now), or null: one ticket, well-formed, unused, in time, of a client not revoked. */
  private ticketHolder(tickets: string[]): ControlClientInfo | null {
    if (tickets.length !== 1 || !socketTicketParamSchema.safeParse(tickets[0]).success) return null;
    const clientId = this.tickets.redeem(tickets[0]!);
    return clientId === null ? null : (this.options.clients.list().find((c) => c.id === clientId) ?? null);
  }

  /** A frame from a client: its topics, or a press. A malformed one is answered in words; a flood closes the socket. */
  private onFrame(ws: WebSocket, data: RawData, isBinary: boolean): void {
    const socket = this.sockets.get(ws);
    if (!socket) return;
    const now = Date.now();
    if (now - socket.frames.windowStart >= FRAME_WINDOW_MS) socket.frames = { windowStart: now, count: 0 };
    if (++socket.frames.count > FRAMES_PER_WINDOW) return ws.close(controlCloseCodes.tooManyFrames, 'Too many frames: a deck sends a few a second.');
    if (isBinary) return this.send(ws, errorFrame('Send text frames of JSON.'));
    let json: unknown;
    try {
      json = JSON.parse(bufferOf(data).toString('utf8'));
    } catch {
      return this.send(ws, errorFrame('The frame is not valid JSON.'));
    }
    // Told apart by their key, so that a refusal names what is wrong with the frame meant.
    const kind = json !== null && typeof json === 'object' && !Array.isArray(json) ? ('subscribe' in json ? 'subscribe' : 'action' in json ? 'press' : null) : null;
    if (kind === null) return this.send(ws, errorFrame('Send {"subscribe": [topics]} or {"action": "<quick action>", "requestId": "…"}.'));
    if (kind === 'subscribe') {
      const parsed = subscribeFrameSchema.safeParse(json);
      if (!parsed.success) return this.send(ws, errorFrame(firstIssue(parsed.error)));
      return this.subscribe(ws, socket, parsed.data.subscribe);
    }
    const parsed = pressFrameSchema.safeParse(json);
    if (!parsed.success) return this.send(ws, errorFrame(firstIssue(parsed.error)));
    this.press(ws, socket, parsed.data.action, parsed.data.requestId ?? null).catch((error: unknown) => this.options.logger.error('control API: a press from a socket failed', { error }));
  }

  private subscribe(ws: WebSocket, socket: EventSocket, topics: readonly ControlTopic[]): void {
    const before = socket.topics;
    socket.topics = new Set(topics);
    this.followChannelEvents();
    // A topic just chosen starts with where it is now.
    if (socket.topics.has('state') && !before.has('state')) this.send(ws, this.stateFrame());
    if (socket.topics.has('alerts') && !before.has('alerts')) this.send(ws, JSON.stringify({ topic: 'alerts', alerts: this.options.deck.alerts.getState() } satisfies ControlFrame));
    if (socket.topics.has('variables') && !before.has('variables')) {
      for (const variable of this.options.deck.variables?.list() ?? []) this.send(ws, JSON.stringify({ topic: 'variables', variable } satisfies ControlFrame));
    }
  }

  private async press(ws: WebSocket, socket: EventSocket, action: HotkeyAction, requestId: string | null): Promise<void> {
    // The client's scopes now: a client re-paired with fewer scopes is not pressing with its old ones.
    const client = this.options.clients.list().find((c) => c.id === socket.client.id);
    const refused = client ? needsScope(client, actionScopes[action]) : { code: 'unauthorized' as const, message: 'This client was revoked.' };
    const outcome = refused ? { done: false, message: refused.message } : await this.options.ports.runAction(action);
    this.send(ws, JSON.stringify({ topic: 'action', requestId, action, ...outcome } satisfies ControlFrame));
  }

  /** Holds every channel-event kind while a socket hears them, and lets go when none does. */
  private followChannelEvents(): void {
    const wanted = [...this.sockets.values()].some((s) => s.topics.has('events'));
    if (wanted && !this.channelEvents) {
      this.channelEvents = this.options.deck.channelEvents.on(channelEventKinds, (event) => this.publish('events', () => JSON.stringify({ topic: 'events', event } satisfies ControlFrame)));
    } else if (!wanted && this.channelEvents) {
      this.channelEvents();
      this.channelEvents = null;
    }
  }

  /** A change a deck shows goes to every socket that hears the state; one that changes nothing it shows (an alert ending, say) sends nothing. */
  private stateChanged(): void {
    if (this.sockets.size === 0) {
      this.lastState = null;
      return;
    }
    const text = this.stateFrame();
    if (text === this.lastState) return;
    this.lastState = text;
    this.publish('state', () => text);
  }

  private stateFrame(): string {
    return JSON.stringify({ topic: 'state', state: this.options.ports.readState() } satisfies ControlFrame);
  }

  /** Sends a topic's frame (built once, only when a socket hears it) to every socket that chose it. */
  private publish(topic: ControlTopic, frame: () => string): void {
    let text: string | null = null;
    for (const [ws, socket] of this.sockets) {
      if (!socket.topics.has(topic)) continue;
      text ??= frame();
      this.send(ws, text);
    }
  }

  /** Sends, unless the socket's backlog is over the bound: then it is closed as too slow (and cut off if it cannot take the close either). */
  private send(ws: WebSocket, text: string): void {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > (this.options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES)) {
      this.sockets.delete(ws);
      this.followChannelEvents();
      ws.close(controlCloseCodes.tooSlow, 'Too slow: this client did not read its frames.');
      setTimeout(() => ws.terminate(), 2_000).unref();
      return;
    }
    ws.send(text);
  }
}

const variablesUnavailable: Refused = { code: 'unavailable', message: 'Automation variables are not available in this version of Sidestage.' };

function errorFrame(message: string): string {
  return JSON.stringify({ topic: 'error', message } satisfies ControlFrame);
}

function bufferOf(data: RawData): Buffer {
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue?.message ?? 'The frame is not what this socket takes.'}`.slice(0, 300);
}

function needsScope(client: Pick<ControlClientInfo, 'scopes'>, scope: ControlScope): Refused | null {
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
    refuse(res, { code: 'bad_request', message: firstIssue(parsed.error) });
    return null;
  }
  return parsed.data;
}

/**
 * STAND-IN, for tests only, for the control API endpoints helper "deck" is adding on its branch
 * (automations, variables, alerts, OBS scenes, and the event socket's `subscribe` frame with its
 * `variables` and `alerts` topics: /work/wt/briefs/ports.md). It sits in front of the REAL control
 * server: it serves those endpoints itself, to the shapes ports.md fixes, after checking the token with
 * the real server, and forwards everything else (pairing, /state, /actions, presses) to it unchanged.
 * Its event socket opens one to the real server with the client's token (so a wrong or revoked token
 * is refused there), passes its `state` frames on and adds the new topics the client subscribed to.
 * Once deck's endpoints are merged, point the plugin's tests at the real server and delete this file.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';

export interface StandInVariable {
  name: string;
  value: number | string;
  updatedAt: string;
}

export interface StandInRequest {
  method: string;
  path: string;
  body: unknown;
}

export class DeckEndpointsStandIn {
  /** The requests it served itself (not those it forwarded). */
  readonly served: StandInRequest[] = [];
  readonly variables = new Map<string, StandInVariable>();
  alerts = { paused: false, waiting: 0 };
  scenes = { current: 'Live' as string | null, scenes: ['Live', 'BRB', 'Starting soon'] };
  automations = [{ id: 'hydrate', name: 'Hydrate!', enabled: true }];
  private readonly sockets = new Map<WebSocket, Set<string>>();
  private readonly wss = new WebSocketServer({ noServer: true });

  private constructor(
    private readonly server: Server,
    private readonly upstream: string,
  ) {}

  /** Listens on 127.0.0.1 (a free port) in front of the real control server at `upstreamOrigin`. */
  static async start(upstreamOrigin: string): Promise<DeckEndpointsStandIn> {
    let standIn: DeckEndpointsStandIn | null = null;
    const server = createServer((req, res) => {
      void standIn!.handle(req, res).catch(() => res.writeHead(500).end());
    });
    standIn = new DeckEndpointsStandIn(server, upstreamOrigin);
    server.on('upgrade', (req, socket, head) => standIn.upgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }
  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  /** Pushes a frame of `topic` to every socket that subscribed to it (as deck's server will). */
  push(topic: 'variables' | 'alerts', frame: Record<string, unknown>): void {
    const text = JSON.stringify({ topic, ...frame });
    for (const [ws, topics] of this.sockets) if (topics.has(topic) && ws.readyState === ws.OPEN) ws.send(text);
  }

  setVariable(name: string, value: number | string): StandInVariable {
    const variable = { name, value, updatedAt: new Date().toISOString() };
    this.variables.set(name, variable);
    this.push('variables', { variable });
    return variable;
  }

  setAlerts(alerts: { paused: boolean; waiting: number }): void {
    this.alerts = alerts;
    this.push('alerts', { alerts });
  }

  async stop(): Promise<void> {
    for (const ws of this.sockets.keys()) ws.terminate();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const serve = this.route(req.method ?? 'GET', path.replace(/^\/api\/v1/, ''), text);
    if (serve === null) return this.forward(req, res, text);
    // Deck's endpoints need a token the real server knows.
    const known = await fetch(`${this.upstream}/api/v1/state`, { headers: { authorization: req.headers.authorization ?? '' } });
    if (!known.ok) {
      res.writeHead(known.status, { 'content-type': 'application/json' }).end(await known.text());
      return;
    }
    this.served.push({ method: req.method ?? 'GET', path, body: text ? (JSON.parse(text) as unknown) : null });
    const answer = serve();
    res.writeHead(answer[0], { 'content-type': 'application/json' }).end(JSON.stringify(answer[1]));
  }

  /** ports.md's endpoint for this request (run once the token is known), or null for a route the real server has. */
  private route(method: string, route: string, text: string): (() => [number, unknown]) | null {
    const answer = this.serve(method, route, text, false);
    return answer === null ? null : () => this.serve(method, route, text, true)!;
  }

  /** `apply` false: only whether it is deck's route (nothing changes). */
  private serve(method: string, route: string, text: string, apply: boolean): [number, unknown] | null {
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (method === 'GET' && route === '/automations') return [200, { automations: this.automations }];
    const run = /^\/automations\/([^/]+)\/run$/.exec(route);
    if (method === 'POST' && run) return this.automations.some((a) => a.id === decodeURIComponent(run[1]!)) ? [200, { ok: true, runId: 'run-1' }] : [404, { error: { code: 'not_found', message: 'There is no such automation.' } }];
    if (method === 'GET' && route === '/variables') return [200, { variables: [...this.variables.values()] }];
    const variable = /^\/variables\/([^/]+)$/.exec(route);
    if (method === 'POST' && variable) {
      if (!apply) return [200, null];
      const name = decodeURIComponent(variable[1]!);
      const current = this.variables.get(name);
      if (!current) return [404, { error: { code: 'not_found', message: `There is no variable "${name}".` } }];
      const value = body.kind === 'add' && typeof current.value === 'number' ? current.value + Number(body.by) : body.kind === 'reset' ? 0 : (body.value as number | string);
      return [200, { variable: this.setVariable(name, value) }];
    }
    if (method === 'POST' && route === '/alerts/pause') {
      if (apply) this.setAlerts({ ...this.alerts, paused: body.paused === true });
      return [200, { ok: true }];
    }
    if (method === 'POST' && route === '/alerts/skip') return [200, { ok: true }];
    if (method === 'GET' && route === '/obs/scenes') return [200, this.scenes];
    if (method === 'POST' && route === '/obs/scene') {
      if (apply) this.scenes = { ...this.scenes, current: String(body.name) };
      return [200, { ok: true }];
    }
    return null;
  }

  private async forward(req: IncomingMessage, res: import('node:http').ServerResponse, text: string): Promise<void> {
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type']) if (req.headers[name]) headers[name] = String(req.headers[name]);
    const answer = await fetch(`${this.upstream}${req.url ?? '/'}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : text });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(await answer.text());
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => undefined);
    const upstream = new WebSocket(`${this.upstream.replace(/^http/, 'ws')}${req.url ?? '/'}`, { headers: { authorization: req.headers.authorization ?? '' } });
    upstream.on('error', () => socket.destroy());
    upstream.on('unexpected-response', (_request, response) => {
      socket.end(`HTTP/1.1 ${response.statusCode} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      upstream.terminate();
    });
    upstream.once('open', () => {
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        const topics = new Set<string>(['state']);
        this.sockets.set(ws, topics);
        let first = true;
        ws.on('message', (data) => {
          // ports.md: a first frame `{subscribe: [...]}` chooses the topics; the real server today takes no frame at all, so it is kept here.
          if (!first) return;
          first = false;
          const asked = (JSON.parse(String(data)) as { subscribe?: unknown }).subscribe;
          if (Array.isArray(asked)) for (const topic of asked) topics.add(String(topic));
        });
        upstream.on('message', (data) => ws.readyState === ws.OPEN && ws.send(String(data)));
        upstream.on('close', (code, reason) => ws.close(code >= 3000 && code <= 4999 ? code : 1000, reason));
        ws.on('close', () => {
          this.sockets.delete(ws);
          upstream.terminate();
        });
      });
    });
  }
}

import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { rawExchange, rawRequest } from '../../../emulator/test-support/raw-http';
import { silentLogger } from '../logger';
import { waitUntil } from '../../test-support/wait-until';
import { sendText } from './loopback-http';
import { LoopbackServer, type LoopbackServerOptions } from './loopback-server';

const servers: LoopbackServer[] = [];
const blockers: Server[] = [];
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const client of clients) client.terminate();
  clients.length = 0;
  await Promise.all(servers.map((server) => server.stop()));
  servers.length = 0;
  await Promise.all(blockers.map((blocker) => new Promise((resolve) => blocker.close(resolve))));
  blockers.length = 0;
});

function serve(options: Partial<LoopbackServerOptions> = {}): LoopbackServer {
  const server = new LoopbackServer({
    name: 'test',
    logger: silentLogger,
    onRequest: async (_req, res, { url, port }) => sendText(res, 200, `${url.pathname} on ${port}`),
    onUpgrade: ({ headers }) => (headers['x-refuse'] ? [403, 'Refused by the route.'] : (ws) => ws.send('hello')),
    ...options,
  });
  servers.push(server);
  return server;
}

/** A port some other program holds. */
async function takenPort(): Promise<number> {
  const blocker = createServer();
  blockers.push(blocker);
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  return (blocker.address() as { port: number }).port;
}

/** What each client received. */
const received = new WeakMap<WebSocket, string[]>();

function connect(port: number, headers: Record<string, string> = { origin: `http://127.0.0.1:${port}` }, options: WebSocket.ClientOptions = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/socket`, { headers, ...options });
    clients.push(ws);
    const messages: string[] = [];
    received.set(ws, messages);
    ws.on('message', (data) => messages.push(String(data)));
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(String(res.statusCode))));
    ws.once('error', reject);
  });
}

describe('LoopbackServer', () => {
  it('listens on one chosen address only (the phone deck’s), with the Host and Origin of that address; never every interface', async () => {
    const server = serve();
    const port = await server.listen(0, '127.0.0.2');
    expect(server.origin).toBe(`http://127.0.0.2:${port}`);
    expect(await rawExchange(port, rawRequest('GET', '/x', { Host: `127.0.0.2:${port}`, Origin: `http://127.0.0.2:${port}` }), 5_000, '127.0.0.2')).toMatchObject({ status: 200 });
    // Its loopback names are another server's: refused as a rebinding, and a page of the loopback address is another site.
    expect((await rawExchange(port, rawRequest('GET', '/x', { Host: `127.0.0.1:${port}` }), 5_000, '127.0.0.2')).status).toBe(421);
    expect((await rawExchange(port, rawRequest('GET', '/x', { Host: `127.0.0.2:${port}`, Origin: `http://127.0.0.1:${port}` }), 5_000, '127.0.0.2')).status).toBe(403);
    // Nothing listens on 127.0.0.1.
    expect(await rawExchange(port, rawRequest('GET', '/x', { Host: `127.0.0.1:${port}` }))).toMatchObject({ reset: true, bytes: 0 });
    await expect(serve().listen(0, '0.0.0.0')).rejects.toThrow(/never on every interface/);
  });

  it('listens on 127.0.0.1 only and answers the routes past the guard', async () => {
    const server = serve();
    const port = await server.listen(0);
    expect(server.origin).toBe(`http://127.0.0.1:${port}`);
    const answer = await fetch(`http://127.0.0.1:${port}/a/path`);
    expect(await answer.text()).toBe(`/a/path on ${port}`);
    // Another address of this machine is not listened on (the unspecified address reaches every interface).
    const otherAddress = await rawExchange(port, rawRequest('GET', '/', { Host: `127.0.0.1:${port}` }), 2_000, '::1').catch(() => null);
    expect(otherAddress?.status ?? null).toBeNull();
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin on requests, and a bad target', async () => {
    const port = await serve().listen(0);
    const rebound = await rawExchange(port, rawRequest('GET', '/', { Host: `evil.example:${port}` }));
    expect(rebound.status).toBe(421);
    expect(rebound.body).toMatch(/only on its own address/);
    const missing = await rawExchange(port, `GET / HTTP/1.1\r\nConnection: close\r\n\r\n`);
    expect(missing.status).toBe(421);
    const foreign = await rawExchange(port, rawRequest('GET', '/', { Host: `127.0.0.1:${port}`, Origin: 'https://evil.example' }));
    expect(foreign.status).toBe(403);
    expect((await rawExchange(port, rawRequest('GET', `localhost:${port}`, { Host: `localhost:${port}` }))).status).toBe(400);
    expect((await rawExchange(port, rawRequest('GET', '/', { Host: `localhost:${port}`, Origin: `http://localhost:${port}` }))).status).toBe(200);
  });

  it('takes an upgrade only with a Host and an Origin of this server, and as the route decides', async () => {
    const port = await serve().listen(0);
    const ws = await connect(port);
    await waitUntil(() => received.get(ws)!.length > 0, 5_000, 'the route’s greeting');
    expect(received.get(ws)).toEqual(['hello']);
    await expect(connect(port, {})).rejects.toThrow('403');
    await expect(connect(port, { origin: 'https://evil.example' })).rejects.toThrow('403');
    await expect(connect(port, { origin: `http://127.0.0.1:${port}`, host: `evil.example:${port}` })).rejects.toThrow('421');
    await expect(connect(port, { origin: `http://127.0.0.1:${port}`, 'x-refuse': '1' })).rejects.toThrow('403');
  });

  it('refuses every upgrade when it serves no sockets', async () => {
    const port = await serve({ onUpgrade: undefined }).listen(0);
    await expect(connect(port)).rejects.toThrow('404');
  });

  it('answers a route that throws with a 500 and goes on serving', async () => {
    const server = serve({
      onRequest: async (_req, res, { url }) => {
        if (url.pathname === '/throw') throw new Error('the route broke');
        sendText(res, 200, 'fine');
      },
    });
    const port = await server.listen(0);
    expect((await fetch(`http://127.0.0.1:${port}/throw`)).status).toBe(500);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('fine');
  });

  it('drops a socket that stops answering pings, and keeps one that answers', async () => {
    const server = serve({ heartbeatMs: 50 });
    const port = await server.listen(0);
    const answering = await connect(port);
    const silent = await connect(port, undefined, { autoPong: false });
    const silentClosed = new Promise((resolve) => silent.once('close', resolve));
    await silentClosed;
    await waitUntil(() => server.sockets.size === 1, 5_000, 'the silent socket dropped');
    expect(answering.readyState).toBe(WebSocket.OPEN);
  });

  it('moves to a new port by binding it first: the old one serves until the new one listens', async () => {
    const server = serve();
    const first = await server.listen(0);
    const ws = await connect(first);
    const closed = new Promise((resolve) => ws.once('close', resolve));

    const taken = await takenPort();
    await expect(server.listen(taken)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(server.port).toBe(first);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    expect((await fetch(`http://127.0.0.1:${first}/`)).status).toBe(200);

    const second = await server.listen(0);
    expect(second).not.toBe(first);
    await closed; // the old port's sockets are closed with it
    expect((await fetch(`http://127.0.0.1:${second}/`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${first}/`)).rejects.toThrow();
    // Its guard follows the port: the old Host is not this server's any more.
    expect((await rawExchange(second, rawRequest('GET', '/', { Host: `127.0.0.1:${first}` }))).status).toBe(421);
  });

  it('keeps the port it is on as it is (its sockets stay open)', async () => {
    const server = serve();
    const port = await server.listen(0);
    const ws = await connect(port);
    expect(await server.listen(port)).toBe(port);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    expect(server.sockets.size).toBe(1);
  });

  it('stops: every socket closed, the port free', async () => {
    const server = serve();
    const port = await server.listen(0);
    const ws = await connect(port);
    const closed = new Promise((resolve) => ws.once('close', resolve));
    await server.stop();
    await closed;
    expect(server.port).toBeNull();
    const again = serve();
    expect(await again.listen(port)).toBe(port);
  });
});

import { createHash } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../test-support/wait-until';
import { systemClock } from '../../../shared/primitives/clock';
import { silentLogger } from '../logger';
import { frame } from '../../../emulator/test-support/raw-http';
import { defaultWebSocketFactory, EventSubSession, type SessionEnd, type SessionHandlers } from './eventsub-session';

/** An EventSub server that answers the handshake by hand and then sends whatever the test says. */
let server: Server;
let next: (socket: Socket) => void = () => {};
const sockets = new Set<Socket>();
const uncaught: unknown[] = [];
const record = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  process.on('uncaughtException', record);
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    let head = '';
    socket.on('data', function onData(chunk: Buffer) {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      const key = /sec-websocket-key: (\S+)/i.exec(head)?.[1] ?? '';
      const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
      socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
      next(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  process.off('uncaughtException', record);
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  expect(uncaught).toEqual([]);
});

function open(handlers: Partial<SessionHandlers> = {}): { session: EventSubSession; ended: SessionEnd[] } {
  const ended: SessionEnd[] = [];
  const session = new EventSubSession({
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`,
    wsFactory: defaultWebSocketFactory,
    clock: systemClock,
    logger: silentLogger,
    keepaliveSeconds: 30,
    keepaliveMarginMs: 5_000,
    handlers: {
      activity: () => {},
      welcome: () => {},
      notification: () => {},
      revocation: () => {},
      reconnect: () => {},
      end: (end) => ended.push(end),
      ...handlers,
    },
  });
  return { session, ended };
}

const welcome = JSON.stringify({
  metadata: { message_id: 'm1', message_type: 'session_welcome', message_timestamp: new Date().toISOString() },
  payload: { session: { id: 'sess', status: 'connected', keepalive_timeout_seconds: 30, reconnect_url: null, connected_at: new Date().toISOString() } },
});

describe('EventSubSession against a server that misbehaves', () => {
  it.each<[string, Buffer]>([
    ['a masked frame', frame({ opcode: 1, masked: true, payload: Buffer.from('{}') })],
    ['invalid UTF-8', frame({ opcode: 1, masked: false, payload: Buffer.from([0xc3, 0x28]) })],
    ['a reserved opcode', frame({ opcode: 5, masked: false, payload: Buffer.from('x') })],
    ['RSV1', frame({ opcode: 1, rsv: 4, masked: false, payload: Buffer.from('x') })],
    ['a frame over the size cap', frame({ opcode: 1, masked: false, declaredLength: 2 ** 30 })],
  ])('ends the session on %s without ending the process', async (_name, bytes) => {
    next = (socket) => socket.write(bytes);
    const { ended } = open();
    await waitUntil(() => ended.length === 1, 5_000, 'the session end');
    expect(ended[0]).toMatchObject({ cause: 'closed' });
  });

  it('keeps the session when a handler throws on a frame', async () => {
    next = (socket) => {
      socket.write(frame({ opcode: 1, masked: false, payload: Buffer.from(welcome) }));
      socket.write(frame({ opcode: 1, masked: false, payload: Buffer.from(welcome.replace('"m1"', '"m2"')) }));
    };
    let welcomes = 0;
    const { session, ended } = open({
      welcome: () => {
        welcomes += 1;
        throw new Error('a bug in a handler');
      },
    });
    await waitUntil(() => welcomes === 2, 5_000, 'both frames');
    expect(ended).toEqual([]);
    session.close();
  });
});

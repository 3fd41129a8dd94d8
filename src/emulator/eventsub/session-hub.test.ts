import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { GAMES } from '../catalogue/games';
import { EmulatorState } from '../domain/emulator-state';
import { notificationFrame, notificationText } from './messages';
import { EventSubHub } from './session-hub';
import { eventSubOf } from './eventsub-state';

const BROADCASTER = '501234567';

/** What the hub uses of a `ws` socket, recording each frame and whether its TCP stream was corked then. */
class RecordingSocket {
  readyState: number = WebSocket.OPEN;
  readonly sent: { text: string; corked: boolean }[] = [];
  constructor(private readonly stream: PassThrough) {}
  on(): this {
    return this;
  }
  send(text: string, callback?: (error?: Error) => void): void {
    this.sent.push({ text, corked: this.stream.writableCorked > 0 });
    callback?.();
  }
  close(): void {
    this.readyState = WebSocket.CLOSED;
  }
  terminate(): void {
    this.readyState = WebSocket.CLOSED;
  }
  ping(): void {}
}

const hubs: EventSubHub[] = [];
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.close();
});

function setUp() {
  const state = new EmulatorState({ games: GAMES, ingestServers: [] }, { autoApprove: false, defaultUserId: null });
  const hub = new EventSubHub(state);
  hubs.push(hub);
  const stream = new PassThrough();
  const socket = new RecordingSocket(stream);
  hub.accept(socket as unknown as WebSocket, {}, 'http://127.0.0.1:1', stream);
  const sessionId = hub.list()[0]!.id;
  const subscription = eventSubOf(state).subscriptions.add({
    type: 'stream.online',
    version: '1',
    condition: { broadcaster_user_id: BROADCASTER },
    clientId: 'c'.repeat(30),
    userId: BROADCASTER,
    sessionId,
    cost: 0,
    createdAt: state.clock.now(),
    connectedAt: state.clock.now(),
  });
  hub.bind(sessionId, 'c'.repeat(30), BROADCASTER);
  return { state, stream, socket, subscription };
}

describe('EventSubHub delivery', () => {
  it('writes a burst published in one tick with the TCP stream corked, and uncorks it before the next', async () => {
    const { state, stream, socket } = setUp();
    socket.sent.length = 0;
    for (let i = 0; i < 50; i++) eventSubOf(state).notifications.publish({ type: 'stream.online', broadcasterUserId: BROADCASTER, event: { n: i } });
    expect(socket.sent).toHaveLength(50);
    expect(socket.sent.every((s) => s.corked)).toBe(true);
    expect(socket.sent.map((s) => (JSON.parse(s.text) as { payload: { event: { n: number } } }).payload.event.n)).toEqual([...Array(50).keys()]);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(stream.writableCorked).toBe(0);
  });

  it('serialises a notification exactly as the frame object would be', () => {
    const { subscription, state } = setUp();
    const event = { broadcaster_user_id: BROADCASTER, type: 'live', nested: { a: [1, 'two', null] }, text: 'quote " and \\u2028' };
    const now = state.clock.now();
    const { messageId, text } = notificationText(subscription, JSON.stringify(event), new Date(now).toISOString());
    const frame = notificationFrame(subscription, event, now);
    frame.metadata.message_id = messageId;
    expect(text).toBe(JSON.stringify(frame));
  });
});

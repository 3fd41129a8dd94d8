/**
 * A small obs-websocket 5 server for the cases a real OBS cannot be made to produce on demand
 * (an old version, a reconnecting output, dropped frames, a server that never says Hello).
 * Speaks the JSON subprotocol: Hello, Identify (with the real authentication hash), requests, events.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

export interface FakeObsOptions {
  password?: string;
  obsWebSocketVersion?: string;
  rpcVersion?: number;
  /** Accept the socket but never send Hello. */
  silent?: boolean;
  /** Answer the upgrade without the obs-websocket 5 subprotocol (as obs-websocket 4 did). */
  noSubprotocol?: boolean;
  /** A fixed port (to come back where a test saw nothing running); default a free one. */
  port?: number;
}

export type FakeObsHandler = (data: Record<string, unknown> | undefined) => { status?: { result: boolean; code: number; comment?: string }; data?: unknown };

export interface FakeObsServer {
  readonly port: number;
  readonly requests: { type: string; data: Record<string, unknown> | undefined }[];
  /** Replace or add a request's answer. */
  handlers: Record<string, FakeObsHandler>;
  /** What GetStreamStatus answers; tests change it between polls. */
  streamStatus: Record<string, unknown>;
  streamService: { streamServiceType: string; streamServiceSettings: Record<string, unknown> };
  connectionCount(): number;
  /** Sends an event to every identified client. */
  emit(eventType: string, eventData: Record<string, unknown>): void;
  /** Drops every client without a close frame (as when OBS is killed). */
  dropClients(): void;
  close(): Promise<void>;
}

const sha256b64 = (text: string) => createHash('sha256').update(text).digest('base64');

export async function startFakeObs(options: FakeObsOptions = {}): Promise<FakeObsServer> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0, handleProtocols: (protocols) => (!options.noSubprotocol && protocols.has('obswebsocket.json') ? 'obswebsocket.json' : false) });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const identified = new Set<WebSocket>();
  let connections = 0;
  const fake: FakeObsServer = {
    port: (server.address() as AddressInfo).port,
    requests: [],
    streamStatus: { outputActive: false, outputReconnecting: false, outputBytes: 0, outputSkippedFrames: 0, outputTotalFrames: 0, outputCongestion: 0, outputDuration: 0, outputTimecode: '00:00:00.000' },
    streamService: { streamServiceType: 'rtmp_common', streamServiceSettings: { service: 'Twitch', server: 'auto', key: 'live_old_secret' } },
    handlers: {},
    connectionCount: () => connections,
    emit(eventType, eventData) {
      for (const socket of identified) socket.send(JSON.stringify({ op: 5, d: { eventType, eventIntent: 64, eventData } }));
    },
    dropClients() {
      for (const socket of server.clients) socket.terminate();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of server.clients) socket.terminate();
        server.close(() => resolve());
      }),
  };
  const defaults: Record<string, FakeObsHandler> = {
    GetVersion: () => ({ data: { obsVersion: '30.0.0', obsWebSocketVersion: options.obsWebSocketVersion ?? '5.3.0', rpcVersion: 1 } }),
    GetStreamStatus: () => ({ data: fake.streamStatus }),
    GetStats: () => ({ data: { cpuUsage: 12.5, activeFps: 30, renderSkippedFrames: 0, outputSkippedFrames: 0, averageFrameRenderTime: 1.2 } }),
    GetStreamServiceSettings: () => ({ data: fake.streamService }),
    SetStreamServiceSettings: (data) => {
      fake.streamService = { streamServiceType: String(data?.streamServiceType), streamServiceSettings: (data?.streamServiceSettings ?? {}) as Record<string, unknown> };
      return {};
    },
    StartStream: () => {
      if (fake.streamStatus.outputActive) return { status: { result: false, code: 500, comment: 'The stream output is already running.' } };
      fake.streamStatus = { ...fake.streamStatus, outputActive: true };
      setImmediate(() => {
        fake.emit('StreamStateChanged', { outputActive: false, outputState: 'OBS_WEBSOCKET_OUTPUT_STARTING' });
        fake.emit('StreamStateChanged', { outputActive: true, outputState: 'OBS_WEBSOCKET_OUTPUT_STARTED' });
      });
      return {};
    },
    StopStream: () => {
      if (!fake.streamStatus.outputActive) return { status: { result: false, code: 501, comment: 'The stream output is not running.' } };
      fake.streamStatus = { ...fake.streamStatus, outputActive: false };
      setImmediate(() => fake.emit('StreamStateChanged', { outputActive: false, outputState: 'OBS_WEBSOCKET_OUTPUT_STOPPED' }));
      return {};
    },
  };
  server.on('connection', (socket) => {
    connections++;
    socket.on('error', () => {});
    socket.on('close', () => identified.delete(socket));
    if (options.silent) return;
    const challenge = 'Y2hhbGxlbmdl';
    const salt = 'c2FsdA==';
    const rpcVersion = options.rpcVersion ?? 1;
    socket.send(
      JSON.stringify({
        op: 0,
        d: { obsWebSocketVersion: options.obsWebSocketVersion ?? '5.3.0', rpcVersion, ...(options.password !== undefined ? { authentication: { challenge, salt } } : {}) },
      }),
    );
    socket.on('message', (raw) => {
      let message: { op: number; d: Record<string, unknown> };
      try {
        message = JSON.parse(String(raw));
      } catch {
        socket.close(4002, 'DecodeError');
        return;
      }
      if (message.op === 1) {
        if (options.password !== undefined && message.d.authentication !== sha256b64(sha256b64(options.password + salt) + challenge)) {
          socket.close(4009, 'Authentication failed.');
          return;
        }
        if (Number(message.d.rpcVersion) > rpcVersion) {
          socket.close(4010, 'RPC version not supported.');
          return;
        }
        identified.add(socket);
        socket.send(JSON.stringify({ op: 2, d: { negotiatedRpcVersion: rpcVersion } }));
        return;
      }
      if (message.op === 6) {
        const type = String(message.d.requestType);
        const data = message.d.requestData as Record<string, unknown> | undefined;
        fake.requests.push({ type, data });
        const handler = fake.handlers[type] ?? defaults[type];
        const answer = handler ? handler(data) : { status: { result: false, code: 204, comment: 'Unknown request type' } };
        socket.send(
          JSON.stringify({
            op: 7,
            d: { requestType: type, requestId: message.d.requestId, requestStatus: answer.status ?? { result: true, code: 100 }, responseData: answer.data },
          }),
        );
      }
    });
  });
  return fake;
}

/**
 * Bitfocus Companion's generic modules against the REAL control server, byte for byte as they send:
 * "Generic: HTTP Requests" (companion-module-generic-http, which sends with got: its User-Agent and
 * Accept-Encoding, the Content-Type option as a header, the Header option's JSON as headers, the Body
 * option parsed as JSON and sent as JSON, `{}` when empty) pairs, reads the state and presses quick
 * actions; "Generic: WebSocket" (companion-module-generic-websocket) can set no Authorization header
 * on its handshake (only Origin and User-Agent, when a browser is imitated), so the event socket
 * refuses it, as integrations/companion/README.md says, and the server lives on.
 */
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HotkeyAction } from '../../../src/shared/ipc/contract';
import { Emitter } from '../../../src/shared/primitives/emitter';
import { silentLogger } from '../../../src/main/services/logger';
import { ControlClients } from '../../../src/main/services/control/control-clients';
import { ControlPairing } from '../../../src/main/services/control/control-pairing';
import type { ControlState } from '../../../src/main/services/control/control-schemas';
import { ControlServer } from '../../../src/main/services/control/control-server';
import { fakeControlDeck } from '../../../src/main/test-support/fake-control-deck';

/** What got (the generic HTTP module's client) sends of its own on every request. */
const gotHeaders = { 'user-agent': 'got (https://github.com/sindresorhus/got)', 'accept-encoding': 'gzip, deflate, br' };

interface CompanionHttpAction {
  method: 'GET' | 'POST';
  /** The action's URL option, after the module's Base URL prefix. */
  url: string;
  /** The Header option: JSON text, as typed in Companion. */
  header?: string;
  /** The Body option: JSON text (Content-Type application/json, the module's default). */
  body?: string;
}

/** Sends what the generic HTTP module's GET or POST action sends; answers the status and the parsed JSON. */
function companionHttp(action: CompanionHttpAction): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { ...gotHeaders, ...(action.header ? (JSON.parse(action.header) as Record<string, string>) : {}) };
  let payload: string | undefined;
  if (action.method === 'POST') {
    headers['Content-Type'] = 'application/json';
    // An empty Body option leaves the module's `{}`, which got sends as JSON.
    payload = JSON.stringify(action.body && action.body.trim() !== '' ? (JSON.parse(action.body) as unknown) : {});
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = request(action.url, { method: action.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe('Companion’s generic modules against the control API', () => {
  let dir: string;
  let clients: ControlClients;
  let pairing: ControlPairing;
  let control: ControlServer;
  let baseUrl: string;
  let authHeader: string;
  const state: ControlState = { signedIn: true, live: true, startedAt: null, viewers: 9, shieldMode: false, chatModes: null, nextAdAt: null, adEndsAt: null, alerts: { paused: false, waiting: 0 } };
  const pressed: HotkeyAction[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sidestage-companion-'));
    clients = await ControlClients.open({ dataDir: dir, logger: silentLogger });
    pairing = new ControlPairing();
    control = new ControlServer({
      clients,
      pairing,
      logger: silentLogger,
      deck: fakeControlDeck().ports,
      ports: {
        runAction: async (action) => {
          pressed.push(action);
          if (action === 'shieldMode') state.shieldMode = !state.shieldMode;
          return { done: true, message: 'Done.' };
        },
        actionLabel: (action) => action,
        readState: () => state,
        onStateChange: (listener) => new Emitter<void>().on(listener),
      },
    });
    await control.listen(0);
    // The module's Base URL setting.
    baseUrl = `${control.origin!}/api/v1`;
  });
  afterAll(async () => {
    await control?.dispose();
    await clients?.settled();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('pairs with two POST actions (the README’s first setup step)', async () => {
    const asked = await companionHttp({ method: 'POST', url: `${baseUrl}/pair`, body: '{"name":"Companion"}' });
    expect(asked.status).toBe(201);
    const { requestId, claimSecret, code } = asked.json as { requestId: string; claimSecret: string; code: string };
    expect(pairing.list()).toEqual([expect.objectContaining({ name: 'Companion', code })]);
    pairing.approve(requestId, ['read', 'actions', 'moderation']);
    const claimed = await companionHttp({ method: 'POST', url: `${baseUrl}/pair/${requestId}/claim`, body: JSON.stringify({ claimSecret }) });
    expect(claimed.json).toMatchObject({ status: 'approved', scopes: ['read', 'actions', 'moderation'] });
    authHeader = JSON.stringify({ Authorization: `Bearer ${(claimed.json as { token: string }).token}` });
  });

  it('presses Drop marker and Shield Mode with a POST action whose Body is empty', async () => {
    const marker = await companionHttp({ method: 'POST', url: `${baseUrl}/actions/marker`, header: authHeader });
    expect(marker).toEqual({ status: 200, json: { action: 'marker', done: true, message: 'Done.' } });
    const shield = await companionHttp({ method: 'POST', url: `${baseUrl}/actions/shieldMode`, header: authHeader, body: '' });
    expect(shield.status).toBe(200);
    expect(pressed).toEqual(['marker', 'shieldMode']);
  });

  it('reads the state with a GET action into a JSON variable (what a button’s feedback reads)', async () => {
    const read = await companionHttp({ method: 'GET', url: `${baseUrl}/state`, header: authHeader });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ live: true, viewers: 9, shieldMode: true });
  });

  it('refuses the module without the Header option, or with a token typed wrong', async () => {
    expect((await companionHttp({ method: 'POST', url: `${baseUrl}/actions/marker` })).status).toBe(401);
    expect((await companionHttp({ method: 'GET', url: `${baseUrl}/state`, header: '{"Authorization":"Bearer wrong"}' })).status).toBe(401);
    expect(pressed).toEqual(['marker', 'shieldMode']);
  });

  it('refuses the generic WebSocket module’s handshake, which carries no token (with or without its browser User-Agent and Origin)', async () => {
    const url = `${baseUrl.replace(/^http/, 'ws')}/events`;
    const handshake = (options: WebSocket.ClientOptions) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(url, options);
        ws.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.on('open', () => reject(new Error('The socket opened without a token.')));
        ws.on('error', () => undefined);
      });
    expect(await handshake({})).toBe(401);
    const imitatedChrome = { headers: { Origin: 'http://127.0.0.1', 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36' } };
    // Its Origin names no port, so it is not this server: refused as another site before the token is looked at.
    expect(await handshake(imitatedChrome)).toBe(403);
    // The server is still there for the HTTP module.
    expect((await companionHttp({ method: 'GET', url: `${baseUrl}/state`, header: authHeader })).status).toBe(200);
  });
});

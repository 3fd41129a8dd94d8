import { describe, expect, it } from 'vitest';
import { buildEmulatorApp } from '../app';
import { GAMES } from '../catalogue/games';
import { EmulatorState } from '../domain/emulator-state';
import { call, helixHeaders } from '../test-support/emulator-test-client';
import { useDemoEmulator } from '../test-support/demo-emulator';
import { V3_GONE_MESSAGE, V5_MEDIA_TYPE } from './kraken-route';

const demo = useDemoEmulator();

/** What a HEAD answer must share with the GET answer of the same request. */
function shape(res: { status: number; header(name: string): string | undefined }) {
  return {
    status: res.status,
    contentType: res.header('content-type'),
    contentLength: res.header('content-length'),
    rateLimitLimit: res.header('ratelimit-limit'),
  };
}

describe('HEAD requests, routed to the GET route of their path', () => {
  it('registers no HEAD route and no catch-all route per method: the router holds one entry per route the emulator defines', async () => {
    const app = await buildEmulatorApp(new EmulatorState({ games: GAMES, ingestServers: [] }, { autoApprove: false, defaultUserId: null }, () => {}));
    try {
      await app.ready();
      expect(app.hasRoute({ method: 'GET', url: '/helix/users' })).toBe(true);
      expect(app.hasRoute({ method: 'HEAD', url: '/helix/users' })).toBe(false);
      expect(app.hasRoute({ method: 'PROPFIND', url: '/kraken/*' })).toBe(false);
      expect(app.printRoutes({ commonPrefix: false })).not.toMatch(/\bHEAD\b/);
    } finally {
      await app.close();
    }
  });

  it("answers as the GET route does, with the GET body's length and no body, for successes and errors alike", async () => {
    const token = await demo.mint(demo.broadcasterId, []);
    const headers = helixHeaders(token, demo.clientId);
    for (const [path, requestHeaders] of [
      [`/helix/users?id=${demo.broadcasterId}`, headers],
      ['/helix/users', { 'client-id': demo.clientId }],
      ['/helix/streams/key', headers],
      [`/mock/users?id=${demo.broadcasterId}`, headers],
      // A redirect: no body, and still `Content-Length: 0`, as Fastify's HEAD twin answered.
      [`/oauth2/authorize?${new URLSearchParams({ client_id: demo.clientId, redirect_uri: 'http://127.0.0.1:17563/callback', response_type: 'bogus', scope: '' })}`, {}],
    ] as const) {
      const get = await call(`${demo.url}${path}`, { headers: requestHeaders });
      const head = await call(`${demo.url}${path}`, { method: 'HEAD', headers: requestHeaders });
      expect(shape(head), path).toEqual(shape(get));
      expect(head.header('location'), path).toBe(get.header('location'));
      expect(Number(head.header('content-length')), path).toBe(Buffer.byteLength(get.text));
      expect(head.text, path).toBe('');
    }
  });

  it('is the not-found answer where only other methods are routed, as before', async () => {
    const token = await demo.mint(demo.broadcasterId, []);
    const head = await call(`${demo.url}/helix/chat/messages`, { method: 'HEAD', headers: helixHeaders(token, demo.clientId) });
    expect(head.status).toBe(404);
    expect(head.text).toBe('');
  });

  it('keeps its method for every hook: a fault for HEAD applies to HEAD requests, not to GET', async () => {
    const token = await demo.mint(demo.broadcasterId, []);
    const headers = helixHeaders(token, demo.clientId);
    expect((await demo.simulate('/faults', { path: '^/helix/users$', method: 'HEAD', status: 503 })).status).toBe(200);
    try {
      expect((await call(`${demo.url}/helix/users`, { headers })).status).toBe(200);
      const head = await call(`${demo.url}/helix/users`, { method: 'HEAD', headers });
      expect(head.status).toBe(503);
      expect(head.text).toBe('');
    } finally {
      await call(`${demo.url}/_emulator/faults`, { method: 'DELETE' });
    }
  });
});

describe('unknown /kraken paths, answered by the not-found handler', () => {
  it('are version 3 (gone) without the v5 Accept header, for any method, and 404 with it', async () => {
    for (const method of ['GET', 'HEAD', 'POST', 'OPTIONS'] as const) {
      for (const path of ['/kraken', '/kraken/', '/kraken/nothing/here', '/%6Braken/nothing']) {
        const gone = await call(`${demo.url}${path}`, { method, headers: { 'client-id': demo.clientId } });
        expect(gone.status, `${method} ${path}`).toBe(410);
        if (method !== 'HEAD') expect(gone.json.message).toBe(V3_GONE_MESSAGE);
      }
    }
    const known = await call(`${demo.url}/kraken/nothing/here`, { headers: { accept: V5_MEDIA_TYPE, 'client-id': demo.clientId } });
    expect(known.status).toBe(404);
    expect(known.json.message).toBe('Unknown endpoint: GET /kraken/nothing/here');
    // Only the prefix itself: `/krakenx` is no /kraken path.
    expect((await call(`${demo.url}/krakenx`, { headers: { 'client-id': demo.clientId } })).status).toBe(404);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { OverlayFrame } from '../../../shared/ipc/schemas/overlays';
import { rawExchange, rawRequest } from '../../../emulator/test-support/raw-http';
import { silentLogger } from '../logger';
import { waitUntil } from '../../test-support/wait-until';
import { OverlayServer } from './overlay-server';

const tokens: Record<string, string> = { alerts: 'A'.repeat(43), 'goal/charity': 'G'.repeat(43) };
const mediaId = 'ab'.repeat(16);
const speechId = 'ef'.repeat(16);

describe('OverlayServer', () => {
  let pagesDir: string;
  let server: OverlayServer;
  let origin: string;
  let port: number;
  const sockets: WebSocket[] = [];

  beforeEach(async () => {
    pagesDir = await mkdtemp(join(tmpdir(), 'sidestage-overlay-pages-'));
    await mkdir(join(pagesDir, 'assets'));
    await writeFile(join(pagesDir, 'index.html'), '<!doctype html><title>overlay</title><script type="module" src="/assets/page.js"></script>');
    await writeFile(join(pagesDir, 'assets', 'page.js'), 'console.log("page")');
    await writeFile(join(pagesDir, 'secret.txt'), 'outside the assets');
    server = new OverlayServer({
      pagesDir,
      logger: silentLogger,
      isToken: (key, token) => tokens[key] === token,
      initialFrames: (key): OverlayFrame[] => [{ type: 'settings', reducedMotion: key === 'alerts' }],
      readMedia: async (id) => (id === mediaId ? { data: Buffer.from('GIF89a'), contentType: 'image/gif' } : null),
      readSpeech: (id) => (id === speechId ? Buffer.from('RIFF....WAVE') : null),
      customCss: (key) => (key === 'alerts' ? '.alert { color: red }' : null),
      maxPages: 3,
    });
    port = await server.start(0);
    origin = server.origin!;
  });
  afterEach(async () => {
    for (const socket of sockets) socket.terminate();
    sockets.length = 0;
    await server.stop();
    await rm(pagesDir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { headers });

  /** Opens a page's socket; resolves with it and the frames it receives, or rejects with the refusal's status. */
  function connect(path: string, headers: Record<string, string> = { origin }): Promise<{ socket: WebSocket; frames: OverlayFrame[] }> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
      sockets.push(socket);
      const frames: OverlayFrame[] = [];
      socket.on('message', (data) => frames.push(JSON.parse(String(data)) as OverlayFrame));
      socket.once('open', () => resolve({ socket, frames }));
      socket.once('unexpected-response', (_req, res) => reject(new Error(String(res.statusCode))));
      socket.once('error', reject);
    });
  }

  it('serves a page only with its overlay’s token, transparent to nothing outside this server', async () => {
    const page = await get(`/overlay/alerts?token=${tokens.alerts}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain(`connect-src ws://127.0.0.1:${port} ws://localhost:${port}`);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('<title>overlay</title>');

    for (const path of ['/overlay/alerts', `/overlay/alerts?token=${tokens['goal/charity']}`, `/overlay/alerts?token=${tokens.alerts}x`, '/overlay/alerts?token=']) {
      const refused = await get(path);
      expect(refused.status, path).toBe(401);
      expect(await refused.text()).toMatch(/not valid any more/);
    }
    expect((await get(`/overlay/nonsense?token=${tokens.alerts}`)).status).toBe(404);
    expect((await get(`/overlay/goal/charity?token=${tokens['goal/charity']}`)).status).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin', async () => {
    const rebound = await rawExchange(port, rawRequest('GET', `/overlay/alerts?token=${tokens.alerts}`, { Host: `evil.example:${port}` }));
    expect(rebound.status).toBe(421);
    const foreign = await get(`/overlay/alerts?token=${tokens.alerts}`, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
  });

  it('is read-only: anything but GET is refused without reading its body', async () => {
    const answer = await rawExchange(port, `POST /overlay/alerts?token=${tokens.alerts} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 100000000\r\n\r\nxx`);
    expect(answer.status).toBe(405);
    expect(answer.headers.connection).toBe('close');
  });

  it('serves the built assets and nothing outside them', async () => {
    expect((await get('/assets/page.js')).status).toBe(200);
    for (const path of ['/assets/../secret.txt', '/assets/..%2fsecret.txt', '/assets/%2e%2e/secret.txt', '/assets/..%5csecret.txt', '/assets/%00', '/index.html', '/secret.txt', '/assets/%E0%A4%A']) {
      const answer = await rawExchange(port, rawRequest('GET', path, { Host: `127.0.0.1:${port}` }));
      expect(answer.status, path).toBe(404);
      expect(answer.body).not.toContain('outside the assets');
    }
  });

  it('serves an alert’s spoken words with the alerts token only, never kept, and no path but a clip id', async () => {
    const speech = await get(`/speech/${speechId}?token=${tokens.alerts}`);
    expect(speech.status).toBe(200);
    expect(speech.headers.get('content-type')).toBe('audio/wav');
    expect(speech.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await speech.arrayBuffer()).toString('latin1')).toBe('RIFF....WAVE');
    expect((await get(`/speech/${speechId}?token=${tokens['goal/charity']}`)).status).toBe(401);
    expect((await get(`/speech/${speechId}`)).status).toBe(401);
    expect((await get(`/speech/..%2F..%2Fetc%2Fpasswd?token=${tokens.alerts}`)).status).toBe(404);
    expect((await get(`/speech/${'cd'.repeat(16)}?token=${tokens.alerts}`)).status).toBe(404);
  });

  it('serves an alert’s media with the alerts token only, with its type and nosniff', async () => {
    const media = await get(`/media/${mediaId}?token=${tokens.alerts}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/gif');
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await get(`/media/${mediaId}?token=${tokens['goal/charity']}`)).status).toBe(401);
    expect((await get(`/media/${mediaId}`)).status).toBe(401);
    expect((await get(`/media/../../etc/passwd?token=${tokens.alerts}`)).status).toBe(404);
    expect((await get(`/media/${'cd'.repeat(16)}?token=${tokens.alerts}`)).status).toBe(404);
  });

  it('opens a page’s socket only with its token and this server’s Origin, and sends it its frames', async () => {
    await expect(connect(`/overlay-socket/alerts?token=${tokens.alerts}`, {})).rejects.toThrow('403');
    await expect(connect(`/overlay-socket/alerts?token=${tokens.alerts}`, { origin: 'http://evil.example' })).rejects.toThrow('403');
    await expect(connect('/overlay-socket/alerts?token=wrong')).rejects.toThrow('401');
    await expect(connect(`/overlay-socket/chat?token=${tokens.alerts}`)).rejects.toThrow('401');
    await expect(connect(`/elsewhere?token=${tokens.alerts}`)).rejects.toThrow('404');

    const alerts = await connect(`/overlay-socket/alerts?token=${tokens.alerts}`);
    const goal = await connect(`/overlay-socket/goal/charity?token=${tokens['goal/charity']}`);
    await waitUntil(() => alerts.frames.length === 1 && goal.frames.length === 1);
    expect(alerts.frames).toEqual([{ type: 'settings', reducedMotion: true }]);
    expect(server.pagesOpen('alerts')).toBe(1);

    server.send((key) => key === 'alerts', { type: 'alert', showing: null });
    await waitUntil(() => alerts.frames.length === 2);
    expect(goal.frames).toHaveLength(1);
  });

  it('closes a page that sends anything, and counts pages as they come and go', async () => {
    let changes = 0;
    server.onPagesChange(() => changes++);
    const page = await connect(`/overlay-socket/alerts?token=${tokens.alerts}`);
    const closed = new Promise<number>((resolve) => page.socket.once('close', (code) => resolve(code)));
    page.socket.send('{"type":"call","channel":"auth:signOut"}');
    expect(await closed).toBe(1003);
    await waitUntil(() => server.pagesOpen('alerts') === 0);
    expect(changes).toBe(2);
  });

  it('sends the editor’s preview its frames but does not count it as an open page (alerts are not used up off stream)', async () => {
    const preview = await connect(`/overlay-socket/alerts?token=${tokens.alerts}&preview=1`);
    await waitUntil(() => preview.frames.length > 0);
    expect(server.pagesOpen('alerts')).toBe(0);
    const obs = await connect(`/overlay-socket/alerts?token=${tokens.alerts}`);
    await waitUntil(() => server.pagesOpen('alerts') === 1);
    obs.socket.close();
    await waitUntil(() => server.pagesOpen('alerts') === 0);
    expect(preview.socket.readyState).toBe(preview.socket.OPEN);
  });

  it('serves an overlay’s custom CSS with its token only, as CSS under the page’s CSP', async () => {
    const css = await get(`/overlay-style/alerts?token=${tokens.alerts}&v=2`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('content-security-policy')).toContain("style-src 'self'");
    expect(await css.text()).toBe('.alert { color: red }');
    expect((await get(`/overlay-style/alerts?token=${tokens['goal/charity']}`)).status).toBe(401);
    expect((await get(`/overlay-style/../secret.txt?token=${tokens.alerts}`)).status).toBe(404);
  });

  it('closes the pages of a reset link, and bounds the pages open at once', async () => {
    const page = await connect(`/overlay-socket/alerts?token=${tokens.alerts}`);
    const closed = new Promise<number>((resolve) => page.socket.once('close', (code) => resolve(code)));
    server.closePages('alerts');
    expect(await closed).toBe(4401);
    await connect(`/overlay-socket/alerts?token=${tokens.alerts}`);
    await connect(`/overlay-socket/alerts?token=${tokens.alerts}`);
    await connect(`/overlay-socket/alerts?token=${tokens.alerts}`);
    await waitUntil(() => server.pagesOpen('alerts') === 3);
    await expect(connect(`/overlay-socket/alerts?token=${tokens.alerts}`)).rejects.toThrow('503');
  });

  it('says when this build has no overlay pages', async () => {
    const bare = new OverlayServer({ pagesDir: null, logger: silentLogger, isToken: () => true, initialFrames: () => [], readMedia: async () => null });
    await bare.start(0);
    try {
      const answer = await fetch(`${bare.origin}/overlay/alerts?token=x`);
      expect(answer.status).toBe(503);
      expect(await answer.text()).toMatch(/npm run build/);
    } finally {
      await bare.stop();
    }
  });

  it('reports a port in use as Node’s error, and serves on again after a stop', async () => {
    const other = new OverlayServer({ pagesDir, logger: silentLogger, isToken: () => false, initialFrames: () => [], readMedia: async () => null });
    await expect(other.start(port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await server.stop();
    expect(await other.start(port)).toBe(port);
    await other.stop();
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/ipc/schemas/chat';
import { silentLogger } from '../logger';
import { waitUntil } from '../../test-support/wait-until';
import { ChatImages, MAX_CHAT_IMAGE_BYTES } from './chat-images';

let server: Server;
let origin = '';
let hits = 0;
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/emote.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    if (req.url === '/huge.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(MAX_CHAT_IMAGE_BYTES + 1));
    if (req.url === '/moved') return void res.writeHead(302, { location: '/emote.png' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const broadcaster = { id: '1' as string | null, canCallApi: true, onChange: () => () => {} };
const badgeApi = {
  get: async <T>(path: string): Promise<T> =>
    (path === '/helix/chat/badges/global'
      ? { data: [{ set_id: 'moderator', versions: [{ id: '1', image_url_1x: `${origin}/emote.png`, image_url_2x: `${origin}/emote.png` }] }] }
      : { data: [] }) as T,
};
const images = () => new ChatImages({ api: badgeApi, broadcaster, logger: silentLogger });
const message = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 'm', userId: 'u', userLogin: 'u', userName: 'U', color: '', badges: [{ setId: 'moderator', id: '1' }, { setId: 'unknown', id: '1' }], text: 'hi Kappa',
  fragments: [{ type: 'text', text: 'hi ', emoteUrl: null }, { type: 'emote', text: 'Kappa', emoteUrl: `${origin}/emote.png` }],
  at: '2030-01-01T00:00:00Z', announcement: null, removed: null, removedBy: null, ...overrides,
});

describe('ChatImages', () => {
  it("turns a line's emotes and known badges into keys, and serves each image once, then from memory", async () => {
    const chat = images();
    const stop = chat.start();
    await waitUntil(() => chat.partsOf(message()).badges.length === 1, 5000, 'the badges read');
    const { parts, badges } = chat.partsOf(message());
    expect(parts).toEqual([{ text: 'hi ' }, { text: 'Kappa', image: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    expect(badges).toEqual([{ image: parts[1]!.image, title: 'moderator' }]);
    const before = hits;
    const [first, second] = await Promise.all([chat.read(parts[1]!.image!), chat.read(parts[1]!.image!)]);
    expect(first).toEqual({ data: png, contentType: 'image/png' });
    expect(second).toEqual(first);
    expect(await chat.read(parts[1]!.image!)).toEqual(first);
    expect(hits - before).toBe(1);
    stop();
  });

  it('answers nothing for a key it did not mint, a malformed key, a page that is not an image, one too large or a redirect', async () => {
    const chat = images();
    expect(await chat.read('0'.repeat(32))).toBeNull();
    expect(await chat.read('../../etc/passwd')).toBeNull();
    for (const path of ['/page.html', '/huge.png', '/moved', '/missing.png']) expect(await chat.read(chat.keyOf(`${origin}${path}`)!)).toBeNull();
    // Only web URLs are ever fetched.
    expect(chat.keyOf('file:///etc/passwd')).toBeNull();
  });
});

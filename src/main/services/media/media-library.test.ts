import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES, MAX_VIDEO_BYTES } from '../../../shared/ipc/schemas/media';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { MAX_LIBRARY_BYTES, MediaLibrary, MAX_MEDIA_ITEMS } from './media-library';
import { sniffMediaType } from './media-types';
import { sampleMedia as sampleFiles } from '../../test-support/media-samples';

const b64 = (data: Buffer) => data.toString('base64');

describe('sniffMediaType', () => {
  it.each([
    ['png', 'image', 'image/png'],
    ['gif', 'image', 'image/gif'],
    ['jpeg', 'image', 'image/jpeg'],
    ['webp', 'image', 'image/webp'],
    ['wav', 'sound', 'audio/wav'],
    ['ogg', 'sound', 'audio/ogg'],
    ['mp3', 'sound', 'audio/mpeg'],
    ['mp3Frame', 'sound', 'audio/mpeg'],
    ['webm', 'video', 'video/webm'],
    ['mp4', 'video', 'video/mp4'],
  ] as const)('reads a %s from its bytes', (name, kind, contentType) => {
    expect(sniffMediaType(sampleFiles[name])).toMatchObject({ kind, contentType });
  });

  it.each([
    ['HTML named like an image', Buffer.from('<html><script>alert(1)</script>')],
    ['an SVG (it can carry scripts)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['a RIFF that is neither WebP nor WAV', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI LIST')])],
    ['a reserved MPEG layer', Buffer.from('fff99064', 'hex')],
    ['nothing', Buffer.alloc(0)],
    ['a Matroska file that is not WebM', sampleFiles.mkv],
    ['an audio-only MPEG-4 (M4A)', sampleFiles.m4a],
    ['an EBML header cut short', sampleFiles.webm.subarray(0, 20)],
  ])('refuses %s', (_what, bytes) => {
    expect(sniffMediaType(bytes)).toBeNull();
  });
});

describe('MediaLibrary', () => {
  let dataDir: string;
  let notices: DataRecoveryNotices;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sidestage-media-'));
    notices = new DataRecoveryNotices(silentLogger);
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const open = () => MediaLibrary.open({ dataDir, logger: silentLogger, notices });

  it('copies a file in under its id, with the type its bytes say, and keeps it across a restart', async () => {
    const library = await open();
    const changes: number[] = [];
    library.onChange((list) => changes.push(list.items.length));
    const item = await library.add({ name: 'party.gif', dataBase64: b64(sampleFiles.gif) });
    expect(item).toMatchObject({ name: 'party.gif', kind: 'image', contentType: 'image/gif', bytes: sampleFiles.gif.length });
    expect(item.id).toMatch(/^[0-9a-f]{32}$/);
    expect(changes).toEqual([1]);
    expect(await readdir(join(dataDir, 'media'))).toEqual([`${item.id}.gif`]);
    expect((await library.read(item.id))?.data.equals(sampleFiles.gif)).toBe(true);

    const again = await open();
    expect(again.list().items).toEqual([item]);
  });

  it('refuses a file whose bytes are not an image or a sound, whatever its name', async () => {
    const library = await open();
    await expect(library.add({ name: 'cat.gif', dataBase64: b64(Buffer.from('<html>hello</html>')) })).rejects.toThrow(/PNG, GIF, JPEG or WebP images, WebM or MP4 videos and MP3, Ogg or WAV sounds/);
    expect(library.list().items).toEqual([]);
  });

  it('refuses a file over the size limit and base64 that did not arrive whole', async () => {
    const library = await open();
    const big = Buffer.concat([sampleFiles.png, Buffer.alloc(MAX_MEDIA_BYTES)]);
    await expect(library.add({ name: 'big.png', dataBase64: b64(big) })).rejects.toThrow(/larger than 5 MB/);
    await expect(library.add({ name: 'cut.png', dataBase64: 'iVBORw0K#GgoA' })).rejects.toThrow(/did not arrive whole/);
  });

  it('takes a video up to its own, larger limit, keeps it across a restart, and refuses one over it', async () => {
    const library = await open();
    const video = Buffer.concat([sampleFiles.webm, Buffer.alloc(MAX_MEDIA_BYTES)]);
    const item = await library.add({ name: 'alert.webm', dataBase64: b64(video) });
    expect(item).toMatchObject({ kind: 'video', contentType: 'video/webm', bytes: video.length });
    expect(await readdir(join(dataDir, 'media'))).toEqual([`${item.id}.webm`]);
    expect((await open()).list().items).toEqual([item]);
    const tooBig = Buffer.concat([sampleFiles.mp4, Buffer.alloc(MAX_VIDEO_BYTES)]);
    await expect(library.add({ name: 'long.mp4', dataBase64: b64(tooBig) })).rejects.toThrow(/larger than 20 MB \(for a video\)/);
  });

  it('holds at most its limit of bytes in all', async () => {
    // The real bound is MAX_LIBRARY_BYTES (500 MB); a 3 MB one shows the rule without writing 500 MB.
    expect(MAX_LIBRARY_BYTES).toBe(500 * 1024 * 1024);
    const library = await MediaLibrary.open({ dataDir, logger: silentLogger, maxLibraryBytes: 3 * 1024 * 1024 });
    const video = b64(Buffer.concat([sampleFiles.mp4, Buffer.alloc(1024 * 1024)]));
    await library.add({ name: 'v1', dataBase64: video });
    await library.add({ name: 'v2', dataBase64: video });
    await expect(library.add({ name: 'one more', dataBase64: video })).rejects.toThrow(/at most 3 MB in all: remove a video or two first/);
    expect(library.list().items).toHaveLength(2);
  });

  it('never uses the name as a path: traversal in a name is only a name', async () => {
    const library = await open();
    const item = await library.add({ name: '../../../etc/passwd\u0000', dataBase64: b64(sampleFiles.png) });
    expect(item.name).toBe('../../../etc/passwd');
    expect(await readdir(join(dataDir, 'media'))).toEqual([`${item.id}.png`]);
  });

  it('removes an item and its copy', async () => {
    const library = await open();
    const item = await library.add({ name: 'ding', dataBase64: b64(sampleFiles.ogg) });
    expect((await library.remove(item.id)).items).toEqual([]);
    expect(await readdir(join(dataDir, 'media'))).toEqual([]);
    expect(await library.read(item.id)).toBeNull();
    await expect(library.remove(item.id)).rejects.toThrow(/not in the library/);
  });

  it('holds at most its limit of items', async () => {
    let n = 0;
    const library = await MediaLibrary.open({ dataDir, logger: silentLogger, newId: () => (n++).toString(16).padStart(32, '0') });
    for (let i = 0; i < MAX_MEDIA_ITEMS; i++) await library.add({ name: `i${i}`, dataBase64: b64(sampleFiles.png) });
    await expect(library.add({ name: 'one more', dataBase64: b64(sampleFiles.png) })).rejects.toThrow(/at most 100/);
  });

  it('sets a damaged list aside and names it, keeping the entries that can be read', async () => {
    const library = await open();
    const item = await library.add({ name: 'good', dataBase64: b64(sampleFiles.png) });
    const index = JSON.parse(await readFile(join(dataDir, 'media.json'), 'utf8')) as { items: unknown[] };
    index.items.push({ id: '../../evil', name: 'x', kind: 'image', contentType: 'text/html', bytes: 1, extension: 'html' });
    await writeFile(join(dataDir, 'media.json'), JSON.stringify(index));
    const reopened = await open();
    expect(reopened.list().items).toEqual([item]);
    expect(notices.list()).toEqual([expect.objectContaining({ file: 'media.json', lost: '1 of 2 images and sounds' })]);
  });

  it('drops an entry whose copy is gone, and says which', async () => {
    const library = await open();
    const item = await library.add({ name: 'boom.wav', dataBase64: b64(sampleFiles.wav) });
    await rm(join(dataDir, 'media', `${item.id}.wav`));
    const reopened = await open();
    expect(reopened.list().items).toEqual([]);
    expect(notices.list()).toEqual([expect.objectContaining({ lost: '“boom.wav”' })]);
  });
});

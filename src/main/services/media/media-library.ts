/**
 * The media library: images, GIFs, videos and sounds the broadcaster chose for alerts, copied into the
 * data folder (`media/<id>.<ext>`, listed in `media.json`), so that an overlay never reads a file
 * the broadcaster later moves, and the overlay server serves only these copies, by id.
 *
 * A file is taken only when its bytes are an image, a video or a sound Sidestage knows (`media-types.ts`)
 * and it is at most its kind's limit (`maxMediaBytes`); its name is only shown, never part of a path.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { maxMediaBytes, mediaItemSchema, type MediaAddArg, type MediaItem, type MediaList } from '../../../shared/ipc/schemas/media';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import { AtomicJsonFile, isDiskFull, keepValid, writeFileAtomic } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';
import { sniffMediaType, unsupportedMediaMessage } from './media-types';

/** Enough for every alert type's image and sound several times over. */
export const MAX_MEDIA_ITEMS = 100;
/** Bounds the folder (videos are up to 20 MB each). */
export const MAX_LIBRARY_BYTES = 500 * 1024 * 1024;

const storedItemSchema = mediaItemSchema.extend({ extension: z.enum(['png', 'gif', 'jpg', 'webp', 'webm', 'mp4', 'wav', 'ogg', 'mp3']) }).strict();
type StoredItem = z.infer<typeof storedItemSchema>;
const indexSchema = z.object({ version: z.literal(1), items: z.array(z.unknown()) });

export interface MediaLibraryOptions {
  dataDir: string;
  logger: Logger;
  notices?: DataRecoveryNotices;
  /** New ids; tests pass a sequence. */
  newId?: () => string;
  /** The folder's bound (`MAX_LIBRARY_BYTES`); tests pass a smaller one. */
  maxLibraryBytes?: number;
}

export class MediaLibrary {
  private readonly changes = new Emitter<MediaList>();
  /** Adds and removes, one at a time, in the order asked. */
  private chain: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly options: MediaLibraryOptions,
    private readonly index: AtomicJsonFile<{ version: 1; items: StoredItem[] }>,
    private items: StoredItem[],
  ) {}

  /** Reads the library; a damaged index is set aside and named, and copies that are gone are dropped and named. */
  static async open(options: MediaLibraryOptions): Promise<MediaLibrary> {
    const index = new AtomicJsonFile<{ version: 1; items: StoredItem[] }>(join(options.dataDir, 'media.json'), { describeAll: 'the list of alert images and sounds' });
    const read = await index.read({ version: 1, items: [] }, (raw) => {
      const parsed = indexSchema.safeParse(raw);
      if (!parsed.success) return null;
      const { kept, dropped } = keepValid(parsed.data.items, (item) => storedItemSchema.safeParse(item).data ?? null);
      return { value: { version: 1, items: kept }, dropped, lost: dropped ? `${dropped} of ${parsed.data.items.length} images and sounds` : null, kept: `${kept.length} images and sounds` };
    });
    if (read.recovered) options.notices?.add({ ...read.recovered, done: 'Kept the images and sounds that could be read' });
    const library = new MediaLibrary(options, index, read.value.items);
    await library.dropMissingCopies();
    return library;
  }

  list(): MediaList {
    return { items: this.items.map(publicItem) };
  }

  get(id: string): MediaItem | null {
    const item = this.items.find((i) => i.id === id);
    return item ? publicItem(item) : null;
  }

  onChange(listener: (list: MediaList) => void): Disposer {
    return this.changes.on(listener);
  }

  /** Checks the bytes (type and size) and copies them in; answers the new item. */
  add(arg: MediaAddArg): Promise<MediaItem> {
    return this.serially(async () => {
      const data = decodeBase64(arg.dataBase64);
      if (data.length === 0) throw new AppError('invalid_argument', 'The file is empty.');
      const type = sniffMediaType(data);
      if (!type) throw new AppError('invalid_argument', unsupportedMediaMessage);
      const limit = maxMediaBytes(type.kind);
      if (data.length > limit) throw new AppError('invalid_argument', `The file is larger than ${limit / 1024 / 1024} MB${type.kind === 'video' ? ' (for a video)' : ''}: choose a smaller one.`);
      if (this.items.length >= MAX_MEDIA_ITEMS) throw new AppError('invalid_argument', `The library holds at most ${MAX_MEDIA_ITEMS} images, videos and sounds: remove one first.`);
      const held = this.items.reduce((sum, i) => sum + i.bytes, 0);
      const bound = this.options.maxLibraryBytes ?? MAX_LIBRARY_BYTES;
      if (held + data.length > bound) throw new AppError('invalid_argument', `The library holds at most ${Math.round(bound / 1024 / 1024)} MB in all: remove a video or two first.`);
      const id = (this.options.newId ?? (() => randomBytes(16).toString('hex')))();
      const item: StoredItem = { id, name: displayName(arg.name), kind: type.kind, contentType: type.contentType, bytes: data.length, extension: type.extension as StoredItem['extension'] };
      const file = this.fileOf(item);
      try {
        await writeFileAtomic(file, data);
        await this.index.write({ version: 1, items: [...this.items, item] });
      } catch (error) {
        await rm(file, { force: true }).catch(() => undefined);
        throw saveError(error);
      }
      this.items = [...this.items, item];
      this.changed();
      return publicItem(item);
    });
  }

  remove(id: string): Promise<MediaList> {
    return this.serially(async () => {
      const item = this.items.find((i) => i.id === id);
      if (!item) throw new AppError('invalid_argument', 'That image or sound is not in the library any more.');
      const rest = this.items.filter((i) => i !== item);
      try {
        await this.index.write({ version: 1, items: rest });
      } catch (error) {
        throw saveError(error);
      }
      this.items = rest;
      await rm(this.fileOf(item), { force: true }).catch((error: unknown) => this.options.logger.warn('media: could not delete a removed file', { id, reason: String(error) }));
      this.changed();
      return this.list();
    });
  }

  /** The copy's bytes and type, for the overlay server; null when there is no such item (or its copy is gone). */
  async read(id: string): Promise<{ item: MediaItem; data: Buffer } | null> {
    const item = this.items.find((i) => i.id === id);
    if (!item) return null;
    try {
      return { item: publicItem(item), data: await readFile(this.fileOf(item)) };
    } catch {
      return null;
    }
  }

  dispose(): void {
    this.changes.dispose();
  }

  private fileOf(item: StoredItem): string {
    return join(this.options.dataDir, 'media', `${item.id}.${item.extension}`);
  }

  private async dropMissingCopies(): Promise<void> {
    const present = await Promise.all(this.items.map((item) => stat(this.fileOf(item)).then((s) => s.isFile(), () => false)));
    const missing = this.items.filter((_, i) => !present[i]);
    if (missing.length === 0) return;
    this.items = this.items.filter((_, i) => present[i]);
    await this.index.write({ version: 1, items: this.items }).catch(() => undefined);
    this.options.notices?.add({
      file: join(this.options.dataDir, 'media'),
      setAsideAs: null,
      reason: `${missing.length === 1 ? 'a file' : `${missing.length} files`} of the media library ${missing.length === 1 ? 'is' : 'are'} missing`,
      lost: missing.map((m) => `“${m.name}”`).join(', '),
      kept: `${this.items.length} images and sounds`,
      done: 'Alerts that used them show without them; add them again in Overlays',
    });
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private changed(): void {
    this.changes.fire(this.list());
  }
}

function publicItem(item: StoredItem): MediaItem {
  return { id: item.id, name: item.name, kind: item.kind, contentType: item.contentType, bytes: item.bytes };
}

/** Strict base64 (Node's decoder skips what it does not know, which would hide a damaged upload). */
function decodeBase64(text: string): Buffer {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new AppError('invalid_argument', 'The file did not arrive whole (its data is not base64). Try adding it again.');
  return Buffer.from(text, 'base64');
}

/** The name as shown: no control characters, no surrounding space. */
function displayName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'Untitled';
}

function saveError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isDiskFull(error)) return new AppError('unavailable', 'Your disk is full, so Sidestage could not keep this file. Free some space and try again.');
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return new AppError('unavailable', `Sidestage could not save the media library${code ? ` (${code})` : ''}. Try again.`);
}

/**
 * The chat overlay's emote and badge images, served by the overlay server from main: a page never
 * names a URL or a path, only an opaque key that main minted for an image URL it got from the
 * platform (the emote image template, Get Global / Channel Chat Badges). Main fetches the image once,
 * checks its type and size, and keeps it in a memory cache with a bound; a key main did not mint, a
 * refused type or a failed fetch answers nothing (the page then shows the emote's text).
 */
import { createHash } from 'node:crypto';
import type { ChatMessage } from '../../../shared/ipc/schemas/chat';
import type { Disposer } from '../../../shared/primitives/emitter';
import type { ApiClient } from '../api/api-client';
import { background } from '../common/background';
import { followCurrentBroadcaster, type BroadcasterSource } from '../common/current-broadcaster';
import type { Logger } from '../logger';

/** Image types a page may be given (the emulator draws SVG; the platform serves PNG and GIF). */
const IMAGE_TYPES = new Set(['image/png', 'image/gif', 'image/webp', 'image/jpeg', 'image/svg+xml']);
/** An emote or a badge is a few kilobytes; anything larger is not one. */
export const MAX_CHAT_IMAGE_BYTES = 512 * 1024;
/** Images kept in memory, and image URLs known by key (the oldest go first). */
export const CHAT_IMAGES_KEPT = 300;
const KEYS_KEPT = 2000;
const FETCH_TIMEOUT_MS = 5_000;

export interface ChatImage {
  data: Buffer;
  contentType: string;
}

export interface ChatImagesOptions {
  api: Pick<ApiClient, 'get'>;
  broadcaster: BroadcasterSource;
  logger: Logger;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
}

interface BadgeSets {
  data?: { set_id: string; versions: { id: string; image_url_1x?: string; image_url_2x?: string }[] }[];
}

/** A bounded map that forgets its least recently used entries. */
class Recent<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  get size(): number {
    return this.map.size;
  }
}

export class ChatImages {
  private readonly urls = new Recent<string>(KEYS_KEPT);
  private readonly images = new Recent<ChatImage>(CHAT_IMAGES_KEPT);
  private readonly fetching = new Map<string, Promise<ChatImage | null>>();
  /** `set/version` -> image URL, for the current broadcaster (global and channel badges). */
  private badges = new Map<string, string>();
  private broadcasterId: string | null = null;

  constructor(private readonly options: ChatImagesOptions) {}

  /** Reads the badges' image URLs for each broadcaster signed in. */
  start(): Disposer {
    return followCurrentBroadcaster(this.options.broadcaster, (change) => {
      if (change.id !== this.broadcasterId) {
        this.broadcasterId = change.id;
        this.badges = new Map();
      }
      if (change.id && change.canCallApi && this.badges.size === 0) background(this.readBadges(change.id), this.options.logger, 'reading the chat badges’ images');
    });
  }

  /** The key of an image URL main got from the platform (http or https only); null for any other. */
  keyOf(url: string): string | null {
    if (!/^https?:\/\//.test(url)) return null;
    const key = createHash('sha256').update(url).digest('hex').slice(0, 32);
    this.urls.set(key, url);
    return key;
  }

  /** A line's emotes and badges as the overlay shows them: text pieces with image keys. */
  partsOf(message: ChatMessage): { parts: { text: string; image?: string }[]; badges: { image: string; title: string }[] } {
    const parts = message.fragments.map((f) => {
      const image = f.type === 'emote' && f.emoteUrl ? this.keyOf(f.emoteUrl) : null;
      return image ? { text: f.text, image } : { text: f.text };
    });
    const badges: { image: string; title: string }[] = [];
    for (const b of message.badges) {
      const url = this.badges.get(`${b.setId}/${b.id}`);
      const image = url ? this.keyOf(url) : null;
      if (image) badges.push({ image, title: b.setId });
    }
    return { parts, badges };
  }

  /** The image of a key main minted (fetched once, then from memory); null when unknown or refused. */
  async read(key: string): Promise<ChatImage | null> {
    if (!/^[0-9a-f]{32}$/.test(key)) return null;
    const cached = this.images.get(key);
    if (cached) return cached;
    const url = this.urls.get(key);
    if (!url) return null;
    let pending = this.fetching.get(key);
    if (!pending) {
      pending = this.fetchImage(url).finally(() => this.fetching.delete(key));
      this.fetching.set(key, pending);
    }
    const image = await pending;
    if (image) this.images.set(key, image);
    return image;
  }

  private async fetchImage(url: string): Promise<ChatImage | null> {
    try {
      const response = await (this.options.fetch ?? fetch)(url, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (!response.ok || !IMAGE_TYPES.has(contentType) || declared > MAX_CHAT_IMAGE_BYTES) {
        await response.body?.cancel().catch(() => undefined);
        this.options.logger.warn('overlays: a chat image was refused', { status: response.status, contentType });
        return null;
      }
      const data = Buffer.from(await response.arrayBuffer());
      if (data.length > MAX_CHAT_IMAGE_BYTES) return null;
      return { data, contentType };
    } catch (error) {
      this.options.logger.warn('overlays: a chat image could not be fetched', { reason: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }

  private async readBadges(broadcasterId: string): Promise<void> {
    const [global, channel] = await Promise.all([
      this.options.api.get<BadgeSets>('/helix/chat/badges/global'),
      this.options.api.get<BadgeSets>('/helix/chat/badges', { broadcaster_id: broadcasterId }),
    ]);
    if (broadcasterId !== this.broadcasterId) return;
    const badges = new Map<string, string>();
    // The channel's own versions (its subscriber badges) over the global ones.
    for (const set of [...(global.data ?? []), ...(channel.data ?? [])]) {
      for (const version of set.versions) {
        const url = version.image_url_2x ?? version.image_url_1x;
        if (typeof url === 'string') badges.set(`${set.set_id}/${version.id}`, url);
      }
    }
    this.badges = badges;
  }
}

/**
 * The channel's title, category, language, tags and branded-content flag: read with
 * `GET /helix/channels`, changed with `PATCH /helix/channels` (only the fields given), the
 * category found by `GET /helix/search/categories`. The platform's 409 for a branded-content flag
 * changed too often is explained rather than passed on bare.
 */
import type { Category, ChannelInfo } from '../../../shared/ipc/contract';
import { requireSignedInBroadcaster, type CurrentBroadcaster } from '../common/current-broadcaster';
import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { ChannelEvents } from '../events/channel-events';
import type { Logger } from '../logger';

export interface ChannelInfoServiceOptions {
  api: Pick<ApiClient, 'request' | 'get'>;
  broadcaster: Pick<CurrentBroadcaster, 'id' | 'canCallApi'>;
  /** The one channel-event stream: changes made on the platform (its dashboard, another tool) arrive as `channelUpdate`. */
  channelEvents?: Pick<ChannelEvents, 'on'> | null;
  logger?: Pick<Logger, 'warn'>;
  onChanged?: (info: ChannelInfo) => void;
}

interface HelixChannel {
  broadcaster_language: string;
  game_id: string;
  game_name: string;
  title: string;
  tags: string[] | null;
  is_branded_content: boolean;
}

export type ChannelInfoChanges = Partial<Omit<ChannelInfo, 'categoryName'>>;

const tagPattern = /^[\p{L}\p{N}]{1,25}$/u;

/** The reason a change cannot be sent, or null. Mirrors the platform's rules so the form can say so early. */
export function checkChannelInfo(changes: ChannelInfoChanges): string | null {
  if (changes.title !== undefined) {
    if (changes.title.trim() === '') return 'The title cannot be empty.';
    if ([...changes.title].length > 140) return 'The title can be at most 140 characters.';
  }
  if (changes.language !== undefined && !/^([a-z]{2}|other)$/.test(changes.language)) return 'The language is a two-letter code such as "en", or "other".';
  if (changes.tags !== undefined) {
    if (changes.tags.length > 10) return 'A channel has at most 10 tags.';
    const bad = changes.tags.find((t) => !tagPattern.test(t));
    if (bad !== undefined) return `The tag "${bad}" must be 1 to 25 letters or digits, without spaces or symbols.`;
  }
  return null;
}

export class ChannelInfoService extends Disposable {
  private readonly changes = new Emitter<ChannelInfo>();
  private started = false;
  /** Numbers reads, so that a slower, older read never announces over a newer one. */
  private readSeq = 0;
  private announcedSeq = 0;

  constructor(private readonly options: ChannelInfoServiceOptions) {
    super();
  }

  /** Listens for changes made on the platform; each one is read back whole (the event has no tags). */
  start(): void {
    if (this.started || !this.options.channelEvents) return;
    this.started = true;
    this.register(
      this.options.channelEvents.on(['channelUpdate'], () => {
        if (this.options.broadcaster.id === null) return;
        this.get().catch((error: unknown) => this.options.logger?.warn('channel info not read after channel.update', { error }));
      }),
    );
  }

  /** Every read and change: the renderer keeps one copy of the channel's facts. */
  onChange(listener: (info: ChannelInfo) => void): Disposer {
    return this.changes.on(listener);
  }

  override dispose(): void {
    super.dispose();
    this.changes.dispose();
  }

  async get(): Promise<ChannelInfo> {
    const id = this.broadcasterId();
    const seq = ++this.readSeq;
    const res = await this.options.api.get<{ data: HelixChannel[] }>('/helix/channels', { broadcaster_id: id });
    const channel = res.data?.[0];
    if (!channel) throw new AppError('api_error', 'The platform did not return your channel.');
    const info = fromHelix(channel);
    if (seq > this.announcedSeq && id === this.options.broadcaster.id) {
      this.announcedSeq = seq;
      this.changes.fire(info);
    }
    return info;
  }

  async update(changes: ChannelInfoChanges): Promise<ChannelInfo> {
    const problem = checkChannelInfo(changes);
    if (problem) throw new AppError('invalid_argument', problem);
    const body: Record<string, unknown> = {};
    if (changes.title !== undefined) body.title = changes.title.trim();
    if (changes.categoryId !== undefined) body.game_id = changes.categoryId;
    if (changes.language !== undefined) body.broadcaster_language = changes.language;
    if (changes.tags !== undefined) body.tags = changes.tags;
    if (changes.isBrandedContent !== undefined) body.is_branded_content = changes.isBrandedContent;
    if (Object.keys(body).length === 0) return this.get();
    const id = this.broadcasterId();
    try {
      await this.options.api.request({ method: 'PATCH', path: '/helix/channels', query: { broadcaster_id: id }, body });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        throw new AppError(
          'api_error',
          'The branded-content flag was changed too often: the platform allows only a few changes in a short time. Leave it as it is and try again later; nothing else was changed.',
          { status: 409 },
        );
      }
      if (error instanceof ApiError && (error.status === 401 || error.status === 403) && !/scope/i.test(error.platformMessage ?? '')) {
        throw new AppError('api_error', 'Only the broadcaster or one of their editors can change this channel.', { status: error.status });
      }
      throw error;
    }
    const info = await this.get();
    this.options.onChanged?.(info);
    return info;
  }

  async searchCategories(query: string): Promise<Category[]> {
    const q = query.trim();
    if (!q) return [];
    const res = await this.options.api.get<{ data: { id: string; name: string; box_art_url: string }[] }>('/helix/search/categories', { query: q, first: 10 });
    return (res.data ?? []).map((c) => ({ id: c.id, name: c.name, boxArtUrl: c.box_art_url }));
  }

  private broadcasterId(): string {
    return requireSignedInBroadcaster(this.options.broadcaster.id, this.options.broadcaster, 'Channel info not read or changed');
  }
}

function fromHelix(c: HelixChannel): ChannelInfo {
  return {
    title: c.title,
    categoryId: c.game_id,
    categoryName: c.game_name,
    language: c.broadcaster_language,
    tags: c.tags ?? [],
    isBrandedContent: c.is_branded_content,
  };
}

/**
 * Raids and shoutouts. A raid goes to a live channel the broadcaster follows (Get Followed
 * Streams, filtered here as the broadcaster types); the platform sends the viewers over when its
 * countdown ends (90 s; `channel.raid` tells it), unless the raid is canceled first. A shoutout
 * names a channel by its login; the platform allows one every 2 minutes, and one per channel per
 * hour: both are kept here so the Live view can say when the next may go, and said in words when
 * the platform refuses.
 */
import { z } from 'zod';
import type { FollowedChannel, RaidState } from '../../../shared/ipc/contract';
import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';
import type { CurrentBroadcaster } from '../common/current-broadcaster';
import type { EventsService } from '../events/events-service';
import type { Logger } from '../logger';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';

export type RaidEventsSource = Pick<EventsService, 'want' | 'onNotification'>;

/** The platform's raid countdown (its reference: the raid happens 90 s after the request). */
export const raidCountdownMs = 90_000;
/** The platform's shoutout cooldowns: any shoutout, and the same channel again. */
export const shoutoutCooldownMs = 2 * 60_000;
export const sameChannelShoutoutCooldownMs = 60 * 60_000;

export interface RaidServiceOptions {
  api: Pick<ApiClient, 'request'>;
  broadcaster: Pick<CurrentBroadcaster, 'id' | 'canCallApi' | 'onChange'>;
  logger: Logger;
  events?: RaidEventsSource | null;
  clock?: Clock;
  /** How long the followed live channels are reused while the broadcaster types. Default 20 s. */
  followedCacheMs?: number;
}

interface HelixStream {
  user_id: string;
  user_login: string;
  user_name: string;
  game_name: string;
  title: string;
  viewer_count: number;
}

const raidEventSchema = z.object({
  from_broadcaster_user_id: z.string(),
  from_broadcaster_user_login: z.string().optional(),
  from_broadcaster_user_name: z.string().optional(),
  to_broadcaster_user_id: z.string(),
  viewers: z.number().int().nonnegative().catch(0),
});

const noRaids: RaidState = { raid: null, shoutout: null };
const maxFollowedPages = 3;

export class RaidService extends Disposable {
  private readonly clock: Clock;
  private state: RaidState = noRaids;
  private readonly changes = new Emitter<RaidState>();
  private followed: { at: number; broadcasterId: string; channels: FollowedChannel[] } | null = null;
  private dueTimer: unknown = null;
  /** Per channel id: when it may be shouted out again. */
  private readonly sameChannelAllowedAt = new Map<string, number>();
  /** The channel that raided this one last, since Sidestage started (the shoutout hotkey's target). */
  private recentRaider: { login: string; displayName: string } | null = null;

  constructor(private readonly options: RaidServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.register(
      options.broadcaster.onChange((change) => {
        if (change.id === change.previousId) return;
        this.clearDueTimer();
        this.followed = null;
        this.sameChannelAllowedAt.clear();
        this.recentRaider = null;
        this.set(noRaids);
      }),
    );
    const events = options.events;
    if (events) {
      // This channel's outgoing raids: `channel.raid` takes one of from/to as its condition.
      this.register(events.want('channel.raid', { version: '1', condition: (id) => ({ from_broadcaster_user_id: id }) }));
      // And raids into it, whose raider the shoutout hotkey thanks (the activity feed asks for the same).
      this.register(events.want('channel.raid', { version: '1', condition: (id) => ({ to_broadcaster_user_id: id }) }));
      this.register(events.onNotification('channel.raid', (event: unknown) => this.onRaid(event)));
    }
  }

  getState(): RaidState {
    return this.state;
  }

  onChange(listener: (state: RaidState) => void): Disposer {
    return this.changes.on(listener);
  }

  override dispose(): void {
    super.dispose();
    this.clearDueTimer();
    this.changes.dispose();
  }

  /**
   * Live channels the broadcaster follows whose name, login or category contains `query` (most
   * viewers first). The list is reused while the broadcaster types; `fresh` (the search taken up
   * again) reads it anew, since channels go live and end all the while.
   */
  async searchFollowed(query: string, { fresh = false }: { fresh?: boolean } = {}): Promise<FollowedChannel[]> {
    const broadcasterId = this.callable('Sign in to find channels to raid.');
    if (fresh) this.followed = null;
    const channels = await this.followedLive(broadcasterId);
    const needle = query.trim().replace(/^@/, '').toLowerCase();
    if (!needle) return channels;
    return channels.filter((c) => [c.login, c.displayName, c.categoryName].some((text) => text.toLowerCase().includes(needle)));
  }

  async start(channelId: string): Promise<RaidState> {
    const broadcasterId = this.callable('Sign in to raid.');
    if (channelId === broadcasterId) throw new AppError('invalid_argument', 'You cannot raid your own channel.');
    const target = this.followed?.channels.find((c) => c.id === channelId) ?? (await this.lookUp({ id: channelId }));
    let createdAt: string | undefined;
    try {
      const res = await this.options.api.request<{ data: { created_at: string }[] }>({
        method: 'POST',
        path: '/helix/raids',
        query: { from_broadcaster_id: broadcasterId, to_broadcaster_id: channelId },
        retry: 'never',
      });
      createdAt = res.data?.data?.[0]?.created_at;
    } catch (error) {
      throw reworded(error, describeRaidError(error, target.displayName));
    }
    const parsed = createdAt ? Date.parse(createdAt) : NaN;
    const startedAt = Number.isNaN(parsed) ? this.clock.now() : parsed;
    const dueAt = startedAt + raidCountdownMs;
    this.set({
      ...this.state,
      raid: {
        to: { id: target.id, login: target.login, displayName: target.displayName },
        startedAt: new Date(startedAt).toISOString(),
        dueAt: new Date(dueAt).toISOString(),
        status: 'pending',
        viewers: null,
      },
    });
    // Without the event (EventSub down), the raid is due when the countdown ends: the platform does it then.
    this.clearDueTimer();
    this.dueTimer = this.clock.setTimeout(() => {
      this.dueTimer = null;
      if (this.state.raid?.status === 'pending') this.set({ ...this.state, raid: { ...this.state.raid, status: 'done' } });
    }, Math.max(0, dueAt - this.clock.now()) + 5_000);
    return this.state;
  }

  async cancel(): Promise<RaidState> {
    const broadcasterId = this.callable('Sign in to cancel the raid.');
    const raid = this.state.raid;
    try {
      await this.options.api.request({ method: 'DELETE', path: '/helix/raids', query: { broadcaster_id: broadcasterId }, retry: 'never' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        throw reworded(error, raid?.status === 'pending' ? 'Too late: the raid has already happened.' : 'No raid is under way.');
      }
      throw reworded(error, describeRaidError(error, raid?.to.displayName ?? 'the channel'));
    }
    this.clearDueTimer();
    if (raid) this.set({ ...this.state, raid: { ...raid, status: 'canceled' } });
    return this.state;
  }

  /** Send a Shoutout to a channel by login (with or without @). */
  async shoutout(loginInput: string): Promise<RaidState> {
    return this.shoutoutTo({ login: loginInput.trim().replace(/^@/, '').toLowerCase() });
  }

  /**
   * Send a Shoutout to a channel by id (the activity feed's raider): the same cooldowns and the same
   * state as by name, so the Live view says one thing whichever button sent it.
   */
  async shoutoutById(channelId: string): Promise<RaidState> {
    return this.shoutoutTo({ id: channelId });
  }

  private async shoutoutTo(by: { id: string } | { login: string }): Promise<RaidState> {
    const broadcasterId = this.callable('Sign in to send shoutouts.');
    const now = this.clock.now();
    const next = this.state.shoutout ? Date.parse(this.state.shoutout.nextAllowedAt) : 0;
    if (now < next) throw new AppError('rate_limited', `One shoutout every 2 minutes: the next can go in ${inWords(next - now)}.`, { retryAfterMs: next - now });
    const target = await this.lookUp(by);
    if (target.id === broadcasterId) throw new AppError('invalid_argument', 'You cannot shout out your own channel.');
    const again = this.sameChannelAllowedAt.get(target.id) ?? 0;
    if (now < again) {
      throw new AppError('rate_limited', `${target.displayName} was shouted out less than an hour ago: again in ${inWords(again - now)}.`, { retryAfterMs: again - now });
    }
    try {
      await this.options.api.request({
        method: 'POST',
        path: '/helix/chat/shoutouts',
        query: { from_broadcaster_id: broadcasterId, to_broadcaster_id: target.id, moderator_id: broadcasterId },
        retry: 'never',
      });
    } catch (error) {
      throw reworded(error, describeShoutoutError(error, target.displayName));
    }
    const sentAt = this.clock.now();
    this.sameChannelAllowedAt.set(target.id, sentAt + sameChannelShoutoutCooldownMs);
    this.set({
      ...this.state,
      shoutout: {
        to: { id: target.id, login: target.login, displayName: target.displayName },
        sentAt: new Date(sentAt).toISOString(),
        nextAllowedAt: new Date(sentAt + shoutoutCooldownMs).toISOString(),
        sameChannelAllowedAt: new Date(sentAt + sameChannelShoutoutCooldownMs).toISOString(),
      },
    });
    return this.state;
  }

  /** The shoutout hotkey: a shoutout to the channel that raided this one last. */
  async shoutoutRecentRaider(): Promise<RaidState> {
    const raider = this.recentRaider;
    if (!raider) throw new AppError('invalid_argument', 'Nobody has raided you since Sidestage started, so there is nobody to shout out.');
    return this.shoutout(raider.login);
  }

  private onRaid(raw: unknown): void {
    const parsed = raidEventSchema.safeParse(raw);
    if (!parsed.success) {
      this.options.logger.warn('a raid event could not be read', { issues: parsed.error.issues.length });
      return;
    }
    if (parsed.data.to_broadcaster_user_id === this.options.broadcaster.id && parsed.data.from_broadcaster_user_login) {
      this.recentRaider = { login: parsed.data.from_broadcaster_user_login, displayName: parsed.data.from_broadcaster_user_name || parsed.data.from_broadcaster_user_login };
      return;
    }
    const raid = this.state.raid;
    if (!raid || raid.status === 'canceled' || parsed.data.to_broadcaster_user_id !== raid.to.id) return;
    this.clearDueTimer();
    this.set({ ...this.state, raid: { ...raid, status: 'done', viewers: parsed.data.viewers } });
  }

  private async followedLive(broadcasterId: string): Promise<FollowedChannel[]> {
    const cached = this.followed;
    if (cached && cached.broadcasterId === broadcasterId && this.clock.now() - cached.at < (this.options.followedCacheMs ?? 20_000)) return cached.channels;
    const channels: FollowedChannel[] = [];
    let cursor: string | undefined;
    try {
      // A few pages at most: a raid target is among the biggest live channels one follows, or typed by name.
      for (let page = 0; page < maxFollowedPages; page++) {
        const res = await this.options.api.request<{ data: HelixStream[]; pagination?: { cursor?: string } }>({
          method: 'GET',
          path: '/helix/streams/followed',
          query: { user_id: broadcasterId, first: 100, after: cursor },
        });
        for (const s of res.data?.data ?? []) {
          channels.push({ id: s.user_id, login: s.user_login, displayName: s.user_name || s.user_login, categoryName: s.game_name ?? '', title: s.title ?? '', viewerCount: Math.max(0, s.viewer_count | 0) });
        }
        cursor = res.data?.pagination?.cursor;
        if (!cursor) break;
      }
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 401
          ? 'Sidestage may not read the channels you follow: sign in again and allow "Channels you follow".'
          : `Could not read the channels you follow: ${error instanceof Error ? error.message : 'unknown error'}`;
      throw reworded(error, message);
    }
    this.followed = { at: this.clock.now(), broadcasterId, channels };
    return channels;
  }

  private async lookUp(by: { id: string } | { login: string }): Promise<{ id: string; login: string; displayName: string }> {
    const res = await this.options.api
      .request<{ data: { id: string; login: string; display_name: string }[] }>({ method: 'GET', path: '/helix/users', query: 'id' in by ? { id: by.id } : { login: by.login } })
      .catch((error: unknown) => {
        throw reworded(error, error instanceof ApiError && error.status === 400 ? `There is no channel "${'id' in by ? by.id : by.login}".` : 'Could not look up the channel.');
      });
    const user = res.data?.data?.[0];
    if (!user) throw new AppError('invalid_argument', `There is no channel "${'id' in by ? by.id : by.login}".`);
    return { id: user.id, login: user.login, displayName: user.display_name || user.login };
  }

  private callable(message: string): string {
    const { id, canCallApi } = this.options.broadcaster;
    if (!id || !canCallApi) throw new AppError('not_signed_in', message);
    return id;
  }

  private clearDueTimer(): void {
    if (this.dueTimer !== null) this.clock.clearTimeout(this.dueTimer);
    this.dueTimer = null;
  }

  private set(next: RaidState): void {
    this.state = next;
    this.changes.fire(next);
  }
}

function reworded(error: unknown, message: string): AppError {
  return error instanceof AppError ? new AppError(error.code, message, error.details) : new AppError('internal', message);
}

/** "1 min 30 s", "45 s", "59 min". */
function inWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

function describeRaidError(error: unknown, target: string): string {
  if (error instanceof ApiError) {
    const message = error.platformMessage ?? '';
    if (error.status === 409) return 'A raid is already under way: cancel it first.';
    if (error.status === 429) return 'Too many raids: the platform allows 10 raid requests in 10 minutes. Try again later.';
    if (error.status === 404 && /not found/i.test(message)) return `${target} was not found.`;
    if (error.status === 401) return 'Sidestage may not raid: sign in again and allow "Raids".';
    if (error.status === 400 && /same/i.test(message)) return 'You cannot raid your own channel.';
    if (error.status === 400 && /raid/i.test(message)) return `${target} cannot be raided: ${message}`;
    return error.message;
  }
  // The API client takes a 429 for its rate limit and keeps only that; on raids it is the raid limit.
  if (error instanceof AppError && error.code === 'rate_limited') return 'Too many raids: the platform allows 10 raid requests in 10 minutes. Try again later.';
  if (error instanceof AppError) return error.message;
  return 'Something went wrong inside Sidestage.';
}

function describeShoutoutError(error: unknown, target: string): string {
  if (error instanceof ApiError) {
    const message = error.platformMessage ?? '';
    if (error.status === 429 && /same broadcaster/i.test(message)) return `${target} was shouted out less than an hour ago: the platform allows one shoutout per channel per hour.`;
    if (error.status === 429) return 'One shoutout every 2 minutes: try again shortly.';
    if (error.status === 400 && /not streaming live|viewers/i.test(message)) return 'Shoutouts need you live with at least one viewer.';
    if (error.status === 400 && /themselves/i.test(message)) return 'You cannot shout out your own channel.';
    if (error.status === 403) return 'Only the broadcaster and their moderators can send shoutouts.';
    if (error.status === 401) return 'Sidestage may not send shoutouts: sign in again and allow "Shoutouts".';
    return error.message;
  }
  // The API client takes a 429 for its rate limit and keeps only that; on shoutouts it is a cooldown
  // (one sent from elsewhere, say).
  if (error instanceof AppError && error.code === 'rate_limited') {
    return `The platform refused the shoutout to ${target} for its cooldowns: one shoutout every 2 minutes, the same channel once an hour. Try again later.`;
  }
  if (error instanceof AppError) return error.message;
  return 'Something went wrong inside Sidestage.';
}

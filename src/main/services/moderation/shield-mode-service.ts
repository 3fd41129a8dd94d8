/**
 * Shield Mode of the current broadcaster's channel: read from the platform (Get Shield Mode
 * Status), followed live (`channel.shield_mode.begin` / `.end` from the channel-event stream),
 * turned on and off by the broadcaster (Update Shield Mode Status: the Live view's key, its tile,
 * the global hotkey). While a raid brings a flood of first-time chatters (`raid-flood-watch.ts`) it
 * suggests "Turn on Shield Mode?"; it never turns it on by itself.
 */
import type { ChannelUser, ShieldModeState } from '../../../shared/ipc/contract';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposable, type Disposer } from '../../../shared/primitives/emitter';
import type { ApiClient } from '../api/api-client';
import { refusalInWords } from '../api/refusal-words';
import { AppError } from '../app-error';
import { ChannelState } from '../common/channel-state';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { ChannelEvents } from '../events/channel-events';
import type { Logger } from '../logger';
import { RaidFloodWatch, type RaidFloodOptions } from './raid-flood-watch';

export interface ShieldModeServiceOptions {
  api: Pick<ApiClient, 'request'>;
  broadcaster: BroadcasterSource;
  /** The one channel-event stream (src/main/services/events/channel-events.ts). */
  channelEvents: Pick<ChannelEvents, 'on'>;
  logger: Logger;
  clock?: Clock;
  /** When a raid's new chatters make a flood (default: more than 10 within 30 s). */
  flood?: RaidFloodOptions;
}

/** Get / Update Shield Mode Status, as the platform's reference gives it. */
interface HelixShieldMode {
  is_active: boolean;
  moderator_id: string;
  moderator_login: string;
  moderator_name: string;
  /** '' when it was never on. */
  last_activated_at: string;
}

const unknownState: ShieldModeState = { known: false, active: false, lastActivatedAt: null, by: null, error: null, suggestion: null };

export class ShieldModeService extends Disposable {
  private readonly channel: ChannelState<ShieldModeState>;
  private readonly clock: Clock;
  private readonly flood: RaidFloodWatch;
  private started = false;

  constructor(private readonly options: ShieldModeServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.flood = new RaidFloodWatch(options.flood);
    this.channel = new ChannelState<ShieldModeState>({
      broadcaster: options.broadcaster,
      empty: unknownState,
      isRead: (state) => state.known,
      read: () => this.refresh(),
      reading: 'reading Shield Mode',
      logger: options.logger,
      // Another channel's raid says nothing about this one's.
      onBroadcaster: () => this.flood.reset(),
    });
    this.register(() => this.channel.dispose());
  }

  private get state(): ShieldModeState {
    return this.channel.get();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const { channelEvents } = this.options;
    this.register(
      channelEvents.on(['shieldModeBegin', 'shieldModeEnd'], (event) => {
        this.channel.changed();
        if (event.kind === 'shieldModeBegin') this.set({ known: true, active: true, lastActivatedAt: event.startedAt, by: event.moderator, error: null, suggestion: null });
        else this.set({ ...this.state, known: true, active: false, error: null });
      }),
    );
    this.register(
      channelEvents.on(['raid', 'chatMessage'], (event) => {
        if (event.kind === 'raid') return this.flood.raided(event.from, this.clock.now());
        const flood = this.flood.chatted(event.user.id, event.roles, this.clock.now());
        // Already on: nothing to suggest.
        if (flood && !this.state.active) {
          this.set({ ...this.state, suggestion: { raider: flood.raider, newChatters: flood.newChatters, withinSeconds: Math.round(flood.withinMs / 1000), at: new Date(this.clock.now()).toISOString() } });
        }
      }),
    );
    this.channel.start();
  }

  getState(): ShieldModeState {
    return this.state;
  }

  onChange(listener: (state: ShieldModeState) => void): Disposer {
    return this.channel.onChange(listener);
  }

  /** Reads the platform's status; a failure is kept in the state, in words. */
  async refresh(): Promise<ShieldModeState> {
    const read = this.channel.begin('Shield Mode not read');
    const id = read.broadcasterId;
    try {
      const answer = await this.options.api.request<{ data: HelixShieldMode[] }>({ method: 'GET', path: '/helix/moderation/shield_mode', query: { broadcaster_id: id, moderator_id: id } });
      if (read.current()) this.apply(answer.data?.data?.[0]);
    } catch (error) {
      if (read.current()) this.set({ ...this.state, error: refusalInWords('Shield Mode not read', error).message });
    }
    return this.state;
  }

  /** Turns Shield Mode on or off; answers once the platform has, or throws in words. */
  async setActive(active: boolean): Promise<ShieldModeState> {
    const what = active ? 'Shield Mode not turned on' : 'Shield Mode not turned off';
    const id = this.channel.require(what);
    try {
      // A PUT: the same request twice leaves the same state, so the client retries it where safe.
      const answer = await this.options.api.request<{ data: HelixShieldMode[] }>({
        method: 'PUT',
        path: '/helix/moderation/shield_mode',
        query: { broadcaster_id: id, moderator_id: id },
        body: { is_active: active },
      });
      if (this.channel.isCurrent(id)) {
        this.channel.changed();
        this.apply(answer.data?.data?.[0] ?? { is_active: active, moderator_id: id, moderator_login: '', moderator_name: '', last_activated_at: '' });
      }
      return this.state;
    } catch (error) {
      throw refusalInWords(what, error);
    }
  }

  /** The hotkey's press: on when off, off when on (read first when not known yet). */
  async toggle(): Promise<ShieldModeState> {
    const known = this.state.known ? this.state : await this.refresh();
    if (!known.known) throw new AppError('unavailable', known.error ?? 'Sidestage could not read whether Shield Mode is on.');
    return this.setActive(!known.active);
  }

  /** "Not now": the suggestion goes until the next raid brings another flood. */
  dismissSuggestion(): ShieldModeState {
    if (this.state.suggestion) this.set({ ...this.state, suggestion: null });
    return this.state;
  }

  private apply(status: HelixShieldMode | undefined): void {
    if (!status) {
      this.set({ ...this.state, error: 'The platform did not say whether Shield Mode is on.' });
      return;
    }
    const by: ChannelUser | null = status.moderator_id ? { id: status.moderator_id, login: status.moderator_login, name: status.moderator_name || status.moderator_login } : null;
    this.set({
      known: true,
      active: status.is_active,
      lastActivatedAt: status.last_activated_at || this.state.lastActivatedAt,
      by: by ?? this.state.by,
      error: null,
      suggestion: status.is_active ? null : this.state.suggestion,
    });
  }

  private set(state: ShieldModeState): void {
    this.channel.set(state);
  }
}

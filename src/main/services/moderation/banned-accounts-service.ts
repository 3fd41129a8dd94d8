/**
 * The channel's banned and timed-out accounts: read from the platform (Get Banned Users, paged)
 * when first signed in and after an EventSub gap, kept fresh from the channel-event stream's bans
 * and unbans (by anyone, anywhere), and unban by an account's name (looked up with Get Users, then
 * Unban User). The per-channel state is a `ChannelState` (common/channel-state.ts).
 */
import type { BannedAccount, BannedAccountsState, ChannelEventOf, ChannelUser } from '../../../shared/ipc/contract';
import { Disposable, type Disposer } from '../../../shared/primitives/emitter';
import type { ApiClient } from '../api/api-client';
import { refusalInWords } from '../api/refusal-words';
import { AppError } from '../app-error';
import { ChannelState } from '../common/channel-state';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { ChannelEvents } from '../events/channel-events';
import type { EventsService } from '../events/events-service';
import type { Logger } from '../logger';

export interface BannedAccountsServiceOptions {
  api: Pick<ApiClient, 'request' | 'paginate'>;
  broadcaster: BroadcasterSource;
  /** The one channel-event stream (src/main/services/events/channel-events.ts). */
  channelEvents: Pick<ChannelEvents, 'on'>;
  /** EventSub's gaps: bans and unbans meanwhile are read again. */
  gaps?: Pick<EventsService, 'onGap'> | null;
  logger: Logger;
  /** Accounts listed; a channel with more lists its newest. Default 1,000. */
  maxListed?: number;
}

/** A banned user as Get Banned Users gives it (the platform's reference). */
interface HelixBannedUser {
  user_id: string;
  user_login: string;
  user_name: string;
  expires_at: string;
  created_at: string;
  reason: string;
  moderator_id: string;
  moderator_login: string;
  moderator_name: string;
}

const notLoaded: BannedAccountsState = { loaded: false, accounts: [], truncated: false, error: null };

export class BannedAccountsService extends Disposable {
  private readonly channel: ChannelState<BannedAccountsState>;
  private started = false;

  constructor(private readonly options: BannedAccountsServiceOptions) {
    super();
    this.channel = new ChannelState<BannedAccountsState>({
      broadcaster: options.broadcaster,
      empty: notLoaded,
      isRead: (state) => state.loaded,
      read: () => this.refresh(),
      reading: 'reading the banned accounts',
      logger: options.logger,
      gaps: options.gaps,
    });
    this.register(() => this.channel.dispose());
  }

  private get state(): BannedAccountsState {
    return this.channel.get();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.register(this.options.channelEvents.on(['ban', 'unban'], (event) => this.onEvent(event)));
    this.channel.start();
  }

  getState(): BannedAccountsState {
    return this.state;
  }

  onChange(listener: (state: BannedAccountsState) => void): Disposer {
    return this.channel.onChange(listener);
  }

  /** Reads every page of Get Banned Users (up to `maxListed`); a failure is kept in the state, in words. */
  async refresh(): Promise<BannedAccountsState> {
    const what = 'Banned accounts not read';
    const max = this.options.maxListed ?? 1_000;
    for (let attempt = 0; attempt < 3; attempt++) {
      const read = this.channel.begin(what);
      const id = read.broadcasterId;
      const accounts: BannedAccount[] = [];
      let truncated = false;
      try {
        for await (const ban of this.options.api.paginate<HelixBannedUser>('/helix/moderation/banned', { broadcaster_id: id, first: 100 })) {
          if (accounts.length >= max) {
            truncated = true;
            break;
          }
          accounts.push(accountOf(ban));
        }
      } catch (error) {
        if (this.channel.isCurrent(id)) this.channel.set({ ...this.state, error: refusalInWords(what, error).message });
        return this.state;
      }
      if (!this.channel.isCurrent(id)) return this.state;
      // A ban or an unban arrived while reading: the pages may already be older than it.
      if (!read.current()) continue;
      accounts.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      this.channel.set({ loaded: true, accounts, truncated, error: null });
      return this.state;
    }
    return this.state;
  }

  /** Unbans (or ends the timeout of) the account named `login`: its id from Get Users, then Unban User. */
  async unbanByName(login: string): Promise<{ message: string }> {
    const what = 'Not unbanned';
    const id = this.channel.require(what);
    const wanted = login.toLowerCase();
    const listed = this.state.accounts.find((a) => a.user.login.toLowerCase() === wanted);
    let user: ChannelUser | null = listed?.user ?? null;
    if (!user) {
      try {
        const found = await this.options.api.request<{ data: { id: string; login: string; display_name: string }[] }>({ method: 'GET', path: '/helix/users', query: { login: wanted } });
        const row = found.data?.data?.[0];
        user = row ? { id: row.id, login: row.login, name: row.display_name || row.login } : null;
      } catch (error) {
        throw refusalInWords(what, error);
      }
      if (!user) throw new AppError('invalid_argument', `${what}: no account is named “${login}”.`);
    }
    if (user.id === id) throw new AppError('invalid_argument', `${what}: that is you.`);
    const target = user;
    this.mark(target.id, true);
    try {
      await this.options.api.request({ method: 'DELETE', path: '/helix/moderation/bans', query: { broadcaster_id: id, moderator_id: id, user_id: target.id } });
    } catch (error) {
      if (this.channel.isCurrent(id)) this.mark(target.id, false);
      throw refusalInWords(what, error);
    }
    if (this.channel.isCurrent(id)) this.channel.setChanged({ ...this.state, accounts: this.state.accounts.filter((a) => a.user.id !== target.id) });
    return { message: `${target.name} is unbanned and may chat again.` };
  }

  private onEvent(event: ChannelEventOf<'ban' | 'unban'>): void {
    if (!this.channel.broadcasterId) return;
    const others = this.state.accounts.filter((a) => a.user.id !== event.user.id);
    if (event.kind === 'unban') {
      this.channel.setChanged({ ...this.state, accounts: others });
      return;
    }
    const banned: BannedAccount = { user: event.user, moderator: event.moderator, reason: event.reason, createdAt: event.at, expiresAt: event.endsAt, pending: false };
    this.channel.setChanged({ ...this.state, accounts: [banned, ...others] });
  }

  private mark(userId: string, pending: boolean): void {
    this.channel.set({ ...this.state, accounts: this.state.accounts.map((a) => (a.user.id === userId ? { ...a, pending } : a)) });
  }
}

function accountOf(b: HelixBannedUser): BannedAccount {
  return {
    user: { id: b.user_id, login: b.user_login, name: b.user_name || b.user_login },
    moderator: b.moderator_id ? { id: b.moderator_id, login: b.moderator_login, name: b.moderator_name || b.moderator_login } : null,
    reason: b.reason ?? '',
    createdAt: b.created_at,
    expiresAt: b.expires_at || null,
    pending: false,
  };
}

/**
 * A chatter as the broadcaster moderates them from a chat message's menu: their card (account and
 * follow age, moderator and VIP, banned now, this broadcast's timeouts, bans and warnings, the
 * platform's suspicious-user status) and what can be done from it: warn with a reason, make or
 * unmake a moderator or a VIP, unban, monitor or restrict as a suspicious user (or lift it). Timeouts and bans go through chat's own moderator actions
 * (they mark the chatter's lines). What the card counts comes from the channel-event stream; what
 * it reads, from the platform, each part on its own, so one refusal leaves the rest shown.
 */
import type { ChannelEvent, ChatUserAction, ChatUserCard, SuspiciousStatusChoice } from '../../../shared/ipc/contract';
import { Disposable } from '../../../shared/primitives/emitter';
import type { ApiClient } from '../api/api-client';
import { refusalInWords } from '../api/refusal-words';
import { AppError } from '../app-error';
import { followCurrentBroadcaster, requireSignedInBroadcaster, type BroadcasterSource } from '../common/current-broadcaster';
import type { ChannelEvents } from '../events/channel-events';

export interface ChatUsersServiceOptions {
  api: Pick<ApiClient, 'request'>;
  broadcaster: BroadcasterSource;
  /** The one channel-event stream (src/main/services/events/channel-events.ts). */
  channelEvents: Pick<ChannelEvents, 'on'>;
}

interface Tally {
  timeouts: number;
  bans: number;
  warnings: number;
}

/** Chatters whose tallies and statuses are remembered; the oldest are forgotten past it. */
const remembered = 20_000;

const actionWords: Record<ChatUserAction, { what: string; done: (name: string) => string }> = {
  addModerator: { what: 'Not made a moderator', done: (name) => `${name} is a moderator now.` },
  removeModerator: { what: 'Moderator not removed', done: (name) => `${name} is no longer a moderator.` },
  addVip: { what: 'Not made a VIP', done: (name) => `${name} is a VIP now.` },
  removeVip: { what: 'VIP not removed', done: (name) => `${name} is no longer a VIP.` },
  unban: { what: 'Not unbanned', done: (name) => `${name} is unbanned and may chat again.` },
};

export class ChatUsersService extends Disposable {
  private broadcasterId: string | null = null;
  /** This broadcast's timeouts, bans and warnings per chatter. */
  private readonly tallies = new Map<string, Tally>();
  private readonly suspicious = new Map<string, NonNullable<ChatUserCard['suspicious']>>();
  private started = false;

  constructor(private readonly options: ChatUsersServiceOptions) {
    super();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const { channelEvents, broadcaster } = this.options;
    this.register(channelEvents.on(['ban', 'warning', 'streamOnline', 'suspiciousUserUpdate', 'suspiciousUserMessage'], (event) => this.onEvent(event)));
    this.register(
      followCurrentBroadcaster(broadcaster, (change) => {
        if (change.id === this.broadcasterId) return;
        this.broadcasterId = change.id;
        this.tallies.clear();
        this.suspicious.clear();
      }),
    );
  }

  /** The chatter's card; what could not be read is named in `unread`, the rest is shown. */
  async getCard(userId: string): Promise<ChatUserCard> {
    const id = this.requireApi('Chatter not shown');
    const { api } = this.options;
    const unread: string[] = [];
    const part = async <T>(label: string, read: () => Promise<T>, fallback: T): Promise<T> => {
      try {
        return await read();
      } catch (error) {
        unread.push(refusalInWords(`${label} not read`, error).message);
        return fallback;
      }
    };
    type Rows<T> = { data?: T[] };
    const [user, follow, moderator, vip, ban] = await Promise.all([
      part('Account age', async () => (await api.request<Rows<{ id: string; login: string; display_name: string; created_at: string }>>({ method: 'GET', path: '/helix/users', query: { id: userId } })).data?.data?.[0] ?? null, null),
      part('Follow age', async () => (await api.request<Rows<{ followed_at: string }>>({ method: 'GET', path: '/helix/channels/followers', query: { broadcaster_id: id, user_id: userId } })).data?.data?.[0] ?? null, null),
      part('Moderator status', async () => ((await api.request<Rows<unknown>>({ method: 'GET', path: '/helix/moderation/moderators', query: { broadcaster_id: id, user_id: userId } })).data?.data?.length ?? 0) > 0, false),
      part('VIP status', async () => ((await api.request<Rows<unknown>>({ method: 'GET', path: '/helix/channels/vips', query: { broadcaster_id: id, user_id: userId } })).data?.data?.length ?? 0) > 0, false),
      part('Ban status', async () => (await api.request<Rows<{ expires_at: string; reason: string }>>({ method: 'GET', path: '/helix/moderation/banned', query: { broadcaster_id: id, user_id: userId } })).data?.data?.[0] ?? null, null),
    ]);
    if (id !== this.broadcasterId) throw new AppError('not_signed_in', 'Chatter not shown: the account changed meanwhile.');
    return {
      user: user ? { id: user.id, login: user.login, name: user.display_name || user.login } : { id: userId, login: '', name: '' },
      createdAt: user?.created_at ?? null,
      followedAt: follow?.followed_at ?? null,
      moderator,
      vip,
      banned: ban ? { until: ban.expires_at || null, reason: ban.reason ?? '' } : null,
      thisBroadcast: { ...(this.tallies.get(userId) ?? { timeouts: 0, bans: 0, warnings: 0 }) },
      suspicious: this.suspicious.get(userId) ?? null,
      unread,
    };
  }

  /** Makes or unmakes a moderator or a VIP, or lifts a ban or timeout; answers with the card read again. */
  async act(userId: string, action: ChatUserAction): Promise<{ message: string; card: ChatUserCard | null }> {
    const { what, done } = actionWords[action];
    const id = this.requireApi(what);
    if (userId === id) throw new AppError('invalid_argument', `${what}: that is you.`);
    const { api } = this.options;
    const roleQuery = { broadcaster_id: id, user_id: userId };
    try {
      switch (action) {
        case 'addModerator':
          await api.request({ method: 'POST', path: '/helix/moderation/moderators', query: roleQuery });
          break;
        case 'removeModerator':
          await api.request({ method: 'DELETE', path: '/helix/moderation/moderators', query: roleQuery });
          break;
        case 'addVip':
          await api.request({ method: 'POST', path: '/helix/channels/vips', query: roleQuery });
          break;
        case 'removeVip':
          await api.request({ method: 'DELETE', path: '/helix/channels/vips', query: roleQuery });
          break;
        case 'unban':
          await api.request({ method: 'DELETE', path: '/helix/moderation/bans', query: { broadcaster_id: id, moderator_id: id, user_id: userId } });
          break;
      }
    } catch (error) {
      throw refusalInWords(what, error);
    }
    const card = await this.getCard(userId).catch(() => null);
    return { message: done(card?.user.name || 'The chatter'), card };
  }

  /** Warns the chatter: they read the reason and must acknowledge it before they chat again. */
  async warn(userId: string, reason: string): Promise<{ message: string; card: ChatUserCard | null }> {
    const what = 'Warning not sent';
    const id = this.requireApi(what);
    if (userId === id) throw new AppError('invalid_argument', `${what}: that is you.`);
    try {
      await this.options.api.request({
        method: 'POST',
        path: '/helix/moderation/warnings',
        query: { broadcaster_id: id, moderator_id: id },
        body: { data: { user_id: userId, reason } },
        retry: 'never',
      });
    } catch (error) {
      throw refusalInWords(what, error);
    }
    const card = await this.getCard(userId).catch(() => null);
    return { message: `${card?.user.name || 'The chatter'} is warned: ${reason}`, card };
  }

  /**
   * Monitors (their lines go out, marked for moderators) or restricts (their lines reach the
   * moderators only) the chatter, or lifts the status: Add / Remove Suspicious Status. The card
   * shows the platform's answer at once; the update event says the same a moment later.
   */
  async setSuspicious(userId: string, status: SuspiciousStatusChoice): Promise<{ message: string; card: ChatUserCard | null }> {
    const what = status === 'none' ? 'Suspicious status not lifted' : status === 'restricted' ? 'Not restricted' : 'Not monitored';
    const id = this.requireApi(what);
    if (userId === id) throw new AppError('invalid_argument', `${what}: that is you.`);
    const query = { broadcaster_id: id, moderator_id: id };
    type Answer = { data?: { status?: string; types?: string[] }[] };
    let answer: Answer | undefined;
    try {
      answer =
        status === 'none'
          ? (await this.options.api.request<Answer>({ method: 'DELETE', path: '/helix/moderation/suspicious_users', query: { ...query, user_id: userId } })).data
          : (
              await this.options.api.request<Answer>({
                method: 'POST',
                path: '/helix/moderation/suspicious_users',
                query,
                body: { user_id: userId, status: status === 'restricted' ? 'RESTRICTED' : 'ACTIVE_MONITORING' },
                // Setting the same status twice leaves it set: safe to send again.
                retry: 'safe',
              })
            ).data;
    } catch (error) {
      throw refusalInWords(what, error);
    }
    if (id === this.broadcasterId) {
      const row = answer?.data?.[0];
      const types = (row?.types ?? []).map(suspiciousTypeOf);
      this.suspicious.delete(userId);
      if (status !== 'none') this.suspicious.set(userId, { status, types });
      trim(this.suspicious);
    }
    const card = await this.getCard(userId).catch(() => null);
    const name = card?.user.name || 'The chatter';
    const message = status === 'none' ? `${name} is no longer treated as suspicious.` : status === 'restricted' ? `${name} is restricted: their lines reach the moderators only.` : `${name} is monitored: their lines are marked for the moderators.`;
    return { message, card };
  }

  private onEvent(event: ChannelEvent): void {
    switch (event.kind) {
      case 'streamOnline':
        // A new broadcast: its counts start at nothing.
        this.tallies.clear();
        return;
      case 'ban':
        return this.count(event.user.id, event.endsAt === null ? 'bans' : 'timeouts');
      case 'warning':
        return this.count(event.user.id, 'warnings');
      case 'suspiciousUserUpdate':
      case 'suspiciousUserMessage': {
        const known = this.suspicious.get(event.user.id);
        this.suspicious.delete(event.user.id);
        if (event.status === 'none') return;
        const types = event.kind === 'suspiciousUserMessage' ? event.types : (known?.types ?? []);
        this.suspicious.set(event.user.id, { status: event.status, types });
        trim(this.suspicious);
        return;
      }
    }
  }

  private count(userId: string, what: keyof Tally): void {
    const tally = this.tallies.get(userId) ?? { timeouts: 0, bans: 0, warnings: 0 };
    this.tallies.delete(userId);
    this.tallies.set(userId, { ...tally, [what]: tally[what] + 1 });
    trim(this.tallies);
  }

  private requireApi(what: string): string {
    return requireSignedInBroadcaster(this.broadcasterId, this.options.broadcaster, what);
  }
}

/** The platform's `MANUALLY_ADDED` in the event stream's words (`manuallyAdded`), others kept as given. */
function suspiciousTypeOf(type: string): string {
  return type.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

function trim<V>(map: Map<string, V>): void {
  if (map.size > remembered) map.delete(map.keys().next().value!);
}

/**
 * Unban requests of the current broadcaster's channel: the pending ones read from the platform (Get
 * Unban Requests) at sign-in and after an EventSub gap, new ones and resolutions live from the
 * channel-event stream, and approve or deny with a note to the viewer (Resolve Unban Requests; an
 * approved request lifts the ban at the platform). What was resolved while Sidestage watched stays
 * listed under the pending ones, newest first, so the broadcaster sees what was decided.
 */
import type { ChannelEventOf, ChannelUser, UnbanRequest, UnbanRequestsState } from '../../../shared/ipc/contract';
import { Disposable, type Disposer } from '../../../shared/primitives/emitter';
import type { ApiClient } from '../api/api-client';
import { refusalInWords } from '../api/refusal-words';
import { AppError } from '../app-error';
import { ChannelState } from '../common/channel-state';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { ChannelEvents } from '../events/channel-events';
import type { EventsService } from '../events/events-service';
import type { Logger } from '../logger';

export interface UnbanRequestsServiceOptions {
  api: Pick<ApiClient, 'request' | 'paginate'>;
  broadcaster: BroadcasterSource;
  /** The one channel-event stream (src/main/services/events/channel-events.ts). */
  channelEvents: Pick<ChannelEvents, 'on'>;
  /** EventSub's gaps: what arrived meanwhile is read again. */
  gaps?: Pick<EventsService, 'onGap'> | null;
  logger: Logger;
  /** Resolved requests kept under the pending ones. Default 20. */
  resolvedKept?: number;
}

/** An unban request as Get / Resolve Unban Requests give it (the platform's reference). */
interface HelixUnbanRequest {
  id: string;
  user_id: string;
  user_login: string;
  user_name: string;
  moderator_id: string | null;
  moderator_login: string | null;
  moderator_name: string | null;
  text: string;
  status: UnbanRequest['status'];
  created_at: string;
  resolved_at: string | null;
  resolution_text: string | null;
}

const notLoaded: UnbanRequestsState = { loaded: false, requests: [], error: null };
const maxPending = 500;

export class UnbanRequestsService extends Disposable {
  private readonly channel: ChannelState<UnbanRequestsState>;
  private started = false;

  constructor(private readonly options: UnbanRequestsServiceOptions) {
    super();
    this.channel = new ChannelState<UnbanRequestsState>({
      broadcaster: options.broadcaster,
      empty: notLoaded,
      isRead: (state) => state.loaded,
      read: () => this.refresh(),
      reading: 'reading unban requests',
      logger: options.logger,
      gaps: options.gaps,
    });
    this.register(() => this.channel.dispose());
  }

  private get state(): UnbanRequestsState {
    return this.channel.get();
  }

  private get broadcasterId(): string | null {
    return this.channel.broadcasterId;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.register(this.options.channelEvents.on(['unbanRequest', 'unbanRequestResolve'], (event) => this.onEvent(event)));
    this.channel.start();
  }

  getState(): UnbanRequestsState {
    return this.state;
  }

  onChange(listener: (state: UnbanRequestsState) => void): Disposer {
    return this.channel.onChange(listener);
  }

  /** Reads the pending requests; a failure is kept in the state, in words. */
  async refresh(): Promise<UnbanRequestsState> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const read = this.channel.begin('Unban requests not read');
      const id = read.broadcasterId;
      let pending: UnbanRequest[];
      try {
        pending = [];
        for await (const request of this.options.api.paginate<HelixUnbanRequest>('/helix/moderation/unban_requests', { broadcaster_id: id, moderator_id: id, status: 'pending', first: 100 })) {
          pending.push(requestOf(request));
          if (pending.length >= maxPending) break;
        }
      } catch (error) {
        if (id === this.broadcasterId) this.set({ ...this.state, error: refusalInWords('Unban requests not read', error).message });
        return this.state;
      }
      if (!this.channel.isCurrent(id)) return this.state;
      // A request or a resolution arrived while reading: the list may already be older than it.
      if (!read.current()) continue;
      pending.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      this.set({ loaded: true, requests: [...pending, ...this.resolved()], error: null });
      return this.state;
    }
    return this.state;
  }

  /** Approves (the viewer may chat again) or denies a request, with an optional note to the viewer. */
  async resolve(requestId: string, status: 'approved' | 'denied', note?: string): Promise<{ message: string }> {
    const what = status === 'approved' ? 'Unban request not approved' : 'Unban request not denied';
    const id = this.channel.require(what);
    const request = this.state.requests.find((r) => r.id === requestId);
    if (!request) throw new AppError('invalid_argument', `${what}: it is no longer in the list. Refresh and try again.`);
    if (request.status !== 'pending') throw new AppError('invalid_argument', `${what}: it was already ${request.status}.`);
    if (request.pending) throw new AppError('invalid_argument', `${what}: it is already being resolved.`);
    this.replace({ ...request, pending: true });
    let answer: HelixUnbanRequest | undefined;
    try {
      const res = await this.options.api.request<{ data: HelixUnbanRequest[] }>({
        method: 'PATCH',
        path: '/helix/moderation/unban_requests',
        query: { broadcaster_id: id, moderator_id: id, unban_request_id: requestId, status, resolution_text: note || undefined },
        // Resolving twice is refused by the platform, not done twice.
        retry: 'safe',
      });
      answer = res.data?.data?.[0];
    } catch (error) {
      if (id === this.broadcasterId) {
        const now = this.state.requests.find((r) => r.id === requestId);
        if (now?.status === 'pending') this.replace({ ...now, pending: false });
      }
      throw refusalInWords(what, error);
    }
    if (id === this.broadcasterId) {
      const resolved: UnbanRequest = answer ? requestOf(answer) : { ...request, status, resolutionText: note ?? null, resolvedBy: null, pending: false };
      this.settle(resolved);
    }
    return { message: status === 'approved' ? `${request.user.name} is unbanned and may chat again.` : `${request.user.name}'s unban request is denied.` };
  }

  private onEvent(event: ChannelEventOf<'unbanRequest' | 'unbanRequestResolve'>): void {
    if (!this.broadcasterId) return;
    this.channel.changed();
    if (event.kind === 'unbanRequest') {
      if (this.state.requests.some((r) => r.id === event.requestId)) return;
      const request: UnbanRequest = { id: event.requestId, user: event.user, text: event.text, createdAt: event.createdAt, status: 'pending', resolvedBy: null, resolutionText: null, pending: false };
      const pending = [...this.state.requests.filter((r) => r.status === 'pending'), request];
      this.set({ ...this.state, requests: [...pending, ...this.resolved()] });
      return;
    }
    const known = this.state.requests.find((r) => r.id === event.requestId);
    this.settle({
      id: event.requestId,
      user: event.user,
      text: known?.text ?? '',
      createdAt: known?.createdAt ?? event.at,
      status: event.status,
      resolvedBy: event.moderator,
      resolutionText: event.resolutionText || null,
      pending: false,
    });
  }

  /** A request is resolved: out of the pending ones, first of the resolved ones. */
  private settle(resolved: UnbanRequest): void {
    const others = this.state.requests.filter((r) => r.id !== resolved.id);
    const pending = others.filter((r) => r.status === 'pending');
    const done = [resolved, ...others.filter((r) => r.status !== 'pending')].slice(0, this.options.resolvedKept ?? 20);
    this.set({ ...this.state, requests: [...pending, ...done] });
  }

  private resolved(): UnbanRequest[] {
    return this.state.requests.filter((r) => r.status !== 'pending');
  }

  private replace(request: UnbanRequest): void {
    this.set({ ...this.state, requests: this.state.requests.map((r) => (r.id === request.id ? request : r)) });
  }

  private set(state: UnbanRequestsState): void {
    this.channel.set(state);
  }
}

function requestOf(r: HelixUnbanRequest): UnbanRequest {
  const moderator: ChannelUser | null = r.moderator_id ? { id: r.moderator_id, login: r.moderator_login ?? '', name: r.moderator_name ?? r.moderator_login ?? '' } : null;
  return {
    id: r.id,
    user: { id: r.user_id, login: r.user_login, name: r.user_name || r.user_login },
    text: r.text ?? '',
    createdAt: r.created_at,
    status: r.status,
    resolvedBy: moderator,
    resolutionText: r.resolution_text || null,
    pending: false,
  };
}

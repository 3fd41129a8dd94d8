/**
 * Stand-ins for the moderation services' unit tests: the platform as a table of answers by method
 * and path (every request recorded), and typed channel events to publish on the real stream
 * (`fake-channel-events.ts`; `ChannelEvents.publish` checks them against their schema).
 */
import type { ChannelEvent, ChannelEventKind, ChannelEventOf } from '../../shared/ipc/contract';
import type { ApiRequest, ApiResponse, Query } from '../services/api/api-client';
import { ApiError } from '../services/api/api-error';

type Answer = unknown | ((req: ApiRequest) => unknown | Promise<unknown>);

/** The platform's API as a table: `'GET /helix/...'` to an answer (a value, or a function of the request that may throw). */
export class ScriptedApi {
  readonly sent: ApiRequest[] = [];
  private readonly answers = new Map<string, Answer>();

  answer(route: string, answer: Answer): this {
    this.answers.set(route, answer);
    return this;
  }

  /** The requests sent to a route, in order. */
  to(route: string): ApiRequest[] {
    return this.sent.filter((r) => `${r.method} ${r.path}` === route);
  }

  readonly request = async <T>(req: ApiRequest): Promise<ApiResponse<T>> => {
    this.sent.push(req);
    const route = `${req.method} ${req.path}`;
    if (!this.answers.has(route)) throw new ApiError(404, 'Not Found', `no answer scripted for ${route}`);
    const answer = this.answers.get(route);
    const data = typeof answer === 'function' ? await (answer as (req: ApiRequest) => unknown)(req) : answer;
    return { status: data === undefined ? 204 : 200, data: data as T };
  };

  /** One page: the scripted GET's `data`. */
  readonly paginate = async function* <T>(this: ScriptedApi, path: string, query: Query = {}): AsyncGenerator<T, void, undefined> {
    const page = await this.request<{ data?: T[] }>({ method: 'GET', path, query });
    yield* page.data?.data ?? [];
  };
}

let sequence = 0;

/** A live channel event of `kind` with a fresh id, now. */
export function channelEvent<K extends ChannelEventKind>(kind: K, fields: Omit<ChannelEventOf<K>, 'kind' | 'id' | 'at' | 'source'> & { at?: string }): ChannelEvent {
  return { at: new Date().toISOString(), ...fields, kind, id: `test-${kind}-${++sequence}`, source: 'live' } as ChannelEvent;
}

export const user = (id: string, name = `Viewer${id}`) => ({ id, login: name.toLowerCase(), name });

export const noRoles = { broadcaster: false, moderator: false, vip: false, subscriber: false };

/** A chat line of a chatter without roles, as the stream types it. */
export function chatLine(userId: string, text = 'hello', roles = noRoles): ChannelEvent {
  return channelEvent('chatMessage', { messageId: `msg-${++sequence}`, user: user(userId), text, fragments: [{ type: 'text', text, emoteId: null }], color: null, badges: [], roles });
}

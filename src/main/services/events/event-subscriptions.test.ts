import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { silentLogger } from '../logger';
import { EventSubscriptions, wantedSubscription, type SubscriptionRecord } from './event-subscriptions';

function subscriptions(answer: (req: ApiRequest) => ApiResponse<unknown> | Promise<never> = () => ({ status: 202, data: { data: [{ id: 'sub-1' }] } })) {
  const changes: (SubscriptionRecord | null)[] = [];
  const requests: ApiRequest[] = [];
  const api = {
    request: async <T>(req: ApiRequest): Promise<ApiResponse<T>> => {
      requests.push(req);
      return (await answer(req)) as ApiResponse<T>;
    },
  };
  const subs = new EventSubscriptions(api, silentLogger, (added) => changes.push(added));
  return { subs, changes, requests };
}

/** Every type used here is at version 1. */
const v1 = { version: '1' };
const types = (subs: EventSubscriptions) => subs.records.map((r) => `${r.type} ${JSON.stringify(r.condition)} ${r.status}`);

describe('EventSubscriptions', () => {
  it('builds one record per distinct subscription for the broadcaster served, and none while nobody is', () => {
    const { subs, changes } = subscriptions();
    subs.want(wantedSubscription('stream.online', v1));
    subs.want(wantedSubscription('stream.online', v1));
    subs.want(wantedSubscription('stream.online', { ...v1, condition: { broadcaster_user_id: '9' } }));
    expect(subs.records).toEqual([]);
    expect(changes).toEqual([]);
    subs.serve('7');
    expect(types(subs)).toEqual(['stream.online {"broadcaster_user_id":"7"} pending', 'stream.online {"broadcaster_user_id":"9"} pending']);
    subs.serve(null);
    expect(subs.records).toEqual([]);
  });

  it('keeps a record while any want holds it, and says when one comes or goes', () => {
    const { subs, changes } = subscriptions();
    subs.serve('7');
    const first = subs.want(wantedSubscription('stream.offline', v1));
    const second = subs.want(wantedSubscription('stream.offline', v1));
    expect(changes).toHaveLength(1);
    first();
    first();
    expect(types(subs)).toEqual(['stream.offline {"broadcaster_user_id":"7"} pending']);
    second();
    expect(subs.records).toEqual([]);
    expect(changes).toEqual([expect.objectContaining({ type: 'stream.offline' }), null]);
  });

  it('creates a record on a session, counting a 409 as existing and a 403 as a lasting failure', async () => {
    const { subs, requests } = subscriptions((req) => {
      const type = (req.body as { type: string }).type;
      if (type === 'stream.offline') throw new ApiError(409, 'Conflict', 'exists');
      if (type === 'channel.charity_campaign.donate') throw new ApiError(403, 'Forbidden', 'missing scope');
      return { status: 202, data: { data: [{ id: 'sub-1' }] } };
    });
    for (const type of ['stream.online', 'stream.offline', 'channel.charity_campaign.donate']) subs.want(wantedSubscription(type, v1));
    subs.serve('7');
    await Promise.all(subs.records.map((r) => subs.create('session-1', r, () => true)));
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/helix/eventsub/subscriptions', retry: 'safe', body: { type: 'stream.online', version: '1', transport: { method: 'websocket', session_id: 'session-1' } } });
    expect(subs.records.map((r) => [r.type, r.status, r.id, r.permanent])).toEqual([
      ['stream.online', 'enabled', 'sub-1', false],
      ['stream.offline', 'enabled', null, false],
      ['channel.charity_campaign.donate', 'failed', null, true],
    ]);
    expect(subs.anyEnabled && subs.anyFailed && subs.anyPermanent).toBe(true);

    // A new session: what can work is pending again; a lasting failure stays until retryAll().
    subs.markPending();
    expect(subs.records.map((r) => r.status)).toEqual(['pending', 'pending', 'failed']);
    subs.retryAll();
    expect(subs.records.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('leaves a record alone when its answer comes after the session was replaced', async () => {
    const { subs } = subscriptions();
    subs.want(wantedSubscription('stream.online', v1));
    subs.serve('7');
    await subs.create('session-1', subs.records[0]!, () => false);
    expect(subs.records[0]).toMatchObject({ status: 'pending', id: null });
  });

  it('records a revocation by id, or else by what it was for, and names a withdrawn authorization', async () => {
    const { subs } = subscriptions();
    subs.want(wantedSubscription('stream.online', v1));
    subs.want(wantedSubscription('stream.offline', v1));
    subs.serve('7');
    await subs.create('session-1', subs.records[0]!, () => true);
    subs.revoke({ id: 'sub-1', type: 'stream.online', version: '1', condition: { broadcaster_user_id: '7' }, reason: 'user_removed' });
    subs.revoke({ id: 'unknown', type: 'stream.offline', version: '1', condition: { broadcaster_user_id: '7' }, reason: 'authorization_revoked' });
    expect(subs.records.map((r) => [r.status, r.error])).toEqual([
      ['revoked', 'Revoked: the account no longer exists or was suspended (user_removed).'],
      ['revoked', 'Revoked: the authorization was withdrawn (authorization_revoked). Sign in again.'],
    ]);
    expect(subs.revokedAuthorizationError()).toMatch(/revoked Sidestage's access/);
    subs.markPending();
    expect(subs.records.map((r) => r.status)).toEqual(['revoked', 'revoked']);
  });
});

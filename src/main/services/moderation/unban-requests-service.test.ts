import { describe, expect, it, vi } from 'vitest';
import { Emitter } from '../../../shared/primitives/emitter';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';
import { channelEvent, ScriptedApi, user } from '../../test-support/moderation-fakes';
import type { ApiRequest } from '../api/api-client';
import { ApiError } from '../api/api-error';
import type { EventsGap } from '../events/events-service';
import { silentLogger } from '../logger';
import { UnbanRequestsService } from './unban-requests-service';

const helix = (id: string, createdAt: string, status = 'pending') => ({
  id,
  broadcaster_id: '42',
  broadcaster_login: 'me',
  broadcaster_name: 'Me',
  moderator_id: status === 'pending' ? null : '42',
  moderator_login: status === 'pending' ? null : 'me',
  moderator_name: status === 'pending' ? null : 'Me',
  user_id: `u-${id}`,
  user_login: `viewer${id}`,
  user_name: `Viewer${id}`,
  text: `please ${id}`,
  status,
  created_at: createdAt,
  resolved_at: null,
  resolution_text: status === 'pending' ? null : 'ok',
});

function setup(pending = [helix('b', '2030-01-01T10:02:00Z'), helix('a', '2030-01-01T10:01:00Z')]) {
  const api = new ScriptedApi().answer('GET /helix/moderation/unban_requests', { data: pending });
  api.answer('PATCH /helix/moderation/unban_requests', (req: ApiRequest) => ({ data: [{ ...helix(String(req.query!.unban_request_id), '2030-01-01T10:01:00Z', String(req.query!.status)), resolution_text: req.query!.resolution_text ?? null }] }));
  const { auth, broadcaster } = fakeBroadcaster();
  const stream = fakeChannelEvents(broadcaster).stream;
  const gaps = new Emitter<EventsGap>();
  const requests = new UnbanRequestsService({ api, broadcaster, channelEvents: stream, gaps: { onGap: (l) => gaps.on(l) }, logger: silentLogger });
  requests.start();
  return { api, auth, stream, gaps, requests };
}

describe('UnbanRequestsService', () => {
  it('reads the pending requests at sign-in, oldest first', async () => {
    const { api, requests } = setup();
    await vi.waitFor(() => expect(requests.getState().loaded).toBe(true));
    expect(api.to('GET /helix/moderation/unban_requests')[0]!.query).toMatchObject({ broadcaster_id: '42', moderator_id: '42', status: 'pending' });
    expect(requests.getState().requests.map((r) => [r.id, r.user.name, r.text, r.status])).toEqual([
      ['a', 'Viewera', 'please a', 'pending'],
      ['b', 'Viewerb', 'please b', 'pending'],
    ]);
  });

  it('approves with a note to the viewer; the request moves under the pending ones', async () => {
    const { api, requests } = setup();
    await vi.waitFor(() => expect(requests.getState().loaded).toBe(true));
    const approving = requests.resolve('a', 'approved', 'Welcome back');
    expect(requests.getState().requests[0]).toMatchObject({ id: 'a', pending: true });
    await expect(approving).resolves.toEqual({ message: 'Viewera is unbanned and may chat again.' });
    expect(api.to('PATCH /helix/moderation/unban_requests')[0]!.query).toEqual({ broadcaster_id: '42', moderator_id: '42', unban_request_id: 'a', status: 'approved', resolution_text: 'Welcome back' });
    expect(requests.getState().requests.map((r) => [r.id, r.status, r.resolutionText])).toEqual([
      ['b', 'pending', null],
      ['a', 'approved', 'Welcome back'],
    ]);
    await expect(requests.resolve('a', 'denied')).rejects.toThrow('Unban request not denied: it was already approved.');
  });

  it('a refusal is said in words and the request can be resolved again', async () => {
    const { api, requests } = setup();
    await vi.waitFor(() => expect(requests.getState().loaded).toBe(true));
    api.answer('PATCH /helix/moderation/unban_requests', () => {
      throw new ApiError(400, 'Bad Request', 'The resolution text is too long.');
    });
    await expect(requests.resolve('b', 'denied', 'no')).rejects.toThrow('Unban request not denied: The resolution text is too long.');
    expect(requests.getState().requests.find((r) => r.id === 'b')).toMatchObject({ status: 'pending', pending: false });
  });

  it('follows new requests and resolutions made elsewhere; a read overtaken by one is read again', async () => {
    const { api, stream, requests } = setup([]);
    await vi.waitFor(() => expect(requests.getState().loaded).toBe(true));
    let answer: (value: unknown) => void = () => {};
    api.answer('GET /helix/moderation/unban_requests', () => new Promise((resolve) => (answer = resolve)));
    const reading = requests.refresh();
    stream.publish(channelEvent('unbanRequest', { requestId: 'c', user: user('5'), text: 'sorry', createdAt: '2030-01-01T10:03:00Z' }));
    api.answer('GET /helix/moderation/unban_requests', { data: [helix('c', '2030-01-01T10:03:00Z')] });
    answer({ data: [] });
    await reading;
    expect(requests.getState().requests.map((r) => r.id)).toEqual(['c']);
    stream.publish(channelEvent('unbanRequestResolve', { requestId: 'c', user: user('5'), moderator: user('9', 'Mod'), status: 'denied', resolutionText: 'no' }));
    expect(requests.getState().requests).toMatchObject([{ id: 'c', status: 'denied', resolvedBy: { name: 'Mod' }, resolutionText: 'no', text: 'please c' }]);
  });

  it('reads again after an EventSub gap, and says a failed read in words', async () => {
    const { api, gaps, requests } = setup([]);
    await vi.waitFor(() => expect(requests.getState().loaded).toBe(true));
    api.answer('GET /helix/moderation/unban_requests', () => {
      throw new ApiError(401, 'Unauthorized', 'Missing scope: moderator:read:unban_requests');
    });
    gaps.fire({ reason: 'drop', since: null });
    await vi.waitFor(() => expect(requests.getState().error).toBe('Unban requests not read: sign in again to allow this.'));
    expect(api.to('GET /helix/moderation/unban_requests')).toHaveLength(2);
  });
});

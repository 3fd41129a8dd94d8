import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';
import { createFakeClock } from '../../test-support/fake-clock';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';
import { RaidService } from './raid-service';

const sam = { id: '7', login: 'sam', display_name: 'Sam' };

function setup(answer: (r: { method: string; path: string; query?: Record<string, unknown> }) => unknown) {
  const clock = createFakeClock(Date.UTC(2030, 0, 1, 10));
  const request = vi.fn(async (r: { method: string; path: string; query?: Record<string, unknown> }) => ({ status: 200, data: answer(r) }));
  const { auth, broadcaster } = fakeBroadcaster();
  const { source, stream } = fakeChannelEvents(broadcaster);
  const raids = new RaidService({ api: { request: request as never }, broadcaster, channelEvents: stream, clock });
  return { raids, request, clock, auth, source };
}

const platform = (r: { method: string; path: string }) => {
  if (r.path === '/helix/users') return { data: [sam] };
  if (r.path === '/helix/raids' && r.method === 'POST') return { data: [{ created_at: '2030-01-01T10:00:00Z', is_mature: false }] };
  return undefined;
};

describe('RaidService', () => {
  it('without the raid event, the raid counts as done once the platform’s countdown is over', async () => {
    const { raids, clock } = setup(platform);
    const started = await raids.start('7');
    expect(started.raid).toMatchObject({ status: 'pending', dueAt: '2030-01-01T10:01:30.000Z', to: { displayName: 'Sam' } });
    clock.advance(90_000);
    expect(raids.getState().raid!.status).toBe('pending');
    clock.advance(5_000);
    expect(raids.getState().raid).toMatchObject({ status: 'done', viewers: null });
    raids.dispose();
  });

  it('the raid event ends the countdown with the viewers who went; a raid in is whom the shoutout hotkey thanks', async () => {
    const { raids, request, source } = setup(platform);
    await expect(raids.shoutoutRecentRaider()).rejects.toThrow('Nobody has raided you');
    await raids.start('7');
    const raid = (from: { id: string; login: string; name: string }, to: { id: string; login: string; name: string }, viewers: number) => ({
      from_broadcaster_user_id: from.id,
      from_broadcaster_user_login: from.login,
      from_broadcaster_user_name: from.name,
      to_broadcaster_user_id: to.id,
      to_broadcaster_user_login: to.login,
      to_broadcaster_user_name: to.name,
      viewers,
    });
    const me = { id: '42', login: 'me', name: 'Me' };
    const samUser = { id: '7', login: 'sam', name: 'Sam' };
    source.fire('channel.raid', raid(me, samUser, 23));
    expect(raids.getState().raid).toMatchObject({ status: 'done', viewers: 23 });
    source.fire('channel.raid', raid(samUser, me, 5));
    await raids.shoutoutRecentRaider();
    expect(request.mock.calls.find(([r]) => r.path === '/helix/chat/shoutouts')?.[0]).toMatchObject({ query: { from_broadcaster_id: '42', to_broadcaster_id: '7' } });
    raids.dispose();
  });

  it('reuses the followed live channels while typing, and reads them anew when asked fresh (the search taken up again)', async () => {
    let live = [{ user_id: '7', user_login: 'sam', user_name: 'Sam', game_name: 'Minecraft', title: 'Any%', viewer_count: 3 }];
    const { raids, request } = setup((r) => (r.path === '/helix/streams/followed' ? { data: live } : platform(r)));
    const reads = () => request.mock.calls.filter(([r]) => r.path === '/helix/streams/followed').length;
    expect((await raids.searchFollowed('')).map((c) => c.login)).toEqual(['sam']);
    live = [...live, { user_id: '8', user_login: 'mal', user_name: 'Mal', game_name: 'Chess', title: 'Blitz', viewer_count: 9 }];
    expect((await raids.searchFollowed('s')).map((c) => c.login)).toEqual(['sam']);
    expect(reads()).toBe(1);
    expect((await raids.searchFollowed('', { fresh: true })).map((c) => c.login)).toEqual(['sam', 'mal']);
    expect(reads()).toBe(2);
    raids.dispose();
  });

  it("a shoutout by id (the feed's raider) counts toward the same cooldowns and state as one by name", async () => {
    const { raids, request, clock } = setup(platform);
    const byId = await raids.shoutoutById('7');
    expect(byId.shoutout).toMatchObject({ to: { id: '7', displayName: 'Sam' } });
    const posts = () => request.mock.calls.filter(([r]) => r.path === '/helix/chat/shoutouts').length;
    await expect(raids.shoutout('sam')).rejects.toThrow('One shoutout every 2 minutes');
    clock.advance(3 * 60_000);
    await expect(raids.shoutout('sam')).rejects.toThrow('Sam was shouted out less than an hour ago');
    expect(posts()).toBe(1);
    raids.dispose();
  });

  it('refuses a second shoutout to the same channel within the hour, in words, without asking the platform', async () => {
    const { raids, request, clock } = setup(platform);
    await raids.shoutout('@Sam');
    clock.advance(3 * 60_000);
    const posts = () => request.mock.calls.filter(([r]) => r.path === '/helix/chat/shoutouts').length;
    await expect(raids.shoutout('sam')).rejects.toThrow('Sam was shouted out less than an hour ago: again in 57 min.');
    expect(posts()).toBe(1);
  });

  it('says "too late" when a raid cannot be canceled any more, and forgets everything on an account change', async () => {
    const { raids, auth } = setup((r) => {
      if (r.method === 'DELETE') throw new ApiError(404, 'Not Found', "The broadcaster doesn't have a pending raid to cancel.");
      return platform(r);
    });
    await raids.start('7');
    await expect(raids.cancel()).rejects.toThrow('Too late: the raid has already happened.');
    auth.set({ ...auth.getState(), status: 'signedOut', account: null });
    expect(raids.getState()).toEqual({ raid: null, shoutout: null });
    await expect(raids.start('7')).rejects.toMatchObject({ code: 'not_signed_in' });
  });

  it('words a cooldown the platform applies (a shoutout sent from elsewhere), which the API client reports as its rate limit', async () => {
    const { raids } = setup((r) => {
      if (r.path === '/helix/chat/shoutouts') throw new AppError('rate_limited', 'The platform is limiting requests right now. Try again in 1 s.', { status: 429 });
      return platform(r);
    });
    await expect(raids.shoutout('sam')).rejects.toThrow('The platform refused the shoutout to Sam for its cooldowns: one shoutout every 2 minutes, the same channel once an hour. Try again later.');
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';
import { ChannelInfoService, checkChannelInfo } from './channel-info-service';

const channel = { broadcaster_language: 'en', game_id: '1', game_name: 'Chess', title: 'T', tags: ['English'], is_branded_content: false };

function setup(patch: (req: ApiRequest) => void = () => {}) {
  const get = vi.fn(async (path: string) => {
    if (path === '/helix/channels') return { data: [channel] };
    return { data: [{ id: '9', name: 'Chess Puzzles', box_art_url: 'x' }] };
  });
  const request = vi.fn(async (req: ApiRequest) => {
    patch(req);
    return { status: 204, data: undefined };
  });
  const onChanged = vi.fn();
  const service = new ChannelInfoService({ api: { get: get as never, request: request as never }, broadcaster: fakeBroadcaster().broadcaster, onChanged });
  return { service, get, request, onChanged };
}

describe('ChannelInfoService', () => {
  it('asks for the sign-in while it is renewed, without calling the API', async () => {
    const { auth, broadcaster } = fakeBroadcaster();
    const get = vi.fn();
    const service = new ChannelInfoService({ api: { get, request: vi.fn() }, broadcaster });
    auth.expire();
    await expect(service.get()).rejects.toMatchObject({ code: 'not_signed_in' });
    expect(get).not.toHaveBeenCalled();
  });

  it('reads the channel', async () => {
    expect(await setup().service.get()).toEqual({ title: 'T', categoryId: '1', categoryName: 'Chess', language: 'en', tags: ['English'], isBrandedContent: false });
  });

  it('sends only the fields given, then reads back', async () => {
    const { service, request, onChanged } = setup();
    await service.update({ title: ' New ', categoryId: '9' });
    expect(request).toHaveBeenCalledWith({ method: 'PATCH', path: '/helix/channels', query: { broadcaster_id: '42' }, body: { title: 'New', game_id: '9' } });
    expect(onChanged).toHaveBeenCalled();
  });

  it('explains the 409 for the branded-content flag', async () => {
    const { service } = setup(() => {
      throw new ApiError(409, 'Conflict', 'User set the Branded Content flag too frequently');
    });
    await expect(service.update({ isBrandedContent: true })).rejects.toThrow(/changed too often/);
  });

  it('checks the form before sending', () => {
    expect(checkChannelInfo({ title: '' })).toMatch(/empty/);
    expect(checkChannelInfo({ tags: ['two words'] })).toMatch(/without spaces/);
    expect(checkChannelInfo({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).toMatch(/10 tags/);
    expect(checkChannelInfo({ language: 'english' })).toMatch(/two-letter/);
    expect(checkChannelInfo({ title: 'ok', tags: ['Speedrun'], language: 'de' })).toBeNull();
  });

  it('searches categories for the type-ahead', async () => {
    const { service, get } = setup();
    expect(await service.searchCategories(' che ')).toEqual([{ id: '9', name: 'Chess Puzzles', boxArtUrl: 'x' }]);
    expect(get).toHaveBeenCalledWith('/helix/search/categories', { query: 'che', first: 10 });
    expect(await service.searchCategories('  ')).toEqual([]);
  });

  it('announces every read, and reads back a change made on the platform (channel.update)', async () => {
    const { broadcaster } = fakeBroadcaster();
    const { source, stream } = fakeChannelEvents(broadcaster);
    let held = channel;
    const get = vi.fn(async () => ({ data: [held] }));
    const service = new ChannelInfoService({ api: { get: get as never, request: vi.fn() }, broadcaster, channelEvents: stream });
    const seen: string[] = [];
    service.onChange((info) => seen.push(info.title));
    service.start();
    await service.get();
    held = { ...channel, title: 'From the dashboard', tags: ['New'] };
    const update = { broadcaster_user_id: '42', title: 'From the dashboard', language: 'en', category_id: '1', category_name: 'Chess' };
    source.fire('channel.update', update);
    await vi.waitFor(() => expect(seen).toEqual(['T', 'From the dashboard']));
    // Another channel's update is not ours.
    source.fire('channel.update', { ...update, broadcaster_user_id: '7' });
    expect(get).toHaveBeenCalledTimes(2);
    service.dispose();
    expect(source.held('channel.update')).toBe(0);
  });

  it('never announces an older read over a newer one', async () => {
    const answers: ((value: unknown) => void)[] = [];
    const get = vi.fn(() => new Promise((resolve) => answers.push(resolve)));
    const service = new ChannelInfoService({ api: { get: get as never, request: vi.fn() }, broadcaster: fakeBroadcaster().broadcaster });
    const seen: string[] = [];
    service.onChange((info) => seen.push(info.title));
    const first = service.get();
    const second = service.get();
    answers[1]!({ data: [{ ...channel, title: 'newer' }] });
    await second;
    answers[0]!({ data: [{ ...channel, title: 'older' }] });
    await first;
    expect(seen).toEqual(['newer']);
  });
});

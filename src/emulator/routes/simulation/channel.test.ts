import { describe, expect, it } from 'vitest';
import { call } from '../../test-support/emulator-test-client';
import { badRequest as bad, useDemoEmulator } from '../../test-support/demo-emulator';

const demo = useDemoEmulator();
const BROADCASTER = '501234567';
const VIEWER = '612345001';
const LURKER = '612345004';

const post = demo.simulate;
const remove = (path: string, json: unknown) => call(`${demo.url}/_emulator${path}`, { method: 'DELETE', json });

describe('POST /_emulator/follows', () => {
  it('makes a user follow a channel, answers the follow and publishes channel.follow', async () => {
    const events = demo.recordEvents();
    const res = await post('/follows', { user_id: BROADCASTER, broadcaster_id: LURKER });
    expect(res.status).toBe(200);
    const followedAt = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(res.json).toEqual({
      user_id: BROADCASTER,
      user_login: 'sidestage_demo',
      user_name: 'Sidestage_Demo',
      broadcaster_id: LURKER,
      broadcaster_login: 'lurkingluna',
      broadcaster_name: 'LurkingLuna',
      followed_at: followedAt,
    });
    expect(events).toEqual([
      {
        type: 'channel.follow',
        broadcasterUserId: LURKER,
        event: {
          user_id: BROADCASTER,
          user_login: 'sidestage_demo',
          user_name: 'Sidestage_Demo',
          broadcaster_user_id: LURKER,
          broadcaster_user_login: 'lurkingluna',
          broadcaster_user_name: 'LurkingLuna',
          followed_at: res.json.followed_at,
        },
      },
    ]);
    expect(demo.state.follows.get(BROADCASTER, LURKER)).toBeDefined();
  });

  it('takes a past followed_at, refuses duplicates, self-follows, unknown users and bad bodies', async () => {
    const res = await post('/follows', { user_id: VIEWER, broadcaster_id: LURKER, followed_at: '2024-01-02T03:04:05Z' });
    expect(res.json.followed_at).toBe('2024-01-02T03:04:05Z');
    expect((await post('/follows', { user_id: VIEWER, broadcaster_id: LURKER })).status).toBe(409);
    expect((await post('/follows', { user_id: VIEWER, broadcaster_id: VIEWER })).json).toEqual(bad('A user cannot follow their own channel'));
    expect((await post('/follows', { user_id: '1', broadcaster_id: LURKER })).json).toEqual(bad('Unknown user_id "1"'));
    expect((await post('/follows', { user_id: VIEWER })).json).toEqual(bad('Missing required field "broadcaster_id"'));
    expect((await post('/follows', { user_id: VIEWER, broadcaster_id: BROADCASTER, followed_at: 'yesterday' })).status).toBe(400);
    expect((await post('/follows', { user_id: VIEWER, broadcaster_id: BROADCASTER, followed_at: '2999-01-01T00:00:00Z' })).status).toBe(400);
    expect((await post('/follows', { user_id: VIEWER, broadcaster_id: BROADCASTER, extra: 1 })).json).toEqual(bad('Unknown field "extra"'));
    expect((await post('/follows')).status).toBe(400);
  });

  it('unfollows with DELETE', async () => {
    expect((await remove('/follows', { user_id: VIEWER, broadcaster_id: BROADCASTER })).json).toMatchObject({ user_id: VIEWER, broadcaster_id: BROADCASTER });
    expect(demo.state.follows.get(VIEWER, BROADCASTER)).toBeUndefined();
    expect((await remove('/follows', { user_id: VIEWER, broadcaster_id: BROADCASTER })).status).toBe(404);
  });
});

describe('POST /_emulator/editors', () => {
  it('adds an editor and answers the record; DELETE removes it', async () => {
    const res = await post('/editors', { broadcaster_id: BROADCASTER, user_id: VIEWER });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ broadcaster_id: BROADCASTER, user_id: VIEWER, user_name: 'PixelPal', created_at: expect.stringMatching(/Z$/) });
    expect(demo.state.editors.isEditor(BROADCASTER, VIEWER)).toBe(true);
    expect((await post('/editors', { broadcaster_id: BROADCASTER, user_id: VIEWER })).status).toBe(409);
    expect((await remove('/editors', { broadcaster_id: BROADCASTER, user_id: VIEWER })).status).toBe(200);
    expect(demo.state.editors.isEditor(BROADCASTER, VIEWER)).toBe(false);
    expect((await remove('/editors', { broadcaster_id: BROADCASTER, user_id: VIEWER })).status).toBe(404);
  });

  it('refuses the broadcaster themselves, unknown users and bad bodies', async () => {
    expect((await post('/editors', { broadcaster_id: BROADCASTER, user_id: BROADCASTER })).status).toBe(400);
    expect((await post('/editors', { broadcaster_id: '1', user_id: VIEWER })).json).toEqual(bad('Unknown broadcaster_id "1"'));
    expect((await post('/editors', { broadcaster_id: BROADCASTER, user_id: 5 })).status).toBe(400);
  });
});

describe('POST /_emulator/videos', () => {
  it('creates a video in the Video shape with defaults from the channel', async () => {
    const res = await post('/videos', { user_id: BROADCASTER, type: 'upload' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[1-9]\d{9}$/),
      stream_id: null,
      user_id: BROADCASTER,
      user_login: 'sidestage_demo',
      user_name: 'Sidestage_Demo',
      title: 'Building a stream companion app | !sidestage',
      description: '',
      created_at: expect.stringMatching(/Z$/),
      published_at: res.json.created_at,
      url: `${demo.url}/videos/${res.json.id}`,
      thumbnail_url: expect.stringContaining('{width}x{height}'),
      viewable: 'public',
      view_count: 0,
      language: 'en',
      type: 'upload',
      duration: '1h0m0s',
      muted_segments: null,
    });
  });

  it('takes every optional field, the duration in seconds or the platform’s form', async () => {
    const archive = await post('/videos', {
      user_id: VIEWER,
      type: 'archive',
      title: 'Old stream',
      description: 'About things',
      duration: '2h3m4s',
      view_count: 77,
      language: 'de',
      published_at: '2020-01-01T00:00:00Z',
      game_id: '509658',
    });
    // PixelPal is an ordinary broadcaster: an archive that old has already expired.
    expect(archive.status).toBe(400);
    const now = Date.now() + demo.state.clock.offsetSeconds * 1000;
    const recent = new Date(now - 3 * 24 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const res = await post('/videos', { user_id: VIEWER, type: 'archive', title: 'Old stream', duration: '2h3m4s', view_count: 77, language: 'de', published_at: recent, game_id: '509658' });
    expect(res.json).toMatchObject({ type: 'archive', title: 'Old stream', duration: '2h3m4s', view_count: 77, language: 'de', published_at: recent, stream_id: expect.stringMatching(/^\d+$/) });
    expect((await post('/videos', { user_id: VIEWER, type: 'highlight', duration: 75 })).json.duration).toBe('1m15s');
    // A past broadcast counts as having streamed: Search Channels finds the channel now.
    expect(demo.state.channels.get(VIEWER)!.lastStreamedAt).toBeGreaterThan(now - 4 * 24 * 3600 * 1000);
  });

  it('answers 400 for bad fields', async () => {
    for (const body of [
      { type: 'upload' },
      { user_id: '1', type: 'upload' },
      { user_id: VIEWER, type: 'clip' },
      { user_id: VIEWER, type: 'upload', duration: '1x' },
      { user_id: VIEWER, type: 'upload', duration: -1 },
      { user_id: VIEWER, type: 'upload', view_count: 1.5 },
      { user_id: VIEWER, type: 'upload', language: 'english' },
      { user_id: VIEWER, type: 'upload', published_at: 'now' },
      { user_id: VIEWER, type: 'upload', published_at: '2999-01-01T00:00:00Z' },
      { user_id: VIEWER, type: 'upload', game_id: '1' },
      { user_id: VIEWER, type: 'upload', title: 'x'.repeat(141) },
    ]) {
      const res = await post('/videos', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe('Bad Request');
    }
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { badRequest, useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
const READ = 'channel:read:ads';
const MANAGE = 'channel:manage:ads';

beforeEach(async () => {
  await demo.simulate(`/streams/${demo.broadcasterId}/online`, {});
});

const schedule = async () => {
  const res = await demo.helix('GET', `/channels/ads?broadcaster_id=${demo.broadcasterId}`, { scopes: [READ] });
  expect(res.status, res.text).toBe(200);
  return res.json.data[0];
};
const snooze = () => demo.helix('POST', `/channels/ads/schedule/snooze?broadcaster_id=${demo.broadcasterId}`, { scopes: [MANAGE] });
const startedAt = () => Math.floor(demo.state.streams.get(demo.broadcasterId)!.startedAt / 1000);
const nowSeconds = () => demo.state.clock.nowSeconds();

describe('GET /helix/channels/ads', () => {
  it('schedules a break an hour into the stream, in Unix seconds, with three snoozes', async () => {
    expect(await schedule()).toEqual({
      next_ad_at: startedAt() + 3600,
      last_ad_at: 0,
      duration: 90,
      preroll_free_time: 0,
      snooze_count: 3,
      snooze_refresh_at: 0,
    });
  });

  it('answers zeros while offline', async () => {
    await demo.simulate(`/streams/${demo.broadcasterId}/offline`);
    expect(await schedule()).toEqual({ next_ad_at: 0, last_ad_at: 0, duration: 0, preroll_free_time: 0, snooze_count: 3, snooze_refresh_at: 0 });
  });

  it('needs broadcaster_id = token user and channel:read:ads', async () => {
    expect((await demo.helix('GET', '/channels/ads', { scopes: [READ] })).json).toEqual(badRequest('Missing required parameter "broadcaster_id"'));
    expect((await demo.helix('GET', '/channels/ads?broadcaster_id=612345001', { scopes: [READ] })).status).toBe(401);
    expect((await demo.helix('GET', `/channels/ads?broadcaster_id=${demo.broadcasterId}`, { scopes: [MANAGE] })).status).toBe(401);
  });
});

describe('Start Commercial and the schedule', () => {
  it('a commercial sets last_ad_at, earns pre-roll free time, moves the next break and publishes channel.ad_break.begin', async () => {
    await demo.advance(600);
    const events = demo.recordEvents();
    const res = await demo.helix('POST', '/channels/commercial', { scopes: ['channel:edit:commercial'], json: { broadcaster_id: demo.broadcasterId, length: 60 } });
    expect(res.json.data[0].length).toBe(60);
    const now = nowSeconds();
    expect(await schedule()).toMatchObject({ last_ad_at: now, next_ad_at: now + 3600, preroll_free_time: 1200 });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'channel.ad_break.begin',
      event: {
        duration_seconds: 60,
        is_automatic: false,
        broadcaster_user_id: demo.broadcasterId,
        broadcaster_user_login: 'sidestage_demo',
        requester_user_id: demo.broadcasterId,
        started_at: expect.any(String),
      },
    });
  });

  it('runs the automatic break when it falls due on the emulator clock', async () => {
    const events = demo.recordEvents();
    await demo.advance(3599);
    expect(events).toHaveLength(0);
    await demo.advance(1);
    expect(events.map((e) => [e.type, e.event.is_automatic, e.event.duration_seconds])).toEqual([['channel.ad_break.begin', true, 90]]);
    expect(await schedule()).toMatchObject({ last_ad_at: startedAt() + 3600, next_ad_at: startedAt() + 7200 });
    // A jump over many intervals announces only the last break.
    await demo.advance(10 * 3600);
    expect(events).toHaveLength(2);
  });
});

describe('POST /helix/channels/ads/schedule/snooze', () => {
  it('pushes the next break back 5 minutes per snooze; three, then 429; one comes back each hour', async () => {
    const first = await snooze();
    expect(first.status, first.text).toBe(200);
    const refresh = nowSeconds() + 3600;
    expect(first.json).toEqual({ data: [{ snooze_count: 2, snooze_refresh_at: refresh, next_ad_at: startedAt() + 3600 + 300 }] });
    await snooze();
    expect((await snooze()).json.data[0]).toMatchObject({ snooze_count: 0, next_ad_at: startedAt() + 3600 + 900 });
    const none = await snooze();
    expect(none.status).toBe(429);
    expect(none.json.message).toBe('The broadcaster has no snoozes left.');
    await demo.advance(3600);
    expect(await schedule()).toMatchObject({ snooze_count: 1, snooze_refresh_at: refresh + 3600 });
  });

  it('needs a live channel (400) and channel:manage:ads (401)', async () => {
    expect((await demo.helix('POST', `/channels/ads/schedule/snooze?broadcaster_id=${demo.broadcasterId}`, { scopes: [READ] })).status).toBe(401);
    await demo.simulate(`/streams/${demo.broadcasterId}/offline`);
    expect((await snooze()).json).toEqual(badRequest('The channel is not live.'));
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../test-support/emulator-test-client';
import { DEMO_CHARITY, DEMO_MODERATOR_ID } from '../../seed-community';
import type { Notification } from '../../eventsub/notification';
import { badRequest, useDemoEmulator } from '../../test-support/demo-emulator';

const demo = useDemoEmulator();
let published: Notification[];

beforeEach(() => {
  published = demo.recordEvents();
});

const post = demo.simulate;

describe('POST /_emulator/chatters', () => {
  it('joins and leaves chat', async () => {
    const user = demo.state.createUser({ login: 'newviewer', displayName: 'NewViewer' });
    const joined = await post('/chatters', { broadcaster_id: demo.broadcasterId, user_id: user.id, action: 'join' });
    expect(joined.status).toBe(200);
    expect(joined.json).toEqual({ broadcaster_id: demo.broadcasterId, user_id: user.id, user_login: 'newviewer', user_name: 'NewViewer', in_chat: true, total: 6 });
    expect(demo.state.chat.chatters(demo.broadcasterId).at(-1)).toBe(user.id);
    const left = await post('/chatters', { broadcaster_id: demo.broadcasterId, user_id: user.id, action: 'leave' });
    expect(left.json).toMatchObject({ in_chat: false, total: 5 });
  });

  it('answers 409 when nothing changes, 400 for bad bodies', async () => {
    expect((await post('/chatters', { broadcaster_id: demo.broadcasterId, user_id: '612345001', action: 'join' })).status).toBe(409);
    await post('/chatters', { broadcaster_id: demo.broadcasterId, user_id: '612345001', action: 'leave' });
    expect((await post('/chatters', { broadcaster_id: demo.broadcasterId, user_id: '612345001', action: 'leave' })).status).toBe(409);
    expect((await post('/chatters', { broadcaster_id: demo.broadcasterId, user_id: '1', action: 'join' })).json).toEqual(badRequest('Unknown user_id "1"'));
    expect((await post('/chatters', { broadcaster_id: '1', user_id: '612345001', action: 'join' })).json).toEqual(badRequest('Unknown broadcaster_id "1"'));
    const noAction = await post('/chatters', { broadcaster_id: demo.broadcasterId, user_id: '612345001' });
    expect(noAction.status).toBe(400);
    expect(noAction.json.message).toContain('"action"');
    expect((await post('/chatters', { broadcaster_id: demo.broadcasterId, user_id: '612345001', action: 'wave' })).status).toBe(400);
    expect((await post('/chatters', { broadcaster_id: demo.broadcasterId, user_id: 612345001, action: 'join' })).status).toBe(400);
    expect((await post('/chatters')).status).toBe(400);
  });
});

describe('POST /_emulator/moderators', () => {
  it('adds a moderator: records the change and publishes channel.moderator.add', async () => {
    const res = await post('/moderators', { broadcaster_id: demo.broadcasterId, user_id: '612345001', action: 'add' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: expect.any(String),
      event_type: 'moderation.moderator.add',
      event_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      version: '1.0',
      event_data: {
        broadcaster_id: demo.broadcasterId,
        broadcaster_login: 'sidestage_demo',
        broadcaster_name: 'Sidestage_Demo',
        user_id: '612345001',
        user_login: 'pixelpal',
        user_name: 'PixelPal',
      },
    });
    expect(demo.state.moderators.isModerator(demo.broadcasterId, '612345001')).toBe(true);
    expect(demo.state.moderators.changes.at(-1)?.id).toBe(res.json.id);
    expect(published.map((e) => e.type)).toEqual(['channel.moderator.add', 'channel.moderate']);
    expect(published[1]!.event).toMatchObject({ action: 'mod', moderator_user_id: demo.broadcasterId, mod: { user_id: '612345001' } });
    expect(published.slice(0, 1)).toEqual([
      {
        type: 'channel.moderator.add',
        broadcasterUserId: demo.broadcasterId,
        event: {
          broadcaster_user_id: demo.broadcasterId,
          broadcaster_user_login: 'sidestage_demo',
          broadcaster_user_name: 'Sidestage_Demo',
          user_id: '612345001',
          user_login: 'pixelpal',
          user_name: 'PixelPal',
        },
      },
    ]);
  });

  it('removes a moderator and publishes channel.moderator.remove', async () => {
    const res = await post('/moderators', { broadcaster_id: demo.broadcasterId, user_id: DEMO_MODERATOR_ID, action: 'remove' });
    expect(res.json.event_type).toBe('moderation.moderator.remove');
    expect(demo.state.moderators.isModerator(demo.broadcasterId, DEMO_MODERATOR_ID)).toBe(false);
    expect(published.map((e) => e.type)).toEqual(['channel.moderator.remove', 'channel.moderate']);
    expect(published[0]!.event).toMatchObject({ user_id: DEMO_MODERATOR_ID, user_login: 'modmallory' });
  });

  it('answers 409 when nothing changes and 400 for the broadcaster or bad bodies, publishing nothing', async () => {
    expect((await post('/moderators', { broadcaster_id: demo.broadcasterId, user_id: DEMO_MODERATOR_ID, action: 'add' })).status).toBe(409);
    expect((await post('/moderators', { broadcaster_id: demo.broadcasterId, user_id: '612345001', action: 'remove' })).status).toBe(409);
    expect((await post('/moderators', { broadcaster_id: demo.broadcasterId, user_id: demo.broadcasterId, action: 'add' })).status).toBe(400);
    expect((await post('/moderators', { broadcaster_id: demo.broadcasterId, user_id: '1', action: 'add' })).status).toBe(400);
    expect((await post('/moderators', { broadcaster_id: demo.broadcasterId, user_id: '612345001', action: 'promote' })).status).toBe(400);
    expect((await post('/moderators', { broadcaster_id: demo.broadcasterId, user_id: '612345001', action: 'add', extra: 1 })).json).toEqual(
      badRequest('Unknown field "extra"'),
    );
    expect(published).toEqual([]);
  });
});

describe('POST /_emulator/charity/<broadcaster_id> and stopping', () => {
  it('starts a campaign with defaults after the running one is stopped', async () => {
    const stopped = await call(`${demo.url}/_emulator/charity/${demo.broadcasterId}`, { method: 'DELETE' });
    expect(stopped.status).toBe(200);
    expect(stopped.json).toMatchObject({ id: DEMO_CHARITY.campaignId, current_amount: { value: 4000 } });
    const res = await post(`/charity/${demo.broadcasterId}`, {});
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      broadcaster_id: demo.broadcasterId,
      broadcaster_name: 'Sidestage_Demo',
      broadcaster_login: 'sidestage_demo',
      charity_name: 'Direct Relief',
      charity_description: '',
      charity_logo: `${demo.url}/static/charity-logos/direct-relief.svg`,
      charity_website: '',
      current_amount: { value: 0, decimal_places: 2, currency: 'USD' },
      target_amount: null,
    });
  });

  it('takes the charity’s details and a target', async () => {
    const res = await post('/charity/612345005', {
      charity_name: 'Wikimedia Foundation',
      charity_description: 'Free knowledge',
      charity_logo: 'https://example.org/logo.png',
      charity_website: 'https://wikimediafoundation.org',
      target_amount: { value: 50000, decimal_places: 2, currency: 'EUR' },
    });
    expect(res.json).toMatchObject({
      broadcaster_id: '612345005',
      charity_name: 'Wikimedia Foundation',
      charity_logo: 'https://example.org/logo.png',
      current_amount: { value: 0, decimal_places: 2, currency: 'EUR' },
      target_amount: { value: 50000, decimal_places: 2, currency: 'EUR' },
    });
  });

  it('refuses a second campaign, a non-partner, an unknown user and bad bodies', async () => {
    expect((await post(`/charity/${demo.broadcasterId}`, {})).status).toBe(409);
    expect((await post('/charity/612345001', {})).status).toBe(409);
    expect((await post('/charity/999999999', {})).status).toBe(404);
    expect((await post('/charity/612345005', { target_amount: { value: 100, decimal_places: 2, currency: 'usd' } })).status).toBe(400);
    expect((await post('/charity/612345005', { target_amount: { value: 0, decimal_places: 2, currency: 'USD' } })).status).toBe(400);
    expect((await post('/charity/612345005', { target_amount: { value: 100, decimal_places: 2, currency: 'USD' }, currency: 'EUR' })).status).toBe(400);
    expect((await post('/charity/612345005', { charity_logo: 'not a url' })).status).toBe(400);
    expect(demo.state.charity.active('612345005')).toBeUndefined();
  });

  it('stops with POST .../stop; 409 when none runs', async () => {
    expect((await post(`/charity/${demo.broadcasterId}/stop`)).status).toBe(200);
    expect(demo.state.charity.active(demo.broadcasterId)).toBeUndefined();
    expect((await post(`/charity/${demo.broadcasterId}/stop`)).status).toBe(409);
    expect((await call(`${demo.url}/_emulator/charity/${demo.broadcasterId}`, { method: 'DELETE' })).status).toBe(409);
    expect((await post('/charity/999999999/stop')).status).toBe(404);
  });
});

describe('POST /_emulator/donations', () => {
  const amount = (value: number, currency = 'USD', decimal_places = 2) => ({ value, decimal_places, currency });

  it('donates to the active campaign and publishes channel.charity_campaign.donate', async () => {
    const res = await post('/donations', { broadcaster_id: demo.broadcasterId, user_id: '612345004', amount: amount(2000) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      campaign_id: DEMO_CHARITY.campaignId,
      user_id: '612345004',
      user_login: 'lurkingluna',
      user_name: 'LurkingLuna',
      amount: amount(2000),
    });
    expect(demo.state.charity.active(demo.broadcasterId)?.currentAmount.value).toBe(6000);
    expect(published).toEqual([
      {
        type: 'channel.charity_campaign.donate',
        broadcasterUserId: demo.broadcasterId,
        event: {
          id: res.json.id,
          campaign_id: DEMO_CHARITY.campaignId,
          broadcaster_user_id: demo.broadcasterId,
          broadcaster_user_login: 'sidestage_demo',
          broadcaster_user_name: 'Sidestage_Demo',
          user_id: '612345004',
          user_login: 'lurkingluna',
          user_name: 'LurkingLuna',
          charity_name: 'Direct Relief',
          charity_description: DEMO_CHARITY.charityDescription,
          charity_logo: `${demo.url}/static/charity-logos/direct-relief.svg`,
          charity_website: 'https://www.directrelief.org',
          amount: amount(2000),
        },
      },
    ]);
  });

  it('needs an active campaign (409) and the campaign’s currency (400), publishing nothing', async () => {
    expect((await post('/donations', { broadcaster_id: demo.broadcasterId, user_id: '612345004', amount: amount(100, 'EUR') })).status).toBe(400);
    expect((await post('/donations', { broadcaster_id: demo.broadcasterId, user_id: '612345004', amount: amount(100, 'USD', 0) })).status).toBe(400);
    expect((await post('/donations', { broadcaster_id: demo.broadcasterId, user_id: '612345004', amount: amount(0) })).status).toBe(400);
    expect((await post('/donations', { broadcaster_id: demo.broadcasterId, user_id: '612345004', amount: amount(1.5) })).status).toBe(400);
    expect((await post('/donations', { broadcaster_id: demo.broadcasterId, user_id: '1', amount: amount(100) })).status).toBe(400);
    expect((await post('/donations', { broadcaster_id: demo.broadcasterId, user_id: '612345004' })).json).toEqual(badRequest('Missing required field "amount"'));
    expect((await post('/donations', { broadcaster_id: '612345005', user_id: '612345004', amount: amount(100) })).status).toBe(409);
    expect(published).toEqual([]);
    expect(demo.state.charity.active(demo.broadcasterId)?.currentAmount.value).toBe(4000);
  });
});

import { describe, expect, it } from 'vitest';
import { call } from '../../../test-support/emulator-test-client';
import { DEMO_CHARITY } from '../../../seed-community';
import { apiError as error, useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
const SCOPE = 'channel:read:charity';
const AFFILIATE = '612345005';

const get = (path: string, token?: string) => demo.helix('GET', path, { token, scopes: [SCOPE] });
const donate = (value: number, user_id = '612345004', broadcaster_id = demo.broadcasterId) =>
  demo.simulate('/donations', { broadcaster_id, user_id, amount: { value, decimal_places: 2, currency: 'USD' } });

describe('GET /helix/charity/campaigns', () => {
  it('returns the active campaign in the platform shape', async () => {
    const res = await get(`/charity/campaigns?broadcaster_id=${demo.broadcasterId}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        {
          id: DEMO_CHARITY.campaignId,
          broadcaster_id: demo.broadcasterId,
          broadcaster_name: 'Sidestage_Demo',
          broadcaster_login: 'sidestage_demo',
          charity_name: 'Direct Relief',
          charity_description: DEMO_CHARITY.charityDescription,
          charity_logo: `${demo.url}/static/charity-logos/direct-relief.svg`,
          charity_website: 'https://www.directrelief.org',
          current_amount: { value: 4000, decimal_places: 2, currency: 'USD' },
          target_amount: { value: 150000, decimal_places: 2, currency: 'USD' },
        },
      ],
    });
    const logo = await call(res.json.data[0].charity_logo);
    expect(logo.status).toBe(200);
    expect(logo.header('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('adds donations to current_amount', async () => {
    await donate(1234);
    const res = await get(`/charity/campaigns?broadcaster_id=${demo.broadcasterId}`);
    expect(res.json.data[0].current_amount).toEqual({ value: 5234, decimal_places: 2, currency: 'USD' });
  });

  it('is empty when no campaign runs, and target_amount may be null', async () => {
    await call(`${demo.url}/_emulator/charity/${demo.broadcasterId}`, { method: 'DELETE' });
    expect((await get(`/charity/campaigns?broadcaster_id=${demo.broadcasterId}`)).json).toEqual({ data: [] });
    await demo.simulate(`/charity/${demo.broadcasterId}`, { charity_name: 'Open Books', currency: 'EUR', target_amount: null });
    const res = await get(`/charity/campaigns?broadcaster_id=${demo.broadcasterId}`);
    expect(res.json.data[0]).toMatchObject({ charity_name: 'Open Books', current_amount: { value: 0, decimal_places: 2, currency: 'EUR' }, target_amount: null });
  });

  it('works for an affiliate; 403 for a broadcaster who is neither partner nor affiliate', async () => {
    expect((await get(`/charity/campaigns?broadcaster_id=${AFFILIATE}`, await demo.mint(AFFILIATE, [SCOPE]))).json).toEqual({ data: [] });
    const res = await get('/charity/campaigns?broadcaster_id=612345001', await demo.mint('612345001', [SCOPE]));
    expect(res.status).toBe(403);
    expect(res.json).toEqual(error(403, 'The broadcaster is not a partner or affiliate.'));
  });

  it('needs broadcaster_id (400) = token user (401), the scope and a user token (401)', async () => {
    expect((await get('/charity/campaigns')).json).toEqual(error(400, 'Missing required parameter "broadcaster_id"'));
    expect((await get(`/charity/campaigns?broadcaster_id=${AFFILIATE}`)).status).toBe(401);
    expect((await get(`/charity/campaigns?broadcaster_id=${demo.broadcasterId}`, await demo.mint(demo.broadcasterId, []))).status).toBe(401);
    expect((await get(`/charity/campaigns?broadcaster_id=${demo.broadcasterId}`, await demo.mint(null, [SCOPE]))).status).toBe(401);
  });
});

describe('GET /helix/charity/donations', () => {
  it('lists the campaign’s donations newest first', async () => {
    const res = await get(`/charity/donations?broadcaster_id=${demo.broadcasterId}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        {
          id: DEMO_CHARITY.donations[2].id,
          campaign_id: DEMO_CHARITY.campaignId,
          user_id: '612345005',
          user_login: 'speedrun_sam',
          user_name: 'Speedrun_Sam',
          amount: { value: 1000, decimal_places: 2, currency: 'USD' },
        },
        expect.objectContaining({ user_id: '612345002', amount: { value: 2500, decimal_places: 2, currency: 'USD' } }),
        expect.objectContaining({ user_id: '612345001', amount: { value: 500, decimal_places: 2, currency: 'USD' } }),
      ],
      pagination: {},
    });
    const simulated = await donate(700);
    const after = await get(`/charity/donations?broadcaster_id=${demo.broadcasterId}`);
    expect(after.json.data[0]).toEqual(simulated.json);
  });

  it('pages 20 by default, first 1-100, with after', async () => {
    for (let i = 0; i < 117; i++) await donate(100 + i);
    const byDefault = await get(`/charity/donations?broadcaster_id=${demo.broadcasterId}`);
    expect(byDefault.json.data).toHaveLength(20);
    expect(byDefault.json.data[0].amount.value).toBe(216);
    const max = await get(`/charity/donations?broadcaster_id=${demo.broadcasterId}&first=100`);
    expect(max.json.data).toHaveLength(100);
    const rest = await get(`/charity/donations?broadcaster_id=${demo.broadcasterId}&first=100&after=${max.json.pagination.cursor}`);
    expect(rest.json.data).toHaveLength(20);
    expect(rest.json.pagination).toEqual({});
    expect(rest.json.data[19].user_id).toBe('612345001');
    expect((await get(`/charity/donations?broadcaster_id=${demo.broadcasterId}&first=101`)).status).toBe(400);
    expect((await get(`/charity/donations?broadcaster_id=${demo.broadcasterId}&first=0`)).status).toBe(400);
    expect((await get(`/charity/donations?broadcaster_id=${demo.broadcasterId}&after=abc`)).status).toBe(400);
  });

  it('is empty without an active campaign, and the ended campaign’s donations are gone', async () => {
    await demo.simulate(`/charity/${demo.broadcasterId}/stop`);
    expect((await get(`/charity/donations?broadcaster_id=${demo.broadcasterId}`)).json).toEqual({ data: [], pagination: {} });
    await demo.simulate(`/charity/${demo.broadcasterId}`, {});
    expect((await get(`/charity/donations?broadcaster_id=${demo.broadcasterId}`)).json).toEqual({ data: [], pagination: {} });
  });

  it('answers 403 for a broadcaster who is neither partner nor affiliate, and the auth errors', async () => {
    expect((await get('/charity/donations?broadcaster_id=612345001', await demo.mint('612345001', [SCOPE]))).status).toBe(403);
    expect((await get('/charity/donations')).json).toEqual(error(400, 'Missing required parameter "broadcaster_id"'));
    expect((await get(`/charity/donations?broadcaster_id=${AFFILIATE}`)).status).toBe(401);
    expect((await get(`/charity/donations?broadcaster_id=${demo.broadcasterId}`, await demo.mint(demo.broadcasterId, ['bits:read']))).status).toBe(401);
    expect((await get(`/charity/donations?broadcaster_id=${demo.broadcasterId}`, await demo.mint(null, [SCOPE]))).status).toBe(401);
  });
});

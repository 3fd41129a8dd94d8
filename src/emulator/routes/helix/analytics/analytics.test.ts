import { beforeEach, describe, expect, it } from 'vitest';
import { toRfc3339 } from '../../../clock';
import { call } from '../../../test-support/emulator-test-client';
import { utcDay } from '../../../domain/stores/extensions';
import { badRequest, useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
let token: string;

const DAY = 24 * 60 * 60 * 1000;
const day = (ms: number) => toRfc3339(ms);

beforeEach(async () => {
  token = await demo.mint(demo.broadcasterId, ['analytics:read:extensions']);
});

const get = (query = '', t = token) => demo.helix('GET', `/analytics/extensions${query}`, { token: t });
const today = () => utcDay(demo.state.clock.now());

describe('GET /helix/analytics/extensions', () => {
  it('lists one report per type for each of the user’s extensions, by default up to 2 days ago', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    const common = { extension_id: demo.clientId, started_at: '2023-06-01T00:00:00Z', ended_at: day(today() - 2 * DAY) };
    const url = expect.stringMatching(new RegExp(`^${demo.url}/reports/extension-analytics/[0-9a-f]{32}/${demo.clientId}_overview_v[12]_2023-06-01_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(res.json).toEqual({
      data: [
        { ...common, URL: url, type: 'overview_v1' },
        { ...common, URL: url, type: 'overview_v2' },
      ],
      pagination: {},
    });
  });

  it('needs a user token with analytics:read:extensions', async () => {
    expect((await get('', await demo.mint(demo.broadcasterId, []))).status).toBe(401);
    expect((await get('', await demo.mint(null, ['analytics:read:extensions']))).status).toBe(401);
  });

  it('needs started_at and ended_at together', async () => {
    expect((await get('?started_at=2024-01-01T00:00:00Z')).json).toEqual(badRequest('Missing required parameter "ended_at"'));
    expect((await get('?ended_at=2024-01-01T00:00:00Z')).json).toEqual(badRequest('Missing required parameter "started_at"'));
  });

  it('needs RFC 3339 dates with the time zeroed', async () => {
    for (const bad of ['2024-01-01', '2024-01-01T10:00:00Z', '2024-02-30T00:00:00Z', '2024-01-01T00:00:00%2B01:00', 'yesterday']) {
      const res = await get(`?started_at=${bad}&ended_at=2024-03-01T00:00:00Z`);
      expect(res.json, bad).toEqual(badRequest('Invalid parameter "started_at": must be an RFC 3339 date with the time zeroed, e.g. 2018-01-31T00:00:00Z'));
    }
    expect((await get('?started_at=2024-01-01T00:00:00Z&ended_at=2024-1-2T00:00:00Z')).status).toBe(400);
    expect((await get('?started_at=2024-03-02T00:00:00Z&ended_at=2024-03-01T00:00:00Z')).json).toEqual(
      badRequest('Invalid parameter "started_at": must not be later than ended_at'),
    );
  });

  it('starts at the first day with data, and replaces out-of-range dates by the defaults', async () => {
    const inRange = await get('?started_at=2023-01-01T00:00:00Z&ended_at=2024-01-10T00:00:00Z&type=overview_v2');
    expect(inRange.json.data).toEqual([expect.objectContaining({ started_at: '2023-06-01T00:00:00Z', ended_at: '2024-01-10T00:00:00Z' })]);

    await demo.simulate(`/extensions/${demo.clientId}`, { analytics_since: '2016-05-01' });
    const early = await get('?started_at=2017-01-01T00:00:00Z&ended_at=2019-01-01T00:00:00Z&type=overview_v1');
    expect(early.json.data[0]).toMatchObject({ started_at: '2018-01-31T00:00:00Z', ended_at: '2019-01-01T00:00:00Z' });

    const recent = await get(`?started_at=2024-01-01T00:00:00Z&ended_at=${day(today())}&type=overview_v1`);
    expect(recent.json.data[0].ended_at).toBe(day(today() - 2 * DAY));
    const yesterday = await get(`?started_at=2024-01-01T00:00:00Z&ended_at=${day(today() - DAY)}&type=overview_v1`);
    expect(yesterday.json.data[0].ended_at).toBe(day(today() - 2 * DAY));
    const lastComplete = await get(`?started_at=2024-01-01T00:00:00Z&ended_at=${day(today() - 2 * DAY)}&type=overview_v1`);
    expect(lastComplete.json.data[0].ended_at).toBe(day(today() - 2 * DAY));
  });

  it('answers a future date with Report Not Found For Date Range', async () => {
    const tomorrow = day(today() + DAY);
    expect((await get(`?started_at=2024-01-01T00:00:00Z&ended_at=${tomorrow}`)).json).toEqual(badRequest('Report Not Found For Date Range'));
    expect((await get(`?started_at=${tomorrow}&ended_at=${tomorrow}`)).status).toBe(400);
    // Only today and yesterday: nothing is complete yet.
    expect((await get(`?started_at=${day(today() - DAY)}&ended_at=${day(today())}&extension_id=${demo.clientId}`)).json).toEqual(
      badRequest('Report Not Found For Date Range'),
    );
  });

  it('with a range before the extension’s data: none for the list, not found for one extension', async () => {
    const range = '?started_at=2019-01-01T00:00:00Z&ended_at=2019-02-01T00:00:00Z';
    expect((await get(range)).json).toEqual({ data: [], pagination: {} });
    expect((await get(`${range}&extension_id=${demo.clientId}`)).json).toEqual(badRequest('Report Not Found For Date Range'));
  });

  it('filters by type', async () => {
    const res = await get('?type=overview_v2');
    expect(res.json.data.map((d: { type: string }) => d.type)).toEqual(['overview_v2']);
    expect((await get('?type=overview_v3')).json).toEqual(badRequest('Invalid parameter "type": must be one of overview_v1, overview_v2'));
    expect((await get('?type=overview_v1&type=overview_v2')).json).toEqual(badRequest('Invalid parameter "type": may be given only once'));
  });

  it('with extension_id: that extension only, without pagination', async () => {
    const res = await get(`?extension_id=${demo.clientId}&first=1&after=garbage`);
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(2);
    expect(res.json).not.toHaveProperty('pagination');
    const other = await demo.simulate('/clients', { name: 'Not mine', redirect_uris: [] });
    expect((await get(`?extension_id=${other.json.client_id}`)).status).toBe(404);
    expect((await get('?extension_id=nope')).json).toEqual({ error: 'Not Found', status: 404, message: 'Extension "nope" not found among the user\'s extensions' });
  });

  it('pages with first and after, and checks first’s range', async () => {
    for (const name of ['Second', 'Third']) {
      const created = await demo.simulate('/clients', { name, redirect_uris: [] });
      await demo.simulate(`/extensions/${created.json.client_id}`, { owner_id: demo.broadcasterId, analytics_since: '2024-01-01' });
    }
    const first = await get('?first=4');
    expect(first.json.data).toHaveLength(4);
    expect(first.json.pagination.cursor).toEqual(expect.any(String));
    const second = await get(`?first=4&after=${first.json.pagination.cursor}`);
    expect(second.json.data).toHaveLength(2);
    expect(second.json.pagination).toEqual({});
    const ids = [...first.json.data, ...second.json.data].map((d: { extension_id: string; type: string }) => `${d.extension_id}/${d.type}`);
    expect(new Set(ids).size).toBe(6);

    expect((await get('?first=100')).status).toBe(200);
    expect((await get('?first=101')).json).toEqual(badRequest('Invalid parameter "first": must be at most 100'));
    expect((await get('?first=0')).status).toBe(400);
    expect((await get('?after=%%%')).status).toBe(400);
  });
});

describe('analytics report downloads', () => {
  async function reportUrl(query: string): Promise<string> {
    return (await get(query)).json.data[0].URL;
  }

  it('serve a CSV with one row per day', async () => {
    const url = await reportUrl(`?extension_id=${demo.clientId}&type=overview_v2&started_at=2024-01-01T00:00:00Z&ended_at=2024-01-10T00:00:00Z`);
    const res = await call(url);
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('text/csv; charset=utf-8');
    const lines = res.text.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Date,Extension Name,Extension Client ID,Extension Details Page Visits,Installs,Uninstalls,Activations,Deactivations,Unique Active Channels,Renders,Unique Renders,Views,Unique Viewers,Unique Interactors,Clicks,Clicks Per Interactor,Interaction Rate',
    );
    expect(lines).toHaveLength(11);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(Array.from({ length: 10 }, (_, i) => `2024-01-${String(i + 1).padStart(2, '0')}`));
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      expect(cells).toHaveLength(17);
      expect(cells[1]).toBe('Sidestage Demo');
      expect(cells[2]).toBe(demo.clientId);
      const [views, uniqueViewers] = [Number(cells[11]), Number(cells[12])];
      expect(views).toBeGreaterThanOrEqual(uniqueViewers);
    }
    // The same report reads the same again.
    const again = await call(await reportUrl(`?extension_id=${demo.clientId}&type=overview_v2&started_at=2024-01-01T00:00:00Z&ended_at=2024-01-10T00:00:00Z`));
    expect(again.text).toBe(res.text);
  });

  it('the overview_v1 report has its own columns', async () => {
    const res = await call(await reportUrl(`?extension_id=${demo.clientId}&type=overview_v1&started_at=2024-02-28T00:00:00Z&ended_at=2024-03-01T00:00:00Z`));
    const lines = res.text.trimEnd().split('\n');
    expect(lines[0]).toBe('Date,Extension Name,Extension Client ID,Installs,Uninstalls,Activations,Unique Active Channels,Views,Clicks');
    expect(lines.slice(1).map((l) => l.slice(0, 10))).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('are valid for 5 minutes on the emulator clock', async () => {
    const url = await reportUrl(`?extension_id=${demo.clientId}&type=overview_v1`);
    await demo.advance(299);
    expect((await call(url)).status).toBe(200);
    await demo.advance(2);
    const expired = await call(url);
    expect(expired.status).toBe(403);
    expect(expired.json).toEqual({ error: 'Forbidden', status: 403, message: 'Request has expired: report URLs are valid for 5 minutes' });
  });

  it('answer 404 for unknown reports', async () => {
    const url = await reportUrl(`?extension_id=${demo.clientId}&type=overview_v1`);
    expect((await call(url.replace(/\/[0-9a-f]{32}\//, `/${'0'.repeat(32)}/`))).status).toBe(404);
    expect((await call(url.replace(/\.csv$/, '.txt'))).status).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { call } from '../../../test-support/emulator-test-client';
import { apiError, badRequest, useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
const MANAGE = 'channel:manage:predictions';
const READ = 'channel:read:predictions';
const [A, B, C] = ['612345001', '612345002', '612345004'] as const;

const body = (extra: Record<string, unknown> = {}) => ({
  broadcaster_id: demo.broadcasterId,
  title: 'Any leeks in the stream?',
  outcomes: [{ title: 'Yes, give it time.' }, { title: 'Definitely not.' }],
  prediction_window: 120,
  ...extra,
});
const create = (json: unknown, token?: string) => demo.helix('POST', '/predictions', { token, scopes: [MANAGE], json });
const end = (json: Record<string, unknown>) => demo.helix('PATCH', '/predictions', { scopes: [MANAGE], json: { broadcaster_id: demo.broadcasterId, ...json } });
const list = (query = '') => demo.helix('GET', `/predictions?broadcaster_id=${demo.broadcasterId}${query}`, { scopes: [READ] });
const predict = (id: string, user_id: string, outcome_id: string, channel_points: number) =>
  demo.simulate(`/predictions/${id}/predictions`, { user_id, outcome_id, channel_points });
const balance = async (userId: string) => (await call(`${demo.url}/_emulator/channel-points/${demo.broadcasterId}/${userId}`)).json.balance as number;

describe('POST /helix/predictions', () => {
  it('creates an active prediction in the reference shape and publishes channel.prediction.begin', async () => {
    const events = demo.recordEvents();
    const res = await create(body());
    expect(res.status, res.text).toBe(200);
    const prediction = res.json.data[0];
    expect(prediction).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      broadcaster_id: demo.broadcasterId,
      broadcaster_name: 'Sidestage_Demo',
      broadcaster_login: 'sidestage_demo',
      title: 'Any leeks in the stream?',
      winning_outcome_id: null,
      outcomes: [
        { id: expect.any(String), title: 'Yes, give it time.', users: 0, channel_points: 0, top_predictors: null, color: 'BLUE' },
        { id: expect.any(String), title: 'Definitely not.', users: 0, channel_points: 0, top_predictors: null, color: 'PINK' },
      ],
      prediction_window: 120,
      status: 'ACTIVE',
      created_at: expect.any(String),
      ended_at: null,
      locked_at: null,
    });
    expect(events.map((e) => e.type)).toEqual(['channel.prediction.begin']);
    expect(events[0]!.event).toMatchObject({
      id: prediction.id,
      title: 'Any leeks in the stream?',
      outcomes: [{ id: prediction.outcomes[0].id, title: 'Yes, give it time.', color: 'blue' }, { id: prediction.outcomes[1].id, title: 'Definitely not.', color: 'pink' }],
    });
    expect(Date.parse(events[0]!.event.locks_at as string) - Date.parse(events[0]!.event.started_at as string)).toBe(120_000);
  });

  it('colours every outcome blue when there are more than two', async () => {
    const res = await create(body({ outcomes: [{ title: 'a' }, { title: 'b' }, { title: 'c' }] }));
    expect(res.json.data[0].outcomes.map((o: { color: string }) => o.color)).toEqual(['BLUE', 'BLUE', 'BLUE']);
  });

  it('validates the body, allows one open prediction, and needs a partner or affiliate', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(46) }, 'Invalid parameter "title": must be at most 45 characters'],
      [{ outcomes: [{ title: 'only' }] }, 'Invalid parameter "outcomes": must hold 2 to 10 items'],
      [{ outcomes: Array.from({ length: 11 }, (_, i) => ({ title: `o${i}` })) }, 'Invalid parameter "outcomes": must hold 2 to 10 items'],
      [{ outcomes: [{ title: 'a' }, { title: '' }] }, 'Missing required parameter "outcomes[1].title"'],
      [{ prediction_window: 29 }, 'Invalid parameter "prediction_window": must be from 30 to 1800'],
      [{ prediction_window: undefined }, 'Missing required parameter "prediction_window"'],
    ];
    for (const [extra, message] of cases) expect((await create(body(extra))).json, message).toEqual(badRequest(message));
    expect((await create(body())).status).toBe(200);
    expect((await create(body())).json).toEqual(badRequest('The broadcaster already has an active or locked prediction; end it before creating another.'));
    expect((await create(body({ broadcaster_id: A }), await demo.mint(A, [MANAGE]))).json).toEqual(apiError(403, 'The broadcaster is not a partner or affiliate.'));
    expect((await create(body({ broadcaster_id: A }))).status).toBe(401);
  });
});

describe('predicting, locking, resolving and cancelling', () => {
  it('takes channel points, publishes progress, locks by itself at the window and pays the winners out of the pool', async () => {
    const prediction = (await create(body({ prediction_window: 60 }))).json.data[0];
    const [yes, no] = prediction.outcomes;
    const events = demo.recordEvents();
    expect((await predict(prediction.id, A, yes.id, 1000)).status).toBe(200);
    expect((await predict(prediction.id, B, yes.id, 3000)).status).toBe(200);
    const last = await predict(prediction.id, C, no.id, 2000);
    expect(last.json.outcomes[0]).toMatchObject({
      users: 2,
      channel_points: 4000,
      top_predictors: [
        { user_id: B, user_login: expect.any(String), user_name: expect.any(String), channel_points_used: 3000, channel_points_won: null },
        { user_id: A, user_login: expect.any(String), user_name: expect.any(String), channel_points_used: 1000, channel_points_won: null },
      ],
    });
    expect(events.map((e) => e.type)).toEqual(['channel.prediction.progress', 'channel.prediction.progress', 'channel.prediction.progress']);
    expect(await balance(A)).toBe(9000);

    expect((await predict(prediction.id, A, no.id, 10)).status).toBe(409);
    expect((await predict(prediction.id, A, yes.id, 250_000)).status).toBe(400);
    expect((await predict(prediction.id, demo.broadcasterId, yes.id, 10)).status).toBe(400);

    await demo.advance(60);
    expect(events.at(-1)).toMatchObject({ type: 'channel.prediction.lock', event: { locked_at: expect.any(String) } });
    expect((await list()).json.data[0]).toMatchObject({ status: 'LOCKED', locked_at: expect.any(String) });
    expect((await predict(prediction.id, A, yes.id, 10)).status).toBe(409);

    const resolved = await end({ id: prediction.id, status: 'RESOLVED', winning_outcome_id: yes.id });
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.json.data[0]).toMatchObject({ status: 'RESOLVED', winning_outcome_id: yes.id, ended_at: expect.any(String) });
    // Pool 6000: A staked 1000 of the winning 4000 (1500 back), B 3000 (4500 back); C lost 2000.
    expect(resolved.json.data[0].outcomes[0].top_predictors.map((p: { channel_points_won: number }) => p.channel_points_won)).toEqual([4500, 1500]);
    expect(resolved.json.data[0].outcomes[1].top_predictors[0].channel_points_won).toBe(0);
    expect([await balance(A), await balance(B), await balance(C)]).toEqual([10_500, 11_500, 8000]);
    const ended = events.at(-1)!;
    expect(ended).toMatchObject({ type: 'channel.prediction.end', event: { status: 'resolved', winning_outcome_id: yes.id } });
    expect((ended.event.outcomes as { top_predictors: { channel_points_won: number }[] }[])[0]!.top_predictors[0]!.channel_points_won).toBe(4500);
    expect((await end({ id: prediction.id, status: 'CANCELED' })).status).toBe(400);
  });

  it('refunds every predictor on cancel', async () => {
    const prediction = (await create(body())).json.data[0];
    await predict(prediction.id, A, prediction.outcomes[0].id, 700);
    await predict(prediction.id, B, prediction.outcomes[1].id, 300);
    expect(await balance(A)).toBe(9300);
    const events = demo.recordEvents();
    const res = await end({ id: prediction.id, status: 'CANCELED' });
    expect(res.json.data[0]).toMatchObject({ status: 'CANCELED', winning_outcome_id: null });
    expect([await balance(A), await balance(B)]).toEqual([10_000, 10_000]);
    expect(events.map((e) => [e.type, e.event.status])).toEqual([['channel.prediction.end', 'canceled']]);
  });

  it('locks through PATCH and validates End Prediction', async () => {
    const prediction = (await create(body())).json.data[0];
    expect((await end({ id: prediction.id, status: 'ACTIVE' })).json).toEqual(badRequest('Invalid parameter "status": must be RESOLVED, CANCELED or LOCKED'));
    expect((await end({ id: prediction.id, status: 'RESOLVED' })).json).toEqual(badRequest('Missing required parameter "winning_outcome_id"'));
    expect((await end({ id: prediction.id, status: 'RESOLVED', winning_outcome_id: 'nope' })).status).toBe(400);
    expect((await end({ id: 'nope', status: 'LOCKED' })).status).toBe(404);
    expect((await end({ id: prediction.id, status: 'LOCKED' })).json.data[0].status).toBe('LOCKED');
    expect((await end({ id: prediction.id, status: 'LOCKED' })).status).toBe(400);
    expect((await end({ id: prediction.id, status: 'RESOLVED', winning_outcome_id: prediction.outcomes[1].id })).json.data[0].status).toBe('RESOLVED');
  });
});

describe('GET /helix/predictions', () => {
  it('lists newest first with ids, first (max 25) and after', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = (await create(body({ title: `p${i}` }))).json.data[0];
      ids.push(p.id);
      await end({ id: p.id, status: 'CANCELED' });
    }
    expect((await list()).json.data.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
    const page = await list('&first=1');
    expect(page.json.data.map((p: { id: string }) => p.id)).toEqual([ids[2]]);
    expect((await list(`&first=1&after=${page.json.pagination.cursor}`)).json.data.map((p: { id: string }) => p.id)).toEqual([ids[1]]);
    expect((await list(`&id=${ids[0]}&id=${ids[2]}`)).json.data).toHaveLength(2);
    expect((await list('&first=26')).status).toBe(400);
    expect((await demo.helix('GET', `/predictions?broadcaster_id=${A}`, { scopes: [READ] })).status).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';
import { apiError, badRequest, useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
const MANAGE = 'channel:manage:polls';
const READ = 'channel:read:polls';
const VIEWERS = ['612345001', '612345002', '612345004'] as const;

const sockets = useTestSockets();

const pollBody = (extra: Record<string, unknown> = {}) => ({
  broadcaster_id: demo.broadcasterId,
  title: 'Heads or Tails?',
  choices: [{ title: 'Heads' }, { title: 'Tails' }],
  duration: 60,
  ...extra,
});
const create = (body: unknown, token?: string) => demo.helix('POST', '/polls', { token, scopes: [MANAGE], json: body });
const end = (body: unknown) => demo.helix('PATCH', '/polls', { scopes: [MANAGE], json: body });
const list = (query = '', token?: string) => demo.helix('GET', `/polls?broadcaster_id=${demo.broadcasterId}${query}`, { token, scopes: [READ] });
const vote = (pollId: string, body: unknown) => demo.simulate(`/polls/${pollId}/votes`, body);

describe('POST /helix/polls', () => {
  it('creates an active poll in the reference shape and publishes channel.poll.begin', async () => {
    const events = demo.recordEvents();
    const res = await create(pollBody({ channel_points_voting_enabled: true, channel_points_per_vote: 100 }));
    expect(res.status, res.text).toBe(200);
    const poll = res.json.data[0];
    expect(poll).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      broadcaster_id: demo.broadcasterId,
      broadcaster_name: 'Sidestage_Demo',
      broadcaster_login: 'sidestage_demo',
      title: 'Heads or Tails?',
      choices: [
        { id: expect.any(String), title: 'Heads', votes: 0, channel_points_votes: 0, bits_votes: 0 },
        { id: expect.any(String), title: 'Tails', votes: 0, channel_points_votes: 0, bits_votes: 0 },
      ],
      bits_voting_enabled: false,
      bits_per_vote: 0,
      channel_points_voting_enabled: true,
      channel_points_per_vote: 100,
      status: 'ACTIVE',
      duration: 60,
      started_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      ended_at: null,
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'channel.poll.begin', broadcasterUserId: demo.broadcasterId });
    expect(events[0]!.event).toMatchObject({
      id: poll.id,
      broadcaster_user_login: 'sidestage_demo',
      choices: [{ id: poll.choices[0].id, title: 'Heads' }, { id: poll.choices[1].id, title: 'Tails' }],
      bits_voting: { is_enabled: false, amount_per_vote: 0 },
      channel_points_voting: { is_enabled: true, amount_per_vote: 100 },
      ends_at: expect.any(String),
    });
    expect(Date.parse(events[0]!.event.ends_at as string) - Date.parse(events[0]!.event.started_at as string)).toBe(60_000);
  });

  it('validates the body with 400s naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: undefined }, 'Missing required parameter "title"'],
      [{ title: 'x'.repeat(61) }, 'Invalid parameter "title": must be at most 60 characters'],
      [{ choices: [{ title: 'one' }] }, 'Invalid parameter "choices": must hold 2 to 5 items'],
      [{ choices: Array.from({ length: 6 }, (_, i) => ({ title: `c${i}` })) }, 'Invalid parameter "choices": must hold 2 to 5 items'],
      [{ choices: [{ title: 'a' }, { title: 'b'.repeat(26) }] }, 'Invalid parameter "choices[1].title": must be at most 25 characters'],
      [{ choices: ['a', 'b'] }, 'Invalid parameter "choices[0]": must be an object with a title'],
      [{ duration: 14 }, 'Invalid parameter "duration": must be from 15 to 1800'],
      [{ duration: 1801 }, 'Invalid parameter "duration": must be from 15 to 1800'],
      [{ duration: '60' }, 'Invalid parameter "duration": must be an integer'],
      [{ channel_points_voting_enabled: true }, 'Missing required parameter "channel_points_per_vote"'],
      [{ channel_points_voting_enabled: true, channel_points_per_vote: 0 }, 'Invalid parameter "channel_points_per_vote": must be from 1 to 1000000'],
      [{ channel_points_voting_enabled: 'yes' }, 'Invalid parameter "channel_points_voting_enabled": must be true or false'],
    ];
    for (const [extra, message] of cases) {
      const res = await create(pollBody(extra));
      expect(res.json, JSON.stringify(extra)).toEqual(badRequest(message));
    }
    expect((await create([1])).json).toEqual(badRequest('Request body must be a JSON object'));
  });

  it('takes channel_points_per_vote 0 with channel-point voting off, as client libraries send it', async () => {
    const res = await create(pollBody({ channel_points_voting_enabled: false, channel_points_per_vote: 0 }));
    expect(res.status, res.text).toBe(200);
    expect(res.json.data[0]).toMatchObject({ channel_points_voting_enabled: false, channel_points_per_vote: 0 });
  });

  it('allows one active poll at a time, and only for partners and affiliates', async () => {
    expect((await create(pollBody())).status).toBe(200);
    expect((await create(pollBody())).json).toEqual(badRequest('The broadcaster already has an active poll; end it before creating another.'));
    const plain = '612345001';
    const res = await create(pollBody({ broadcaster_id: plain }), await demo.mint(plain, [MANAGE]));
    expect(res.json).toEqual(apiError(403, 'The broadcaster is not a partner or affiliate.'));
  });

  it('needs the token user as broadcaster and the manage scope (401)', async () => {
    expect((await create(pollBody({ broadcaster_id: '612345001' }))).status).toBe(401);
    expect((await create(pollBody(), await demo.mint(demo.broadcasterId, [READ]))).status).toBe(401);
  });
});

describe('votes, progress and the end of a poll', () => {
  it('counts free and channel-point votes, publishes channel.poll.progress and spends the points', async () => {
    const poll = (await create(pollBody({ channel_points_voting_enabled: true, channel_points_per_vote: 100 }))).json.data[0];
    const [heads, tails] = poll.choices;
    const events = demo.recordEvents();
    expect((await vote(poll.id, { user_id: VIEWERS[0], choice_id: heads.id })).status).toBe(200);
    const again = await vote(poll.id, { user_id: VIEWERS[0], choice_id: tails.id });
    expect(again.status).toBe(409);
    const paid = await vote(poll.id, { user_id: VIEWERS[0], choice_id: tails.id, channel_points: 300 });
    expect(paid.json.choices).toEqual([
      expect.objectContaining({ votes: 1, channel_points_votes: 0 }),
      expect.objectContaining({ votes: 3, channel_points_votes: 3 }),
    ]);
    expect(demo.state.pointBalances.get(demo.broadcasterId, VIEWERS[0])).toBe(10_000 - 300);
    expect((await vote(poll.id, { user_id: VIEWERS[1], choice_id: tails.id, channel_points: 150 })).status).toBe(400);
    await demo.simulate(`/channel-points/${demo.broadcasterId}/${VIEWERS[1]}`, { balance: 99 });
    expect((await vote(poll.id, { user_id: VIEWERS[1], choice_id: tails.id, channel_points: 100 })).status).toBe(409);
    expect((await vote(poll.id, { user_id: VIEWERS[1], choice_id: 'nope' })).status).toBe(400);
    expect((await vote('nope', { user_id: VIEWERS[1], choice_id: tails.id })).status).toBe(404);
    expect(events.map((e) => e.type)).toEqual(['channel.poll.progress', 'channel.poll.progress']);
    expect(events[1]!.event.choices).toEqual([
      { id: heads.id, title: 'Heads', bits_votes: 0, channel_points_votes: 0, votes: 1 },
      { id: tails.id, title: 'Tails', bits_votes: 0, channel_points_votes: 3, votes: 3 },
    ]);
  });

  it('refuses channel-point votes when the poll takes none', async () => {
    const poll = (await create(pollBody())).json.data[0];
    expect((await vote(poll.id, { user_id: VIEWERS[0], choice_id: poll.choices[0].id, channel_points: 100 })).status).toBe(409);
  });

  it('completes by itself when its duration is up on the emulator clock', async () => {
    const poll = (await create(pollBody({ duration: 30 }))).json.data[0];
    await vote(poll.id, { user_id: VIEWERS[2], choice_id: poll.choices[1].id });
    const events = demo.recordEvents();
    await demo.advance(29);
    expect((await list()).json.data[0].status).toBe('ACTIVE');
    expect(events).toHaveLength(0);
    await demo.advance(1);
    expect(events.map((e) => e.type)).toEqual(['channel.poll.end']);
    expect(events[0]!.event).toMatchObject({ status: 'completed', choices: [expect.objectContaining({ votes: 0 }), expect.objectContaining({ votes: 1 })] });
    const listed = (await list()).json.data[0];
    expect(listed).toMatchObject({ id: poll.id, status: 'COMPLETED' });
    expect(Date.parse(listed.ended_at) - Date.parse(listed.started_at)).toBe(30_000);
    expect((await vote(poll.id, { user_id: VIEWERS[0], choice_id: poll.choices[0].id })).status).toBe(409);
    expect((await create(pollBody())).status).toBe(200);
  });

  it('ends with TERMINATED or ARCHIVED through PATCH, publishing channel.poll.end once', async () => {
    const poll = (await create(pollBody())).json.data[0];
    const events = demo.recordEvents();
    const res = await end({ broadcaster_id: demo.broadcasterId, id: poll.id, status: 'TERMINATED' });
    expect(res.status).toBe(200);
    expect(res.json.data[0]).toMatchObject({ status: 'TERMINATED', ended_at: expect.any(String) });
    expect((await end({ broadcaster_id: demo.broadcasterId, id: poll.id, status: 'TERMINATED' })).status).toBe(400);
    const archived = await end({ broadcaster_id: demo.broadcasterId, id: poll.id, status: 'ARCHIVED' });
    expect(archived.json.data[0].status).toBe('ARCHIVED');
    expect(events.map((e) => [e.type, e.event.status])).toEqual([['channel.poll.end', 'terminated']]);

    const second = (await create(pollBody())).json.data[0];
    await end({ broadcaster_id: demo.broadcasterId, id: second.id, status: 'ARCHIVED' });
    expect(events.filter((e) => e.type === 'channel.poll.end').map((e) => e.event.status)).toEqual(['terminated', 'archived']);
  });

  it('validates End Poll', async () => {
    const poll = (await create(pollBody())).json.data[0];
    expect((await end({ broadcaster_id: demo.broadcasterId, id: poll.id, status: 'COMPLETED' })).json).toEqual(
      badRequest('Invalid parameter "status": must be TERMINATED or ARCHIVED'),
    );
    expect((await end({ broadcaster_id: demo.broadcasterId, status: 'TERMINATED' })).json).toEqual(badRequest('Missing required parameter "id"'));
    expect((await end({ broadcaster_id: demo.broadcasterId, id: 'nope', status: 'TERMINATED' })).status).toBe(404);
    expect((await end({ broadcaster_id: '612345001', id: poll.id, status: 'TERMINATED' })).status).toBe(401);
  });
});

describe('GET /helix/polls', () => {
  it('lists newest first, by id, with pagination of at most 20', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const poll = (await create(pollBody({ title: `poll ${i}` }))).json.data[0];
      ids.push(poll.id);
      await end({ broadcaster_id: demo.broadcasterId, id: poll.id, status: 'TERMINATED' });
    }
    const all = await list();
    expect(all.json.data.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
    expect(all.json.pagination).toEqual({});
    const first = await list('&first=2');
    expect(first.json.data).toHaveLength(2);
    const next = await list(`&first=2&after=${first.json.pagination.cursor}`);
    expect(next.json.data.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    expect((await list(`&id=${ids[1]}`)).json.data.map((p: { id: string }) => p.id)).toEqual([ids[1]]);
    expect((await list('&first=21')).status).toBe(400);
    expect((await list(`${'&id=x'.repeat(21)}`)).status).toBe(400);
  });

  it('takes either scope; needs broadcaster_id = token user', async () => {
    expect((await list('', await demo.mint(demo.broadcasterId, [MANAGE]))).status).toBe(200);
    expect((await demo.helix('GET', '/polls', { scopes: [READ] })).json).toEqual(badRequest('Missing required parameter "broadcaster_id"'));
    expect((await demo.helix('GET', '/polls?broadcaster_id=612345001', { scopes: [READ] })).status).toBe(401);
    expect((await list('', await demo.mint(demo.broadcasterId, []))).status).toBe(401);
  });
});

describe('channel.poll.* over EventSub', () => {
  it('delivers begin, progress and end to a subscribed session', async () => {
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const token = await demo.mint(demo.broadcasterId, [READ]);
    for (const type of ['channel.poll.begin', 'channel.poll.progress', 'channel.poll.end']) {
      const res = await subscribe(demo.url, { token, clientId: demo.clientId }, type, { broadcaster_user_id: demo.broadcasterId }, sessionId);
      expect(res.status, type).toBe(202);
    }
    const other = await subscribe(demo.url, { token: await demo.mint('612345001', [READ]), clientId: demo.clientId }, 'channel.poll.begin', { broadcaster_user_id: demo.broadcasterId }, sessionId);
    expect(other.status).toBe(403);

    const poll = (await create(pollBody({ duration: 15 }))).json.data[0];
    await vote(poll.id, { user_id: VIEWERS[0], choice_id: poll.choices[0].id });
    await demo.advance(15);
    const types = [];
    for (let i = 0; i < 3; i++) types.push((await socket.next('notification')).metadata.subscription_type);
    expect(types).toEqual(['channel.poll.begin', 'channel.poll.progress', 'channel.poll.end']);
  });
});

describe('deadlines in real time', () => {
  it('a poll whose time is up completes within a tick, without a request or a clock jump', async () => {
    const poll = (await create(pollBody({ duration: 15 }))).json.data[0];
    const events = demo.recordEvents();
    // Backdate the poll so that it is due now; the once-a-second tick must notice on its own.
    demo.state.polls.get(poll.id)!.startedAt -= 15_000;
    await expect.poll(() => events.map((e) => e.type), { timeout: 3000, interval: 50 }).toEqual(['channel.poll.end']);
    expect(demo.state.polls.get(poll.id)!.status).toBe('COMPLETED');
  });
});

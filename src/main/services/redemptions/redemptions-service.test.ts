import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QueueDelta, Redemption } from '../../../shared/ipc/contract';
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { silentLogger } from '../logger';
import { RedemptionOutbox } from './redemption-outbox';
import { RedemptionsService, type ArrivalContext } from './redemptions-service';
import { broadcaster, FakeAuth, FakeChannelPointsApi, FakeEvents, helixReward } from '../../test-support/redemption-fakes';

let dir: string;
let api: FakeChannelPointsApi;
let events: FakeEvents;
let auth: FakeAuth;
let clock: FakeClock;
let service: RedemptionsService;
let deltas: QueueDelta[];
let arrivals: { ids: string[]; context: ArrivalContext }[];
/** The renderer's copy, kept only from deltas (and a snapshot when a delta does not follow on). */
let mirror: Map<string, Redemption>;
let mirrorVersion: number;

/** Waits until the service has nothing under way (reconciliations, sends, outbox writes): no fixed sleeps. */
const settle = () => service.idle();

async function startService(outboxDir = dir): Promise<RedemptionsService> {
  const outbox = await RedemptionOutbox.open(outboxDir);
  const s = new RedemptionsService({ api, auth, events, outbox, logger: silentLogger, clock, random: () => 0.5 });
  s.onDelta((delta) => {
    deltas.push(delta);
    if (delta.baseVersion !== mirrorVersion) {
      const snap = s.getSnapshot();
      mirror = new Map(snap.items.map((r) => [r.id, r]));
      mirrorVersion = snap.version;
      return;
    }
    for (const id of delta.removed) mirror.delete(id);
    for (const r of delta.added) mirror.set(r.id, r);
    mirrorVersion = delta.version;
  });
  s.onArrived((items, context) => arrivals.push({ ids: items.map((r) => r.id), context }));
  s.start();
  await s.idle();
  return s;
}

const queueIds = () => service.getSnapshot().items.map((r) => r.id).sort();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'redemptions-'));
  api = new FakeChannelPointsApi();
  events = new FakeEvents();
  auth = new FakeAuth(true);
  clock = createFakeClock();
  deltas = [];
  arrivals = [];
  mirror = new Map();
  mirrorVersion = 0;
  api.addReward(helixReward('a', 'Hydrate!'));
  api.addReward(helixReward('b', 'Song request'));
});

afterEach(async () => {
  service?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('RedemptionsService: the queue', () => {
  it('starts from the REST list of manageable rewards, oldest first, and goes live from events', async () => {
    const r1 = api.redeem('a');
    const r2 = api.redeem('b');
    service = await startService();
    expect(service.getSnapshot().items.map((r) => r.id)).toEqual([r1.id, r2.id]);
    expect(service.getSnapshot().status.lastSyncedAt).not.toBeNull();
    expect(api.gets.filter((p) => p.endsWith('/custom_rewards'))).toHaveLength(1);
    const r3 = api.redeem('a', { user_input: 'hello' });
    events.add(r3);
    events.add(r3); // at-least-once delivery
    expect(queueIds()).toEqual([r1.id, r2.id, r3.id].sort());
    expect(service.getRedemption(r3.id)?.userInput).toBe('hello');
    expect([...mirror.keys()].sort()).toEqual(queueIds());
    expect(arrivals.map((a) => a.context.source)).toEqual(['sync', 'event']);
  });

  it('sends only small deltas for a change, not the queue', async () => {
    for (let i = 0; i < 500; i++) api.redeem('a');
    service = await startService();
    const before = deltas.length;
    events.add(api.redeem('a'));
    const delta = deltas.at(-1)!;
    expect(deltas.length).toBe(before + 1);
    expect(delta.added).toHaveLength(1);
    expect(delta.removed).toHaveLength(0);
    expect(delta.baseVersion).toBe(delta.version - 1);
    expect(mirror.size).toBe(501);
  });

  it('leaves out redemptions of rewards Sidestage cannot manage, asking the reward list once', async () => {
    service = await startService();
    const foreign = { ...api.redeem('vip'), broadcaster_id: broadcaster };
    events.add(foreign);
    await settle();
    events.add(api.redeem('vip'));
    await settle();
    expect(queueIds()).toEqual([]);
    expect(api.gets.filter((p) => p.endsWith('/custom_rewards'))).toHaveLength(2);
    // A reward created after start becomes manageable: its redemptions are shown once the list says so.
    api.addReward(helixReward('new'));
    const fresh = api.redeem('new');
    events.add(fresh);
    await settle();
    expect(queueIds()).toEqual([fresh.id]);
  });

  it('removes a redemption fulfilled elsewhere (update event) and never brings it back from a stale list', async () => {
    const r1 = api.redeem('a');
    service = await startService();
    events.update(r1, 'fulfilled');
    expect(queueIds()).toEqual([]);
    // The platform's list still says UNFULFILLED (a replica behind): the event wins.
    await service.reconcile();
    expect(queueIds()).toEqual([]);
  });

  it('reconciles after a gap: what was missed appears, what was resolved goes, nothing twice', async () => {
    const kept = api.redeem('a');
    const resolvedMeanwhile = api.redeem('a');
    service = await startService();
    // During the gap: one resolved elsewhere, three new, none of them seen as events.
    api.redemptions.get(resolvedMeanwhile.id)!.status = 'FULFILLED';
    const missed = [api.redeem('a'), api.redeem('b'), api.redeem('b')];
    events.gap('drop');
    await settle();
    expect(queueIds()).toEqual([kept.id, ...missed.map((r) => r.id)].sort());
    // A late duplicate event of a missed one changes nothing.
    events.add(missed[0]!);
    expect(service.getSnapshot().items).toHaveLength(4);
    expect(arrivals.flatMap((a) => a.ids).sort()).toEqual([kept.id, resolvedMeanwhile.id, ...missed.map((r) => r.id)].sort());
  });

  it('keeps events that arrive while a reconciliation reads the list', async () => {
    service = await startService();
    const late = api.redeem('a');
    const resolved = api.redeem('a');
    // The list is read before these two events arrive: one new, one resolved.
    api.onRedemptionsPage = () => {
      api.onRedemptionsPage = null;
      api.redemptions.delete(late.id);
      events.add(late);
      events.update(resolved, 'canceled');
    };
    await service.reconcile();
    expect(queueIds()).toEqual([late.id]);
  });

  it('a reward list read before a newer one answers last and is ignored: a new reward\'s redemptions stay', async () => {
    service = await startService();
    // The next read of the reward list answers what was there when it was asked, when the test lets it.
    const read = api.get;
    let release!: () => void;
    api.get = async <T>(path: string, query?: Record<string, unknown>): Promise<T> => {
      api.get = read;
      const answer = (await read<{ data: unknown[] }>(path, query as never)) as { data: unknown[] };
      const asked = { data: [...answer.data] };
      await new Promise<void>((resolve) => (release = resolve));
      return asked as T;
    };
    const stale = service.refreshRewards();
    await Promise.resolve();
    // A reward created meanwhile, redeemed, and found by a reconciliation that read the list later.
    api.addReward(helixReward('c', 'Stretch'));
    const redeemed = api.redeem('c');
    await service.reconcile();
    expect(queueIds()).toContain(redeemed.id);
    release();
    await stale;
    expect(queueIds()).toContain(redeemed.id);
    expect(service.isManageable('c')).toBe(true);
  });

  it('says when a reconciliation failed and tries again with backoff', async () => {
    service = await startService();
    api.redeem('a');
    api.failWith(() => new ApiError(503, 'Service Unavailable', null), 1);
    await service.reconcile();
    expect(service.getStatus().error).toMatch(/Could not bring the queue up to date/);
    clock.advance(1000);
    await settle();
    expect(service.getStatus().error).toBeNull();
    expect(queueIds()).toHaveLength(1);
  });

  it('clears the queue on sign-out and loads the new account on sign-in', async () => {
    api.redeem('a');
    service = await startService();
    auth.set(FakeAuth.with('signedOut'));
    expect(queueIds()).toEqual([]);
    expect(service.pendingCount).toBe(0);
    auth.set(FakeAuth.signedIn());
    await settle();
    expect(queueIds()).toHaveLength(1);
  });
});

describe('RedemptionsService: actions and the outbox', () => {
  it('counts an action the platform took as done when the outbox cannot be written afterwards (a full disk)', async () => {
    const r1 = api.redeem('a');
    service = await startService();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const request = api.request;
    api.request = async (req) => {
      // The disk fails between saving the action and removing it once the platform has answered.
      await rm(join(dir, RedemptionOutbox.fileName), { force: true, recursive: true });
      await mkdir(join(dir, RedemptionOutbox.fileName, 'blocked'), { recursive: true });
      return request(req);
    };
    try {
      expect(await service.fulfill([r1.id])).toEqual({ done: 1, queued: 0, failed: [] });
      expect(queueIds()).toEqual([]);
      expect(service.getSnapshot().failures).toEqual([]);
      await service.flush();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      api.request = request;
    }
  });

  it('fulfils at once, in requests of at most 50 ids grouped by reward', async () => {
    for (let i = 0; i < 120; i++) api.redeem('a');
    for (let i = 0; i < 3; i++) api.redeem('b');
    service = await startService();
    const ids = service.getSnapshot().items.map((r) => r.id);
    const result = await service.fulfill(ids);
    expect(result).toEqual({ done: 123, queued: 0, failed: [] });
    expect(api.patches.map((p) => [p.rewardId, p.ids.length]).sort()).toEqual([
      ['a', 20],
      ['a', 50],
      ['a', 50],
      ['b', 3],
    ]);
    expect(api.unfulfilledIds()).toEqual([]);
    expect(queueIds()).toEqual([]);
    expect((await RedemptionOutbox.open(dir)).list()).toEqual([]);
  });

  it('is optimistic: the items leave the queue before the platform answers', async () => {
    const r1 = api.redeem('a');
    service = await startService();
    const pending = service.cancel([r1.id]);
    expect(mirror.has(r1.id)).toBe(false);
    expect(await pending).toMatchObject({ done: 1 });
    expect(api.redemptions.get(r1.id)!.status).toBe('CANCELED');
  });

  it('resolves all of one reward', async () => {
    const a = [api.redeem('a'), api.redeem('a')];
    const b = api.redeem('b');
    service = await startService();
    expect(await service.resolveAllOfReward('a', 'FULFILLED')).toMatchObject({ done: 2 });
    expect(queueIds()).toEqual([b.id]);
    expect(a.every((r) => api.redemptions.get(r.id)!.status === 'FULFILLED')).toBe(true);
    expect(() => service.resolveAllOfReward('vip', 'FULFILLED')).toThrow(/not created by Sidestage/);
  });

  it('rolls back with the reason when the platform refuses', async () => {
    const r1 = api.redeem('a');
    service = await startService();
    api.failWith(() => new ApiError(403, 'Forbidden', 'The ID in the Client-Id header must match the Client ID used to create the custom reward.'), 1, (q) => q.method === 'PATCH');
    const result = await service.fulfill([r1.id]);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]!.message).toMatch(/Could not fulfil Viewer\d's "Reward a": The ID in the Client-Id header/);
    expect(queueIds()).toEqual([r1.id]);
    expect(mirror.has(r1.id)).toBe(true);
    expect(service.getSnapshot().failures).toHaveLength(1);
    service.dismissFailure(result.failed[0]!.at);
    expect(service.getSnapshot().failures).toHaveLength(0);
  });

  it('counts a 404 (no longer UNFULFILLED) as done', async () => {
    const r1 = api.redeem('a');
    service = await startService();
    api.redemptions.get(r1.id)!.status = 'FULFILLED';
    expect(await service.fulfill([r1.id])).toEqual({ done: 1, queued: 0, failed: [] });
    expect(queueIds()).toEqual([]);
  });

  it.each([
    ['a 5xx', () => new ApiError(502, 'Bad Gateway', null)],
    ['a 429', () => new AppError('rate_limited', 'slow down', { status: 429, retryAfterMs: 3000 })],
    ['the network', () => new AppError('network_error', 'Could not reach the platform: the connection was refused.')],
  ])('keeps the action in the outbox after %s, hidden, and sends it on the retry', async (_what, error) => {
    const r1 = api.redeem('a');
    service = await startService();
    api.failWith(error, 2, (q) => q.method === 'PATCH');
    const result = await service.fulfill([r1.id]);
    expect(result).toEqual({ done: 0, queued: 1, failed: [] });
    expect(service.getStatus()).toMatchObject({ outboxCount: 1 });
    expect(service.getStatus().outboxError).not.toBeNull();
    // A reconciliation meanwhile still sees it UNFULFILLED on the platform: it stays hidden.
    await service.reconcile();
    expect(queueIds()).toEqual([]);
    clock.advance(3000);
    await settle();
    expect(api.redemptions.get(r1.id)!.status, JSON.stringify({ patches: api.patches, timers: clock.pendingTimers(), status: service.getStatus() })).toBe("UNFULFILLED");
    clock.advance(60_000);
    await settle();
    expect(api.redemptions.get(r1.id)!.status, JSON.stringify({ patches: api.patches, timers: clock.pendingTimers(), status: service.getStatus() })).toBe('FULFILLED');
    expect(service.getStatus()).toMatchObject({ outboxCount: 0, outboxError: null });
  });

  it('waits for a sign-in when the sign-in expired, then sends the outbox', async () => {
    const r1 = api.redeem('a');
    service = await startService();
    api.failWith(() => new AppError('not_signed_in', 'Your sign-in expired.'), 1, (q) => q.method === 'PATCH');
    expect(await service.fulfill([r1.id])).toMatchObject({ queued: 1 });
    auth.set(FakeAuth.with('needsSignIn'));
    clock.advance(120_000);
    await settle();
    expect(api.patches).toHaveLength(0);
    expect(service.getStatus().outboxError).toBe('Waiting for you to sign in again.');
    auth.set(FakeAuth.signedIn());
    await settle();
    expect(api.redemptions.get(r1.id)!.status).toBe('FULFILLED');
    expect(service.getStatus().outboxCount).toBe(0);
  });

  it('rolls back a 401 that names a missing scope, like a refusal, instead of retrying it forever', async () => {
    const r1 = api.redeem('a');
    service = await startService();
    // What the platform (and the emulator) answer when the token lacks channel:manage:redemptions; the API client does not refresh for it.
    api.failWith(() => new ApiError(401, 'Unauthorized', 'Missing scope: channel:manage:redemptions'), 1, (q) => q.method === 'PATCH');
    const result = await service.fulfill([r1.id]);
    expect(result).toMatchObject({ done: 0, queued: 0 });
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]!.message).toMatch(/Could not fulfil Viewer\d's "Reward a": .*Missing scope: channel:manage:redemptions.*sign in again/i);
    expect(queueIds()).toEqual([r1.id]);
    expect(mirror.has(r1.id)).toBe(true);
    expect(service.getStatus()).toMatchObject({ outboxCount: 0, outboxError: null });
    expect(service.getSnapshot().failures).toHaveLength(1);
    expect(clock.pendingTimers()).toBe(0);
    // Nothing waits to be retried: the next reconciliation shows it too.
    await service.reconcile();
    expect(queueIds()).toEqual([r1.id]);
  });

  it('keeps an action refused with a 401 after a refresh (sign-in no longer valid) until a sign-in, not on a timer', async () => {
    const r1 = api.redeem('a');
    service = await startService();
    api.failWith(() => new ApiError(401, 'Unauthorized', 'Invalid OAuth token'), 1, (q) => q.method === 'PATCH');
    expect(await service.fulfill([r1.id])).toEqual({ done: 0, queued: 1, failed: [] });
    expect(service.getStatus()).toMatchObject({ outboxCount: 1, outboxError: 'Waiting for you to sign in again.' });
    expect(clock.pendingTimers()).toBe(0);
    clock.advance(120_000);
    await settle();
    expect(api.patches).toHaveLength(0);
    expect(queueIds()).toEqual([]);
    auth.set(FakeAuth.with('needsSignIn'));
    auth.set(FakeAuth.signedIn());
    await settle();
    expect(api.redemptions.get(r1.id)!.status).toBe('FULFILLED');
    expect(service.getStatus()).toMatchObject({ outboxCount: 0, outboxError: null });
  });

  it('puts the items back and says so when the outbox cannot be written; nothing is sent, and trying again works', async () => {
    const r1 = api.redeem('a');
    const r2 = api.redeem('b');
    service = await startService();
    // A directory where the outbox file goes: the atomic rename onto it fails (even for root).
    const outboxPath = join(dir, RedemptionOutbox.fileName);
    await mkdir(join(outboxPath, 'blocker'), { recursive: true });
    const error = await service.fulfill([r1.id, r2.id]).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/^Could not save the action to disk: .+; nothing was sent\. Try again\.$/);
    expect(api.patches).toHaveLength(0);
    expect(queueIds()).toEqual([r1.id, r2.id].sort());
    expect([...mirror.keys()].sort()).toEqual(queueIds());
    expect(service.getStatus()).toMatchObject({ outboxCount: 0, outboxError: null });
    expect(clock.pendingTimers()).toBe(0);
    // Not hidden by a phantom outbox entry either.
    await service.reconcile();
    expect(queueIds()).toEqual([r1.id, r2.id].sort());

    await rm(outboxPath, { recursive: true, force: true });
    expect(await service.fulfill([r1.id, r2.id])).toEqual({ done: 2, queued: 0, failed: [] });
    expect(api.unfulfilledIds()).toEqual([]);
    expect(JSON.parse(await readFile(outboxPath, 'utf8'))).toEqual({ version: 1, entries: [] });
  });

  it('survives a restart with actions pending: hidden at start, sent, queue equal to the platform', async () => {
    const r1 = api.redeem('a');
    const r2 = api.redeem('a');
    service = await startService();
    api.failWith(() => new AppError('network_error', 'offline'), 1, (q) => q.method === 'PATCH');
    await service.cancel([r1.id]);
    service.dispose();
    // A new process: the outbox file is all that is left.
    deltas = [];
    arrivals = [];
    mirror = new Map();
    mirrorVersion = 0;
    service = await startService();
    expect(queueIds()).toEqual([r2.id]);
    expect(api.redemptions.get(r1.id)!.status).toBe('CANCELED');
    expect(queueIds()).toEqual(api.unfulfilledIds());
  });

  it('ignores ids that are not in the queue', async () => {
    service = await startService();
    expect(await service.fulfill(['nope'])).toEqual({ done: 0, queued: 0, failed: [] });
    auth.set(FakeAuth.with('signedOut'));
    await expect(service.fulfill(['nope'])).rejects.toThrow(/Sign in/);
  });
});

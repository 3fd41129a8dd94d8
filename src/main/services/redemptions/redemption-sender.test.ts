import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';
import type { Redemption } from '../../../shared/ipc/contract';
import { silentLogger } from '../logger';
import { fromHelixRedemption } from './helix-redemptions';
import { RedemptionOutbox } from './redemption-outbox';
import { RedemptionSender, type SenderQueue } from './redemption-sender';
import type { RedemptionsService } from './redemptions-service';
import { broadcaster, FakeAuth, queueHarnessPerTest } from '../../test-support/redemption-fakes';

const h = queueHarnessPerTest();
let service: RedemptionsService;

describe('RedemptionsService: actions and the outbox', () => {
  it('counts an action the platform took as done when the outbox cannot be written afterwards (a full disk)', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const request = h.api.request;
    h.api.request = async (req) => {
      // The disk fails between saving the action and removing it once the platform has answered.
      await rm(join(h.dir, RedemptionOutbox.fileName), { force: true, recursive: true });
      await mkdir(join(h.dir, RedemptionOutbox.fileName, 'blocked'), { recursive: true });
      return request(req);
    };
    try {
      expect(await service.fulfill([r1.id])).toEqual({ done: 1, queued: 0, failed: [] });
      expect(h.queueIds()).toEqual([]);
      expect(service.getSnapshot().failures).toEqual([]);
      await service.flush();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      h.api.request = request;
    }
  });

  it('fulfils at once, in requests of at most 50 ids grouped by reward', async () => {
    for (let i = 0; i < 120; i++) h.api.redeem('a');
    for (let i = 0; i < 3; i++) h.api.redeem('b');
    service = await h.start();
    const ids = service.getSnapshot().items.map((r) => r.id);
    const result = await service.fulfill(ids);
    expect(result).toEqual({ done: 123, queued: 0, failed: [] });
    expect(h.api.patches.map((p) => [p.rewardId, p.ids.length]).sort()).toEqual([
      ['a', 20],
      ['a', 50],
      ['a', 50],
      ['b', 3],
    ]);
    expect(h.api.unfulfilledIds()).toEqual([]);
    expect(h.queueIds()).toEqual([]);
    expect((await RedemptionOutbox.open(h.dir)).list()).toEqual([]);
  });

  it('is optimistic: the items leave the queue before the platform answers', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    const pending = service.cancel([r1.id]);
    expect(h.mirror.has(r1.id)).toBe(false);
    expect(await pending).toMatchObject({ done: 1 });
    expect(h.api.redemptions.get(r1.id)!.status).toBe('CANCELED');
  });

  it('resolves all of one reward', async () => {
    const a = [h.api.redeem('a'), h.api.redeem('a')];
    const b = h.api.redeem('b');
    service = await h.start();
    expect(await service.resolveAllOfReward('a', 'FULFILLED')).toMatchObject({ done: 2 });
    expect(h.queueIds()).toEqual([b.id]);
    expect(a.every((r) => h.api.redemptions.get(r.id)!.status === 'FULFILLED')).toBe(true);
    expect(() => service.resolveAllOfReward('vip', 'FULFILLED')).toThrow(/not created by Sidestage/);
  });

  it('rolls back with the reason when the platform refuses', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    h.api.failWith(() => new ApiError(403, 'Forbidden', 'The ID in the Client-Id header must match the Client ID used to create the custom reward.'), 1, (q) => q.method === 'PATCH');
    const result = await service.fulfill([r1.id]);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]!.message).toMatch(/Could not fulfil Viewer\d's "Reward a": The ID in the Client-Id header/);
    expect(h.queueIds()).toEqual([r1.id]);
    expect(h.mirror.has(r1.id)).toBe(true);
    expect(service.getSnapshot().failures).toHaveLength(1);
    service.dismissFailure(result.failed[0]!.at);
    expect(service.getSnapshot().failures).toHaveLength(0);
    // Nothing to dismiss: nothing changed, no delta.
    const deltas = h.deltas.length;
    service.dismissFailure(result.failed[0]!.at);
    expect(h.deltas).toHaveLength(deltas);
  });

  it('counts a 404 (no longer UNFULFILLED) as done', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    h.api.redemptions.get(r1.id)!.status = 'FULFILLED';
    expect(await service.fulfill([r1.id])).toEqual({ done: 1, queued: 0, failed: [] });
    expect(h.queueIds()).toEqual([]);
  });

  it.each([
    ['a 5xx', () => new ApiError(502, 'Bad Gateway', null)],
    ['a 429', () => new AppError('rate_limited', 'slow down', { status: 429, retryAfterMs: 3000 })],
    ['the network', () => new AppError('network_error', 'Could not reach the platform: the connection was refused.')],
  ])('keeps the action in the outbox after %s, hidden, and sends it on the retry', async (_what, error) => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    h.api.failWith(error, 2, (q) => q.method === 'PATCH');
    const result = await service.fulfill([r1.id]);
    expect(result).toEqual({ done: 0, queued: 1, failed: [] });
    expect(service.getStatus()).toMatchObject({ outboxCount: 1 });
    expect(service.getStatus().outboxError).not.toBeNull();
    // A reconciliation meanwhile still sees it UNFULFILLED on the platform: it stays hidden.
    await service.reconcile();
    expect(h.queueIds()).toEqual([]);
    h.clock.advance(3000);
    await h.settle();
    expect(h.api.redemptions.get(r1.id)!.status, JSON.stringify({ patches: h.api.patches, timers: h.clock.pendingTimers(), status: service.getStatus() })).toBe("UNFULFILLED");
    h.clock.advance(60_000);
    await h.settle();
    expect(h.api.redemptions.get(r1.id)!.status, JSON.stringify({ patches: h.api.patches, timers: h.clock.pendingTimers(), status: service.getStatus() })).toBe('FULFILLED');
    expect(service.getStatus()).toMatchObject({ outboxCount: 0, outboxError: null });
  });

  it('waits for a sign-in when the sign-in expired, then sends the outbox', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    h.api.failWith(() => new AppError('not_signed_in', 'Your sign-in expired.'), 1, (q) => q.method === 'PATCH');
    expect(await service.fulfill([r1.id])).toMatchObject({ queued: 1 });
    h.auth.set(FakeAuth.with('needsSignIn'));
    h.clock.advance(120_000);
    await h.settle();
    expect(h.api.patches).toHaveLength(0);
    expect(service.getStatus().outboxError).toBe('Waiting for you to sign in again.');
    h.auth.set(FakeAuth.signedIn());
    await h.settle();
    expect(h.api.redemptions.get(r1.id)!.status).toBe('FULFILLED');
    expect(service.getStatus().outboxCount).toBe(0);
  });

  it('rolls back a 401 that names a missing scope, like a refusal, instead of retrying it forever', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    // What the platform (and the emulator) answer when the token lacks channel:manage:redemptions; the API client does not refresh for it.
    h.api.failWith(() => new ApiError(401, 'Unauthorized', 'Missing scope: channel:manage:redemptions'), 1, (q) => q.method === 'PATCH');
    const result = await service.fulfill([r1.id]);
    expect(result).toMatchObject({ done: 0, queued: 0 });
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]!.message).toMatch(/Could not fulfil Viewer\d's "Reward a": .*Missing scope: channel:manage:redemptions.*sign in again/i);
    expect(h.queueIds()).toEqual([r1.id]);
    expect(h.mirror.has(r1.id)).toBe(true);
    expect(service.getStatus()).toMatchObject({ outboxCount: 0, outboxError: null });
    expect(service.getSnapshot().failures).toHaveLength(1);
    expect(h.clock.pendingTimers()).toBe(0);
    // Nothing waits to be retried: the next reconciliation shows it too.
    await service.reconcile();
    expect(h.queueIds()).toEqual([r1.id]);
  });

  it('keeps an action refused with a 401 after a refresh (sign-in no longer valid) until a sign-in, not on a timer', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    h.api.failWith(() => new ApiError(401, 'Unauthorized', 'Invalid OAuth token'), 1, (q) => q.method === 'PATCH');
    expect(await service.fulfill([r1.id])).toEqual({ done: 0, queued: 1, failed: [] });
    expect(service.getStatus()).toMatchObject({ outboxCount: 1, outboxError: 'Waiting for you to sign in again.' });
    expect(h.clock.pendingTimers()).toBe(0);
    h.clock.advance(120_000);
    await h.settle();
    expect(h.api.patches).toHaveLength(0);
    expect(h.queueIds()).toEqual([]);
    h.auth.set(FakeAuth.with('needsSignIn'));
    h.auth.set(FakeAuth.signedIn());
    await h.settle();
    expect(h.api.redemptions.get(r1.id)!.status).toBe('FULFILLED');
    expect(service.getStatus()).toMatchObject({ outboxCount: 0, outboxError: null });
  });

  it('puts the items back and says so when the outbox cannot be written; nothing is sent, and trying again works', async () => {
    const r1 = h.api.redeem('a');
    const r2 = h.api.redeem('b');
    service = await h.start();
    // A directory where the outbox file goes: the atomic rename onto it fails (even for root).
    const outboxPath = join(h.dir, RedemptionOutbox.fileName);
    await mkdir(join(outboxPath, 'blocker'), { recursive: true });
    const error = await service.fulfill([r1.id, r2.id]).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/^Could not save the action to disk: .+; nothing was sent\. Try again\.$/);
    expect(h.api.patches).toHaveLength(0);
    expect(h.queueIds()).toEqual([r1.id, r2.id].sort());
    expect([...h.mirror.keys()].sort()).toEqual(h.queueIds());
    expect(service.getStatus()).toMatchObject({ outboxCount: 0, outboxError: null });
    expect(h.clock.pendingTimers()).toBe(0);
    // Not hidden by a phantom outbox entry either.
    await service.reconcile();
    expect(h.queueIds()).toEqual([r1.id, r2.id].sort());

    await rm(outboxPath, { recursive: true, force: true });
    expect(await service.fulfill([r1.id, r2.id])).toEqual({ done: 2, queued: 0, failed: [] });
    expect(h.api.unfulfilledIds()).toEqual([]);
    expect(JSON.parse(await readFile(outboxPath, 'utf8'))).toEqual({ version: 1, entries: [] });
  });

  it('survives a restart with actions pending: hidden at start, sent, queue equal to the platform', async () => {
    const r1 = h.api.redeem('a');
    const r2 = h.api.redeem('a');
    service = await h.start();
    h.api.failWith(() => new AppError('network_error', 'offline'), 1, (q) => q.method === 'PATCH');
    await service.cancel([r1.id]);
    await service.dispose();
    // A new process: the outbox file is all that is left.
    service = await h.start();
    expect(h.queueIds()).toEqual([r2.id]);
    expect(h.api.redemptions.get(r1.id)!.status).toBe('CANCELED');
    expect(h.queueIds()).toEqual(h.api.unfulfilledIds());
  });

  it('ignores ids that are not in the queue', async () => {
    service = await h.start();
    expect(await service.fulfill(['nope'])).toEqual({ done: 0, queued: 0, failed: [] });
    h.auth.set(FakeAuth.with('signedOut'));
    await expect(service.fulfill(['nope'])).rejects.toThrow(/Sign in/);
  });
});

describe('RedemptionSender on its own (the seam with the queue)', () => {
  /** A queue port that records what the sender asks of it. */
  function fakeQueue(items: Redemption[]) {
    const queue = new Map(items.map((r) => [r.id, r]));
    const port = {
      broadcasterId: broadcaster as string | null,
      canCallApi: true,
      putBack: [] as { ids: string[]; broadcasterId: string }[],
      resolved: [] as string[],
      changes: 0,
      take: (ids: string[]) => {
        const taken = ids.map((id) => queue.get(id)).filter((r): r is Redemption => r !== undefined);
        for (const r of taken) queue.delete(r.id);
        return taken;
      },
      markResolved: (ids: string[]) => void port.resolved.push(...ids),
      changed: () => void port.changes++,
    };
    const senderQueue: SenderQueue = {
      broadcasterId: () => port.broadcasterId,
      canCallApi: () => port.canCallApi,
      take: port.take,
      putBack: (redemptions, broadcasterId) => void port.putBack.push({ ids: redemptions.map((r) => r.id), broadcasterId }),
      markResolved: port.markResolved,
      changed: port.changed,
    };
    return { port, senderQueue, queue };
  }

  async function sender(items: Redemption[]) {
    const outbox = await RedemptionOutbox.open(h.dir);
    const { port, senderQueue, queue } = fakeQueue(items);
    const s = new RedemptionSender({ api: h.api, outbox, queue: senderQueue, logger: silentLogger, clock: h.clock, random: () => 0.5 });
    return { s, port, queue, outbox };
  }

  it('takes what it acts on out of the queue, marks what the platform took as resolved, and puts refusals back for their account', async () => {
    const ok = fromHelixRedemption(h.api.redeem('a'));
    const refused = fromHelixRedemption(h.api.redeem('b'));
    const { s, port, queue, outbox } = await sender([ok, refused]);
    h.api.failWith(() => new ApiError(400, 'Bad Request', 'nope'), 1, (q) => q.method === 'PATCH' && String((q as { query?: { reward_id?: string } }).query?.reward_id) === 'b');
    const result = await s.resolve([ok.id, refused.id, 'not-queued'], 'FULFILLED');
    expect(result.done).toBe(1);
    expect(result.failed.map((f) => f.ids)).toEqual([[refused.id]]);
    expect(queue.size).toBe(0);
    expect(port.resolved).toEqual([ok.id]);
    expect(port.putBack).toEqual([{ ids: [refused.id], broadcasterId: broadcaster }]);
    expect(s.failures).toHaveLength(1);
    expect(outbox.list()).toEqual([]);
    expect(port.changes).toBeGreaterThan(0);
  });

  it('retries what waits on the backoff (doubling, jittered), or later when the platform asks for longer', async () => {
    const one = fromHelixRedemption(h.api.redeem('a'));
    const two = fromHelixRedemption(h.api.redeem('a'));
    const { s } = await sender([one, two]);
    /** Moves time and waits for whatever it started. */
    const advance = async (ms: number) => {
      h.clock.advance(ms);
      await Promise.allSettled(s.busy());
    };
    h.api.failWith(() => new ApiError(503, 'Service Unavailable', null), 2, (q) => q.method === 'PATCH');
    expect(await s.resolve([one.id], 'FULFILLED')).toMatchObject({ queued: 1 });
    // 1 s step, jitter 0.5: between half and all of it, here 750 ms.
    await advance(749);
    expect(h.api.patches).toHaveLength(0);
    await advance(1);
    // That try failed too (the second 503): the next wait doubles, to 1,500 ms.
    expect(s.waitingCount(broadcaster)).toBe(1);
    await advance(1499);
    expect(h.api.patches).toHaveLength(0);
    await advance(1);
    expect(h.api.patches).toHaveLength(1);
    expect(s.waitingCount(broadcaster)).toBe(0);
    expect(s.error).toBeNull();

    // A rate limit that names its own, longer wait is waited out in full.
    h.api.failWith(() => new AppError('rate_limited', 'slow down', { status: 429, retryAfterMs: 5000 }), 1, (q) => q.method === 'PATCH');
    expect(await s.resolve([two.id], 'CANCELED')).toMatchObject({ queued: 1 });
    await advance(4999);
    expect(h.api.patches).toHaveLength(1);
    await advance(1);
    expect(h.api.patches).toHaveLength(2);
    s.dispose();
  });

  it('sends nothing while the API may not be called, and nothing of another account', async () => {
    const r1 = fromHelixRedemption(h.api.redeem('a'));
    const { s, port } = await sender([r1]);
    port.canCallApi = false;
    expect(await s.resolve([r1.id], 'FULFILLED')).toMatchObject({ queued: 1 });
    expect(s.error).toBe('Waiting for you to sign in again.');
    port.broadcasterId = 'someone-else';
    port.canCallApi = true;
    await s.flush();
    expect(h.api.patches).toHaveLength(0);
    expect(s.waitingCount(broadcaster)).toBe(1);
    port.broadcasterId = broadcaster;
    await s.flush();
    expect(h.api.patches).toHaveLength(1);
    s.dispose();
  });
});

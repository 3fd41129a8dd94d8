import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';
import type { RedemptionsService } from './redemptions-service';
import { broadcaster, FakeAuth, helixReward, queueHarnessPerTest } from '../../test-support/redemption-fakes';

const h = queueHarnessPerTest();
let service: RedemptionsService;

describe('RedemptionsService: the queue', () => {
  it('starts from the REST list of manageable rewards, oldest first, and goes live from events', async () => {
    const r1 = h.api.redeem('a');
    const r2 = h.api.redeem('b');
    service = await h.start();
    expect(service.getSnapshot().items.map((r) => r.id)).toEqual([r1.id, r2.id]);
    expect(service.getSnapshot().status.lastSyncedAt).not.toBeNull();
    expect(h.api.gets.filter((p) => p.endsWith('/custom_rewards'))).toHaveLength(1);
    const r3 = h.api.redeem('a', { user_input: 'hello' });
    h.events.add(r3);
    h.events.add(r3); // at-least-once delivery
    expect(h.queueIds()).toEqual([r1.id, r2.id, r3.id].sort());
    expect(service.getRedemption(r3.id)?.userInput).toBe('hello');
    expect([...h.mirror.keys()].sort()).toEqual(h.queueIds());
    expect(h.arrivals.map((a) => a.context.source)).toEqual(['sync', 'event']);
  });

  it('sends only small h.deltas for a change, not the queue', async () => {
    for (let i = 0; i < 500; i++) h.api.redeem('a');
    service = await h.start();
    const before = h.deltas.length;
    h.events.add(h.api.redeem('a'));
    const delta = h.deltas.at(-1)!;
    expect(h.deltas.length).toBe(before + 1);
    expect(delta.added).toHaveLength(1);
    expect(delta.removed).toHaveLength(0);
    expect(delta.baseVersion).toBe(delta.version - 1);
    expect(h.mirror.size).toBe(501);
  });

  it('leaves out redemptions of rewards Sidestage cannot manage, asking the reward list once', async () => {
    service = await h.start();
    const foreign = { ...h.api.redeem('vip'), broadcaster_id: broadcaster };
    h.events.add(foreign);
    await h.settle();
    h.events.add(h.api.redeem('vip'));
    await h.settle();
    expect(h.queueIds()).toEqual([]);
    expect(h.api.gets.filter((p) => p.endsWith('/custom_rewards'))).toHaveLength(2);
    // A reward created after start becomes manageable: its redemptions are shown once the list says so.
    h.api.addReward(helixReward('new'));
    const fresh = h.api.redeem('new');
    h.events.add(fresh);
    await h.settle();
    expect(h.queueIds()).toEqual([fresh.id]);
  });

  it('removes a redemption fulfilled elsewhere (update event) and never brings it back from a stale list', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    h.events.update(r1, 'fulfilled');
    expect(h.queueIds()).toEqual([]);
    // The platform's list still says UNFULFILLED (a replica behind): the event wins.
    await service.reconcile();
    expect(h.queueIds()).toEqual([]);
  });

  it('reconciles after a gap: what was missed appears, what was resolved goes, nothing twice', async () => {
    const kept = h.api.redeem('a');
    const resolvedMeanwhile = h.api.redeem('a');
    service = await h.start();
    // During the gap: one resolved elsewhere, three new, none of them seen as h.events.
    h.api.redemptions.get(resolvedMeanwhile.id)!.status = 'FULFILLED';
    const missed = [h.api.redeem('a'), h.api.redeem('b'), h.api.redeem('b')];
    h.events.gap('drop');
    await h.settle();
    expect(h.queueIds()).toEqual([kept.id, ...missed.map((r) => r.id)].sort());
    // A late duplicate event of a missed one changes nothing.
    h.events.add(missed[0]!);
    expect(service.getSnapshot().items).toHaveLength(4);
    expect(h.arrivals.flatMap((a) => a.ids).sort()).toEqual([kept.id, resolvedMeanwhile.id, ...missed.map((r) => r.id)].sort());
  });

  it('keeps events that arrive while a reconciliation reads the list', async () => {
    service = await h.start();
    const late = h.api.redeem('a');
    const resolved = h.api.redeem('a');
    // The list is read before these two events arrive: one new, one resolved.
    h.api.onRedemptionsPage = () => {
      h.api.onRedemptionsPage = null;
      h.api.redemptions.delete(late.id);
      h.events.add(late);
      h.events.update(resolved, 'canceled');
    };
    await service.reconcile();
    expect(h.queueIds()).toEqual([late.id]);
  });

  it('a reward list read before a newer one answers last and is ignored: a new reward\'s redemptions stay', async () => {
    service = await h.start();
    // The next read of the reward list answers what was there when it was asked, when the test lets it.
    const read = h.api.get;
    let release!: () => void;
    h.api.get = async <T>(path: string, query?: Record<string, unknown>): Promise<T> => {
      h.api.get = read;
      const answer = (await read<{ data: unknown[] }>(path, query as never)) as { data: unknown[] };
      const asked = { data: [...answer.data] };
      await new Promise<void>((resolve) => (release = resolve));
      return asked as T;
    };
    const stale = service.refreshRewards();
    await Promise.resolve();
    // A reward created meanwhile, redeemed, and found by a reconciliation that read the list later.
    h.api.addReward(helixReward('c', 'Stretch'));
    const redeemed = h.api.redeem('c');
    await service.reconcile();
    expect(h.queueIds()).toContain(redeemed.id);
    release();
    await stale;
    expect(h.queueIds()).toContain(redeemed.id);
    expect(service.isManageable('c')).toBe(true);
  });

  it('says when a reconciliation failed and tries again with backoff', async () => {
    service = await h.start();
    h.api.redeem('a');
    h.api.failWith(() => new ApiError(503, 'Service Unavailable', null), 1);
    await service.reconcile();
    expect(service.getStatus().error).toMatch(/Could not bring the queue up to date/);
    h.clock.advance(1000);
    await h.settle();
    expect(service.getStatus().error).toBeNull();
    expect(h.queueIds()).toHaveLength(1);
  });

  it('keeps the queue through a re-sign-in without reading the platform, catches up once signed in, and clears on sign-out', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    const reads = h.api.gets.length;
    h.auth.set(FakeAuth.with('signingIn'));
    h.auth.set(FakeAuth.with('needsSignIn'));
    const r2 = h.api.redeem('a');
    await h.settle();
    expect(h.queueIds()).toEqual([r1.id]);
    expect(h.api.gets).toHaveLength(reads);
    h.auth.set(FakeAuth.signedIn());
    await h.settle();
    expect(h.queueIds()).toEqual([r1.id, r2.id].sort());
    h.auth.set(FakeAuth.with('signedOut'));
    expect(h.queueIds()).toEqual([]);
    expect(service.getStatus().lastSyncedAt).toBeNull();
  });

  it('started with an expired sign-in: the account\'s waiting actions count, and nothing is read or sent until it is renewed', async () => {
    const r1 = h.api.redeem('a');
    service = await h.start();
    h.api.failWith(() => new AppError('network_error', 'offline'), 1, (q) => q.method === 'PATCH');
    expect(await service.fulfill([r1.id])).toMatchObject({ queued: 1 });
    await service.dispose();
    h.auth.state = FakeAuth.with('needsSignIn');
    const reads = h.api.gets.length;
    service = await h.start();
    expect(service.getStatus()).toMatchObject({ outboxCount: 1, lastSyncedAt: null, error: null });
    expect(h.api.gets).toHaveLength(reads);
    expect(h.api.patches).toHaveLength(0);
    h.auth.set(FakeAuth.signedIn());
    await h.settle();
    expect(h.api.redemptions.get(r1.id)!.status).toBe('FULFILLED');
    expect(service.getStatus()).toMatchObject({ outboxCount: 0, error: null });
    expect(service.getStatus().lastSyncedAt).not.toBeNull();
  });

  it('clears the queue on sign-out and loads the new account on sign-in', async () => {
    h.api.redeem('a');
    service = await h.start();
    h.auth.set(FakeAuth.with('signedOut'));
    expect(h.queueIds()).toEqual([]);
    expect(service.pendingCount).toBe(0);
    h.auth.set(FakeAuth.signedIn());
    await h.settle();
    expect(h.queueIds()).toHaveLength(1);
  });
});


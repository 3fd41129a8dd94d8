import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../api/api-client';
import { silentLogger } from '../logger';
import { FakeAuth, helixReward } from '../../test-support/redemption-fakes';
import { RewardsService } from './rewards-service';

describe('RewardsService', () => {
  it('a list read that started before an edit and answers after it is read again, so the edit stays', async () => {
    const held = [{ ...helixReward('a', 'Hydrate!'), cost: 100 }];
    const gates: (() => void)[] = [];
    let holdReads = false;
    const api = {
      get: async <T>(): Promise<T> => {
        // Answered as the platform was when asked, after the test lets it go.
        const answer = { data: held.map((r) => ({ ...r })) };
        if (holdReads) await new Promise<void>((resolve) => gates.push(resolve));
        return answer as T;
      },
      request: async <T>(req: ApiRequest) => {
        const changes = req.body as { cost?: number };
        Object.assign(held[0]!, changes);
        return { status: 200, data: { data: [{ ...held[0]! }] } as T };
      },
    };
    const service = new RewardsService({ api: api as never, broadcaster: new FakeAuth(true).broadcaster(), queue: { pendingOf: () => 0, refreshRewards: async () => {} }, logger: silentLogger });
    service.start();
    await service.list();
    holdReads = true;
    const stale = service.list();
    await new Promise((resolve) => setImmediate(resolve));
    holdReads = false;
    await service.update('a', { cost: 300 });
    expect(service.getOverview().rewards[0]!.cost).toBe(300);
    for (const release of gates.splice(0)) release();
    await stale;
    expect(service.getOverview().rewards[0]!.cost).toBe(300);
  });

  it('keeps the list through a re-sign-in, reads it only once the API may be called, and clears it on sign-out', async () => {
    let reads = 0;
    const api = {
      get: async <T>(): Promise<T> => {
        reads++;
        return { data: [helixReward('a', 'Hydrate!')] } as T;
      },
      request: async () => {
        throw new Error('unexpected');
      },
    };
    const auth = new FakeAuth(false);
    auth.state = FakeAuth.with('needsSignIn');
    const service = new RewardsService({ api: api as never, broadcaster: auth.broadcaster(), queue: { pendingOf: () => 0, refreshRewards: async () => {} }, logger: silentLogger });
    service.start();
    expect(reads).toBe(0);
    auth.set(FakeAuth.signedIn());
    await vi.waitFor(() => expect(service.getOverview().loadedAt).not.toBeNull());
    auth.set(FakeAuth.with('signingIn'));
    auth.set(FakeAuth.with('needsSignIn'));
    expect(service.getOverview().rewards.map((r) => r.title)).toEqual(['Hydrate!']);
    const readsBefore = reads;
    auth.set(FakeAuth.signedIn());
    expect(reads).toBe(readsBefore);
    auth.set(FakeAuth.with('signedOut'));
    expect(service.getOverview()).toEqual({ rewards: [], loadedAt: null });
    service.dispose();
  });
});

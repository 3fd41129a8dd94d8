import { describe, expect, it } from 'vitest';
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
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { channelEventSchema, type ChannelEvent, type Redemption } from '../../../shared/ipc/contract';
import { Emitter } from '../../../shared/primitives/emitter';
import { redemptionFixture } from '../../test-support/data-file-fixtures';
import { silentLogger } from '../logger';
import type { ArrivalContext } from '../redemptions/redemptions-service';
import { createAutomationsFeature, type AutomationsFeatureDeps } from './automations-feature';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

function deps(dataDir: string) {
  const published: ChannelEvent[] = [];
  const arrivals = new Emitter<{ items: Redemption[]; context: ArrivalContext }>();
  const none = () => () => {};
  const value: AutomationsFeatureDeps = {
    dataDir,
    logger: silentLogger,
    channelEvents: { on: none, publish: (event) => void published.push(event) },
    obs: { call: () => Promise.reject(new Error('no OBS')), getState: () => ({ status: 'off', statusText: 'Not connected to OBS' }) },
    chat: { send: async () => ({ messageId: null }) },
    live: {
      stream: { getStatus: () => ({ live: false, startedAt: null }), onChange: none },
      ads: { getState: () => ({ schedule: null }), onChange: none },
    } as never,
    redemptions: {
      redemptions: { onArrived: (listener: (items: Redemption[], context: ArrivalContext) => void) => arrivals.on(({ items, context }) => listener(items, context)), getSnapshot: () => ({ rewards: [] }) },
      rewards: { getOverview: () => ({ rewards: [] }) },
    } as never,
  };
  return { value, published, arrivals };
}

describe('the automations feature', () => {
  it('redemptions the queue finds by catching up after a gap join the channel-event stream as caught up; live ones and those waiting at start do not', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'automations-feature-'));
    dirs.push(dir);
    const { value, published, arrivals } = deps(dir);
    const feature = createAutomationsFeature(value);
    await feature.start();
    arrivals.fire({ items: [redemptionFixture('waiting-at-start')], context: { source: 'sync', initial: true } });
    arrivals.fire({ items: [redemptionFixture('live-one')], context: { source: 'event', initial: false } });
    arrivals.fire({ items: [redemptionFixture('missed-one')], context: { source: 'sync', initial: false } });
    expect(published.map((e) => [e.id, e.source])).toEqual([['redemption:missed-one', 'caughtUp']]);
    expect(channelEventSchema.safeParse(published[0]).success).toBe(true);
    expect(published[0]).toMatchObject({ kind: 'redemption', redemptionId: 'missed-one', reward: { id: 'reward-1', title: 'Hydrate' }, user: { login: 'viewer' } });
    await feature.dispose();
  });

  it('files that cannot be opened leave automations off, saying why, and the rest of Sidestage running', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'automations-feature-'));
    dirs.push(dir);
    const notAFolder = join(dir, 'file');
    await writeFile(notAFolder, 'x');
    const feature = createAutomationsFeature(deps(notAFolder).value);
    await expect(feature.start()).resolves.toBeUndefined();
    expect(feature.getState()).toMatchObject({ loaded: true, problem: expect.stringMatching(/^Automations are off: Sidestage could not open their files/) });
    expect(() => feature.need()).toThrow(/^Automations are off/);
    await feature.dispose();
  });
});

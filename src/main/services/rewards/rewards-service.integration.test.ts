import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import { createSimulationClient } from '../../../emulator/simulation-client';
import type { RewardInput } from '../../../shared/ipc/contract';
import { ApiClient } from '../api/api-client';
import { AppError } from '../app-error';
import { silentLogger } from '../logger';
import { FakeAuth } from '../../test-support/redemption-fakes';
import { RewardsService } from './rewards-service';

const clientId = 'sd7k2m9x4p1q8w3e6r5t0y2u4i6o8p';
const broadcasterId = '501234567';
let emu: RunningEmulator;
let service: RewardsService;
let refreshes = 0;
let pending = 0;

const input: RewardInput = {
  title: 'Stretch break',
  cost: 300,
  prompt: 'Make me stretch.',
  backgroundColor: '#00C7AC',
  isEnabled: true,
  isUserInputRequired: false,
  maxPerStream: { isEnabled: true, value: 3 },
  maxPerUserPerStream: { isEnabled: false, value: 1 },
  globalCooldown: { isEnabled: true, seconds: 120 },
  shouldRedemptionsSkipRequestQueue: false,
};

beforeAll(async () => {
  emu = await startEmulator({ port: 0, seed: 'demo', autoApprove: true });
});
afterAll(async () => {
  service?.dispose();
  await emu?.close();
});

beforeEach(async () => {
  const sim = createSimulationClient({ baseUrl: emu.url });
  await sim.reset();
  const { access_token: token } = await sim.mintToken({ client_id: clientId, user_id: broadcasterId, scopes: ['channel:read:redemptions', 'channel:manage:redemptions'] });
  const auth = Object.assign(new FakeAuth(true), {
    getAccessToken: async () => token,
    refreshAfterUnauthorized: async (): Promise<string> => {
      throw new AppError('not_signed_in', 'expired');
    },
  });
  const api = new ApiClient({ baseUrl: emu.url, clientId, auth, logger: silentLogger });
  service?.dispose();
  service = new RewardsService({
    api,
    broadcaster: auth.broadcaster(),
    queue: { pendingOf: () => pending, refreshRewards: async () => void refreshes++ },
    logger: silentLogger,
  });
  service.start();
  await service.list();
});

describe('RewardsService against the emulator', () => {
  it('lists every reward, marking which Sidestage may manage', async () => {
    const { rewards } = service.getOverview();
    expect(rewards.length).toBe(7);
    expect(rewards.find((r) => r.title === 'VIP for a day')).toMatchObject({ manageable: false });
    expect(rewards.find((r) => r.title === 'Hydrate!')).toMatchObject({ manageable: true });
  });

  it('creates with every field, edits, pauses and resumes, disables, deletes', async () => {
    const created = await service.create(input);
    expect(created).toMatchObject({ title: 'Stretch break', cost: 300, maxPerStream: { isEnabled: true, value: 3 }, globalCooldown: { isEnabled: true, seconds: 120 }, manageable: true });
    expect(refreshes).toBeGreaterThan(0);
    expect((await service.update(created.id, { cost: 350, prompt: 'Stretch!' })).cost).toBe(350);
    expect((await service.update(created.id, { isPaused: true })).isPaused).toBe(true);
    expect((await service.update(created.id, { isPaused: false })).isPaused).toBe(false);
    expect((await service.update(created.id, { isEnabled: false })).isEnabled).toBe(false);
    pending = 2;
    expect(await service.delete(created.id)).toEqual({ fulfilledRedemptions: 2 });
    expect(service.getOverview().rewards.some((r) => r.id === created.id)).toBe(false);
  });

  it('checks the platform\'s rules before sending, and passes on the platform\'s own refusals', async () => {
    await expect(service.create({ ...input, title: 'hydrate!' })).rejects.toThrow(/Another reward of this channel has this title/);
    await expect(service.create({ ...input, title: 'x'.repeat(46) })).rejects.toThrow(/At most 45 characters/);
  });

  it('refuses to change a reward of another client, saying why, and adopts it as a disabled copy', async () => {
    const vip = service.getOverview().rewards.find((r) => r.title === 'VIP for a day')!;
    await expect(service.update(vip.id, { cost: 1 })).rejects.toThrow(/not created by Sidestage/);
    await expect(service.delete(vip.id)).rejects.toThrow(/Adopt it/);
    const adopted = await service.adopt(vip.id);
    expect(adopted.reward).toMatchObject({ title: 'VIP for a day (Sidestage)', cost: vip.cost, prompt: vip.prompt, isEnabled: false, manageable: true });
    expect(adopted.retireOriginal).toMatch(/creator dashboard/);
    await expect(service.adopt(adopted.reward.id)).rejects.toThrow(/already belongs to Sidestage/);
  });
});

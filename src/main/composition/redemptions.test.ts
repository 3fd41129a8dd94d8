import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { channelNames } from '../../../shared/ipc/contract';
import { IpcRouter } from '../../ipc/ipc-router';
import { silentLogger } from '../logger';
import { MemorySettingsStore } from '../settings/settings-store';
import { createRedemptionsFeature } from './redemptions-feature';
import { FakeAuth, FakeChannelPointsApi, FakeEvents, helixReward, registerRedemptionsFeatureIpc } from '../../test-support/redemption-fakes';

const trusted = { trusted: true, description: 'test' };
let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('createRedemptionsFeature', () => {
  it('handles every channel of its domains, says "starting" until started, then serves the queue and in-app toasts', async () => {
    dir = await mkdtemp(join(tmpdir(), 'feature-'));
    const api = new FakeChannelPointsApi();
    api.addReward(helixReward('a'));
    const events = new FakeEvents();
    const auth = new FakeAuth(true);
    const router = new IpcRouter(silentLogger);
    const emitted: [string, unknown][] = [];
    router.onEvent((event, payload) => emitted.push([event, payload]));
    const feature = createRedemptionsFeature({ api: api as never, auth, settings: new MemorySettingsStore(), dataDir: dir, logger: silentLogger, events: events as never });
    const stopForwarding = registerRedemptionsFeatureIpc(router, feature);
    const mine = channelNames.filter((c) => /^(redemptions|notifications|charity|rewards):/.test(c));
    expect(router.missingHandlers().filter((c) => mine.includes(c))).toEqual([]);
    expect(await router.dispatch('redemptions:getSnapshot', undefined, trusted)).toMatchObject({ ok: false, error: { code: 'unavailable' } });

    await feature.start();
    // The first reconciliation (and its outbox write) is under way: wait for it, not for a fixed time.
    await feature.services!.redemptions.idle();
    expect(feature.services!.redemptions.getStatus().lastSyncedAt).not.toBeNull();
    const counts: number[] = [];
    feature.onPendingCountChange((n) => counts.push(n));
    const r = api.redeem('a', { user_input: 'hi' });
    events.add(r);
    const snapshot = await router.dispatch('redemptions:getSnapshot', undefined, trusted);
    expect(snapshot).toMatchObject({ ok: true, value: { items: [{ id: r.id, userInput: 'hi' }] } });
    expect(counts).toEqual([1]);
    expect(emitted.some(([e, p]) => e === 'redemptions:changed' && (p as { added: { id: string }[] }).added.some((x) => x.id === r.id))).toBe(true);
    const toast = emitted.find(([e]) => e === 'notifications:shown')![1] as { id: string };
    expect(await router.dispatch('notifications:act', { id: toast.id, actionId: 'fulfill' }, trusted)).toEqual({ ok: true, value: null });
    // The action (outbox write, then PATCH) runs in the background.
    await feature.services!.redemptions.idle();
    expect(api.redemptions.get(r.id)!.status).toBe('FULFILLED');
    expect(await router.dispatch('notifications:act', { id: toast.id }, trusted)).toEqual({ ok: true, value: null });
    expect(emitted.filter(([e]) => e === 'notifications:open').map(([, p]) => p)).toEqual([{ kind: 'redemption', id: r.id }]);
    expect(await router.dispatch('redemptions:fulfill', { ids: [] }, trusted)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });

    // The IPC's disposer ends the forwarding: a later redemption reaches the queue, not the router.
    stopForwarding();
    const before = emitted.length;
    events.add(api.redeem('a'));
    expect(feature.services!.redemptions.pendingCount).toBe(1);
    expect(emitted.length).toBe(before);
    await feature.dispose();
  });

  it('follows the broadcaster it is given, through a re-sign-in and a sign-out, and leaves it to its owner', async () => {
    dir = await mkdtemp(join(tmpdir(), 'feature-'));
    const api = new FakeChannelPointsApi();
    api.addReward(helixReward('a'));
    api.redeem('a');
    const auth = new FakeAuth(true);
    const broadcaster = auth.broadcaster();
    const feature = createRedemptionsFeature({ api: api as never, auth, broadcaster, settings: new MemorySettingsStore(), dataDir: dir, logger: silentLogger, events: new FakeEvents() as never });
    await feature.start();
    const { redemptions, rewards } = feature.services!;
    await redemptions.idle();
    await rewards.list();
    expect(redemptions.pendingCount).toBe(1);
    auth.set(FakeAuth.with('needsSignIn'));
    expect(redemptions.pendingCount).toBe(1);
    expect(rewards.getOverview().loadedAt).not.toBeNull();
    auth.set(FakeAuth.with('signedOut'));
    expect(redemptions.pendingCount).toBe(0);
    expect(rewards.getOverview()).toEqual({ rewards: [], loadedAt: null });
    await feature.dispose();
    // Still the composition root's: it keeps following the sign-in.
    auth.set(FakeAuth.signedIn());
    expect(broadcaster.id).not.toBeNull();
    broadcaster.dispose();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { channelNames } from '../../shared/ipc/contract';
import { IpcRouter } from '../ipc/ipc-router';
import { registerRedemptionServicesIpc } from '../ipc/redemption-services-ipc';
import { silentLogger } from '../services/logger';
import { RendererNotifier } from '../services/notifications/renderer-notifier';
import { MemorySettingsStore } from '../services/settings/settings-store';
import { buildRedemptionServices, disposeRedemptionServices, openRedemptionFiles, startRedemptionServices } from './redemptions';
import { FakeAuth, FakeChannelPointsApi, FakeEvents, helixReward } from '../test-support/redemption-fakes';

const trusted = { trusted: true, description: 'test' };
let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('buildRedemptionServices', () => {
  it('builds every service at once from the opened files: each channel of its domains answers from the start, then the queue and in-app toasts work', async () => {
    dir = await mkdtemp(join(tmpdir(), 'redemption-services-'));
    const api = new FakeChannelPointsApi();
    api.addReward(helixReward('a'));
    const events = new FakeEvents();
    const auth = new FakeAuth(true);
    const broadcaster = auth.broadcaster();
    const router = new IpcRouter(silentLogger);
    const emitted: [string, unknown][] = [];
    router.onEvent((event, payload) => emitted.push([event, payload]));
    const toasts = new RendererNotifier();
    const services = buildRedemptionServices(
      { api: api as never, broadcaster, settings: new MemorySettingsStore(), logger: silentLogger, events: events as never, notifier: toasts },
      await openRedemptionFiles(dir, { logger: silentLogger }),
    );
    const stopForwarding = registerRedemptionServicesIpc(router, services, toasts);
    const mine = channelNames.filter((c) => /^(redemptions|notifications|charity|rewards):/.test(c));
    expect(router.missingHandlers().filter((c) => mine.includes(c))).toEqual([]);
    // Built means served: no "still starting" answer before start().
    expect(await router.dispatch('redemptions:getSnapshot', undefined, trusted)).toMatchObject({ ok: true, value: { items: [] } });

    startRedemptionServices(services);
    // The first reconciliation (and its outbox write) is under way: wait for it, not for a fixed time.
    await services.redemptions.idle();
    expect(services.redemptions.getStatus().lastSyncedAt).not.toBeNull();
    const counts: number[] = [];
    services.redemptions.onPendingCountChange((n) => counts.push(n));
    const r = api.redeem('a', { user_input: 'hi' });
    events.add(r);
    const snapshot = await router.dispatch('redemptions:getSnapshot', undefined, trusted);
    expect(snapshot).toMatchObject({ ok: true, value: { items: [{ id: r.id, userInput: 'hi' }] } });
    expect(counts).toEqual([1]);
    expect(emitted.some(([e, p]) => e === 'redemptions:changed' && (p as { added: { id: string }[] }).added.some((x) => x.id === r.id))).toBe(true);
    const toast = emitted.find(([e]) => e === 'notifications:shown')![1] as { id: string };
    expect(await router.dispatch('notifications:act', { id: toast.id, actionId: 'fulfill' }, trusted)).toEqual({ ok: true, value: null });
    // The action (outbox write, then PATCH) runs in the background.
    await services.redemptions.idle();
    expect(api.redemptions.get(r.id)!.status).toBe('FULFILLED');
    expect(await router.dispatch('notifications:act', { id: toast.id }, trusted)).toEqual({ ok: true, value: null });
    expect(emitted.filter(([e]) => e === 'notifications:open').map(([, p]) => p)).toEqual([{ kind: 'redemption', id: r.id }]);
    expect(await router.dispatch('redemptions:fulfill', { ids: [] }, trusted)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });

    // The IPC's disposer ends the forwarding: a later redemption reaches the queue, not the router.
    stopForwarding();
    const before = emitted.length;
    events.add(api.redeem('a'));
    expect(services.redemptions.pendingCount).toBe(1);
    expect(emitted.length).toBe(before);
    await disposeRedemptionServices(services);
    broadcaster.dispose();
  });

  it('follows the broadcaster it is given, through a re-sign-in and a sign-out, and leaves it to its owner', async () => {
    dir = await mkdtemp(join(tmpdir(), 'redemption-services-'));
    const api = new FakeChannelPointsApi();
    api.addReward(helixReward('a'));
    api.redeem('a');
    const auth = new FakeAuth(true);
    const broadcaster = auth.broadcaster();
    const services = buildRedemptionServices(
      { api: api as never, broadcaster, settings: new MemorySettingsStore(), logger: silentLogger, events: new FakeEvents() as never, notifier: new RendererNotifier() },
      await openRedemptionFiles(dir, { logger: silentLogger }),
    );
    startRedemptionServices(services);
    const { redemptions, rewards } = services;
    await redemptions.idle();
    await rewards.list();
    expect(redemptions.pendingCount).toBe(1);
    auth.set(FakeAuth.with('needsSignIn'));
    expect(redemptions.pendingCount).toBe(1);
    expect(rewards.getOverview().loadedAt).not.toBeNull();
    auth.set(FakeAuth.with('signedOut'));
    expect(redemptions.pendingCount).toBe(0);
    expect(rewards.getOverview()).toEqual({ rewards: [], loadedAt: null });
    await disposeRedemptionServices(services);
    // Still the composition root's: it keeps following the sign-in.
    auth.set(FakeAuth.signedIn());
    expect(broadcaster.id).not.toBeNull();
    broadcaster.dispose();
  });
});

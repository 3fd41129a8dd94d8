/** The IPC of the redemption services' four domains: redemptions, notifications, charity, rewards. */
import { describe, expect, it } from 'vitest';
import type { CharityOverview, OpenItem, QueueDelta, RewardsOverview } from '../../shared/ipc/contract';
import { Emitter } from '../../shared/primitives/emitter';
import { silentLogger } from '../services/logger';
import { RendererNotifier } from '../services/notifications/renderer-notifier';
import { registerCharityIpc } from './charity-ipc';
import { IpcRouter } from './ipc-router';
import { registerNotificationsIpc } from './notifications-ipc';
import { registerRedemptionsIpc, type RedemptionsIpcQueue } from './redemptions-ipc';
import { registerRewardsIpc } from './rewards-ipc';

const trusted = { trusted: true, description: 'test' };
const unused = () => Promise.reject(new Error('not called in this test'));

/** Services reduced to what the IPC uses, with their events in the test's hands. */
function fakeServices() {
  const deltas = new Emitter<QueueDelta>();
  const charityChanges = new Emitter<CharityOverview>();
  const rewardsChanges = new Emitter<RewardsOverview>();
  const opens = new Emitter<OpenItem>();
  const undone: string[][] = [];
  const queue: RedemptionsIpcQueue = {
    getSnapshot: () => {
      throw new Error('not called in this test');
    },
    fulfill: unused,
    cancel: unused,
    cancelWithUndo: async (ids) => ({ done: ids.length, queued: 0, failed: [] }),
    undoCancel: () => {
      undone.push(['r1']);
      return ['r1'];
    },
    resolveAllOfReward: unused,
    syncNow: unused,
    dismissFailure: () => {},
    onDelta: deltas.on,
  };
  const notifications = { getSettings: unused as never, setSettings: unused as never, onOpen: opens.on };
  const charity = { getOverview: unused as never, refresh: unused, loadMore: unused, onChange: charityChanges.on };
  const rewards = { list: unused, create: unused, update: unused, delete: unused, adopt: unused, onChange: rewardsChanges.on };
  return { queue, notifications, charity, rewards, deltas, charityChanges, rewardsChanges, opens, undone };
}

function routerWithLog() {
  const router = new IpcRouter(silentLogger);
  const emitted: string[] = [];
  router.onEvent((event) => emitted.push(event));
  return { router, emitted };
}

describe("the redemption services' IPC", () => {
  it("registers every channel of each domain and forwards each domain's events until disposed", async () => {
    const { router, emitted } = routerWithLog();
    const toasts = new RendererNotifier();
    const s = fakeServices();
    const offs = [registerRedemptionsIpc(router, s.queue), registerNotificationsIpc(router, s.notifications, toasts), registerCharityIpc(router, s.charity), registerRewardsIpc(router, s.rewards)];
    expect(router.missingHandlers().filter((c) => /^(redemptions|notifications|charity|rewards):/.test(c))).toEqual([]);

    const status = { lastSyncedAt: null, syncing: false, error: null, outboxCount: 0, outboxError: null, size: 0, pendingCancel: null };
    const fire = () => {
      s.deltas.fire({ baseVersion: 0, version: 1, added: [], removed: [], status, failures: [] });
      s.charityChanges.fire({ state: 'signedOut', campaign: null, donations: [], hasMore: false, error: null, updatedAt: null });
      s.rewardsChanges.fire({ rewards: [], loadedAt: null });
      s.opens.fire({ kind: 'queue', id: null });
      toasts.show({ title: 't', body: 'b' });
    };
    const names = () => emitted.splice(0);
    fire();
    expect(names()).toEqual(['redemptions:changed', 'charity:changed', 'rewards:changed', 'notifications:open', 'notifications:shown']);
    for (const off of offs) off();
    fire();
    expect(names()).toEqual([]);
  });

  it('serves the cancel with undo and its undo', async () => {
    const { router } = routerWithLog();
    const s = fakeServices();
    registerRedemptionsIpc(router, s.queue);
    expect(await router.dispatch('redemptions:cancelWithUndo', { ids: ['r1'] }, trusted)).toEqual({ ok: true, value: { done: 1, queued: 0, failed: [] } });
    expect(await router.dispatch('redemptions:undoCancel', undefined, trusted)).toEqual({ ok: true, value: { ids: ['r1'] } });
    expect(s.undone).toEqual([['r1']]);
  });

  it('says plainly that toasts have no buttons to press where the system shows notifications', async () => {
    const { router } = routerWithLog();
    registerNotificationsIpc(router, fakeServices().notifications, null);
    expect(await router.dispatch('notifications:act', { id: 'n1' }, trusted)).toMatchObject({ ok: false, error: { code: 'unavailable', message: /shown by the system/ } });
  });
});

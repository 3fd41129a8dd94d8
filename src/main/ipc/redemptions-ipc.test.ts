/** The IPC of the redemptions feature's four domains: redemptions, notifications, charity, rewards. */
import { describe, expect, it } from 'vitest';
import type { CharityOverview, OpenItem, QueueDelta, RewardsOverview } from '../../shared/ipc/contract';
import { Emitter } from '../../shared/primitives/emitter';
import { AppError } from '../services/app-error';
import { silentLogger } from '../services/logger';
import { RendererNotifier } from '../services/notifications/renderer-notifier';
import type { RedemptionsFeature, RedemptionsServices } from '../services/redemptions/redemptions-feature';
import { registerCharityIpc } from './charity-ipc';
import { IpcRouter } from './ipc-router';
import { registerNotificationsIpc } from './notifications-ipc';
import { registerRedemptionsIpc } from './redemptions-ipc';
import { registerRewardsIpc } from './rewards-ipc';

const trusted = { trusted: true, description: 'test' };

/** A feature that is still starting (no services), with its events in the test's hands. */
function startingFeature(rendererNotifier: RendererNotifier | null) {
  const deltas = new Emitter<QueueDelta>();
  const charity = new Emitter<CharityOverview>();
  const rewards = new Emitter<RewardsOverview>();
  const opens = new Emitter<OpenItem>();
  const feature: Omit<RedemptionsFeature, 'start' | 'dispose' | 'services' | 'onPendingCountChange'> = {
    need: (): RedemptionsServices => {
      throw new AppError('unavailable', 'starting');
    },
    rendererNotifier,
    onDelta: deltas.on,
    onCharityChange: charity.on,
    onRewardsChange: rewards.on,
    onOpen: opens.on,
  };
  return { feature, deltas, charity, rewards, opens };
}

function routerWithLog() {
  const router = new IpcRouter(silentLogger);
  const emitted: string[] = [];
  router.onEvent((event) => emitted.push(event));
  return { router, emitted };
}

describe('the redemptions feature\'s IPC', () => {
  it('registers every channel of each domain, answers "starting" until the services exist, and forwards each domain\'s events until disposed', async () => {
    const { router, emitted } = routerWithLog();
    const toasts = new RendererNotifier();
    const { feature, deltas, charity, rewards, opens } = startingFeature(toasts);
    const offs = [registerRedemptionsIpc(router, feature), registerNotificationsIpc(router, feature), registerCharityIpc(router, feature), registerRewardsIpc(router, feature)];
    expect(router.missingHandlers().filter((c) => /^(redemptions|notifications|charity|rewards):/.test(c))).toEqual([]);
    for (const channel of ['redemptions:getSnapshot', 'charity:getOverview', 'rewards:list', 'notifications:getSettings'] as const) {
      expect(await router.dispatch(channel, undefined, trusted)).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    }

    const status = { lastSyncedAt: null, syncing: false, error: null, outboxCount: 0, outboxError: null, size: 0 };
    const fire = () => {
      deltas.fire({ baseVersion: 0, version: 1, added: [], removed: [], status, failures: [] });
      charity.fire({ state: 'signedOut', campaign: null, donations: [], hasMore: false, error: null, updatedAt: null });
      rewards.fire({ rewards: [], loadedAt: null });
      opens.fire({ kind: 'queue', id: null });
      toasts.show({ title: 't', body: 'b' });
    };
    const names = () => emitted.splice(0);
    fire();
    expect(names()).toEqual(['redemptions:changed', 'charity:changed', 'rewards:changed', 'notifications:open', 'notifications:shown']);
    for (const off of offs) off();
    fire();
    expect(names()).toEqual([]);
  });

  it('says plainly that toasts have no buttons to press where the system shows notifications', async () => {
    const { router } = routerWithLog();
    const { feature } = startingFeature(null);
    registerNotificationsIpc(router, feature);
    expect(await router.dispatch('notifications:act', { id: 'n1' }, trusted)).toMatchObject({ ok: false, error: { code: 'unavailable', message: /shown by the system/ } });
  });
});

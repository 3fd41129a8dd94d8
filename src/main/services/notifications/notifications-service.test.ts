import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Donation, OpenItem } from '../../../shared/ipc/contract';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { silentLogger } from '../logger';
import { RedemptionOutbox } from '../redemptions/redemption-outbox';
import { RedemptionsService } from '../redemptions/redemptions-service';
import { FakeAuth, FakeChannelPointsApi, FakeEvents, helixReward } from '../../test-support/redemption-fakes';
import { MemorySettingsStore } from '../settings/settings-store';
import { NotificationsService, type DonationSource } from './notifications-service';
import { NotifiedLedger } from './notified-ledger';
import { RecordingNotifier } from '../../test-support/recording-notifier';
import { RendererNotifier } from './renderer-notifier';

let dir: string;
let clock: FakeClock;
let api: FakeChannelPointsApi;
let events: FakeEvents;
let auth: FakeAuth;
let settings: MemorySettingsStore;
let notifier: RecordingNotifier;
let opened: OpenItem[];
let queue: RedemptionsService;
let service: NotificationsService;
let donationListeners: ((d: Donation, charity: string | null) => void)[];

/** Waits until the queue has nothing under way (reconciliations, sends, outbox writes): no fixed sleeps. */
const settle = () => queue.idle();

async function start(notifierToUse: RecordingNotifier | RendererNotifier = notifier): Promise<void> {
  const broadcaster = auth.broadcaster();
  queue = new RedemptionsService({ api, broadcaster, events, channelEvents: events.channelEvents(broadcaster), outbox: await RedemptionOutbox.open(dir), logger: silentLogger, clock, random: () => 0.5 });
  const donations: DonationSource = {
    onDonation: (l) => {
      donationListeners.push(l);
      return () => {};
    },
  };
  service = new NotificationsService({
    notifier: notifierToUse,
    settings,
    ledger: await NotifiedLedger.open(dir, clock),
    queue,
    donations,
    logger: silentLogger,
    clock,
    locale: 'en-US',
  });
  service.onOpen((item) => opened.push(item));
  service.start();
  queue.start();
  await settle();
}

async function stop(): Promise<void> {
  await queue.dispose();
  await service.dispose();
}

const titles = () => notifier.shown.map((s) => s.notification.title);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'notify-'));
  clock = createFakeClock();
  api = new FakeChannelPointsApi();
  api.addReward(helixReward('a', 'Hydrate!'));
  api.addReward(helixReward('b', 'Song request'));
  events = new FakeEvents();
  auth = new FakeAuth(true);
  settings = new MemorySettingsStore();
  notifier = new RecordingNotifier(true);
  opened = [];
  donationListeners = [];
});

afterEach(async () => {
  await stop().catch(() => {});
  await rm(dir, { recursive: true, force: true });
});

describe('NotificationsService', () => {
  it('notifies a new redemption with reward, user and input, with Fulfil and Cancel that work', async () => {
    await start();
    const r = api.redeem('b', { user_name: 'PixelPal', user_input: 'Never gonna give you up' });
    events.add(r);
    expect(notifier.shown).toHaveLength(1);
    const { notification, handlers } = notifier.shown[0]!;
    expect(notification).toMatchObject({ title: 'PixelPal redeemed Reward b', body: 'Never gonna give you up', actions: [{ id: 'fulfill' }, { id: 'cancel' }] });
    handlers.onClick?.();
    expect(opened).toEqual([{ kind: 'redemption', id: r.id }]);
    handlers.onAction?.('fulfill');
    await settle();
    expect(api.redemptions.get(r.id)!.status).toBe('FULFILLED');
    expect(queue.pendingCount).toBe(0);
  });

  it('a redemption an automation resolves gets no Fulfil/Cancel, and says so', async () => {
    await start();
    service.useAutomaticResolutions({ resolves: (rewardId) => (rewardId === 'a' ? 'fulfil' : null) });
    events.add(api.redeem('a'));
    expect(notifier.shown[0]!.notification).toMatchObject({ body: '100 points (an automation fulfils it)' });
    expect(notifier.shown[0]!.notification.actions).toBeUndefined();
    events.add(api.redeem('b', { user_input: 'a song' }));
    expect(notifier.shown[1]!.notification.actions).toHaveLength(2);
  });

  it('Fulfil on a redemption done meanwhile says it was already done, and changes nothing', async () => {
    await start();
    const r = api.redeem('b', { user_name: 'PixelPal' });
    events.add(r);
    const { handlers } = notifier.shown[0]!;
    await queue.cancel([r.id]);
    await settle();
    handlers.onAction?.('fulfill');
    await settle();
    expect(api.redemptions.get(r.id)!.status).toBe('CANCELED');
    expect(notifier.shown[1]!.notification).toMatchObject({ title: "PixelPal's Reward b was already done", body: 'It was fulfilled or cancelled meanwhile; nothing was changed.' });
  });

  it('has no buttons where the platform has no notification actions', async () => {
    notifier = new RecordingNotifier(false);
    await start();
    events.add(api.redeem('a'));
    expect(notifier.shown[0]!.notification.actions).toBeUndefined();
    expect(notifier.shown[0]!.notification.body).toBe('100 points');
  });

  it('does not notify what was already waiting on the very first run', async () => {
    api.redeem('a');
    api.redeem('a');
    await start();
    expect(queue.pendingCount).toBe(2);
    expect(notifier.shown).toHaveLength(0);
  });

  it('notifies each redemption exactly once across duplicates, gaps, reconciliation and a restart', async () => {
    await start();
    const live = api.redeem('a');
    events.add(live);
    events.add(live);
    // Missed during a drop: found by the reconciliation, notified once; the late event is a duplicate.
    const missed = api.redeem('a');
    events.gap('drop');
    await settle();
    events.add(missed);
    events.gap('reconnect');
    await settle();
    expect(service.delivered).toEqual([`redemption:${live.id}`, `redemption:${missed.id}`]);
    expect(notifier.shown).toHaveLength(2);
    await stop();
    // While Sidestage was closed: one more. After the restart, only that one is news.
    const whileClosed = api.redeem('b');
    notifier = new RecordingNotifier(true);
    await start();
    expect(titles()).toHaveLength(1);
    expect(service.delivered).toEqual([`redemption:${whileClosed.id}`]);
  });

  it('turns a burst into one summary, and every redemption is counted once', async () => {
    await start();
    const burst = Array.from({ length: 30 }, (_, i) => api.redeem(i % 3 === 0 ? 'b' : 'a'));
    for (const r of burst) events.add(r);
    clock.advance(2_000);
    expect(notifier.shown).toHaveLength(6);
    expect(notifier.shown[5]!.notification).toMatchObject({ title: '25 new redemptions', tag: 'sidestage-summary' });
    expect(notifier.shown[5]!.notification.body).toMatch(/Reward a ×\d+, Reward b ×\d+/);
    notifier.shown[5]!.handlers.onClick?.();
    expect(opened.at(-1)).toEqual({ kind: 'queue', id: null });
    expect(service.delivered.sort()).toEqual(burst.map((r) => `redemption:${r.id}`).sort());
  });

  it('a quit in the middle of a burst notifies the gathered ones after the restart, once', async () => {
    await start();
    const burst = Array.from({ length: 8 }, () => api.redeem('a'));
    for (const r of burst) events.add(r);
    expect(service.delivered).toHaveLength(5);
    await stop();
    notifier = new RecordingNotifier(true);
    await start();
    clock.advance(2_000);
    expect(service.delivered.sort()).toEqual(burst.slice(5).map((r) => `redemption:${r.id}`).sort());
  });

  it('honours do-not-disturb and per-reward mute, persisted in settings', async () => {
    await start();
    service.setSettings({ mutedRewardIds: ['a', 'a'] });
    expect(settings.get('notifications.mutedRewardIds')).toEqual(['a']);
    events.add(api.redeem('a'));
    events.add(api.redeem('b'));
    expect(titles()).toHaveLength(1);
    expect(titles()[0]).toMatch(/redeemed Reward b$/);
    service.setSettings({ doNotDisturb: true });
    events.add(api.redeem('b'));
    expect(notifier.shown).toHaveLength(1);
    // Redemptions that arrived under do-not-disturb are not notified later either.
    service.setSettings({ doNotDisturb: false });
    events.gap();
    await settle();
    expect(notifier.shown).toHaveLength(1);
    expect(service.getSettings()).toEqual({ doNotDisturb: false, mutedRewardIds: ['a'], donations: true });
  });

  it('notifies donations once with the amount in the user\'s locale', async () => {
    await start();
    const d: Donation = { id: 'd1', campaignId: 'c', userId: 'u', userLogin: 'sam', userName: 'Sam', amount: { value: 1250, decimal_places: 2, currency: 'USD' }, receivedAt: null };
    donationListeners[0]!(d, 'Good Cause');
    donationListeners[0]!(d, 'Good Cause');
    expect(notifier.shown.map((s) => s.notification)).toEqual([{ title: 'Sam donated $12.50', body: 'to Good Cause', tag: 'donation:d1' }]);
    notifier.shown[0]!.handlers.onClick?.();
    expect(opened).toEqual([{ kind: 'donation', id: 'd1' }]);
  });

  it("leaves the tray's pending count to the queue, which reports it", async () => {
    await start();
    const counts: number[] = [];
    queue.onPendingCountChange((n) => counts.push(n));
    const r = api.redeem('a');
    events.add(r);
    events.update(r, 'canceled');
    expect(counts).toEqual([1, 0]);
  });

  it('RendererNotifier hands toasts to the renderer and routes their buttons back', async () => {
    const renderer = new RendererNotifier();
    const toasts: unknown[] = [];
    renderer.onShown((n) => toasts.push(n));
    await start(renderer);
    const r = api.redeem('a');
    events.add(r);
    expect(toasts).toEqual([{ id: 'n1', title: expect.stringContaining('redeemed Reward a'), body: '100 points', actions: [{ id: 'fulfill', label: 'Fulfil' }, { id: 'cancel', label: 'Cancel' }], tag: `redemption:${r.id}`, urgency: 'info' }]);
    renderer.act('n1', 'cancel');
    await settle();
    expect(api.redemptions.get(r.id)!.status).toBe('CANCELED');
    renderer.act('n1');
    expect(opened).toEqual([{ kind: 'redemption', id: r.id }]);
    expect(() => renderer.act('n99')).toThrow(/too old/);
    // An error keeps its urgency on the way, so its toast stays until dismissed.
    renderer.show({ title: 'Marker not created', body: 'You are not live.', urgency: 'error' });
    expect(toasts.at(-1)).toMatchObject({ title: 'Marker not created', urgency: 'error' });
  });
});

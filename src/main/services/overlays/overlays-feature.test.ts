import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelEvent, ChannelEventKind } from '../../../shared/ipc/schemas/channel-events';
import type { CharityOverview } from '../../../shared/ipc/schemas/charity';
import type { ChatDelta } from '../../../shared/ipc/schemas/chat';
import { Emitter } from '../../../shared/primitives/emitter';
import type { BroadcasterChange } from '../common/current-broadcaster';
import { silentLogger } from '../logger';
import { MemorySettingsStore } from '../settings/settings-store';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { waitUntil } from '../../test-support/wait-until';
import { OverlaysFeature, openOverlayFiles, type OverlaysFeatureDeps } from './overlays-feature';

/** The one channel-event stream, as a test pushes events into it. */
function fakeChannelEvents() {
  const emitter = new Emitter<ChannelEvent>();
  const kinds = new Set<ChannelEventKind>();
  return {
    kinds,
    push: (event: ChannelEvent) => emitter.fire(event),
    on<K extends ChannelEventKind>(wanted: readonly K[], listener: (event: Extract<ChannelEvent, { kind: K }>) => void) {
      for (const kind of wanted) kinds.add(kind);
      return emitter.on((event) => {
        if ((wanted as readonly string[]).includes(event.kind)) listener(event as Extract<ChannelEvent, { kind: K }>);
      });
    },
  };
}

const noCharity: CharityOverview = { state: 'none', campaign: null, donations: [], hasMore: false, error: null, updatedAt: null };

describe('OverlaysFeature', () => {
  let dataDir: string;
  let clock: FakeClock;
  let feature: OverlaysFeature;
  let events: ReturnType<typeof fakeChannelEvents>;
  const accounts = new Emitter<BroadcasterChange>();
  const broadcaster = { id: '1' as string | null, canCallApi: true, onChange: accounts.on };

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sidestage-overlays-feature-'));
    clock = createFakeClock(Date.parse('2026-01-01T12:00:00Z'));
    events = fakeChannelEvents();
    const deps: OverlaysFeatureDeps = {
      dataDir,
      pagesDir: null,
      settings: new MemorySettingsStore(),
      channelEvents: events,
      api: { get: async () => ({ data: [] }) as never },
      broadcaster,
      charity: { getOverview: () => noCharity, onChange: new Emitter<CharityOverview>().on },
      chat: { getSnapshot: () => ({ version: 0, messages: [], capacity: 1000, selfId: null }), onDelta: new Emitter<ChatDelta>().on },
      redemptions: { list: () => [], onChange: new Emitter<void>().on },
      obs: { call: (async () => ({})) as never },
      logger: silentLogger,
      clock,
    };
    feature = new OverlaysFeature(deps, await openOverlayFiles(deps));
    await feature.start();
    feature.queue.setPagesOpen(1);
  });
  afterEach(async () => {
    await feature.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const follow = (id: string): ChannelEvent => ({ kind: 'follow', id, at: new Date(clock.now()).toISOString(), source: 'live', user: { id, login: id, name: id } });

  it('asks the stream for the events it alerts, counts, pauses for, drops a banned chatter’s alerts for, and the widgets show', () => {
    expect([...events.kinds].sort()).toEqual(
      ['adBreakBegin', 'ban', 'cheer', 'donation', 'follow', 'giftSubscriptions', 'goalBegin', 'goalEnd', 'goalProgress', 'hypeTrainBegin', 'hypeTrainProgress', 'raid', 'redemption', 'resubscription', 'streamOffline', 'subscription', 'unban', 'streamOnline', 'moderation', 'moderatorAdd'].sort(),
    );
  });

  it('pauses for an ad break from its start and length, and from now when the clocks disagree', async () => {
    events.push({ kind: 'adBreakBegin', id: 'ad1', at: '', source: 'live', durationSeconds: 90, isAutomatic: true, startedAt: new Date(clock.now() - 10_000).toISOString() });
    expect(feature.getQueue().adBreakEndsAt).toBe(new Date(clock.now() + 80_000).toISOString());
    feature.resumeAlerts();
    events.push({ kind: 'adBreakBegin', id: 'ad2', at: '', source: 'live', durationSeconds: 30, isAutomatic: false, startedAt: '2020-01-01T00:00:00Z' });
    expect(feature.getQueue().adBreakEndsAt).toBe(new Date(clock.now() + 30_000).toISOString());
  });

  it('ends the ad break wait when the stream goes offline: the alerts waiting show', async () => {
    events.push({ kind: 'adBreakBegin', id: 'ad1', at: '', source: 'live', durationSeconds: 180, isAutomatic: false, startedAt: new Date(clock.now()).toISOString() });
    events.push(follow('a'));
    await waitUntil(() => feature.getQueue().waitingCount === 1);
    expect(feature.getQueue().adBreakEndsAt).not.toBeNull();
    events.push({ kind: 'streamOffline', id: 'off1', at: new Date(clock.now()).toISOString(), source: 'live' });
    expect(feature.getQueue().adBreakEndsAt).toBeNull();
    await waitUntil(() => feature.getQueue().showing !== null);
  });

  it('drops the alerts waiting when another account becomes current', async () => {
    feature.pauseAlerts();
    events.push(follow('a'));
    events.push(follow('b'));
    await waitUntil(() => feature.getQueue().waitingCount === 2);
    accounts.fire({ id: '2', previousId: '1', canCallApi: true, signedInNow: true });
    await waitUntil(() => feature.getQueue().waitingCount === 0);
    // Signing in again as the same account, or a sign-in renewed, keeps them.
    events.push(follow('c'));
    await waitUntil(() => feature.getQueue().waitingCount === 1);
    accounts.fire({ id: '2', previousId: '2', canCallApi: true, signedInNow: true });
    accounts.fire({ id: null, previousId: '2', canCallApi: false, signedInNow: false });
    expect(feature.getQueue().waitingCount).toBe(1);
  });

  it('against the real platform, Test queues a made-up event, even for a type switched off', async () => {
    await feature.setAlertType('cheer', { enabled: false });
    expect((await feature.testAlert('cheer')).message).toMatch(/made up by Sidestage/);
    await waitUntil(() => feature.getQueue().showing?.text === 'TestViewer cheered 100 bits!');
    expect(feature.getQueue().showing?.test).toBe(true);
  });

  it('refuses in words what it cannot show or save', async () => {
    await expect(feature.show({ source: 'event', event: { kind: 'streamOffline', id: 'x', at: '', source: 'live' } })).rejects.toThrow(/no standard alert/);
    await expect(feature.show({ source: 'custom', text: '  ', imageId: null, soundId: null, volume: 1, durationMs: 5_000 })).rejects.toThrow(/needs a text/);
    await expect(feature.setAlertType('follow', { template: '{user} cheered {bits}' })).rejects.toThrow('Follows have no {bits}. Use {user}.');
    await expect(feature.setAlertType('follow', { imageId: 'a'.repeat(32) })).rejects.toThrow(/not in the media library/);
    await expect(feature.adjustGoal('charity', 5)).rejects.toThrow(/Only your own goals/);
    await expect(feature.playSound('b'.repeat(32), 1)).rejects.toThrow(/not in the media library/);
  });
});

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
import { sampleMedia } from '../../test-support/media-samples';
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
  let deps: OverlaysFeatureDeps;
  const accounts = new Emitter<BroadcasterChange>();
  const broadcaster = { id: '1' as string | null, canCallApi: true, onChange: accounts.on };

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sidestage-overlays-feature-'));
    clock = createFakeClock(Date.parse('2026-01-01T12:00:00Z'));
    events = fakeChannelEvents();
    deps = {
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

  it('“Play a sound” waits in the queue: held by an ad break like an alert, and never over one', async () => {
    const sound = await feature.media.add({ name: 'ding.wav', dataBase64: sampleMedia.wav.toString('base64') });
    events.push({ kind: 'adBreakBegin', id: 'ad-s', at: '', source: 'live', durationSeconds: 60, isAutomatic: false, startedAt: new Date(clock.now()).toISOString() });
    await feature.playSound(sound.id, 0.4);
    events.push(follow('during-ad'));
    expect(feature.getQueue()).toMatchObject({ showing: null, waitingCount: 2 });
    clock.advance(61_000);
    await waitUntil(() => feature.getQueue().showing !== null);
    expect(feature.getQueue().showing?.kind).toBe('sound');
    // The follow waits its turn behind the sound, and the next sound behind the follow.
    await feature.playSound(sound.id, 0.4);
    expect(feature.getQueue().waiting.map((w) => w.kind)).toEqual(['follow', 'sound']);
  });

  it('“Show the event’s alert” says what really happened: queued, or already seen', async () => {
    const event = follow('shown-once');
    expect(await feature.show({ source: 'event', event })).toBe('Alert queued');
    expect(await feature.show({ source: 'event', event })).toMatch(/^Not shown again: this event’s alert was already queued or shown/);
  });

  it('a refollow within 24 hours gets no second alert (the option on by default); after a day, or with it off, it does', async () => {
    feature.pauseAlerts();
    const refollow = (id: string): ChannelEvent => ({ ...follow('same-viewer'), id });
    events.push(refollow('f1'));
    events.push(refollow('f2'));
    await waitUntil(() => feature.getQueue().waitingCount === 1);
    clock.advance(24 * 60 * 60_000 + 1);
    events.push(refollow('f3'));
    await waitUntil(() => feature.getQueue().waitingCount === 2);
    await feature.setAlertOptions({ quietRefollows: false });
    events.push(refollow('f4'));
    await waitUntil(() => feature.getQueue().waitingCount === 3);
  });

  it('a hype train level alerts once, across a restart of Sidestage too', async () => {
    feature.pauseAlerts();
    const level = (id: string, n: number): ChannelEvent =>
      ({ kind: 'hypeTrainProgress', id, at: new Date(clock.now()).toISOString(), source: 'live', trainId: 'train-1', level: n, total: 100 * n, progress: 0, goal: 100, topContributions: [], startedAt: new Date(clock.now()).toISOString(), expiresAt: new Date(clock.now() + 300_000).toISOString() }) as ChannelEvent;
    events.push(level('h1', 2));
    await waitUntil(() => feature.getQueue().waitingCount === 1);
    await feature.dispose();
    feature = new OverlaysFeature(deps, await openOverlayFiles(deps));
    await feature.start();
    feature.queue.setPagesOpen(1);
    expect(feature.getQueue().waitingCount).toBe(1);
    // The platform's next progress of the same level, with its own id: no second alert.
    events.push(level('h2', 2));
    events.push(level('h3', 3));
    await waitUntil(() => feature.getQueue().waitingCount === 2);
    expect(feature.getQueue().waiting.map((w) => w.text)).toEqual(['Hype train level 2!', 'Hype train level 3!']);
  });

  it('keeps an overlay’s custom CSS once checked, refuses what loads from elsewhere with the reason, and re-checks a hand-edited file', async () => {
    await expect(feature.setCustomCss('alerts', '@import url(https://evil.example/x.css);')).rejects.toThrow(/cannot @import/);
    await feature.setCustomCss('alerts', '.alert-text { color: hotpink }');
    expect(feature.getState().customCss).toEqual({ alerts: '.alert-text { color: hotpink }' });
    await feature.dispose();
    const file = join(dataDir, 'overlays.json');
    const saved = JSON.parse(await readFile(file, 'utf8'));
    saved.customCss.chat = '.a { background: url(http://evil.example/p.png) }';
    await writeFile(file, JSON.stringify(saved));
    feature = new OverlaysFeature(deps, await openOverlayFiles(deps));
    await feature.start();
    expect(feature.getState().customCss).toEqual({ alerts: '.alert-text { color: hotpink }' });
  });
});

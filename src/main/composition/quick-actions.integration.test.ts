/**
 * The quick actions against the real emulator: clips (available after the platform's delay, edit
 * link, clip hotkey, marker log), the ad schedule and snooze, the "ad running" countdown, a poll's
 * lifecycle with viewers voting through the simulation API, a prediction locked and resolved, a
 * raid started and canceled, a shoutout and its cooldowns.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/server';
import { silentLogger } from '../services/logger';
import { RecordingNotifier } from '../test-support/recording-notifier';
import { MemorySettingsStore } from '../services/settings/settings-store';
import { FakeShortcutRegistry } from '../test-support/fake-shortcut-registry';
import { simulation } from '../test-support/live-controls-emulator';
import { quickActionsSignedIn } from '../test-support/quick-actions-emulator';
import { buildLiveControls, disposeLiveControls, startLiveControls, type LiveControls } from './live-controls';

describe('quick actions against the emulator', () => {
  let emulator: RunningEmulator;
  let dataDir: string;
  let feature: LiveControls | null = null;
  let session: Awaited<ReturnType<typeof quickActionsSignedIn>> | null = null;
  const clipHotkey = 'CommandOrControl+Alt+C';

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: 'demo' });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sidestage-quick-'));
    await simulation(emulator).reset();
  });
  afterEach(async () => {
    if (feature) await disposeLiveControls(feature);
    feature = null;
    session?.dispose();
    session = null;
    await rm(dataDir, { recursive: true, force: true });
  });

  const broadcasterId = () => emulator.demo!.broadcaster.id;
  const viewers = () => emulator.demo!.viewers;

  async function startFeature(options: { clipAvailableWithinMs?: number } = {}) {
    session = await quickActionsSignedIn(emulator);
    const notifier = new RecordingNotifier();
    const shortcuts = new FakeShortcutRegistry();
    const settings = new MemorySettingsStore();
    const opened: string[] = [];
    feature = buildLiveControls({
      api: session.api,
      broadcaster: session.broadcaster,
      settings,
      dataDir,
      logger: silentLogger,
      notifier,
      shortcuts,
      events: session.events,
      openUrl: async (url) => void opened.push(url),
      clipPollInitialMs: 50,
      clipAvailableWithinMs: options.clipAvailableWithinMs,
    });
    await startLiveControls(feature);
    return { feature, notifier, shortcuts, settings, opened, events: session.events };
  }

  /** Waits until every subscription the services asked for is enabled, so no event is missed. */
  async function subscribed(events: { getStatus(): { subscriptions: { type: string; status: string }[] } }, types: string[]) {
    await vi.waitFor(
      () => {
        const enabled = events.getStatus().subscriptions.filter((s) => s.status === 'enabled').map((s) => s.type);
        for (const type of types) expect(enabled).toContain(type);
      },
      { timeout: 5_000 },
    );
  }

  async function goLive(viewerCount = 5) {
    await simulation(emulator).streamOnline(broadcasterId(), { vod: true, title: 'Quick run', viewer_count: viewerCount });
    await feature!.stream.refresh();
  }

  describe('clips', () => {
    it('a clip hotkey press creates a clip, which is listed after the platform’s delay, with its edit link in the notification and the marker log', async () => {
      const { feature, notifier, shortcuts, opened } = await startFeature();
      await goLive();
      feature.hotkeys.set('clip', clipHotkey);
      expect(feature.hotkeys.get('clip')).toEqual({ accelerator: clipHotkey, registered: true, error: null, lastFiredAt: null });

      shortcuts.press(clipHotkey);
      await vi.waitFor(() => expect(feature.clips.getState().recent[0]?.status).toBe('processing'));
      const processing = feature.clips.getState().recent[0]!;
      expect(processing).toMatchObject({ source: 'hotkey', editUrl: expect.stringMatching(/\/clips\/.+\/edit$/) });
      // Confirmed at once, with the edit link, for a press from inside a game.
      expect(notifier.shown.at(-1)!.notification).toMatchObject({ title: 'Clip created', body: expect.stringContaining(processing.editUrl!), tag: 'sidestage-clip' });
      // Not listed yet: still processing after a few looks.
      await vi.waitFor(() => expect(emulator.state.clips.get(processing.clipId!)).toBeDefined());
      expect(feature.clips.getState().recent[0]!.status).toBe('processing');

      await simulation(emulator).advanceClock(15);
      await vi.waitFor(() => expect(feature.clips.getState().recent[0]!.status).toBe('ready'), { timeout: 5_000 });
      expect(feature.clips.getState().recent[0]!.url).toMatch(new RegExp(`/clips/${processing.clipId}$`));

      const shown = notifier.shown.find((n) => n.notification.title === 'Clip ready')!;
      expect(shown.notification.body).toContain(processing.editUrl);
      shown.handlers.onClick?.();
      await vi.waitFor(() => expect(opened).toEqual([processing.editUrl]));

      // The log entry is written once the clip's broadcast is known, which may come after "ready".
      await vi.waitFor(() =>
        expect(feature.markers.getOverview().logs[0]?.entries[0]).toMatchObject({ kind: 'clip', url: processing.editUrl, status: 'created', markerId: processing.clipId, source: 'hotkey' }),
        // The broadcast is read from the platform first: on a loaded machine that takes more than the default second.
        { timeout: 5_000 },
      );
      await vi.waitFor(async () => {
        const onDisk = JSON.parse(await readFile(join(dataDir, 'marker-log.json'), 'utf8'));
        expect(onDisk.broadcasts[0].entries[0]).toMatchObject({ kind: 'clip', url: processing.editUrl, status: 'created' });
      });
    });

    it('says "not live" in words and logs nothing', async () => {
      const { feature, notifier } = await startFeature();
      await expect(feature.clips.create('button')).rejects.toThrow('You are not live: clips are made of a live broadcast.');
      expect(notifier.shown.at(-1)?.notification).toMatchObject({ title: 'Clip not created', body: expect.stringMatching(/not live/) });
      expect(feature.clips.getState().recent[0]).toMatchObject({ status: 'failed', clipId: null });
      expect(feature.markers.getOverview().logs).toEqual([]);
    });

    it('gives up, in words, when the platform never lists the clip in time', async () => {
      const { feature } = await startFeature({ clipAvailableWithinMs: 1_000 });
      await goLive();
      await simulation(emulator).addFault({ path: '^/helix/clips$', method: 'GET', status: 503 });
      const { ready } = await feature.clips.create('button');
      // The deadline (the platform's 15 s, shortened here) passes while the emulator answers 503.
      const done = await ready;
      expect(done).toMatchObject({ status: 'failed', error: expect.stringMatching(/.+/) });
      expect(feature.clips.getState().recent[0]).toMatchObject({ status: 'failed' });
      await simulation(emulator).clearFaults();
    });

    it('the clip hotkey is set out of the box, can be changed and cleared; it may not take the marker hotkey', async () => {
      const { feature, shortcuts, settings } = await startFeature();
      expect(feature.hotkeys.get('clip')).toMatchObject({ accelerator: clipHotkey, registered: true });
      expect(() => feature.hotkeys.set('clip', 'CommandOrControl+Alt+M')).toThrow(/already the marker shortcut/);
      feature.hotkeys.set('clip', clipHotkey);
      feature.hotkeys.set('clip', 'CommandOrControl+Shift+F8');
      expect(settings.get('clips.hotkey')).toBe('CommandOrControl+Shift+F8');
      expect(shortcuts.registered.has('CommandOrControl+Shift+F8')).toBe(true);
      expect(shortcuts.registered.has(clipHotkey)).toBe(false);
      feature.hotkeys.clear('clip');
      expect(settings.get('clips.hotkey')).toBeNull();
      expect(feature.hotkeys.get('clip')).toMatchObject({ accelerator: null, registered: false, error: null });
    });
  });

  describe('ads', () => {
    it('reads the schedule, snoozes the next break, and shows the break on air until it ends', async () => {
      const { feature, events } = await startFeature();
      await subscribed(events, ['channel.ad_break.begin']);
      await goLive();
      await vi.waitFor(() => expect(feature.ads.getState().schedule?.nextAdAt).toBeTruthy());
      const before = feature.ads.getState().schedule!;
      expect(before).toMatchObject({ snoozeCount: 3, durationSeconds: 90 });

      const snoozed = await feature.ads.snooze();
      expect(snoozed.schedule!.snoozeCount).toBe(2);
      expect(Date.parse(snoozed.schedule!.nextAdAt!) - Date.parse(before.nextAdAt!)).toBe(5 * 60_000);
      expect(snoozed.schedule!.snoozeRefreshAt).toBeTruthy();

      const ran = await feature.ads.run(60);
      expect(ran.running).toMatchObject({ automatic: false });
      expect(Date.parse(ran.running!.endsAt) - Date.parse(ran.running!.startedAt)).toBe(60_000);
      // The schedule is read again: the ad earned pre-roll free time.
      await vi.waitFor(() => expect(feature.ads.getState().schedule!.prerollFreeSeconds).toBeGreaterThan(0));
    });

    it('an automatic break (channel.ad_break.begin) shows as running', async () => {
      const { feature, events } = await startFeature();
      await subscribed(events, ['channel.ad_break.begin']);
      await goLive();
      await vi.waitFor(() => expect(feature.ads.getState().schedule?.nextAdAt).toBeTruthy());
      const untilBreak = (Date.parse(feature.ads.getState().schedule!.nextAdAt!) - Date.now()) / 1000;
      await simulation(emulator).advanceClock(Math.ceil(untilBreak) + 1);
      await vi.waitFor(() => expect(feature.ads.getState().running).toMatchObject({ automatic: true }), { timeout: 5_000 });
    });

    it('says when no snooze is left, and when the channel is not live', async () => {
      const { feature } = await startFeature();
      await expect(feature.ads.snooze()).rejects.toThrow('You are not live: only a live broadcast has ad breaks to snooze.');
      await goLive();
      for (let i = 0; i < 3; i++) await feature.ads.snooze();
      await expect(feature.ads.snooze()).rejects.toThrow(/^No snoozes left: the next comes back at \d\d:\d\d\.$/);
    });
  });

  describe('polls and predictions', () => {
    it('a poll from a template: created, votes arrive live through EventSub, ended', async () => {
      const { feature, events } = await startFeature();
      await subscribed(events, ['channel.poll.begin', 'channel.poll.progress', 'channel.poll.end']);
      await goLive();
      feature.engagement.saveTemplate({ id: 'food', kind: 'poll', title: 'Dinner?', choices: ['Pizza', 'Soup', 'Salad'], durationSeconds: 60 });
      const started = await feature.engagement.startFromTemplate('food');
      expect(started.poll).toMatchObject({ title: 'Dinner?', status: 'active' });
      const poll = started.poll!;
      expect(Date.parse(poll.endsAt) - Date.parse(poll.startedAt)).toBe(60_000);

      await simulation(emulator).vote(poll.id, { user_id: viewers()[0]!.id, choice_id: poll.choices[1]!.id });
      await simulation(emulator).vote(poll.id, { user_id: viewers()[1]!.id, choice_id: poll.choices[1]!.id });
      await vi.waitFor(() => expect(feature.engagement.getState().poll!.choices.map((c) => c.votes)).toEqual([0, 2, 0]));

      const ended = await feature.engagement.endPoll();
      expect(ended.poll).toMatchObject({ id: poll.id, status: 'terminated' });
      // The end event that follows never moves it back.
      await vi.waitFor(() => expect(feature.engagement.getState().poll!.status).toBe('terminated'));
      await expect(feature.engagement.endPoll()).rejects.toThrow('No poll is running.');
    });

    it('a prediction from a template: locked, then resolved with the winning outcome', async () => {
      const { feature, events } = await startFeature();
      await subscribed(events, ['channel.prediction.progress', 'channel.prediction.lock', 'channel.prediction.end']);
      const template = feature.engagement.getState().templates.find((t) => t.kind === 'prediction')!;
      const started = await feature.engagement.startFromTemplate(template.id);
      const prediction = started.prediction!;
      expect(prediction).toMatchObject({ title: template.title, status: 'active' });

      await simulation(emulator).predict(prediction.id, { user_id: viewers()[0]!.id, outcome_id: prediction.outcomes[0]!.id, channel_points: 100 });
      await vi.waitFor(() => expect(feature.engagement.getState().prediction!.outcomes[0]).toMatchObject({ users: 1, channelPoints: 100 }));

      expect((await feature.engagement.lockPrediction()).prediction!.status).toBe('locked');
      await expect(feature.engagement.lockPrediction()).rejects.toThrow('No prediction is taking predictions.');
      const resolved = await feature.engagement.resolvePrediction(prediction.outcomes[0]!.id);
      expect(resolved.prediction).toMatchObject({ status: 'resolved', winningOutcomeId: prediction.outcomes[0]!.id });
      const held = emulator.state.predictions.get(prediction.id)!;
      expect(held.status).toBe('RESOLVED');
    });

    it('says in words that a poll already runs', async () => {
      const { feature } = await startFeature();
      const template = feature.engagement.getState().templates.find((t) => t.kind === 'poll')!;
      await feature.engagement.startFromTemplate(template.id);
      await expect(feature.engagement.startFromTemplate(template.id)).rejects.toThrow('A poll is already running: end it first.');
    });
  });

  describe('raids and shoutouts', () => {
    it('finds a live followed channel as typed, raids it, and cancels the raid', async () => {
      const { feature } = await startFeature();
      const [sam, luna] = [viewers().find((v) => v.login === 'speedrun_sam')!, viewers().find((v) => v.login === 'lurkingluna')!];
      for (const v of [sam, luna]) {
        // The demo seed may already follow them.
        await simulation(emulator).follow({ user_id: broadcasterId(), broadcaster_id: v.id }).catch(() => {});
        await simulation(emulator).streamOnline(v.id, { title: `${v.login} live`, viewer_count: 3 });
      }
      const all = await feature.raids.searchFollowed('');
      expect(all.map((c) => c.login).sort()).toEqual(['lurkingluna', 'speedrun_sam']);
      const found = await feature.raids.searchFollowed('speed');
      expect(found.map((c) => c.login)).toEqual(['speedrun_sam']);

      const started = await feature.raids.start(found[0]!.id);
      expect(started.raid).toMatchObject({ status: 'pending', to: { login: 'speedrun_sam' } });
      expect(Date.parse(started.raid!.dueAt) - Date.parse(started.raid!.startedAt)).toBe(90_000);
      expect((await simulation(emulator).raids(broadcasterId())).raids.at(-1)).toMatchObject({ status: 'pending' });

      const canceled = await feature.raids.cancel();
      expect(canceled.raid!.status).toBe('canceled');
      expect((await simulation(emulator).raids(broadcasterId())).raids.at(-1)).toMatchObject({ status: 'cancelled' });
      await expect(feature.raids.cancel()).rejects.toThrow(/No raid is under way|Too late/);
    });

    it('a raid that happens (channel.raid) says how many viewers went', async () => {
      const { feature, events } = await startFeature();
      await subscribed(events, ['channel.raid']);
      await goLive(7);
      const sam = viewers().find((v) => v.login === 'speedrun_sam')!;
      await simulation(emulator).streamOnline(sam.id, { viewer_count: 1 });
      await feature.raids.start(sam.id);
      await simulation(emulator).advanceClock(91);
      await vi.waitFor(() => expect(feature.raids.getState().raid).toMatchObject({ status: 'done', viewers: 7 }), { timeout: 5_000 });
    });

    it('sends a shoutout by name and words the cooldowns', async () => {
      const { feature } = await startFeature();
      await goLive(4);
      const sent = await feature.raids.shoutout('@Speedrun_Sam');
      expect(sent.shoutout).toMatchObject({ to: { login: 'speedrun_sam' } });
      expect(Date.parse(sent.shoutout!.nextAllowedAt) - Date.parse(sent.shoutout!.sentAt)).toBe(120_000);
      expect((await simulation(emulator).shoutouts(broadcasterId())).shoutouts).toHaveLength(1);
      await expect(feature.raids.shoutout('pixelpal')).rejects.toThrow(/One shoutout every 2 minutes: the next can go in (1 min \d+ s|2 min)\./);
      await expect(feature.raids.shoutout('nobody_here_at_all')).rejects.toThrow(/One shoutout every 2 minutes/);
    });

    it('says when the channel does not exist or nobody watches', async () => {
      const { feature } = await startFeature();
      await expect(feature.raids.shoutout('nobody_here_at_all')).rejects.toThrow('There is no channel "nobody_here_at_all".');
      await expect(feature.raids.shoutout('pixelpal')).rejects.toThrow('Shoutouts need you live with at least one viewer.');
    });
  });
  describe('global hotkeys of the other quick actions reach the platform', () => {
    /** Gives `action` a shortcut and presses it, a second after the last press (no key bounce). */
    async function pressed(feature: LiveControls, shortcuts: FakeShortcutRegistry, action: Parameters<LiveControls['hotkeys']['set']>[0], accelerator: string) {
      if (feature.hotkeys.get(action).accelerator !== accelerator) feature.hotkeys.set(action, accelerator);
      expect(shortcuts.press(accelerator)).toBe(true);
    }

    it('runs an ad of the last length and snoozes the next break', async () => {
      const { feature, shortcuts, notifier } = await startFeature();
      await goLive();
      await vi.waitFor(() => expect(feature.ads.getState().schedule?.snoozeCount).toBe(3));
      await pressed(feature, shortcuts, 'snooze', 'Alt+F5');
      await vi.waitFor(() => expect(feature.ads.getState().schedule?.snoozeCount).toBe(2));
      await vi.waitFor(() => expect(notifier.shown.at(-1)?.notification).toMatchObject({ title: 'Next ad snoozed', body: 'The next ad break moved back. Snoozes left: 2.' }));
      await pressed(feature, shortcuts, 'ad', 'Alt+F4');
      await vi.waitFor(() => expect(feature.ads.getState().running).toMatchObject({ automatic: false }));
      const running = feature.ads.getState().running!;
      expect(Date.parse(running.endsAt) - Date.parse(running.startedAt)).toBe(30_000);
      await vi.waitFor(() => expect(notifier.shown.at(-1)?.notification).toMatchObject({ title: 'Ad running: 30 s' }));
    });

    it('toggles slow mode and emote-only on the platform, and says a refusal with the shortcut', async () => {
      const { feature, shortcuts, notifier } = await startFeature();
      await vi.waitFor(() => expect(feature.chatSettings.getState().values).not.toBeNull());
      const slowBefore = feature.chatSettings.getState().values!.slowMode;
      await pressed(feature, shortcuts, 'slowMode', 'Control+Alt+S');
      await vi.waitFor(() => expect(emulator.state.chat.settings(broadcasterId()).slowMode).toBe(!slowBefore));
      await vi.waitFor(() => expect(notifier.shown.at(-1)?.notification.title).toBe(`Slow mode ${slowBefore ? 'off' : 'on'}`));

      await simulation(emulator).addFault({ path: '^/helix/chat/settings$', method: 'PATCH', status: 500, count: 1 });
      await pressed(feature, shortcuts, 'emoteMode', 'Control+Alt+E');
      await vi.waitFor(() => expect(notifier.shown.at(-1)?.notification).toMatchObject({ title: 'Emote-only chat not changed', urgency: 'error', body: expect.stringMatching(/\(Ctrl\+Alt\+E\)$/) }));
      await simulation(emulator).clearFaults();
    });

    it('starts the first template, ends the poll; locks a prediction', async () => {
      const { feature, shortcuts } = await startFeature();
      await goLive();
      const first = feature.engagement.getState().templates[0]!;
      expect(first.kind).toBe('poll');
      await pressed(feature, shortcuts, 'startTemplate', 'Alt+F10');
      await vi.waitFor(() => expect(feature.engagement.getState().poll).toMatchObject({ title: first.title, status: 'active' }));
      const pollId = feature.engagement.getState().poll!.id;
      await pressed(feature, shortcuts, 'endPoll', 'Alt+F11');
      await vi.waitFor(() => expect(emulator.state.polls.get(pollId)?.status).toBe('TERMINATED'));

      const prediction = (await feature.engagement.startFromTemplate(feature.engagement.getState().templates.find((t) => t.kind === 'prediction')!.id)).prediction!;
      await pressed(feature, shortcuts, 'lockPrediction', 'Alt+F12');
      await vi.waitFor(() => expect(emulator.state.predictions.get(prediction.id)?.status).toBe('LOCKED'));
    });

    it('shouts out the channel that raided last; says so when nobody has', async () => {
      const { feature, shortcuts, notifier, events } = await startFeature();
      await subscribed(events, ['channel.raid']);
      await pressed(feature, shortcuts, 'shoutoutRaider', 'Alt+1');
      await vi.waitFor(() =>
        expect(notifier.shown.at(-1)?.notification).toMatchObject({ title: 'Shoutout not sent', body: 'Nobody has raided you since Sidestage started, so there is nobody to shout out. (Alt+1)' }),
      );

      const raider = viewers().find((v) => v.login === 'speedrun_sam')!;
      const raiderToken = (await simulation(emulator).mintToken({ client_id: emulator.demo!.clientId, user_id: raider.id, scopes: ['channel:manage:raids'] })).access_token;
      await simulation(emulator).streamOnline(raider.id, { viewer_count: 6 });
      const started = await fetch(`${emulator.url}/helix/raids?from_broadcaster_id=${raider.id}&to_broadcaster_id=${broadcasterId()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${raiderToken}`, 'client-id': emulator.demo!.clientId },
      });
      expect(started.status).toBe(200);
      await goLive(4);
      await simulation(emulator).advanceClock(91);
      await vi.waitFor(async () => {
        // Pressed until the raid's event has arrived (a press before it is told "nobody has raided you").
        const before = notifier.shown.length;
        await feature.hotkeys.press('shoutoutRaider');
        expect(notifier.shown.slice(before).at(-1)?.notification).toMatchObject({ title: 'Shoutout sent' });
      }, { timeout: 5_000 });
      expect((await simulation(emulator).shoutouts(broadcasterId())).shoutouts).toEqual([expect.objectContaining({ to_broadcaster_id: raider.id })]);
    });

    it('the raid hotkey brings the window forward and asks for the raid search', async () => {
      session = await quickActionsSignedIn(emulator);
      const shortcuts = new FakeShortcutRegistry();
      const openWindow = vi.fn();
      feature = buildLiveControls({ api: session.api, broadcaster: session.broadcaster, settings: new MemorySettingsStore(), dataDir, logger: silentLogger, notifier: new RecordingNotifier(), shortcuts, events: session.events, openWindow });
      await startLiveControls(feature);
      const asked = vi.fn();
      feature.hotkeys.onRaidRequested(asked);
      await pressed(feature, shortcuts, 'raid', 'Alt+2');
      await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
      expect(openWindow).toHaveBeenCalledTimes(1);
    });
  });
});

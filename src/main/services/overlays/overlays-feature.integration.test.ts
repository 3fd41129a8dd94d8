/**
 * The overlays feature in the whole app (demo mode, the in-process emulator, signed in): the
 * automations' port (`show`, `playSound`), goal bars counting channel events, chat with its
 * moderation, the redemption on screen, Reset the link, and the port kept across a restart and
 * kept serving when a new one is taken.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ChatSnapshot, OverlayFrame, OverlaysState, QueueSnapshot } from '../../../shared/ipc/contract';
import { MemorySettingsStore } from '../settings/settings-store';
import { startDemoSidestage, type DemoSidestage } from '../../test-support/demo-sidestage';
import { sampleMedia } from '../../test-support/media-samples';
import { waitUntil } from '../../test-support/wait-until';
import { rawExchange, rawRequest } from '../../../emulator/test-support/raw-http';

/** An overlay page as the server sees it: its socket, and every frame it was sent. */
interface Page {
  frames: OverlayFrame[];
  closed: () => number | null;
  latest<T extends OverlayFrame['type']>(type: T): Extract<OverlayFrame, { type: T }> | undefined;
  close(): void;
}

async function openPage(state: OverlaysState, key: string): Promise<Page> {
  const url = new URL(state.overlays.find((o) => o.key === key)!.url!);
  const socket = new WebSocket(`ws://${url.host}/overlay-socket/${key}${url.search}`, { headers: { origin: url.origin } });
  const frames: OverlayFrame[] = [];
  let closedWith: number | null = null;
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as OverlayFrame));
  socket.on('close', (code) => (closedWith = code));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    frames,
    closed: () => closedWith,
    latest: <T extends OverlayFrame['type']>(type: T) => frames.filter((f): f is Extract<OverlayFrame, { type: T }> => f.type === type).at(-1),
    close: () => socket.terminate(),
  };
}

describe('the overlays feature in the app', () => {
  let demo: DemoSidestage;
  let pagesDir: string;
  let settings: MemorySettingsStore;
  let state: OverlaysState;
  const pages: Page[] = [];

  beforeAll(async () => {
    pagesDir = await mkdtemp(join(tmpdir(), 'sidestage-overlay-pages-'));
    await mkdir(join(pagesDir, 'assets'));
    await writeFile(join(pagesDir, 'index.html'), '<!doctype html><title>overlay</title>');
    settings = new MemorySettingsStore();
    demo = await startDemoSidestage({ name: 'overlays', overlayPagesDir: pagesDir, settings });
    await demo.signIn();
    state = await demo.call<OverlaysState>('overlays:getState');
  }, 30_000);

  afterAll(async () => {
    for (const page of pages) page.close();
    await demo?.dispose();
    if (pagesDir) await rm(pagesDir, { recursive: true, force: true });
  });

  const page = async (key: string) => {
    const opened = await openPage(state, key);
    pages.push(opened);
    return opened;
  };

  it('keeps the port it chose in the settings', () => {
    expect(state.server).toMatchObject({ status: 'running', pagesBuilt: true });
    expect(settings.get('overlays.port')).toBe(state.server.port);
  });

  it('shows an automation’s custom alert with its image, and plays a sound on the alerts pages', async () => {
    const alerts = await page('alerts');
    const image = await demo.call<{ id: string }>('media:add', { name: 'party.gif', dataBase64: sampleMedia.gif.toString('base64') });
    const sound = await demo.call<{ id: string }>('media:add', { name: 'ding.ogg', dataBase64: sampleMedia.ogg.toString('base64') });
    const { overlays } = demo.sidestage;
    await overlays.show({ source: 'custom', text: 'The boss is down!', imageId: image.id, soundId: sound.id, volume: 0.5, durationMs: 1_000 });
    await waitUntil(() => alerts.latest('alert')?.showing?.text === 'The boss is down!', 5_000, 'the custom alert');
    expect(alerts.latest('alert')!.showing).toMatchObject({ kind: 'custom', imagePath: `/media/${image.id}`, soundPath: `/media/${sound.id}`, volume: 0.5, startsNow: true });

    // A sound goes through the queue: after the alert on screen, never over it.
    await overlays.playSound(sound.id, 0.3);
    expect(alerts.latest('alert')!.showing?.kind).toBe('custom');
    await waitUntil(() => alerts.latest('alert')?.showing?.kind === 'sound', 10_000, 'the sound’s turn');
    expect(alerts.latest('alert')!.showing).toMatchObject({ kind: 'sound', text: '', imagePath: null, soundPath: `/media/${sound.id}`, volume: 0.3, startsNow: true });
    await expect(overlays.playSound(image.id, 1)).rejects.toThrow(/not in the media library/);

    // The standard alert of an event, once per event however often it is asked for.
    const event = { kind: 'raid' as const, id: 'automation-raid-1', at: new Date().toISOString(), source: 'live' as const, from: { id: '1', login: 'sam', name: 'Sam' }, viewers: 12 };
    await overlays.show({ source: 'event', event });
    await overlays.show({ source: 'event', event });
    await waitUntil(() => alerts.frames.some((f) => f.type === 'alert' && f.showing?.text === 'Sam is raiding with 12 viewers!'), 10_000, 'the raid alert');
    const raids = overlays.getQueue().waiting.filter((w) => w.text.startsWith('Sam'));
    expect(raids).toEqual([]);
  });

  it('plays a video in the image’s place: an alert type takes it, the page is sent its path, the server serves it as a video', async () => {
    const alerts = await page('alerts');
    const video = await demo.call<{ id: string; kind: string }>('media:add', { name: 'confetti.webm', dataBase64: sampleMedia.webm.toString('base64') });
    const sound = await demo.call<{ id: string }>('media:add', { name: 'ding2.ogg', dataBase64: sampleMedia.ogg.toString('base64') });
    expect(video.kind).toBe('video');
    // A sound is not a picture: refused in words, and the type keeps what it had.
    await expect(demo.call('overlays:setAlertType', { kind: 'follow', changes: { imageId: sound.id } })).rejects.toThrow(/“ding2.ogg” is a sound, not an image or a video/);
    await demo.call('overlays:setAlertType', { kind: 'follow', changes: { imageId: video.id } });
    await demo.sidestage.overlays.show({ source: 'custom', text: 'Confetti!', imageId: video.id, soundId: null, volume: 0.7, durationMs: 1_000 });
    await waitUntil(() => alerts.latest('alert')?.showing?.text === 'Confetti!', 10_000, 'the video alert');
    expect(alerts.latest('alert')!.showing).toMatchObject({ imagePath: null, videoPath: `/media/${video.id}`, volume: 0.7 });

    const url = new URL(state.overlays.find((o) => o.key === 'alerts')!.url!);
    const served = await fetch(`${url.origin}/media/${video.id}${url.search}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await served.arrayBuffer()).equals(sampleMedia.webm)).toBe(true);
  });

  it('counts follows on a goal of the broadcaster’s own, live on its page', async () => {
    state = await demo.call<OverlaysState>('overlays:saveGoal', { title: 'Followers today', source: 'custom', counts: 'follows', target: 3 });
    const goal = state.goals.find((g) => g.title === 'Followers today')!;
    const bar = await page(`goal/${goal.id}`);
    await waitUntil(() => bar.latest('goal') !== undefined);
    expect(bar.latest('goal')!.goal).toMatchObject({ title: 'Followers today', current: '0', target: '3', state: 'active' });
    const viewer = await demo.sim.createUser({ login: 'goalfan', display_name: 'GoalFan' });
    await demo.sim.follow({ user_id: viewer.id, broadcaster_id: demo.broadcasterId });
    await waitUntil(() => bar.latest('goal')?.goal.current === '1', 10_000, 'the goal counting the follow');
    expect(bar.latest('goal')!.goal.fraction).toBeCloseTo(1 / 3);
    await demo.call('overlays:adjustGoal', { id: goal.id, current: 3 });
    await waitUntil(() => bar.latest('goal')?.goal.state === 'achieved');
  });

  it('shows chat, and a message a moderator deletes leaves the chat overlay', async () => {
    const chat = await page('chat');
    // A message sent before chat's subscription exists is never delivered (as on the platform).
    await waitUntil(
      async () => (await demo.sim.eventSubSubscriptions()).subscriptions.some((s) => s.type === 'channel.chat.message' && s.status === 'enabled'),
      5_000,
      'chat’s EventSub subscription',
      25,
    );
    // A seeded viewer who has followed long enough for the demo channel's followers-only chat.
    const viewer = (await demo.sim.state()).users.find((u) => u.login === 'pixelpal')!;
    await demo.sim.sendChatMessage({ broadcaster_id: demo.broadcasterId, user_id: viewer.id, text: 'hello overlay' });
    await waitUntil(() => chat.latest('chat')?.lines.some((l) => l.text === 'hello overlay') ?? false, 10_000, 'the chat line');
    const message = (await demo.call<ChatSnapshot>('chat:getSnapshot')).messages.find((m) => m.text === 'hello overlay')!;
    await demo.call('chat:moderate', { action: 'delete', messageId: message.id });
    await waitUntil(() => !(chat.latest('chat')?.lines.some((l) => l.text === 'hello overlay') ?? true), 10_000, 'the line gone');
  });

  it('a line another moderator deletes on the platform, or a cleared chat, leaves the chat overlay within a second', async () => {
    const chat = await page('chat');
    const viewer = (await demo.sim.state()).users.find((u) => u.login === 'pixelpal')!;
    const say = async (text: string) => {
      const sent = await demo.sim.sendChatMessage({ broadcaster_id: demo.broadcasterId, user_id: viewer.id, text });
      await waitUntil(() => chat.latest('chat')?.lines.some((l) => l.id === sent.message_id) ?? false, 10_000, text);
      return sent;
    };
    const line = await say('delete me on the website');
    const moderator = (await demo.sim.state()).users.find((u) => u.login === 'modmallory')!;
    await demo.sim.deleteChatMessage({ broadcaster_id: demo.broadcasterId, message_id: line.message_id, moderator_id: moderator.id });
    await waitUntil(() => !(chat.latest('chat')?.lines.some((l) => l.id === line.message_id) ?? true), 1_000, 'the deleted line gone within 1 s', 10);
    await say('one more line');
    await demo.sim.clearChat({ broadcaster_id: demo.broadcasterId, moderator_id: moderator.id });
    await waitUntil(() => chat.latest('chat')?.lines.length === 0, 1_000, 'every line gone within 1 s', 10);
  });

  it("a chatter banned before their alert's turn: the alert is dropped, with the reason in the queue's list", async () => {
    await demo.call('overlays:pauseAlerts');
    const fan = await demo.sim.createUser({ login: 'soon_banned' });
    await demo.sim.follow({ user_id: fan.id, broadcaster_id: demo.broadcasterId });
    await waitUntil(async () => (await demo.call<{ waiting: { text: string }[] }>('overlays:getQueue')).waiting.some((w) => w.text.includes('soon_banned')), 10_000, 'the follow alert waiting');
    await demo.sim.ban({ broadcaster_id: demo.broadcasterId, user_id: fan.id, reason: 'hate raid' });
    await waitUntil(async () => (await demo.call<{ dropped: unknown[] }>('overlays:getQueue')).dropped.length > 0, 10_000, 'the alert dropped');
    const queue = await demo.call<{ waiting: { text: string }[]; dropped: { text: string; reason: string }[] }>('overlays:getQueue');
    expect(queue.waiting.some((w) => w.text.includes('soon_banned'))).toBe(false);
    expect(queue.dropped[0]).toMatchObject({ text: expect.stringContaining('soon_banned'), reason: 'soon_banned was banned by Sidestage_Demo: hate raid' });
    await demo.call('overlays:resumeAlerts');
  });

  it('shows the queue’s oldest redemption, or the one the broadcaster picks', async () => {
    const screen = await page('redemption');
    const queue = await demo.call<QueueSnapshot>('redemptions:getSnapshot');
    expect(queue.items.length).toBeGreaterThan(1);
    await waitUntil(() => screen.latest('redemption') !== undefined);
    expect(screen.latest('redemption')!.redemption?.id).toBe(queue.items[0]!.id);
    const other = queue.items[1]!;
    await demo.call('overlays:pickRedemption', { redemptionId: other.id });
    await waitUntil(() => screen.latest('redemption')?.redemption?.id === other.id);
    expect(screen.latest('redemption')!.redemption).toEqual({ id: other.id, rewardTitle: other.rewardTitle, userName: other.userName, input: other.userInput });
    await expect(demo.call('overlays:pickRedemption', { redemptionId: 'gone' })).rejects.toThrow(/not in the queue/);
  });

  it('a redemption of a chatter banned before its turn is not put on screen', async () => {
    const screen = await page('redemption');
    await demo.call('overlays:pickRedemption', { redemptionId: null });
    const queue = await demo.call<QueueSnapshot>('redemptions:getSnapshot');
    const head = queue.items[0]!;
    const next = queue.items.find((r) => r.userId !== head.userId);
    await waitUntil(() => screen.latest('redemption')?.redemption?.id === head.id, 10_000, 'the head on screen');
    await demo.sim.ban({ broadcaster_id: demo.broadcasterId, user_id: head.userId, duration: 600 });
    await waitUntil(() => (screen.latest('redemption')?.redemption?.id ?? null) === (next?.id ?? null), 10_000, 'the next chatter’s redemption on screen');
  });

  it('Reset the link closes the open pages; the old token opens nothing', async () => {
    const chat = await page('chat');
    const oldUrl = state.overlays.find((o) => o.key === 'chat')!.url!;
    state = await demo.call<OverlaysState>('overlays:resetLink', { key: 'chat' });
    await waitUntil(() => chat.closed() === 4401);
    expect((await fetch(oldUrl)).status).toBe(401);
    expect((await fetch(state.overlays.find((o) => o.key === 'chat')!.url!)).status).toBe(200);
  });

  it('keeps serving on its port when a new one is taken, and moves when it is free', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const takenPort = (taken.address() as { port: number }).port;
    try {
      await expect(demo.call('overlays:setPort', { port: takenPort })).rejects.toThrow(new RegExp(`Port ${takenPort} is used by another program`));
      const after = await demo.call<OverlaysState>('overlays:getState');
      expect(after.server).toMatchObject({ status: 'running', port: state.server.port });
      // A new connection: the server was restarted on its old port (pooled ones were closed).
      const url = new URL(after.overlays.find((o) => o.key === 'alerts')!.url!);
      expect((await rawExchange(Number(url.port), rawRequest('GET', `${url.pathname}${url.search}`, { Host: url.host }))).status).toBe(200);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const moved = await demo.call<OverlaysState>('overlays:setPort', { port: takenPort });
    expect(moved.server).toMatchObject({ status: 'running', port: takenPort, error: null });
    expect(settings.get('overlays.port')).toBe(takenPort);
    expect(moved.overlays.every((o) => o.url!.startsWith(`http://127.0.0.1:${takenPort}/overlay/`))).toBe(true);
  });
});

/**
 * The viewer's words spoken in the whole app (demo mode, the in-process emulator, the real
 * espeak-ng): a cheer from the emulator alerts, its page is sent the words to play as a WAV it
 * fetches with its own token; the links and the channel's blocked terms are not in what is said;
 * a cheer under the minimum shows silent; Skip tells the pages to stop.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandAvailable } from '../../test-support/obs-studio-process';
import WebSocket from 'ws';
import type { OverlayFrame, OverlaysState, SpeechState } from '../../../shared/ipc/contract';
import { MemorySettingsStore } from '../settings/settings-store';
import { startDemoSidestage, type DemoSidestage } from '../../test-support/demo-sidestage';
import { waitUntil } from '../../test-support/wait-until';
import { wavDurationMs } from '../speech/system-voice';

const espeakMissing = !commandAvailable('espeak-ng');
if (espeakMissing) console.warn('spoken-alerts.integration.test.ts skipped: espeak-ng is not installed (apt-get install espeak-ng)');

describe.skipIf(espeakMissing)('spoken alerts in the app', () => {
  let demo: DemoSidestage;
  let pagesDir: string;
  let state: OverlaysState;
  let socket: WebSocket;
  const frames: OverlayFrame[] = [];
  let origin: string;
  let token: string;

  beforeAll(async () => {
    pagesDir = await mkdtemp(join(tmpdir(), 'sidestage-overlay-pages-'));
    await mkdir(join(pagesDir, 'assets'));
    await writeFile(join(pagesDir, 'index.html'), '<!doctype html><title>overlay</title>');
    demo = await startDemoSidestage({ name: 'spoken-alerts', overlayPagesDir: pagesDir, settings: new MemorySettingsStore() });
    await demo.signIn();
    state = await demo.call<OverlaysState>('overlays:getState');
    const url = new URL(state.overlays.find((o) => o.key === 'alerts')!.url!);
    origin = url.origin;
    token = url.searchParams.get('token')!;
    socket = new WebSocket(`ws://${url.host}/overlay-socket/alerts${url.search}`, { headers: { origin } });
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as OverlayFrame));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
  }, 30_000);

  afterAll(async () => {
    socket?.terminate();
    await demo?.dispose();
    if (pagesDir) await rm(pagesDir, { recursive: true, force: true });
  });

  it('finds the system voice and lists its voices; an unknown voice is refused in words', async () => {
    await waitUntil(async () => (await demo.call<SpeechState>('overlays:getSpeech')).engine !== null, 10_000, 'the system voice');
    const speech = await demo.call<SpeechState>('overlays:getSpeech');
    expect(speech).toMatchObject({ engine: 'espeak-ng', unavailable: null, speaking: false });
    expect(speech.voices.map((v) => v.id)).toContain('en-us');
    await expect(demo.call('overlays:setSpeech', { voice: 'klingon-zz' })).rejects.toThrow('There is no voice “klingon-zz” on this computer');
    await expect(demo.call('overlays:setSpeech', { rate: 5_000 })).rejects.toThrow(/400 words a minute/);
  });

  it('speaks a cheer’s words from the minimum, as a WAV only the alerts token fetches, without its link or blocked term', async () => {
    await demo.call('overlays:setSpeech', { enabled: true, voice: 'en-us', cheerMinimumBits: 100, volume: 0.6 });
    await demo.call('overlays:setAlertType', { kind: 'cheer', changes: { durationMs: 3_000 } });
    // The channel's blocked term, as the moderation panel keeps it.
    const chatRules = demo.sidestage.moderation.chatRules;
    await chatRules.addBlockedTerm('pineapple');

    await waitUntil(async () => (await demo.sim.eventSubSubscriptions()).subscriptions.some((s) => s.type === 'channel.cheer' && s.status === 'enabled'), 15_000, 'the cheer subscription');
    const viewer = await demo.sim.createUser({ login: 'speaker', display_name: 'Speaker' });
    await demo.sim.cheer({ broadcaster_id: demo.broadcasterId, user_id: viewer.id, bits: 50, message: 'Cheer50 too small to be read out loud' });
    await demo.sim.cheer({ broadcaster_id: demo.broadcasterId, user_id: viewer.id, bits: 500, message: 'Cheer500 what a great pineapple stream, visit https://spam.example now' });

    await waitUntil(() => frames.some((f) => f.type === 'speech'), 30_000, 'the cheer’s words').catch((error: unknown) => {
      throw new Error(`${String(error)}; the page was sent ${JSON.stringify(frames)}`);
    });
    const shown = frames.filter((f): f is Extract<OverlayFrame, { type: 'alert' }> => f.type === 'alert' && f.showing !== null).map((f) => f.showing!);
    const spoken = frames.find((f): f is Extract<OverlayFrame, { type: 'speech' }> => f.type === 'speech')!;
    // The 50-bit cheer showed (its alert has no minimum) but said nothing; the 500-bit one speaks.
    expect(shown.map((a) => a.text).join('\n')).toMatch(/50 bits[\s\S]*500 bits/);
    expect(spoken.alertId).toBe(shown.find((a) => a.text.includes('500'))!.id);
    expect(spoken.volume).toBe(0.6);
    expect(spoken.speechPath).toMatch(/^\/speech\/[0-9a-f]{32}$/);
    expect(JSON.stringify(frames)).not.toContain(token);

    const wav = Buffer.from(await (await fetch(`${origin}${spoken.speechPath}?token=${token}`)).arrayBuffer());
    expect(wavDurationMs(wav)).toBeGreaterThan(1_000);
    expect((await fetch(`${origin}${spoken.speechPath}`)).status).toBe(401);
    expect(await demo.call<SpeechState>('overlays:getSpeech')).toMatchObject({ speaking: true, saying: 'what a great stream, visit now' });

    // Skip: the pages are told to stop; nothing is said any more.
    const before = frames.length;
    const after = await demo.call<SpeechState>('overlays:skipSpeech');
    expect(after.speaking).toBe(false);
    await waitUntil(() => frames.slice(before).some((f) => f.type === 'speechStop'), 5_000, 'the stop');
  }, 60_000);
});

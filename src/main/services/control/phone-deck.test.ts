import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Emitter } from '../../../shared/primitives/emitter';
import { rawExchange, rawRequest } from '../../../emulator/test-support/raw-http';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { fakeControlDeck } from '../../test-support/fake-control-deck';
import { silentLogger } from '../logger';
import { ControlClients } from './control-clients';
import { ControlPairing } from './control-pairing';
import type { ControlState } from './control-schemas';
import { PhoneDeck, ipv4Interfaces, type PhoneInterface } from './phone-deck';

const state: ControlState = { signedIn: true, live: true, startedAt: null, viewers: 3, shieldMode: false, chatModes: null, nextAdAt: null, adEndsAt: null, alerts: { paused: false, waiting: 0 } };
/** 127.0.0.1 as "the network" (the test's), and an address of the documentation range no machine has. */
const interfaces: PhoneInterface[] = [
  { name: 'lo', address: '127.0.0.1', loopback: true },
  { name: 'gone0', address: '192.0.2.77', loopback: false },
];

describe('the phone deck', () => {
  let dir: string;
  let clock: FakeClock;
  let clients: ControlClients;
  let phone: PhoneDeck;
  let live: boolean;
  const streamChanges = new Emitter<{ live: boolean }>();
  const pressed: string[] = [];
  let layout = { tileOrder: [] as string[], hiddenTiles: [] as string[] };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sidestage-phone-'));
    clock = createFakeClock(Date.now());
    clients = await ControlClients.open({ dataDir: dir, logger: silentLogger, clock });
    live = true;
    pressed.length = 0;
    phone = new PhoneDeck({
      clients,
      pairing: new ControlPairing(clock),
      logger: silentLogger,
      deck: fakeControlDeck().ports,
      ports: { runAction: async (action) => (pressed.push(action), { done: true, message: 'Done.' }), actionLabel: (a) => a, readState: () => state, onStateChange: () => () => {} },
      stream: { getStatus: () => ({ live }), onChange: (listener) => streamChanges.on(listener) },
      interfaces: () => interfaces,
      liveView: { get: () => layout },
      clock,
    });
  });
  afterEach(async () => {
    await phone.dispose();
    await clients.settled();
    await rm(dir, { recursive: true, force: true });
  });

  const claim = (origin: string, code: string) => fetch(`${origin}/api/v1/phone/claim`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ code }) });
  const codeOf = (url: string) => /#pair=(.+)$/.exec(url)![1]!;

  it('is off by default, lists the machine’s IPv4 interfaces, and refuses an address that is not one of them', async () => {
    expect(phone.getState()).toMatchObject({ enabled: false, status: 'off', address: null, offAfterBroadcast: true, link: null, interfaces });
    await expect(phone.set({ enabled: true })).rejects.toThrow(/Choose the network/);
    await expect(phone.set({ enabled: true, address: '0.0.0.0' })).rejects.toThrow(/no network interface with the address 0\.0\.0\.0/);
    await expect(phone.newLink()).rejects.toThrow(/Turn the phone deck on first/);
    expect(ipv4Interfaces().every((i) => /^\d+\.\d+\.\d+\.\d+$/.test(i.address) && i.address !== '0.0.0.0')).toBe(true);
  });

  it('says an address the machine no longer has, in words', async () => {
    const answer = await phone.set({ enabled: true, address: '192.0.2.77' });
    expect(answer).toMatchObject({ enabled: false, status: 'failed', error: expect.stringMatching(/192\.0\.2\.77 is not this computer's any more/) });
  });

  it('serves the installable page on the chosen address, and pairs a phone once from a short-lived one-time link', async () => {
    const on = await phone.set({ enabled: true, address: '127.0.0.1' });
    expect(on).toMatchObject({ enabled: true, status: 'on', address: '127.0.0.1', port: expect.any(Number) });
    const origin = `http://127.0.0.1:${on.port}`;
    const page = await fetch(`${origin}/phone`);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(await page.text()).toContain('<link rel="manifest" href="/phone/manifest.webmanifest">');
    expect(await (await fetch(`${origin}/phone/manifest.webmanifest`)).json()).toMatchObject({ start_url: '/phone', display: 'standalone', icons: [expect.objectContaining({ src: '/phone/icon.svg' })] });

    const { link } = await phone.newLink();
    expect(link!.url).toMatch(new RegExp(`^${origin}/phone#pair=[A-Za-z0-9_-]{22}$`));
    expect(link!.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(link!.qrCode.split(',')[1]!, 'base64').toString('utf8')).toContain('<svg');
    expect((await claim(origin, 'wrong-code-123456')).status).toBe(404);
    const first = await claim(origin, codeOf(link!.url));
    const paired = (await first.json()) as { status: string; token: string; scopes: string[] };
    expect(paired).toMatchObject({ status: 'approved', scopes: ['read', 'actions', 'moderation'] });
    expect(clients.list()).toEqual([expect.objectContaining({ name: 'Phone', scopes: ['read', 'actions', 'moderation'] })]);
    // Single use.
    expect((await claim(origin, codeOf(link!.url))).status).toBe(404);
    expect(phone.getState().link).toBeNull();
    // The same API, tokens and scopes as every client.
    expect(await (await fetch(`${origin}/api/v1/state`, { headers: { authorization: `Bearer ${paired.token}` } })).json()).toEqual(state);
    expect(await (await fetch(`${origin}/api/v1/actions/marker`, { method: 'POST', headers: { authorization: `Bearer ${paired.token}` } })).json()).toMatchObject({ done: true });
    expect(pressed).toEqual(['marker']);
    // Its buttons: the tiles the broadcaster chose in Arrange, in their order.
    const buttons = () => fetch(`${origin}/api/v1/phone/buttons`, { headers: { authorization: `Bearer ${paired.token}` } }).then((r) => r.json());
    const byDefault = ['marker', 'clip', 'ad', 'snooze', 'startTemplate', 'endPoll', 'lockPrediction', 'raid', 'shoutoutRaider', 'slowMode', 'followerMode', 'subscriberMode', 'emoteMode'];
    expect(await buttons()).toEqual({ actions: byDefault, buttons: byDefault.map((action) => ({ action })) });
    layout = { tileOrder: ['shield-mode', 'alerts', 'marker'], hiddenTiles: ['clip', 'ad', 'snooze', 'poll', 'end-poll', 'prediction', 'raid', 'shoutout', 'chat-modes'] };
    // The alerts tile is the alert queue's pause switch, in its place.
    expect(await buttons()).toEqual({ actions: ['shieldMode', 'marker'], buttons: [{ action: 'shieldMode' }, { control: 'alertsPause' }, { action: 'marker' }] });
    expect((await fetch(`${origin}/api/v1/state`)).status).toBe(401);
    // A stranger on the network cannot ask the broadcaster to pair: a phone pairs by its link only.
    const asked = await fetch(`${origin}/api/v1/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Stranger"}' });
    expect(asked.status).toBe(404);
    expect(((await asked.json()) as { error: { message: string } }).error.message).toMatch(/only from the link/);
    expect((await rawExchange(on.port!, rawRequest('GET', '/api/v1/state', { Host: `evil.example:${on.port}`, Authorization: `Bearer ${paired.token}` }))).status).toBe(421);
  });

  it('a link expires after five minutes, and a new link replaces the one before', async () => {
    const { port } = await phone.set({ enabled: true, address: '127.0.0.1' });
    const origin = `http://127.0.0.1:${port}`;
    const old = (await phone.newLink()).link!;
    const fresh = (await phone.newLink()).link!;
    expect((await claim(origin, codeOf(old.url))).status).toBe(404);
    clock.advance(5 * 60_000 + 1);
    expect(phone.getState().link).toBeNull();
    expect((await claim(origin, codeOf(fresh.url))).status).toBe(404);
    expect(clients.list()).toEqual([]);
  });

  it('turns itself off when the broadcast ends (the option, on by default), and stays on when the option is off', async () => {
    const { port } = await phone.set({ enabled: true, address: '127.0.0.1' });
    live = false;
    streamChanges.fire({ live: false });
    await expect.poll(() => phone.getState().status).toBe('off');
    await expect(fetch(`http://127.0.0.1:${port}/phone`)).rejects.toThrow();
    // Its address and port are kept; it starts where it was.
    expect((await phone.set({ enabled: true, offAfterBroadcast: false })).port).toBe(port);
    live = true;
    streamChanges.fire({ live: true });
    live = false;
    streamChanges.fire({ live: false });
    expect(phone.getState()).toMatchObject({ enabled: true, status: 'on' });
  });
});

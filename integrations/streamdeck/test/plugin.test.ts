/**
 * The Stream Deck plugin, built and run as Stream Deck runs it, against a stand-in for the Stream
 * Deck app (its plugin WebSocket protocol) and the REAL control server of this repository (pairing,
 * /state, /actions, presses, automations, variables, alerts, scenes, the event socket's topics), its
 * deck ports in-memory (`fakeControlDeck`) so a test can change a variable or the alert queue and
 * see what a press did. One plugin process for the file: it pairs from the property inspector first,
 * then every key is tried on that link.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotkeyAction } from '../../../src/shared/ipc/contract';
import { Emitter } from '../../../src/shared/primitives/emitter';
import { silentLogger } from '../../../src/main/services/logger';
import { ControlClients } from '../../../src/main/services/control/control-clients';
import { ControlPairing } from '../../../src/main/services/control/control-pairing';
import type { ControlState } from '../../../src/main/services/control/control-schemas';
import { ControlServer } from '../../../src/main/services/control/control-server';
import { waitUntil } from '../../../src/main/test-support/wait-until';
import { fakeControlDeck, type FakeControlDeck } from '../../../src/main/test-support/fake-control-deck';
import { StreamDeckHost, type PluginMessage } from './support/stream-deck-host';

const QUICK = 'com.sidestage.deck.quick-action';
const SCENE = 'com.sidestage.deck.scene';
const AUTOMATION = 'com.sidestage.deck.automation';
const VARIABLE = 'com.sidestage.deck.variable';
const ALERTS = 'com.sidestage.deck.alerts';

// Wide margins: the plugin is built and started as a process, on a busy 2-core CI box.
describe('the Stream Deck plugin', { timeout: 60_000 }, () => {
  let dir: string;
  let clients: ControlClients;
  let pairing: ControlPairing;
  let control: ControlServer;
  let deck: FakeControlDeck;
  let host: StreamDeckHost;
  let port: number;
  const state: ControlState = { signedIn: true, live: true, startedAt: null, viewers: 3, shieldMode: false, chatModes: null, nextAdAt: null, adEndsAt: null, alerts: { paused: false, waiting: 0 } };
  const stateChanges = new Emitter<void>();
  const pressed: HotkeyAction[] = [];
  const setVariable = (name: string, value: number) => deck.ports.variables!.change(name, { kind: 'set', value });
  const changeState = (change: Partial<ControlState>) => {
    Object.assign(state, change);
    stateChanges.fire();
  };

  const payloadOf = (message: PluginMessage) => (message.payload ?? {}) as Record<string, unknown>;
  const toInspector = (kind: string, match: (payload: Record<string, unknown>) => boolean = () => true) => (m: PluginMessage) =>
    m.event === 'sendToPropertyInspector' && payloadOf(m).kind === kind && match(payloadOf(m));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sidestage-deck-control-'));
    clients = await ControlClients.open({ dataDir: dir, logger: silentLogger });
    pairing = new ControlPairing();
    deck = fakeControlDeck();
    deck.obs.current = 'Live';
    deck.obs.scenes = ['Live', 'BRB', 'Starting soon'];
    control = new ControlServer({
      clients,
      pairing,
      deck: deck.ports,
      logger: silentLogger,
      ports: {
        runAction: async (action) => {
          pressed.push(action);
          return action === 'clip' ? { done: false, message: 'You are not live.' } : { done: true, message: 'Done.' };
        },
        actionLabel: (action) => `Label of ${action}`,
        readState: () => state,
        onStateChange: (listener) => stateChanges.on(listener),
      },
    });
    await control.listen(0);
    port = Number(new URL(control.origin!).port);
    host = await StreamDeckHost.start();
  }, 60_000);
  afterAll(async () => {
    await host?.stop();
    await control?.dispose();
    await clients?.settled();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('pairs from the property inspector: shows Sidestage’s six-digit code, keeps the token in the global settings', async () => {
    const marker = host.appear(QUICK, { action: 'marker' });
    const from = host.received.length;
    host.inspect(QUICK, marker, { request: 'setPort', port: port });
    await host.waitFor(toInspector('status', (p) => p.port === port && p.paired === false), 'the port in the status', from);
    host.send({ action: QUICK, event: 'sendToPlugin', context: marker, payload: { request: 'pair' } });
    const waiting = await host.waitFor(toInspector('status', (p) => p.pairing === 'waiting'), 'the pairing code', from);
    const [request] = pairing.list();
    expect(request).toMatchObject({ name: 'Stream Deck', code: payloadOf(waiting).code });
    pairing.approve(request!.id, ['read', 'actions', 'moderation', 'automations', 'variables']);
    await host.waitFor(toInspector('status', (p) => p.paired === true && p.pairing === 'paired'), 'paired', from);
    expect(host.globalSettings).toEqual({ port: port, token: expect.any(String) });
    expect(clients.list()).toEqual([expect.objectContaining({ name: 'Stream Deck' })]);
    // The token stays with the plugin: never in what the inspector is sent.
    const token = String(host.globalSettings.token);
    expect(host.received.filter((m) => m.event === 'sendToPropertyInspector').some((m) => JSON.stringify(m).includes(token))).toBe(false);
  });

  it('offers the quick actions GET /actions lists in the key’s dropdown', async () => {
    const key = host.appear(QUICK, {});
    const from = host.received.length;
    host.inspect(QUICK, key, { request: 'options' });
    const options = await host.waitFor(toInspector('options'), 'the options', from);
    expect(payloadOf(options).items).toContainEqual({ value: 'shieldMode', label: 'Label of shieldMode' });
  });

  it('presses the quick action on the control API on a keyDown; a press Sidestage could not do shows an alert', async () => {
    const marker = host.appear(QUICK, { action: 'marker' });
    host.keyDown(QUICK, marker, { action: 'marker' });
    await waitUntil(() => pressed.includes('marker'), 15_000, 'the marker pressed');
    const clip = host.appear(QUICK, { action: 'clip' });
    const from = host.received.length;
    host.keyDown(QUICK, clip, { action: 'clip' });
    await host.waitFor((m) => m.event === 'showAlert' && m.context === clip, 'the alert on the clip key', from);
    expect(pressed).toContain('clip');
  });

  it('turns the Shield Mode key red (state 1) while Shield Mode is on, and back', async () => {
    const shield = host.appear(QUICK, { action: 'shieldMode' });
    const from = host.received.length;
    changeState({ shieldMode: true });
    await host.waitFor((m) => m.event === 'setState' && m.context === shield && payloadOf(m).state === 1, 'the Shield Mode key on', from);
    const later = host.received.length;
    changeState({ shieldMode: false });
    await host.waitFor((m) => m.event === 'setState' && m.context === shield && payloadOf(m).state === 0, 'the Shield Mode key off', later);
  });

  it('shows the ad countdown as the ad key’s title', async () => {
    const ad = host.appear(QUICK, { action: 'ad' });
    const from = host.received.length;
    changeState({ nextAdAt: new Date(Date.now() + 5 * 60_000).toISOString() });
    const title = await host.waitFor((m) => m.event === 'setTitle' && m.context === ad && typeof payloadOf(m).title === 'string', 'the countdown', from);
    expect(payloadOf(title).title).toMatch(/^Ad in\n[45]:\d\d$/);
    // It counts down by itself, a title a second.
    await host.waitFor((m) => m.event === 'setTitle' && m.context === ad && payloadOf(m).title !== payloadOf(title).title, 'the next second', host.received.indexOf(title) + 1);
  });

  it('shows a variable’s value as its title and adds to it on a press ', async () => {
    await setVariable('deaths', 4);
    const key = host.appear(VARIABLE, { name: 'deaths', press: 'add', by: 1 });
    const from = host.received.length;
    await setVariable('deaths', 5);
    await host.waitFor((m) => m.event === 'setTitle' && m.context === key && payloadOf(m).title === 'deaths\n5', 'the value pushed', from);
    host.keyDown(VARIABLE, key, { name: 'deaths', press: 'add', by: 1 });
    await host.waitFor((m) => m.event === 'setTitle' && m.context === key && payloadOf(m).title === 'deaths\n6', 'the value after the press', from);
    // The press reached the variables port as an add of 1 (5 + 1), not a set.
    expect(deck.variables.get('deaths')).toMatchObject({ value: 6 });
  });

  it('shows the alert queue’s count, red while paused, and pauses them on a press ', async () => {
    const key = host.appear(ALERTS, { press: 'pause' });
    const from = host.received.length;
    Object.assign(deck.alerts, { paused: false, waiting: 3 });
    deck.fireAlerts();
    await host.waitFor((m) => m.event === 'setTitle' && m.context === key && payloadOf(m).title === 'Alerts\n3', 'the queue count', from);
    host.keyDown(ALERTS, key, { press: 'pause' });
    await host.waitFor((m) => m.event === 'setState' && m.context === key && payloadOf(m).state === 1, 'the key red while paused', from);
    expect(deck.alerts.paused).toBe(true);
  });

  it('switches the scene and runs the automation on a press ', async () => {
    const scene = host.appear(SCENE, { scene: 'BRB' });
    const from = host.received.length;
    host.keyDown(SCENE, scene, { scene: 'BRB' });
    await host.waitFor((m) => m.event === 'setState' && m.context === scene && payloadOf(m).state === 1, 'the scene key on', from);
    expect(deck.obs.current).toBe('BRB');
    const automation = host.appear(AUTOMATION, { automationId: 'a-hydrate' });
    host.keyDown(AUTOMATION, automation, { automationId: 'a-hydrate' });
    await host.waitFor((m) => m.event === 'showOk' && m.context === automation, 'OK on the automation key', from);
    expect(deck.runs).toContainEqual(expect.objectContaining({ id: 'a-hydrate', clientName: 'Stream Deck' }));
  });

  it('outlives damaged messages from Stream Deck and a revoked token, and says to pair again', async () => {
    host.sendRaw('not json');
    host.send({ event: 'keyDown', context: 'NO-SUCH-KEY', payload: {} });
    const marker = host.appear(QUICK, { action: 'marker' });
    await clients.revoke(clients.list()[0]!.id);
    const from = host.received.length;
    host.inspect(QUICK, marker, { request: 'status' });
    await host.waitFor(toInspector('status', (p) => typeof p.problem === 'string' && /pair again/.test(String(p.problem))), 'the problem in words', from);
    host.keyDown(QUICK, marker, { action: 'marker' });
    await host.waitFor((m) => m.event === 'showAlert' && m.context === marker, 'an alert for a refused press', from);
    expect(host.running).toBe(true);
  });
});

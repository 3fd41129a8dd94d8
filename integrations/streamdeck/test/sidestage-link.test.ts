/**
 * The plugin's link to Sidestage against this repository's REAL control server (no stand-in): it
 * pairs and keeps the token, follows the state on the event socket, comes back after Sidestage
 * restarts on its kept port, says a declined pairing and a revoked token in words. And against a
 * Sidestage from before the socket's topics (a bare socket that closes with 1003 when sent anything,
 * as docs/control-api.md says of it), it follows the state alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { Emitter } from '../../../src/shared/primitives/emitter';
import { silentLogger } from '../../../src/main/services/logger';
import { ControlClients } from '../../../src/main/services/control/control-clients';
import { ControlPairing } from '../../../src/main/services/control/control-pairing';
import type { ControlState } from '../../../src/main/services/control/control-schemas';
import { ControlServer } from '../../../src/main/services/control/control-server';
import { fakeControlDeck } from '../../../src/main/test-support/fake-control-deck';
import { waitUntil } from '../../../src/main/test-support/wait-until';
import { SidestageLink, type LinkSettings } from '../src/sidestage-link';

// Wide margins: the plugin is built and started as a process, on a busy 2-core CI box.
describe('the plugin’s link to Sidestage', { timeout: 60_000 }, () => {
  let dir: string;
  let clients: ControlClients;
  let pairing: ControlPairing;
  let control: ControlServer;
  let link: SidestageLink;
  let saved: LinkSettings;
  const state: ControlState = { signedIn: true, live: true, startedAt: null, viewers: 7, shieldMode: false, chatModes: null, nextAdAt: null, adEndsAt: null, alerts: { paused: false, waiting: 0 } };
  const stateChanges = new Emitter<void>();

  const serve = () =>
    new ControlServer({
      clients,
      pairing,
      logger: silentLogger,
      deck: fakeControlDeck().ports,
      ports: { runAction: async () => ({ done: true, message: 'Done.' }), actionLabel: (a) => a, readState: () => state, onStateChange: (l) => stateChanges.on(l) },
    });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sidestage-link-'));
    clients = await ControlClients.open({ dataDir: dir, logger: silentLogger });
    pairing = new ControlPairing();
    control = serve();
    await control.listen(0);
    saved = { port: control.port! };
    link = new SidestageLink({ clientName: 'Stream Deck', claimEveryMs: 20, reconnectMs: 20, maxReconnectMs: 100, store: { load: async () => saved, save: async (s) => void (saved = s) } });
    await link.start();
  });
  afterEach(async () => {
    link.dispose();
    await control.dispose();
    await clients.settled();
    await rm(dir, { recursive: true, force: true });
  });

  async function pairApproved(): Promise<void> {
    await link.pair();
    expect(link.pairing).toMatchObject({ status: 'waiting', code: pairing.list()[0]!.code });
    pairing.approve(pairing.list()[0]!.id, ['read', 'actions']);
    await waitUntil(() => link.pairing.status === 'paired', 10_000, 'paired');
  }

  it('pairs, keeps the token in the settings and follows the state pushed on the socket', async () => {
    expect(link.problem).toMatch(/Pair this Stream Deck/);
    await pairApproved();
    expect(saved).toEqual({ port: control.port, token: expect.any(String) });
    await waitUntil(() => link.state?.viewers === 7, 10_000, 'the first state');
    state.shieldMode = true;
    stateChanges.fire();
    await waitUntil(() => link.state?.shieldMode === true, 10_000, 'Shield Mode pushed');
    expect(link.problem).toBeNull();
  });

  it('comes back when Sidestage restarts on its kept port', async () => {
    await pairApproved();
    await waitUntil(() => link.state !== null, 10_000, 'the first state');
    const port = control.port!;
    await control.dispose();
    await waitUntil(() => link.state === null, 10_000, 'the link down');
    expect(link.problem).not.toBeNull();
    control = serve();
    await control.listen(port);
    state.viewers = 8;
    await waitUntil(() => link.state?.viewers === 8, 10_000, 'the state again');
  });

  it('says when the broadcaster declined the pairing', async () => {
    await link.pair();
    pairing.deny(pairing.list()[0]!.id);
    await waitUntil(() => link.pairing.status === 'failed', 10_000, 'the pairing failed');
    expect(link.pairing).toEqual({ status: 'failed', message: 'The broadcaster declined the pairing in Sidestage.' });
    expect(saved.token).toBeUndefined();
  });

  it('says to pair again once its client is revoked in Sidestage', async () => {
    await pairApproved();
    await waitUntil(() => link.state !== null, 10_000, 'the first state');
    await clients.revoke(clients.list()[0]!.id);
    await waitUntil(() => /pair again/.test(link.problem ?? ''), 10_000, 'the problem in words');
    expect(link.state).toBeNull();
  });

  it('follows the state alone when a Sidestage from before the topics closes its subscribing socket with 1003', async () => {
    const older = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => older.once('listening', resolve));
    const sent: string[] = [];
    older.on('connection', (ws) => {
      ws.send(JSON.stringify({ topic: 'state', state: { ...state, viewers: 42 } }));
      ws.on('message', (data) => {
        sent.push(String(data));
        ws.close(1003, 'This socket only sends.');
      });
    });
    try {
      const port = (older.address() as { port: number }).port;
      const olderLink = new SidestageLink({ clientName: 'Stream Deck', reconnectMs: 20, store: { load: async () => ({ port, token: 'a-token' }), save: async () => undefined } });
      await olderLink.start();
      await waitUntil(() => sent.length === 1 && older.clients.size === 1 && [...older.clients][0]!.readyState === 1 && olderLink.state?.viewers === 42, 10_000, 'a second socket, kept open');
      expect(JSON.parse(sent[0]!)).toEqual({ subscribe: ['state', 'variables', 'alerts'] });
      for (const ws of older.clients) ws.send(JSON.stringify({ topic: 'state', state: { ...state, viewers: 43 } }));
      await waitUntil(() => olderLink.state?.viewers === 43, 10_000, 'the state pushed on it');
      expect(sent).toHaveLength(1);
      olderLink.dispose();
    } finally {
      for (const ws of older.clients) ws.terminate();
      await new Promise((resolve) => older.close(resolve));
    }
  });
});

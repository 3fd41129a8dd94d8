import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Emitter } from '../../../shared/primitives/emitter';
import { fakeControlDeck } from '../../test-support/fake-control-deck';
import { silentLogger } from '../logger';
import { ControlApi } from './control-api';
import type { ControlPorts } from './control-server';

const ports: ControlPorts = {
  runAction: async () => ({ done: true, message: 'Done.' }),
  actionLabel: (action) => action,
  readState: () => ({ signedIn: false, live: false, startedAt: null, viewers: null, shieldMode: null, chatModes: null, nextAdAt: null, adEndsAt: null, alerts: { paused: false, waiting: 0 } }),
  onStateChange: (listener) => new Emitter<void>().on(listener),
};

describe('ControlApi', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sidestage-control-api-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the port it chose across a restart, with the paired clients', async () => {
    const first = await ControlApi.open({ dataDir: dir, logger: silentLogger, ports, deck: fakeControlDeck().ports, stream: { getStatus: () => ({ live: false }), onChange: () => () => {} }, liveView: { get: () => ({ tileOrder: [], hiddenTiles: [] }) } });
    await first.start();
    const { port, status } = first.getState();
    expect(status).toBe('running');
    const started = (await (await fetch(`http://127.0.0.1:${port}/api/v1/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Deck"}' })).json()) as { requestId: string; claimSecret: string };
    first.approve(started.requestId, ['read']);
    const { token } = (await (await fetch(`http://127.0.0.1:${port}/api/v1/pair/${started.requestId}/claim`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ claimSecret: started.claimSecret }) })).json()) as { token: string };
    await first.dispose();

    const second = await ControlApi.open({ dataDir: dir, logger: silentLogger, ports, deck: fakeControlDeck().ports, stream: { getStatus: () => ({ live: false }), onChange: () => () => {} }, liveView: { get: () => ({ tileOrder: [], hiddenTiles: [] }) } });
    await second.start();
    try {
      expect(second.getState()).toMatchObject({ status: 'running', port, clients: [expect.objectContaining({ name: 'Deck', scopes: ['read'] })] });
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/state`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await second.dispose();
    }
  });

  it('says a kept port in use, and does not throw', async () => {
    const first = await ControlApi.open({ dataDir: dir, logger: silentLogger, ports, deck: fakeControlDeck().ports, stream: { getStatus: () => ({ live: false }), onChange: () => () => {} }, liveView: { get: () => ({ tileOrder: [], hiddenTiles: [] }) } });
    await first.start();
    const { port } = first.getState();
    await first.dispose();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port!, '127.0.0.1', resolve));
    const second = await ControlApi.open({ dataDir: dir, logger: silentLogger, ports, deck: fakeControlDeck().ports, stream: { getStatus: () => ({ live: false }), onChange: () => () => {} }, liveView: { get: () => ({ tileOrder: [], hiddenTiles: [] }) } });
    try {
      await second.start();
      expect(second.getState()).toMatchObject({ status: 'failed', error: expect.stringMatching(new RegExp(`Port ${port} is used by another program`)) });
    } finally {
      await second.dispose();
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('refuses to approve, deny or revoke what is not there, in words', async () => {
    const api = await ControlApi.open({ dataDir: dir, logger: silentLogger, ports, deck: fakeControlDeck().ports, stream: { getStatus: () => ({ live: false }), onChange: () => () => {} }, liveView: { get: () => ({ tileOrder: [], hiddenTiles: [] }) } });
    try {
      expect(() => api.approve('nope', ['read'])).toThrow(/pairing request is gone/);
      expect(() => api.deny('nope')).toThrow(/pairing request is gone/);
      await expect(api.revoke('nope')).rejects.toThrow(/no such paired client/);
    } finally {
      await api.dispose();
    }
  });
});

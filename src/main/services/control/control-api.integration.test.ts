/**
 * The control API inside the whole main process (demo mode, the in-process emulator): a client pairs
 * over HTTP, the broadcaster approves it through the app's IPC, the client presses "Drop a marker"
 * and the marker is on the platform; Shield Mode turned on in the app is pushed to its socket; a
 * revoked client is refused; the port is kept across a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ControlApiState } from '../../../shared/ipc/contract';
import { markersOf } from '../../../emulator/domain/markers';
import { startDemoSidestage, type DemoSidestage } from '../../test-support/demo-sidestage';
import { waitUntil } from '../../test-support/wait-until';
import type { ControlFrame } from './control-schemas';

describe('the control API in the app', () => {
  let demo: DemoSidestage;
  let base: string;
  let token: string;

  beforeAll(async () => {
    demo = await startDemoSidestage({ name: 'control-api' });
    await demo.signIn();
    const state = await demo.call<ControlApiState>('control:getState');
    expect(state.status).toBe('running');
    base = `${state.origin}/api/v1`;
  });
  afterAll(async () => {
    await demo?.dispose();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('pairs a client the broadcaster approves in the app, with the scopes ticked', async () => {
    const started = (await (await post('/pair', { name: 'Stream Deck' })).json()) as { requestId: string; code: string; claimSecret: string };
    const listed = await demo.call<ControlApiState>('control:getState');
    expect(listed.requests).toEqual([expect.objectContaining({ id: started.requestId, name: 'Stream Deck', code: started.code })]);
    expect(JSON.stringify(listed)).not.toContain(started.claimSecret);
    await demo.call('control:approve', { id: started.requestId, scopes: ['read', 'actions', 'moderation'] });
    const claimed = (await (await post(`/pair/${started.requestId}/claim`, { claimSecret: started.claimSecret })).json()) as { token: string };
    token = claimed.token;
    const paired = await demo.call<ControlApiState>('control:getState');
    expect(paired.clients).toEqual([expect.objectContaining({ name: 'Stream Deck', scopes: ['read', 'actions', 'moderation'], lastUsedAt: null })]);
    // The token never reaches the renderer.
    expect(JSON.stringify(demo.received)).not.toContain(token);
  });

  it('drops a marker on the platform when the deck presses it', async () => {
    const emulator = demo.sidestage.emulator!;
    await demo.sim.streamOnline(demo.broadcasterId);
    await demo.sidestage.live.stream.refresh();
    await waitUntil(async () => ((await (await fetch(`${base}/state`, { headers: { authorization: `Bearer ${token}` } })).json()) as { live: boolean }).live, 10_000, 'live in the state');
    const before = markersOf(emulator.state, { userId: demo.broadcasterId }, emulator.state.users.get(demo.broadcasterId)!).markers.length;
    const pressed = await post('/actions/marker', {}, { authorization: `Bearer ${token}` });
    expect(await pressed.json()).toMatchObject({ action: 'marker', done: true });
    expect(markersOf(emulator.state, { userId: demo.broadcasterId }, emulator.state.users.get(demo.broadcasterId)!).markers.length).toBe(before + 1);
  });

  it('pushes Shield Mode turned on in the app to the deck’s socket', async () => {
    const frames: Extract<ControlFrame, { topic: 'state' }>[] = [];
    const ws = new WebSocket(`${base.replace('http', 'ws')}/events`, { headers: { authorization: `Bearer ${token}` } });
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Extract<ControlFrame, { topic: 'state' }>));
    try {
      await waitUntil(() => frames.length > 0, 10_000, 'the first frame');
      expect(frames[0]!.state.shieldMode).not.toBe(true);
      await demo.call('shieldMode:set', { active: true });
      await waitUntil(() => frames.some((f) => f.state.shieldMode === true), 10_000, 'Shield Mode on in a frame');
    } finally {
      ws.terminate();
    }
  });

  it('refuses the token once revoked in the app', async () => {
    const { clients } = await demo.call<ControlApiState>('control:getState');
    expect(clients[0]!.lastUsedAt).not.toBeNull();
    await demo.call('control:revoke', { id: clients[0]!.id });
    expect((await fetch(`${base}/state`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});

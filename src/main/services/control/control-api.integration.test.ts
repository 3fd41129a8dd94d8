/**
 * The control API inside the whole main process (demo mode, the in-process emulator): a client pairs
 * over HTTP, the broadcaster approves it through the app's IPC, the client presses "Drop a marker"
 * and the marker is on the platform; Shield Mode turned on in the app is pushed to its socket; a
 * revoked client is refused; the port is kept across a restart. Through the real services: an
 * automation run from the deck (its run log says so, a retried press runs once), the alert queue
 * paused, OBS not connected said in words, the channel's events on the socket's events topic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AutomationsState, ControlApiState } from '../../../shared/ipc/contract';
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

  /** Pairs another client with `scopes`, approved through the app's IPC; answers its token. */
  async function pairWith(name: string, scopes: string[]): Promise<string> {
    const started = (await (await post('/pair', { name })).json()) as { requestId: string; claimSecret: string };
    await demo.call('control:approve', { id: started.requestId, scopes });
    return ((await (await post(`/pair/${started.requestId}/claim`, { claimSecret: started.claimSecret })).json()) as { token: string }).token;
  }

  it('runs an automation from the deck: its run log says so, and a press retried with its key runs once', async () => {
    const deck = await pairWith('Automation deck', ['read', 'automations']);
    const saved = await demo.call<{ id: string }>('automations:save', {
      automation: {
        name: 'Deck marker',
        enabled: true,
        trigger: { kind: 'manual' },
        conditions: { onlyWhileLive: false, cooldownSeconds: 0, perViewerCooldownSeconds: 0, rules: [] },
        actions: [{ kind: 'marker', description: 'from the deck' }],
        queue: 'oneAtATime',
        alsoMissed: false,
        stopOnError: false,
        stripLinks: false,
      },
    });
    const auth = { authorization: `Bearer ${deck}` };
    const listed = (await (await fetch(`${base}/automations`, { headers: auth })).json()) as { automations: { id: string; name: string }[] };
    expect(listed.automations).toContainEqual({ id: saved.id, name: 'Deck marker', enabled: true });
    const press = () => post(`/automations/${saved.id}/run`, {}, { ...auth, 'idempotency-key': 'key-1' });
    const first = (await (await press()).json()) as { ok: boolean; runId: string; again: boolean };
    expect(first).toMatchObject({ ok: true, again: false });
    expect(await (await press()).json()).toEqual({ ok: true, runId: first.runId, again: true });
    const runs = async () => (await demo.call<AutomationsState>('automations:getState')).runs.filter((r) => r.automationId === saved.id);
    await waitUntil(async () => (await runs()).some((r) => r.status === 'done' || r.status === 'failed'), 10_000, 'the run to end');
    expect(await runs()).toEqual([expect.objectContaining({ id: first.runId, event: expect.objectContaining({ source: 'manual', summary: 'Control API: Automation deck' }) })]);
    // The press needs its scope: the first client was not given "automations".
    expect((await post(`/automations/${saved.id}/run`, {}, { authorization: `Bearer ${token}` })).status).toBe(403);
  });

  it('pauses the alert queue from the deck, says OBS not connected in words, lists the automations’ variables, and pushes the channel’s events to a socket that asks for them', async () => {
    const auth = { authorization: `Bearer ${token}` };
    expect(await (await post('/alerts/pause', { paused: true }, auth)).json()).toEqual({ ok: true });
    expect(demo.sidestage.overlays.queue.getState().pausedByHand).toBe(true);
    expect(((await (await fetch(`${base}/state`, { headers: auth })).json()) as { alerts: unknown }).alerts).toEqual({ paused: true, waiting: expect.any(Number) });
    await post('/alerts/pause', { paused: false }, auth);
    expect(demo.sidestage.overlays.queue.getState().pausedByHand).toBe(false);

    const scenes = await fetch(`${base}/obs/scenes`, { headers: auth });
    expect(scenes.status).toBe(503);
    expect(((await scenes.json()) as { error: { code: string; message: string } }).error).toEqual({ code: 'unavailable', message: expect.stringMatching(/OBS/) });
    // The automations' variables, as the Automations panel made them.
    await demo.call('automations:defineVariable', { name: 'deaths', initial: 0 });
    const variables = await fetch(`${base}/variables`, { headers: auth });
    expect(variables.status).toBe(200);
    expect(((await variables.json()) as { variables: unknown[] }).variables).toEqual([expect.objectContaining({ name: 'deaths', value: 0 })]);
    // Changing one needs the "variables" scope, which this client was not given.
    expect((await post('/variables/deaths', { kind: 'add', by: 1 }, auth)).status).toBe(403);

    const frames: { topic: string; event?: { kind: string; user?: { login: string } } }[] = [];
    const ws = new WebSocket(`${base.replace('http', 'ws')}/events`, { headers: auth });
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as (typeof frames)[number]));
    try {
      await waitUntil(() => frames.length > 0, 10_000, 'the first frame');
      ws.send(JSON.stringify({ subscribe: ['state', 'events'] }));
      const viewer = await demo.sim.createUser({ login: 'deckfan', display_name: 'DeckFan' });
      // Until the subscription is held the follow could come before it: follow again until one arrives.
      await waitUntil(
        async () => {
          if (frames.some((f) => f.topic === 'events' && f.event?.kind === 'follow')) return true;
          await demo.sim.unfollow({ user_id: viewer.id, broadcaster_id: demo.broadcasterId }).catch(() => undefined);
          await demo.sim.follow({ user_id: viewer.id, broadcaster_id: demo.broadcasterId });
          return false;
        },
        15_000,
        'a follow on the events topic',
      );
      expect(frames.find((f) => f.topic === 'events')!.event).toMatchObject({ kind: 'follow', user: { login: 'deckfan' } });
    } finally {
      ws.terminate();
    }
  });

  it('refuses the token once revoked in the app', async () => {
    const { clients } = await demo.call<ControlApiState>('control:getState');
    const first = clients.find((c) => c.name === 'Stream Deck')!;
    expect(first.lastUsedAt).not.toBeNull();
    await demo.call('control:revoke', { id: first.id });
    expect((await fetch(`${base}/state`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});

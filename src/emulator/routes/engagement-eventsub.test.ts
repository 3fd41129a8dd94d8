/** Every EventSub type of the engagement area: subscribable with its scope by the broadcaster only. */
import { describe, expect, it } from 'vitest';
import { subscribe, TestSocket, useTestSockets } from '../test-support/eventsub-test-client';
import { useDemoEmulator } from '../test-support/demo-emulator';

const demo = useDemoEmulator();
const sockets = useTestSockets();

const TYPES: [type: string, version: string, scope: string][] = [
  ['channel.poll.begin', '1', 'channel:read:polls'],
  ['channel.poll.progress', '1', 'channel:manage:polls'],
  ['channel.poll.end', '1', 'channel:read:polls'],
  ['channel.prediction.begin', '1', 'channel:read:predictions'],
  ['channel.prediction.progress', '1', 'channel:manage:predictions'],
  ['channel.prediction.lock', '1', 'channel:read:predictions'],
  ['channel.prediction.end', '1', 'channel:read:predictions'],
  ['channel.ad_break.begin', '1', 'channel:read:ads'],
  ['channel.goal.begin', '1', 'channel:read:goals'],
  ['channel.goal.progress', '1', 'channel:read:goals'],
  ['channel.goal.end', '1', 'channel:read:goals'],
  ['channel.hype_train.begin', '2', 'channel:read:hype_train'],
  ['channel.hype_train.progress', '2', 'channel:read:hype_train'],
  ['channel.hype_train.end', '2', 'channel:read:hype_train'],
  ['channel.cheer', '1', 'bits:read'],
  ['channel.subscribe', '1', 'channel:read:subscriptions'],
  ['channel.subscription.gift', '1', 'channel:read:subscriptions'],
  ['channel.subscription.message', '1', 'channel:read:subscriptions'],
];

describe('engagement EventSub types', () => {
  it('need their scope and the broadcaster as token user; cost nothing', async () => {
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const condition = { broadcaster_user_id: demo.broadcasterId };
    const viewer = { token: await demo.mint('612345001', TYPES.map(([, , scope]) => scope)), clientId: demo.clientId };
    const unscoped = { token: await demo.mint(demo.broadcasterId, []), clientId: demo.clientId };
    for (const [type, version, scope] of TYPES) {
      expect((await subscribe(demo.url, unscoped, type, condition, sessionId, version)).status, `${type} without scope`).toBe(403);
      expect((await subscribe(demo.url, viewer, type, condition, sessionId, version)).status, `${type} by another user`).toBe(403);
      const ok = await subscribe(demo.url, { token: await demo.mint(demo.broadcasterId, [scope]), clientId: demo.clientId }, type, condition, sessionId, version);
      expect(ok.status, `${type}: ${ok.text}`).toBe(202);
      expect(ok.json.data[0]).toMatchObject({ type, version, condition, cost: 0 });
    }
  });

  it('deliver a goal and an ad break over the WebSocket', async () => {
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const auth = { token: await demo.mint(demo.broadcasterId, ['channel:read:goals', 'channel:read:ads']), clientId: demo.clientId };
    const condition = { broadcaster_user_id: demo.broadcasterId };
    await subscribe(demo.url, auth, 'channel.goal.begin', condition, sessionId);
    await subscribe(demo.url, auth, 'channel.ad_break.begin', condition, sessionId);
    await demo.simulate('/goals', { broadcaster_id: demo.broadcasterId, type: 'subscription_count', target_amount: 5 });
    const goal = await socket.next('notification');
    expect(goal.payload.event).toMatchObject({ type: 'subscription_count', target_amount: 5, broadcaster_user_id: demo.broadcasterId });
    await demo.simulate(`/streams/${demo.broadcasterId}/online`, {});
    await demo.advance(3600);
    const ad = await socket.next('notification');
    expect(ad.metadata.subscription_type).toBe('channel.ad_break.begin');
    expect(ad.payload.event).toMatchObject({ is_automatic: true, duration_seconds: 90 });
  });
});

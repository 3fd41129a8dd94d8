/** The moderators' EventSub types: who may subscribe (a moderator of the channel, as the token user, with one of the type's scopes), and their version and cost. */
import { describe, expect, it } from 'vitest';
import { DEMO_MODERATOR_ID } from '../../../seed-community';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { demoChannel } from '../../../test-support/demo-channel';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';

const demo = useDemoEmulator();
const { broadcaster: B, cozy: COZY } = demoChannel;

const sockets = useTestSockets();

const TYPES: readonly [string, readonly string[]][] = [
  ['channel.shield_mode.begin', ['moderator:read:shield_mode', 'moderator:manage:shield_mode']],
  ['channel.shield_mode.end', ['moderator:read:shield_mode', 'moderator:manage:shield_mode']],
  ['automod.message.hold', ['moderator:manage:automod']],
  ['automod.message.update', ['moderator:manage:automod']],
  ['channel.warning.send', ['moderator:read:warnings', 'moderator:manage:warnings']],
  ['channel.warning.acknowledge', ['moderator:read:warnings', 'moderator:manage:warnings']],
  ['channel.unban_request.create', ['moderator:read:unban_requests', 'moderator:manage:unban_requests']],
  ['channel.unban_request.resolve', ['moderator:read:unban_requests', 'moderator:manage:unban_requests']],
  ['channel.suspicious_user.update', ['moderator:read:suspicious_users']],
  ['channel.suspicious_user.message', ['moderator:read:suspicious_users']],
];

describe('the moderators’ subscription types', () => {
  it.each(TYPES)('%s: version 1, cost 0, a moderator with one of its scopes; not without, not a viewer, not for someone else', async (type, scopes) => {
    const clientId = await demo.newClient(`listener of ${type}`);
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const as = async (userId: string, granted: readonly string[]) => ({ token: await demo.mint(userId, [...granted], { client_id: clientId }), clientId });
    const condition = (moderatorId: string) => ({ broadcaster_user_id: B, moderator_user_id: moderatorId });

    for (const scope of scopes) {
      const res = await subscribe(demo.url, await as(DEMO_MODERATOR_ID, [scope]), type, condition(DEMO_MODERATOR_ID), sessionId);
      expect(res.status, scope).toBe(202);
      expect(res.json.data[0]).toMatchObject({ type, version: '1', cost: 0, condition: condition(DEMO_MODERATOR_ID) });
      await demo.helix('DELETE', `/eventsub/subscriptions?id=${res.json.data[0].id}`, { token: (await as(DEMO_MODERATOR_ID, [scope])).token, clientId });
    }
    expect((await subscribe(demo.url, await as(DEMO_MODERATOR_ID, ['moderation:read']), type, condition(DEMO_MODERATOR_ID), sessionId)).status).toBe(403);
    expect((await subscribe(demo.url, await as(COZY, scopes), type, condition(COZY), sessionId)).status).toBe(403);
    expect((await subscribe(demo.url, await as(DEMO_MODERATOR_ID, scopes), type, condition(B), sessionId)).status).toBe(403);
    expect((await subscribe(demo.url, await as(DEMO_MODERATOR_ID, scopes), type, { broadcaster_user_id: B }, sessionId)).status).toBe(400);
    expect((await subscribe(demo.url, await as(DEMO_MODERATOR_ID, scopes), type, condition(DEMO_MODERATOR_ID), sessionId, '2')).status).toBe(400);
  });
});

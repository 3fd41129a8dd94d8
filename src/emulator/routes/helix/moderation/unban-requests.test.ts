import { describe, expect, it } from 'vitest';
import { INVALID_REQUESTED_UPDATE, RESOLUTION_TEXT_TOO_LONG, UNBAN_REQUEST_NOT_FOUND } from '../../../domain/unban-requests';
import { DEMO_MODERATOR_ID } from '../../../seed-community';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { demoChannel, userFieldsOf } from '../../../test-support/demo-channel';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';

const demo = useDemoEmulator();
const { broadcaster: B, pixelpal: PIXELPAL, cozy: COZY } = demoChannel;

const sockets = useTestSockets();

const modToken = (scopes = ['moderator:manage:unban_requests']) => demo.mint(DEMO_MODERATOR_ID, scopes);
const base = (moderatorId = DEMO_MODERATOR_ID) => `/moderation/unban_requests?broadcaster_id=${B}&moderator_id=${moderatorId}`;
const list = async (extra = '&status=pending', token?: string) => demo.helix('GET', `${base()}${extra}`, { token: token ?? (await modToken(['moderator:read:unban_requests'])) });
const resolve = async (extra: string, token?: string, moderatorId?: string) => demo.helix('PATCH', `${base(moderatorId)}${extra}`, { token: token ?? (await modToken()) });

/** PixelPal is banned and asks to be unbanned; answers the request. */
async function pixelPalAsks(text = 'I am sorry') {
  await demo.sim.ban({ broadcaster_id: B, user_id: PIXELPAL, reason: 'spam' });
  return demo.sim.unbanRequest({ broadcaster_id: B, user_id: PIXELPAL, text });
}

describe('unban requests', () => {
  it('a banned user’s request (channel.unban_request.create) is listed by status, newest first, with nulls until resolved', async () => {
    const events = demo.recordEvents();
    const request = await pixelPalAsks();
    expect(request).toEqual({
      id: expect.any(String),
      ...userFieldsOf('broadcaster', B),
      moderator_id: null,
      moderator_login: null,
      moderator_name: null,
      ...userFieldsOf('user', PIXELPAL),
      text: 'I am sorry',
      status: 'pending',
      created_at: expect.any(String),
      resolved_at: null,
      resolution_text: null,
    });
    expect(events.map((e) => e.type)).toEqual(['channel.ban', 'channel.moderate', 'channel.chat.clear_user_messages', 'channel.unban_request.create']);
    expect(events[3]!.event).toEqual({
      id: request.id,
      ...userFieldsOf('broadcaster_user', B),
      ...userFieldsOf('user', PIXELPAL),
      text: 'I am sorry',
      created_at: request.created_at,
    });
    await demo.advance(1);
    await demo.sim.ban({ broadcaster_id: B, user_id: COZY });
    const second = await demo.sim.unbanRequest({ broadcaster_id: B, user_id: COZY, text: 'please' });
    expect((await list()).json).toEqual({ data: [second, request], pagination: {} });
    expect((await list(`&status=pending&user_id=${COZY}`)).json.data).toEqual([second]);
    expect((await list('&status=approved')).json.data).toEqual([]);
    const page = await list('&status=pending&first=1');
    expect((await list(`&status=pending&after=${page.json.pagination.cursor}`)).json.data).toEqual([request]);
  });

  it('approving unbans the user (channel.unban, then channel.unban_request.resolve): they can chat again', async () => {
    const request = await pixelPalAsks();
    expect((await demo.sim.sendChatMessage({ broadcaster_id: B, user_id: PIXELPAL, text: 'hi' })).drop_reason?.code).toBe('msg_banned');
    const events = demo.recordEvents();
    const res = await resolve(`&unban_request_id=${request.id}&status=approved&resolution_text=welcome%20back`);
    expect(res.status).toBe(200);
    expect(res.json.data[0]).toMatchObject({ id: request.id, status: 'approved', moderator_id: DEMO_MODERATOR_ID, moderator_login: 'modmallory', resolution_text: 'welcome back', resolved_at: expect.any(String) });
    expect(events.map((e) => e.type)).toEqual(['channel.unban', 'channel.moderate', 'channel.unban_request.resolve', 'channel.moderate']);
    expect(events.filter((e) => e.type === 'channel.moderate').map((e) => e.event.action)).toEqual(['unban', 'approve_unban_request']);
    expect(events[2]!.event).toEqual({
      id: request.id,
      ...userFieldsOf('broadcaster_user', B),
      ...userFieldsOf('moderator_user', DEMO_MODERATOR_ID),
      ...userFieldsOf('user', PIXELPAL),
      resolution_text: 'welcome back',
      status: 'approved',
    });
    expect((await demo.sim.sendChatMessage({ broadcaster_id: B, user_id: PIXELPAL, text: 'thanks' })).is_sent).toBe(true);
    expect((await list('&status=approved')).json.data).toHaveLength(1);
    // Resolved already.
    expect((await resolve(`&unban_request_id=${request.id}&status=denied`)).json).toEqual({ error: 'Bad Request', status: 400, message: INVALID_REQUESTED_UPDATE });
  });

  it('denying keeps the ban; an unban another way acknowledges the pending request', async () => {
    const request = await pixelPalAsks();
    const denied = await resolve(`&unban_request_id=${request.id}&status=denied`);
    expect(denied.json.data[0]).toMatchObject({ status: 'denied', resolution_text: null });
    expect(demo.state.bans.active(B, PIXELPAL, demo.state.clock.now())).toBeDefined();

    const again = await demo.sim.unbanRequest({ broadcaster_id: B, user_id: PIXELPAL, text: 'second try' });
    const unban = await demo.helix('DELETE', `/moderation/bans?broadcaster_id=${B}&moderator_id=${B}&user_id=${PIXELPAL}`, { scopes: ['moderator:manage:banned_users'] });
    expect(unban.status).toBe(204);
    expect((await list('&status=acknowledged')).json.data).toEqual([expect.objectContaining({ id: again.id, moderator_id: B, resolved_at: expect.any(String) })]);
  });

  it('refuses a bad status (400), a long resolution_text (400), an unknown ID (404), a non-moderator (403), the wrong scopes (401)', async () => {
    const request = await pixelPalAsks();
    expect((await list('')).json.message).toBe('Missing required parameter "status"');
    expect((await list('&status=open')).status).toBe(400);
    expect((await resolve(`&unban_request_id=${request.id}&status=pending`)).status).toBe(400);
    expect((await resolve(`&status=approved`)).json.message).toBe('Missing required parameter "unban_request_id"');
    expect((await resolve(`&unban_request_id=${request.id}&status=approved&resolution_text=${'x'.repeat(501)}`)).json.message).toBe(RESOLUTION_TEXT_TOO_LONG);
    expect((await resolve(`&unban_request_id=nope&status=approved`)).json).toEqual({ error: 'Not Found', status: 404, message: UNBAN_REQUEST_NOT_FOUND });
    const viewer = await demo.mint(COZY, ['moderator:manage:unban_requests']);
    expect((await resolve(`&unban_request_id=${request.id}&status=approved`, viewer, COZY)).status).toBe(403);
    expect((await resolve(`&unban_request_id=${request.id}&status=approved`, await modToken(['moderator:read:unban_requests']))).status).toBe(401);
    expect((await list('&status=pending', await modToken(['moderator:manage:unban_requests']))).status).toBe(200);
    expect((await list('&status=pending', await modToken(['moderation:read']))).status).toBe(401);
    expect((await list()).json.data[0].status).toBe('pending');
  });

  it('the simulation takes requests from banned users only, one pending at a time (409); bans need a moderator (400)', async () => {
    expect((await demo.simulate('/unban-requests', { broadcaster_id: B, user_id: PIXELPAL, text: 'hi' })).status).toBe(409);
    await demo.sim.ban({ broadcaster_id: B, user_id: PIXELPAL, duration: 60 });
    expect((await demo.simulate('/unban-requests', { broadcaster_id: B, user_id: PIXELPAL, text: 'hi' })).status).toBe(409);
    await demo.sim.ban({ broadcaster_id: B, user_id: COZY, moderator_id: DEMO_MODERATOR_ID });
    expect((await demo.simulate('/unban-requests', { broadcaster_id: B, user_id: COZY, text: 'hi' })).status).toBe(200);
    expect((await demo.simulate('/unban-requests', { broadcaster_id: B, user_id: COZY, text: 'hi again' })).status).toBe(409);
    expect((await demo.simulate('/unban-requests', { broadcaster_id: B, user_id: COZY, text: '  ' })).status).toBe(400);
    expect((await demo.simulate('/bans', { broadcaster_id: B, user_id: PIXELPAL, moderator_id: COZY })).status).toBe(400);
    expect((await demo.simulate('/bans', { broadcaster_id: B, user_id: PIXELPAL, duration: 0 })).status).toBe(400);
    expect((await demo.simulate('/bans', { broadcaster_id: B, user_id: B })).status).toBe(400);
  });

  it('reaches a moderator’s channel.unban_request.create subscription over EventSub', async () => {
    const clientId = await demo.newClient('unban listener');
    const token = await demo.mint(DEMO_MODERATOR_ID, ['moderator:read:unban_requests'], { client_id: clientId });
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const condition = { broadcaster_user_id: B, moderator_user_id: DEMO_MODERATOR_ID };
    expect((await subscribe(demo.url, { token, clientId }, 'channel.unban_request.create', condition, sessionId)).status).toBe(202);
    const request = await pixelPalAsks();
    const frame = await socket.next('notification');
    expect(frame.metadata.subscription_type).toBe('channel.unban_request.create');
    expect(frame.payload.event).toMatchObject({ id: request.id, user_id: PIXELPAL, text: 'I am sorry' });
  });
});

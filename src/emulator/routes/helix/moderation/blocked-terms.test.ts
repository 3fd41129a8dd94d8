import { describe, expect, it } from 'vitest';
import { TERM_LENGTH } from '../../../domain/blocked-terms';
import { DEMO_MODERATOR_ID } from '../../../seed-community';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { demoChannel } from '../../../test-support/demo-channel';

const demo = useDemoEmulator();
const { broadcaster: B, pixelpal: PIXELPAL, cozy: COZY } = demoChannel;

const modToken = (scopes = ['moderator:manage:blocked_terms']) => demo.mint(DEMO_MODERATOR_ID, scopes);
const query = (moderatorId = DEMO_MODERATOR_ID) => `broadcaster_id=${B}&moderator_id=${moderatorId}`;
const addTerm = async (json: unknown, token?: string, moderatorId?: string) =>
  demo.helix('POST', `/moderation/blocked_terms?${query(moderatorId)}`, { token: token ?? (await modToken()), json });
const listTerms = async (extra = '', token?: string) =>
  demo.helix('GET', `/moderation/blocked_terms?${query()}${extra}`, { token: token ?? (await modToken(['moderator:read:blocked_terms'])) });
const removeTerm = async (id: string, token?: string) =>
  demo.helix('DELETE', `/moderation/blocked_terms?${query()}&id=${id}`, { token: token ?? (await modToken()) });

describe('Add, Get and Remove Blocked Terms', () => {
  it('adds a term (its shape), answers an existing one again, lists newest first, removes (204, also for an unknown ID)', async () => {
    const added = await addTerm({ text: 'spam' });
    expect(added.status).toBe(200);
    const term = added.json.data[0];
    expect(term).toEqual({ broadcaster_id: B, moderator_id: DEMO_MODERATOR_ID, id: expect.any(String), text: 'spam', created_at: expect.any(String), updated_at: term.created_at, expires_at: null });
    expect((await addTerm({ text: 'SPAM' })).json.data[0]).toEqual(term);
    await demo.advance(1);
    const second = (await addTerm({ text: 'buy followers' })).json.data[0];
    expect((await listTerms()).json).toEqual({ data: [second, term], pagination: {} });

    const page = await listTerms('&first=1');
    expect(page.json.data).toEqual([second]);
    expect((await listTerms(`&after=${page.json.pagination.cursor}`)).json.data).toEqual([term]);
    expect((await listTerms('&first=101')).status).toBe(400);

    expect((await removeTerm(term.id)).status).toBe(204);
    expect((await removeTerm(term.id)).status).toBe(204);
    expect((await listTerms()).json.data).toEqual([second]);
  });

  it('refuses a term shorter than 2 or longer than 500 characters, and a missing or non-string text (400)', async () => {
    expect((await addTerm({ text: 'x' })).json).toEqual({ error: 'Bad Request', status: 400, message: TERM_LENGTH });
    expect((await addTerm({ text: 'x'.repeat(501) })).json.message).toBe(TERM_LENGTH);
    expect((await addTerm({ text: '😀'.repeat(500) })).status).toBe(200);
    expect((await addTerm({})).json.message).toBe('Missing required parameter "text"');
    expect((await addTerm({ text: 12 })).json.message).toMatch(/^Invalid parameter "text"/);
    expect((await addTerm(undefined)).json.message).toBe('Missing request body');
    expect((await demo.helix('DELETE', `/moderation/blocked_terms?${query()}`, { token: await modToken() })).json.message).toBe('Missing required parameter "id"');
  });

  it('needs a moderator (403), moderator_id = token user (401) and the scopes (401)', async () => {
    const viewer = await demo.mint(COZY, ['moderator:manage:blocked_terms']);
    expect((await addTerm({ text: 'spam' }, viewer, COZY)).status).toBe(403);
    expect((await addTerm({ text: 'spam' }, viewer)).status).toBe(401);
    expect((await addTerm({ text: 'spam' }, await modToken(['moderator:read:blocked_terms']))).status).toBe(401);
    expect((await listTerms('', await modToken(['moderator:manage:blocked_terms']))).status).toBe(200);
    expect((await listTerms('', await modToken(['moderation:read']))).status).toBe(401);
    expect(demo.state.blockedTerms.list(B)).toEqual([]);
  });
});

describe('blocked terms in chat', () => {
  it('keeps a message with a term out of chat (msg_rejected_mandatory), not moderators’ messages', async () => {
    await addTerm({ text: 'scam*' });
    const events = demo.recordEvents();
    const blocked = await demo.sim.sendChatMessage({ broadcaster_id: B, user_id: PIXELPAL, text: 'total Scammers here' });
    expect(blocked.is_sent).toBe(false);
    expect(blocked.drop_reason).toEqual({ code: 'msg_rejected_mandatory', message: "Your message wasn't posted due to conflicts with the channel's moderation settings." });
    const api = await demo.helix('POST', '/chat/messages', {
      token: await demo.mint(PIXELPAL, ['user:write:chat']),
      json: { broadcaster_id: B, sender_id: PIXELPAL, message: 'a scam' },
    });
    expect(api.json.data[0]).toMatchObject({ is_sent: false, drop_reason: { code: 'msg_rejected_mandatory' } });
    expect((await demo.sim.sendChatMessage({ broadcaster_id: B, user_id: DEMO_MODERATOR_ID, text: 'do not scam' })).is_sent).toBe(true);
    expect((await demo.sim.sendChatMessage({ broadcaster_id: B, user_id: PIXELPAL, text: 'scar tissue' })).is_sent).toBe(true);
    expect(events.filter((e) => e.type === 'channel.chat.message').map((e) => (e.event.message as { text: string }).text)).toEqual(['do not scam', 'scar tissue']);
  });
});

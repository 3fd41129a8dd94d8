import { describe, expect, it, vi } from 'vitest';
import { signedInAuthState } from '../../test-support/auth-states';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';
import { createFakeClock } from '../../test-support/fake-clock';
import { channelEvent, chatLine, noRoles, ScriptedApi, user } from '../../test-support/moderation-fakes';
import type { ApiRequest } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { silentLogger } from '../logger';
import { ShieldModeService } from './shield-mode-service';

const otherAccount = { ...signedInAuthState, account: { ...signedInAuthState.account!, id: '77', login: 'other', displayName: 'Other' } };
const off = { is_active: false, moderator_id: '', moderator_login: '', moderator_name: '', last_activated_at: '' };
const onBy = (name: string, at = '2030-01-01T10:00:00Z') => ({ is_active: true, moderator_id: '42', moderator_login: name.toLowerCase(), moderator_name: name, last_activated_at: at });

function setup(status: unknown = off) {
  const api = new ScriptedApi().answer('GET /helix/moderation/shield_mode', { data: [status] });
  api.answer('PUT /helix/moderation/shield_mode', (req: ApiRequest) => ({ data: [(req.body as { is_active: boolean }).is_active ? onBy('Me') : off] }));
  const { auth, broadcaster } = fakeBroadcaster();
  const stream = fakeChannelEvents(broadcaster).stream;
  const clock = createFakeClock();
  const shield = new ShieldModeService({ api, broadcaster, channelEvents: stream, logger: silentLogger, clock, flood: { newChatters: 3, withinMs: 10_000 } });
  const states: unknown[] = [];
  shield.onChange((s) => states.push(s));
  shield.start();
  return { api, auth, stream, clock, shield, states };
}

describe('ShieldModeService', () => {
  it('reads the status at sign-in, as the broadcaster moderating their own channel', async () => {
    const { api, shield } = setup(onBy('ModMaria', '2030-01-01T09:58:00Z'));
    await vi.waitFor(() => expect(shield.getState().known).toBe(true));
    expect(api.to('GET /helix/moderation/shield_mode')[0]!.query).toEqual({ broadcaster_id: '42', moderator_id: '42' });
    expect(shield.getState()).toMatchObject({ active: true, lastActivatedAt: '2030-01-01T09:58:00Z', by: { id: '42', name: 'ModMaria' }, error: null });
  });

  it('turns it on and off at the platform, and says a refusal in words', async () => {
    const { api, shield } = setup();
    await vi.waitFor(() => expect(shield.getState().known).toBe(true));
    await expect(shield.setActive(true)).resolves.toMatchObject({ active: true, by: { name: 'Me' } });
    expect(api.to('PUT /helix/moderation/shield_mode')[0]).toMatchObject({ query: { broadcaster_id: '42', moderator_id: '42' }, body: { is_active: true } });
    await expect(shield.toggle()).resolves.toMatchObject({ active: false });
    expect(api.to('PUT /helix/moderation/shield_mode').at(-1)!.body).toEqual({ is_active: false });

    api.answer('PUT /helix/moderation/shield_mode', () => {
      throw new ApiError(401, 'Unauthorized', 'Missing scope: moderator:manage:shield_mode');
    });
    await expect(shield.setActive(true)).rejects.toThrow('Shield Mode not turned on: sign in again to allow this.');
    expect(shield.getState().active).toBe(false);
  });

  it('follows begin and end from the channel-event stream; a read answered after an event does not undo it', async () => {
    const { api, stream, shield } = setup();
    await vi.waitFor(() => expect(shield.getState().known).toBe(true));
    let answer: (value: unknown) => void = () => {};
    api.answer('GET /helix/moderation/shield_mode', () => new Promise((resolve) => (answer = resolve)));
    const reading = shield.refresh();
    stream.publish(channelEvent('shieldModeBegin', { moderator: user('7', 'ModMaria'), startedAt: '2030-01-01T10:05:00Z' }));
    answer({ data: [off] });
    await reading;
    expect(shield.getState()).toMatchObject({ active: true, by: { name: 'ModMaria' }, lastActivatedAt: '2030-01-01T10:05:00Z' });
    stream.publish(channelEvent('shieldModeEnd', { moderator: user('7', 'ModMaria'), endedAt: '2030-01-01T10:15:00Z' }));
    // Off, with who turned it on last and when, as the platform keeps them.
    expect(shield.getState()).toMatchObject({ active: false, by: { name: 'ModMaria' }, lastActivatedAt: '2030-01-01T10:05:00Z' });
  });

  it('suggests Shield Mode when a raid brings more than N new chatters within M seconds, and never turns it on', async () => {
    const { api, stream, shield, clock } = setup();
    await vi.waitFor(() => expect(shield.getState().known).toBe(true));
    // Regulars seen before the raid, and the channel's own subscribers, are not new chatters.
    stream.publish(chatLine('1'));
    stream.publish(channelEvent('raid', { from: user('900', 'Raider'), viewers: 200 }));
    stream.publish(chatLine('1'));
    stream.publish(chatLine('2', 'hi', { ...noRoles, subscriber: true }));
    for (const id of ['10', '11', '12']) stream.publish(chatLine(id));
    expect(shield.getState().suggestion).toBeNull();
    clock.advance(5_000);
    stream.publish(chatLine('13'));
    expect(shield.getState().suggestion).toMatchObject({ raider: { name: 'Raider' }, newChatters: 4, withinSeconds: 10 });
    expect(api.to('PUT /helix/moderation/shield_mode')).toEqual([]);

    expect(shield.dismissSuggestion().suggestion).toBeNull();
    // Told once per raid.
    stream.publish(chatLine('14'));
    expect(shield.getState().suggestion).toBeNull();
  });

  it('a flood that comes after the window, or while Shield Mode is on, suggests nothing; turning it on clears a suggestion', async () => {
    const { stream, shield, clock } = setup();
    await vi.waitFor(() => expect(shield.getState().known).toBe(true));
    stream.publish(channelEvent('raid', { from: user('900', 'Raider'), viewers: 10 }));
    clock.advance(11_000);
    for (const id of ['10', '11', '12', '13', '14']) stream.publish(chatLine(id));
    expect(shield.getState().suggestion).toBeNull();

    stream.publish(channelEvent('raid', { from: user('901', 'Other'), viewers: 10 }));
    for (const id of ['20', '21', '22', '23']) stream.publish(chatLine(id));
    expect(shield.getState().suggestion).not.toBeNull();
    await shield.setActive(true);
    expect(shield.getState().suggestion).toBeNull();

    stream.publish(channelEvent('raid', { from: user('902', 'Third'), viewers: 10 }));
    for (const id of ['30', '31', '32', '33']) stream.publish(chatLine(id));
    expect(shield.getState().suggestion).toBeNull();
  });

  it("another account starts unknown and is read; signed out, a change is refused in words", async () => {
    const { auth, api, shield } = setup(onBy('Me'));
    await vi.waitFor(() => expect(shield.getState().active).toBe(true));
    api.answer('GET /helix/moderation/shield_mode', { data: [off] });
    auth.set(otherAccount);
    expect(shield.getState().known).toBe(false);
    await vi.waitFor(() => expect(shield.getState()).toMatchObject({ known: true, active: false }));
    expect(api.to('GET /helix/moderation/shield_mode').at(-1)!.query).toMatchObject({ broadcaster_id: '77' });
    auth.set({ ...otherAccount, status: 'signedOut', account: null });
    await expect(shield.setActive(true)).rejects.toMatchObject({ code: 'not_signed_in', message: 'Shield Mode not turned on: sign in first.' });
  });

  it('a read that fails keeps the reason in words, and the hotkey says it', async () => {
    const api = new ScriptedApi().answer('GET /helix/moderation/shield_mode', () => {
      throw new ApiError(403, 'Forbidden', null);
    });
    const { broadcaster } = fakeBroadcaster();
    const shield = new ShieldModeService({ api, broadcaster, channelEvents: fakeChannelEvents(broadcaster).stream, logger: silentLogger });
    shield.start();
    await vi.waitFor(() => expect(shield.getState().error).toBe('Shield Mode not read: you are not allowed to do this in this chat.'));
    await expect(shield.toggle()).rejects.toThrow('Shield Mode not read: you are not allowed to do this in this chat.');
  });
});

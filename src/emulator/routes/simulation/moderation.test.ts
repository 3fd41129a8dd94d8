import { describe, expect, it } from 'vitest';
import { DEFAULT_RAID_LINES } from '../../domain/hate-raids';
import { SimulationApiError } from '../../simulation-client';
import { badRequest, useDemoEmulator } from '../../test-support/demo-emulator';

const demo = useDemoEmulator();
const B = '501234567';
const PIXELPAL = '612345001';

describe('POST /_emulator/automod/messages', () => {
  it('sees aggression of severity 4 by default; validates the body (400), never 500', async () => {
    const held = await demo.sim.autoModMessage({ broadcaster_id: B, user_id: PIXELPAL, text: 'you again' });
    expect(held.held).toMatchObject({ category: 'aggression', level: 4, status: 'pending' });
    const post = (body: unknown) => demo.simulate('/automod/messages', body);
    expect((await post({ broadcaster_id: B, user_id: '1', text: 'x' })).json).toEqual(badRequest('Unknown user_id "1"'));
    for (const body of [
      { broadcaster_id: B, user_id: PIXELPAL, text: 'x', category: 'rudeness' },
      { broadcaster_id: B, user_id: PIXELPAL, text: 'x', level: 0 },
      { broadcaster_id: B, user_id: PIXELPAL, text: 'x', level: 5 },
      { broadcaster_id: B, user_id: PIXELPAL, text: '   ' },
      { broadcaster_id: B, user_id: PIXELPAL, text: 'x', extra: true },
      [],
    ]) {
      expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await demo.simulate('/automod/messages')).status).toBe(400);
  });

  it('lists a channel’s held messages; needs a known broadcaster_id', async () => {
    await demo.sim.autoModMessage({ broadcaster_id: B, user_id: PIXELPAL, text: 'one' });
    expect((await demo.sim.heldMessages(B)).messages.map((m) => m.text)).toEqual(['one']);
    await expect(demo.sim.heldMessages('1')).rejects.toBeInstanceOf(SimulationApiError);
  });
});

describe('POST /_emulator/hate-raids', () => {
  it('makes the accounts now, raids the channel with them (channel.raid, the raid notice), then they all chat', async () => {
    await demo.helix('PATCH', `/chat/settings?broadcaster_id=${B}&moderator_id=${B}`, { scopes: ['moderator:manage:chat_settings'], json: { follower_mode: false } });
    const events = demo.recordEvents();
    const raid = await demo.sim.hateRaid({ broadcaster_id: B, count: 4, messages_per_account: 2 });
    expect(raid.raid).toMatchObject({ to_broadcaster_id: B, from_broadcaster_id: raid.raider.user_id, status: 'completed', viewers: 4 });
    expect(raid.accounts).toHaveLength(4);
    expect(raid.messages).toHaveLength(8);
    expect(raid.messages.every((m) => m.is_sent)).toBe(true);
    expect(raid.messages.map((m) => m.text).slice(0, 4)).toEqual(DEFAULT_RAID_LINES.slice(0, 4));
    expect(events.map((e) => e.type)).toEqual(['channel.raid', 'channel.chat.notification', ...Array(8).fill('channel.chat.message')]);
    for (const account of raid.accounts) {
      const user = demo.state.users.get(account.user_id)!;
      expect(user.emailVerified).toBe(false);
      expect(Math.abs(user.createdAt - demo.state.clock.now())).toBeLessThan(2000);
      expect(demo.state.chat.isInChat(B, user.id)).toBe(true);
      expect(demo.state.follows.get(user.id, B)).toBeUndefined();
    }
  });

  it('the channel’s rules apply to every message: followers-only keeps new accounts out, unless readied long ago; Shield Mode keeps them out anyway', async () => {
    const fresh = await demo.sim.hateRaid({ broadcaster_id: B, count: 3, lines: ['go away'] });
    expect(fresh.messages.map((m) => m.drop_reason?.code)).toEqual(['msg_followersonly', 'msg_followersonly', 'msg_followersonly']);
    const readied = await demo.sim.hateRaid({ broadcaster_id: B, count: 3, age_minutes: 30, follow: true });
    expect(readied.messages.every((m) => m.is_sent)).toBe(true);
    await demo.helix('PUT', `/moderation/shield_mode?broadcaster_id=${B}&moderator_id=${B}`, { scopes: ['moderator:manage:shield_mode'], json: { is_active: true } });
    const shielded = await demo.sim.hateRaid({ broadcaster_id: B, count: 3, age_minutes: 30, follow: true });
    expect(shielded.messages.map((m) => m.drop_reason?.code)).toEqual(['msg_verified_email', 'msg_verified_email', 'msg_verified_email']);
  });

  it('takes a raiding channel; validates (400), a raider with a raid pending (409), never 500', async () => {
    const raid = await demo.sim.hateRaid({ broadcaster_id: B, count: 1, from_broadcaster_id: '612345005' });
    expect(raid.raider).toEqual({ user_id: '612345005', user_login: 'speedrun_sam', user_name: 'Speedrun_Sam' });
    const post = (body: unknown) => demo.simulate('/hate-raids', body);
    for (const body of [
      { broadcaster_id: B, count: 0 },
      { broadcaster_id: B, count: 501 },
      { broadcaster_id: B, count: 1.5 },
      { broadcaster_id: B, count: 2, from_broadcaster_id: B },
      { broadcaster_id: B, count: 2, from_broadcaster_id: '1' },
      { broadcaster_id: B, count: 2, lines: [] },
      { broadcaster_id: B, count: 2, messages_per_account: 11 },
      { broadcaster_id: B, count: 2, age_minutes: -1 },
      { broadcaster_id: '1', count: 2 },
      { count: 2 },
    ]) {
      expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    }
    await demo.helix('POST', `/raids?from_broadcaster_id=612345005&to_broadcaster_id=${B}`, { token: await demo.mint('612345005', ['channel:manage:raids']) });
    expect((await post({ broadcaster_id: B, count: 2, from_broadcaster_id: '612345005' })).status).toBe(409);
  });

  it('brings 200 accounts in one call', async () => {
    const raid = await demo.sim.hateRaid({ broadcaster_id: B, count: 200, follow: true, age_minutes: 60 });
    expect(new Set(raid.accounts.map((a) => a.user_login)).size).toBe(200);
    expect(raid.messages.filter((m) => m.is_sent)).toHaveLength(200);
  });
});

describe('POST /_emulator/shield-mode/settings', () => {
  it('changes the overrides Shield Mode applies (fields left out kept) and answers them', async () => {
    const defaults = await demo.sim.shieldModeSettings({ broadcaster_id: B });
    expect(defaults).toEqual({ broadcaster_id: B, is_active: false, follower_mode_minutes: 10, require_verified_email: true, restrict_first_time_chatters: true });
    const changed = await demo.sim.shieldModeSettings({ broadcaster_id: B, require_verified_email: false, follower_mode_minutes: null });
    expect(changed).toEqual({ ...defaults, require_verified_email: false, follower_mode_minutes: null });
    expect((await demo.sim.shieldModeSettings({ broadcaster_id: B, restrict_first_time_chatters: false })).require_verified_email).toBe(false);

    const newcomer = await demo.sim.createUser({ login: 'newcomer', email_verified: false });
    await demo.sim.follow({ user_id: newcomer.id, broadcaster_id: B, followed_at: new Date(demo.state.clock.now() - 3_600_000).toISOString() });
    await demo.helix('PUT', `/moderation/shield_mode?broadcaster_id=${B}&moderator_id=${B}`, { scopes: ['moderator:manage:shield_mode'], json: { is_active: true } });
    expect((await demo.sim.sendChatMessage({ broadcaster_id: B, user_id: newcomer.id, text: 'hello' })).is_sent).toBe(true);
    for (const body of [{ broadcaster_id: B, follower_mode_minutes: -1 }, { broadcaster_id: B, follower_mode_minutes: 129_601 }, { broadcaster_id: B, require_verified_email: 'yes' }, { broadcaster_id: '1' }]) {
      expect((await demo.simulate('/shield-mode/settings', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

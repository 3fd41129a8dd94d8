import { describe, expect, it } from 'vitest';
import type { ActivityDelta, ChannelEventOf } from '../../../shared/ipc/contract';
import { signedOutAuthState } from '../../../shared/ipc/contract';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';
import { AppError } from '../app-error';
import { ActivityService } from './activity-service';

function setUp(sendShoutout = async (_id: string) => ({ displayName: 'Raider' })) {
  const { auth, broadcaster } = fakeBroadcaster();
  const { source, stream } = fakeChannelEvents(broadcaster);
  const service = new ActivityService({ broadcaster, channelEvents: stream, sendShoutout });
  return { auth, source, stream, service };
}

const follow = (id: string) => ({ user_id: id, user_login: `u${id}`, user_name: `U${id}`, broadcaster_user_id: '42', broadcaster_user_login: 'b', broadcaster_user_name: 'B', followed_at: '2030-01-01T10:00:00Z' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ActivityService', () => {
  it('asks for the follow with the broadcaster as moderator and the raid into the channel', () => {
    const { source, service } = setUp();
    service.start();
    const conditionOf = (type: string) => (source.wanted.find((w) => w.type === type)!.options.condition as (id: string) => unknown)('42');
    expect(conditionOf('channel.follow')).toEqual({ broadcaster_user_id: '42', moderator_user_id: '42' });
    expect(conditionOf('channel.raid')).toEqual({ to_broadcaster_user_id: '42' });
    expect(source.wanted.find((w) => w.type === 'channel.hype_train.end')!.options.version).toBe('2');
  });

  it("sends the feed's shoutout through the shoutout sender it is given (one set of cooldowns), and words its refusal", async () => {
    const sent: string[] = [];
    let refuse = false;
    const sendShoutout = async (id: string) => {
      sent.push(id);
      if (refuse) throw new AppError('rate_limited', 'One shoutout every 2 minutes: the next can go in 2 min.');
      return { displayName: 'Raider' };
    };
    const { service } = setUp(sendShoutout);
    await expect(service.shoutout('99')).resolves.toEqual({ message: 'Shoutout sent to Raider.' });
    refuse = true;
    await expect(service.shoutout('99')).rejects.toMatchObject({ code: 'rate_limited', message: 'Shoutout not sent: One shoutout every 2 minutes: the next can go in 2 min.' });
    expect(sent).toEqual(['99', '99']);
  });

  it('sends events of one turn as one delta, drops a malformed one, and empties the feed on sign-out', async () => {
    const { auth, source: events, service } = setUp();
    const deltas: ActivityDelta[] = [];
    service.onDelta((d) => deltas.push(d));
    service.start();
    events.fire('channel.follow', follow('1'));
    events.fire('channel.follow', follow('2'));
    events.fire('channel.follow', { user_id: 3 });
    await settle();
    expect(deltas).toHaveLength(1);
    expect(deltas[0]!.added.map((i) => i.whoId)).toEqual(['2', '1']);
    expect(service.getSnapshot().items).toHaveLength(2);

    auth.set(signedOutAuthState);
    await settle();
    expect(deltas.at(-1)).toMatchObject({ cleared: true, added: [] });
    expect(service.getSnapshot().items).toEqual([]);
    // Nobody signed in: nothing is kept.
    events.fire('channel.follow', follow('4'));
    await settle();
    expect(service.getSnapshot().items).toEqual([]);
    await expect(service.shoutout('7')).rejects.toMatchObject({ code: 'not_signed_in' });
  });

  it('shows what happened live, not what the queue caught up on after a gap', async () => {
    const { source, stream, service } = setUp();
    service.start();
    const redemption = (id: string) => ({
      id,
      broadcaster_user_id: '42',
      user_id: '7',
      user_login: 'fan',
      user_name: 'Fan',
      user_input: 'hi',
      status: 'unfulfilled',
      reward: { id: 'w', title: 'Hydrate!', cost: 100, prompt: null },
      redeemed_at: '2030-01-01T09:59:00Z',
    });
    source.fire('channel.channel_points_custom_reward_redemption.add', redemption('r1'));
    let live: ChannelEventOf<'redemption'> | null = null;
    stream.on(['redemption'], (e) => (live = e));
    source.fire('channel.channel_points_custom_reward_redemption.add', redemption('r2'));
    stream.publish({ ...live!, id: 'redemption:r3', redemptionId: 'r3', source: 'caughtUp' });
    await settle();
    expect(service.getSnapshot().items).toEqual([
      { id: 'redemption:r2', kind: 'redemption', at: '2030-01-01T09:59:00Z', who: 'Fan', whoId: '7', text: 'redeemed Hydrate! (100 points): hi', amount: 100 },
      { id: 'redemption:r1', kind: 'redemption', at: '2030-01-01T09:59:00Z', who: 'Fan', whoId: '7', text: 'redeemed Hydrate! (100 points): hi', amount: 100 },
    ]);
  });

  it('moderation reaches the feed: timeouts and bans, warnings, Shield Mode, unban requests and roles, each in words', async () => {
    const { source, service } = setUp();
    service.start();
    const person = (prefix: string, id: string, name: string) => ({ [`${prefix}_id`]: id, [`${prefix}_login`]: name.toLowerCase(), [`${prefix}_name`]: name });
    const mod = person('moderator_user', '42', 'Me');
    source.fire('channel.ban', { ...person('user', '7', 'Troll'), ...mod, reason: 'spam', banned_at: '2030-01-01T10:00:00Z', ends_at: '2030-01-01T10:10:00Z' });
    source.fire('channel.ban', { ...person('user', '8', 'Hater'), ...mod, reason: '', banned_at: '2030-01-01T10:01:00Z', ends_at: null });
    source.fire('channel.warning.send', { ...person('user', '9', 'Loud'), ...mod, reason: 'Keep it kind', chat_rules_cited: null });
    source.fire('channel.shield_mode.begin', { ...mod, started_at: '2030-01-01T10:02:00Z' });
    source.fire('channel.unban_request.resolve', { id: 'r1', ...person('user', '8', 'Hater'), ...mod, resolution_text: 'Welcome back', status: 'approved' });
    source.fire('channel.vip.add', { ...person('user', '10', 'Friend') });
    await settle();
    const items = service.getSnapshot().items.map((i) => [i.kind, i.who, i.text]);
    expect(items).toEqual([
      ['moderation', 'Friend', 'is now a VIP'],
      ['moderation', 'Hater', 'unban request approved by Me: Welcome back'],
      ['moderation', 'Shield Mode', 'turned on by Me'],
      ['moderation', 'Loud', 'was warned by Me: Keep it kind'],
      ['moderation', 'Hater', 'was banned by Me'],
      ['moderation', 'Troll', 'was timed out for 10 min by Me: spam'],
    ]);
  });
});

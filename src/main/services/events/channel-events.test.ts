import { describe, expect, it } from 'vitest';
import type { ChannelEvent, ChannelEventOf } from '../../../shared/ipc/contract';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { signedInAuthState } from '../../test-support/auth-states';
import { FakeEventsSource } from '../../test-support/fake-channel-events';
import { recordingLogger } from '../../test-support/recording-logger';
import { ChannelEvents } from './channel-events';

const me = signedInAuthState.account!.id;
const cheer = (bits: number) => ({ is_anonymous: false, user_id: '7', user_login: 'fan', user_name: 'Fan', message: 'gg', bits, broadcaster_user_id: me });
const raid = (from: string, to: string) => ({
  from_broadcaster_user_id: from,
  from_broadcaster_user_login: `u${from}`,
  from_broadcaster_user_name: `U${from}`,
  to_broadcaster_user_id: to,
  to_broadcaster_user_login: `u${to}`,
  to_broadcaster_user_name: `U${to}`,
  viewers: 12,
});
const redemptionWire = {
  id: 'r1',
  broadcaster_user_id: me,
  broadcaster_user_login: 'me',
  broadcaster_user_name: 'Me',
  user_id: '7',
  user_login: 'fan',
  user_name: 'Fan',
  user_input: null,
  status: 'unfulfilled',
  reward: { id: 'w1', title: 'Hydrate!', cost: 100, prompt: null },
  redeemed_at: '2030-01-01T09:59:00Z',
};

function setUp() {
  const events = new FakeEventsSource();
  const { auth, broadcaster } = fakeBroadcaster();
  const logger = recordingLogger();
  const stream = new ChannelEvents({ events, broadcaster, logger });
  return { events, auth, broadcaster, logger, stream };
}

describe('ChannelEvents', () => {
  it('asks the platform for a kind only while someone listens to it, once however many listen', () => {
    const { events, stream } = setUp();
    const offA = stream.on(['cheer'], () => {});
    const offB = stream.on(['cheer', 'follow'], () => {});
    expect(events.held('channel.cheer')).toBe(1);
    expect(events.wanted.find((w) => w.type === 'channel.follow')?.options).toMatchObject({ version: '2' });
    offA();
    expect(events.held('channel.cheer')).toBe(1);
    offB();
    offB();
    expect(events.held('channel.cheer')).toBe(0);
    expect(events.held('channel.follow')).toBe(0);
  });

  it('gives each listener only the kinds it asked for, typed', () => {
    const { events, stream } = setUp();
    const cheers: ChannelEvent[] = [];
    const follows: ChannelEvent[] = [];
    stream.on(['cheer'], (e) => cheers.push(e));
    stream.on(['follow'], (e) => follows.push(e));
    events.fire('channel.cheer', cheer(100), 'm1');
    expect(cheers).toEqual([{ kind: 'cheer', id: 'm1', at: '2030-01-01T10:00:00Z', source: 'live', user: { id: '7', login: 'fan', name: 'Fan' }, bits: 100, message: 'gg' }]);
    expect(follows).toEqual([]);
  });

  it('tells a raid into the channel from a raid out by the direction, whichever subscription delivered it', () => {
    const { events, stream } = setUp();
    const seen: ChannelEvent[] = [];
    stream.on(['raid', 'raidSent'], (e) => seen.push(e));
    // Both kinds listen on channel.raid: a notification reaches both readers, and only one reads it.
    events.fire('channel.raid', raid('9', me), 'in');
    events.fire('channel.raid', raid(me, '9'), 'out');
    expect(seen.map((e) => [e.kind, e.id])).toEqual([
      ['raid', 'in'],
      ['raidSent', 'out'],
    ]);
    const conditions = events.wanted.filter((w) => w.type === 'channel.raid').map((w) => (w.options.condition as (id: string) => unknown)(me));
    expect(conditions).toEqual([{ to_broadcaster_user_id: me }, { from_broadcaster_user_id: me }]);
  });

  it('passes an event on once: a redemption seen live and again when the queue catches up', () => {
    const { events, stream } = setUp();
    const seen: ChannelEvent[] = [];
    stream.on(['redemption'], (e) => seen.push(e));
    events.fire('channel.channel_points_custom_reward_redemption.add', redemptionWire, 'm1');
    const live = seen[0] as ChannelEventOf<'redemption'>;
    expect(live).toMatchObject({ id: 'redemption:r1', input: '', reward: { prompt: '' } });
    stream.publish({ ...live, source: 'caughtUp' });
    expect(seen).toHaveLength(1);
    stream.publish({ ...live, id: 'redemption:r2', redemptionId: 'r2', source: 'caughtUp' });
    expect(seen.map((e) => [e.id, e.source])).toEqual([
      ['redemption:r1', 'live'],
      ['redemption:r2', 'caughtUp'],
    ]);
  });

  it('drops, with a log line, an event that does not match its schema, and a published one that is not a channel event', () => {
    const { events, stream, logger } = setUp();
    const seen: ChannelEvent[] = [];
    stream.on(['cheer'], (e) => seen.push(e));
    events.fire('channel.cheer', { ...cheer(1), bits: 'lots' }, 'bad');
    stream.publish({ kind: 'cheer', id: 'x', at: 'now', source: 'live' } as unknown as ChannelEvent);
    events.fire('channel.cheer', cheer(2), 'good');
    expect(seen.map((e) => e.id)).toEqual(['good']);
    expect(logger.lines.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      'an EventSub event did not match its schema; dropped',
      'a channel event did not match its schema; dropped',
    ]);
  });

  it("forgets which events it passed on when another account becomes current (one account's ids are not another's duplicates)", () => {
    const { events, auth, stream } = setUp();
    const seen: string[] = [];
    stream.on(['cheer'], (e) => seen.push(e.id));
    events.fire('channel.cheer', cheer(1), 'same');
    auth.set({ ...signedInAuthState, account: { ...signedInAuthState.account!, id: '43' } });
    events.fire('channel.cheer', { ...cheer(1), broadcaster_user_id: '43' }, 'same');
    expect(seen).toEqual(['same', 'same']);
  });

  it('reads nothing while nobody is current, and releases every subscription when disposed', () => {
    const { events, auth, stream } = setUp();
    const seen: string[] = [];
    stream.on(['cheer', 'follow'], (e) => seen.push(e.id));
    auth.set({ ...signedInAuthState, status: 'signedOut', account: null });
    events.fire('channel.cheer', cheer(1), 'after-sign-out');
    expect(seen).toEqual([]);
    stream.dispose();
    expect(events.held('channel.cheer') + events.held('channel.follow')).toBe(0);
  });

  it("drops a notification of another channel than the current broadcaster's (a late one of the account before)", () => {
    const { events, stream } = setUp();
    const seen: string[] = [];
    stream.on(['cheer'], (e) => seen.push(e.id));
    events.fire('channel.cheer', { ...cheer(1), broadcaster_user_id: '999' }, 'other');
    events.fire('channel.cheer', cheer(1), 'mine');
    expect(seen).toEqual(['mine']);
  });

  it('reads what the poll and prediction panel follows: progress, lock, and when each began', () => {
    const { events, stream } = setUp();
    const seen: ChannelEvent[] = [];
    stream.on(['pollProgress', 'pollEnd', 'predictionProgress', 'predictionLock', 'predictionEnd'], (e) => seen.push(e));
    const poll = { id: 'p1', broadcaster_user_id: me, title: 'Map?', started_at: '2030-01-01T09:00:00Z' };
    events.fire('channel.poll.progress', { ...poll, choices: [{ id: 'a', title: 'A', votes: 3 }, { id: 'b', title: 'B' }], ends_at: '2030-01-01T09:01:00Z' }, 'pp');
    events.fire('channel.poll.end', { ...poll, choices: [{ id: 'a', title: 'A', votes: 4 }], status: 'completed', ended_at: '2030-01-01T09:01:00Z' }, 'pe');
    const prediction = { id: 'r1', broadcaster_user_id: me, title: 'Win?', started_at: '2030-01-01T09:00:00Z', outcomes: [{ id: 'y', title: 'Yes', users: 2, channel_points: 50 }, { id: 'n', title: 'No' }] };
    events.fire('channel.prediction.progress', { ...prediction, locks_at: '2030-01-01T09:02:00Z' }, 'rp');
    events.fire('channel.prediction.lock', { ...prediction, locked_at: '2030-01-01T09:01:30Z' }, 'rl');
    events.fire('channel.prediction.end', { ...prediction, status: 'resolved', winning_outcome_id: 'y', ended_at: '2030-01-01T09:03:00Z' }, 're');
    const stakes = [
      { id: 'y', title: 'Yes', users: 2, channelPoints: 50 },
      { id: 'n', title: 'No', users: 0, channelPoints: 0 },
    ];
    expect(seen).toEqual([
      { kind: 'pollProgress', id: 'pp', at: '2030-01-01T10:00:00Z', source: 'live', pollId: 'p1', title: 'Map?', choices: [{ id: 'a', title: 'A', votes: 3 }, { id: 'b', title: 'B', votes: 0 }], startedAt: '2030-01-01T09:00:00Z', endsAt: '2030-01-01T09:01:00Z' },
      { kind: 'pollEnd', id: 'poll-end:p1:completed', at: '2030-01-01T09:01:00Z', source: 'live', pollId: 'p1', title: 'Map?', status: 'completed', choices: [{ id: 'a', title: 'A', votes: 4 }], startedAt: '2030-01-01T09:00:00Z' },
      { kind: 'predictionProgress', id: 'rp', at: '2030-01-01T10:00:00Z', source: 'live', predictionId: 'r1', title: 'Win?', outcomes: stakes, startedAt: '2030-01-01T09:00:00Z', locksAt: '2030-01-01T09:02:00Z' },
      { kind: 'predictionLock', id: 'prediction-lock:r1', at: '2030-01-01T09:01:30Z', source: 'live', predictionId: 'r1', title: 'Win?', outcomes: stakes, startedAt: '2030-01-01T09:00:00Z', lockedAt: '2030-01-01T09:01:30Z' },
      { kind: 'predictionEnd', id: 'prediction-end:r1', at: '2030-01-01T09:03:00Z', source: 'live', predictionId: 'r1', title: 'Win?', status: 'resolved', winningOutcomeId: 'y', outcomes: stakes, startedAt: '2030-01-01T09:00:00Z' },
    ]);
  });

  it("reads the broadcast's id from stream.online and the chatter's colour from an announcement", () => {
    const { events, stream } = setUp();
    const seen: ChannelEvent[] = [];
    stream.on(['streamOnline', 'chatNotification'], (e) => seen.push(e));
    events.fire('stream.online', { id: 's9', broadcaster_user_id: me, broadcaster_user_login: 'me', broadcaster_user_name: 'Me', type: 'live', started_at: '2030-01-01T09:00:00Z' });
    events.fire('channel.chat.notification', {
      broadcaster_user_id: me,
      chatter_user_id: '7',
      chatter_user_login: 'fan',
      chatter_user_name: 'Fan',
      message_id: 'c1',
      message: { text: 'hello all', fragments: [] },
      color: '#1E90FF',
      notice_type: 'announcement',
      announcement: { color: 'BLUE' },
    });
    expect(seen[0]).toMatchObject({ kind: 'streamOnline', id: 'stream-online:s9', streamId: 's9', streamType: 'live' });
    expect(seen[1]).toMatchObject({ kind: 'chatNotification', id: 'chat-notice:c1', noticeType: 'announcement', announcementColor: 'BLUE', color: '#1E90FF' });
  });
});

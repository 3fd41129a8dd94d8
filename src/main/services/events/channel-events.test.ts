import { describe, expect, it } from 'vitest';
import type { ChannelEvent, ChannelEventOf } from '../../../shared/ipc/contract';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { signedInAuthState } from '../../test-support/auth-states';
import { recordingLogger } from '../../test-support/recording-logger';
import { ChannelEvents, type ChannelEventsSource } from './channel-events';
import type { NotificationMeta, WantOptions } from './events-service';

/** The events service as the stream uses it: wants recorded, notifications fired by hand. */
class FakeEvents implements ChannelEventsSource {
  readonly wanted: { type: string; options: WantOptions; released: boolean }[] = [];
  private readonly notifications = new Map<string, Emitter<{ event: unknown; meta: NotificationMeta }>>();

  want(type: string, options: WantOptions = {}): Disposer {
    const entry = { type, options, released: false };
    this.wanted.push(entry);
    return () => {
      entry.released = true;
    };
  }

  onNotification(type: string, listener: (event: never, meta: NotificationMeta) => void): Disposer {
    let emitter = this.notifications.get(type);
    if (!emitter) this.notifications.set(type, (emitter = new Emitter()));
    return emitter.on(({ event, meta }) => listener(event as never, meta));
  }

  fire(type: string, event: unknown, messageId = `m-${Math.random()}`): void {
    this.notifications.get(type)?.fire({ event, meta: { messageId, messageTimestamp: '2030-01-01T10:00:00Z', subscriptionId: 's', subscriptionVersion: '1' } });
  }

  held(type: string): number {
    return this.wanted.filter((w) => w.type === type && !w.released).length;
  }
}

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
  const events = new FakeEvents();
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
});

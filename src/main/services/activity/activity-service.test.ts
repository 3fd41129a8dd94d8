import { describe, expect, it } from 'vitest';
import { Emitter } from '../../../shared/primitives/emitter';
import type { ActivityDelta } from '../../../shared/ipc/contract';
import { signedOutAuthState } from '../../../shared/ipc/contract';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import type { NotificationMeta } from '../events/events-service';
import { AppError } from '../app-error';
import { silentLogger } from '../logger';
import { ActivityService } from './activity-service';

/** An events source that delivers what the test fires, and records what was wanted. */
function fakeEvents() {
  const listeners = new Map<string, Emitter<{ event: unknown; meta: NotificationMeta }>>();
  const wanted: { type: string; version?: string; condition?: unknown }[] = [];
  let n = 0;
  return {
    wanted,
    onNotification: (type: string, listener: (event: never, meta: NotificationMeta) => void) => {
      if (!listeners.has(type)) listeners.set(type, new Emitter());
      return listeners.get(type)!.on(({ event, meta }) => listener(event as never, meta));
    },
    want: (type: string, options: { version?: string; condition?: unknown } = {}) => {
      wanted.push({ type, ...options });
      return () => {};
    },
    fire(type: string, event: unknown) {
      const meta = { messageId: `msg-${++n}`, messageTimestamp: '2030-01-01T10:00:00Z', subscriptionId: 's', subscriptionVersion: '1' };
      listeners.get(type)?.fire({ event, meta });
    },
  };
}

const follow = (id: string) => ({ user_id: id, user_login: `u${id}`, user_name: `U${id}`, broadcaster_user_id: '42', broadcaster_user_login: 'b', broadcaster_user_name: 'B', followed_at: '2030-01-01T10:00:00Z' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ActivityService', () => {
  it("asks for the follow with the broadcaster as moderator and the raid into the channel", () => {
    const events = fakeEvents();
    const { broadcaster } = fakeBroadcaster();
    new ActivityService({ broadcaster, events, logger: silentLogger, sendShoutout: async () => ({ displayName: 'Raider' }) }).start();
    const conditionOf = (type: string) => (events.wanted.find((w) => w.type === type)!.condition as (id: string) => unknown)('42');
    expect(conditionOf('channel.follow')).toEqual({ broadcaster_user_id: '42', moderator_user_id: '42' });
    expect(conditionOf('channel.raid')).toEqual({ to_broadcaster_user_id: '42' });
    expect(events.wanted.find((w) => w.type === 'channel.hype_train.end')!.version).toBe('2');
  });

  it("sends the feed's shoutout through the shoutout sender it is given (one set of cooldowns), and words its refusal", async () => {
    const { broadcaster } = fakeBroadcaster();
    const sent: string[] = [];
    let refuse = false;
    const sendShoutout = async (id: string) => {
      sent.push(id);
      if (refuse) throw new AppError('rate_limited', 'One shoutout every 2 minutes: the next can go in 2 min.');
      return { displayName: 'Raider' };
    };
    const service = new ActivityService({ broadcaster, events: fakeEvents(), logger: silentLogger, sendShoutout });
    await expect(service.shoutout('99')).resolves.toEqual({ message: 'Shoutout sent to Raider.' });
    refuse = true;
    await expect(service.shoutout('99')).rejects.toMatchObject({ code: 'rate_limited', message: 'Shoutout not sent: One shoutout every 2 minutes: the next can go in 2 min.' });
    expect(sent).toEqual(['99', '99']);
  });

  it('sends events of one turn as one delta, drops a malformed one, and empties the feed on sign-out', async () => {
    const events = fakeEvents();
    const { auth, broadcaster } = fakeBroadcaster();
    const service = new ActivityService({ broadcaster, events, logger: silentLogger, sendShoutout: async () => ({ displayName: 'Raider' }) });
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
});

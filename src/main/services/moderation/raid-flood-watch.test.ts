import { describe, expect, it } from 'vitest';
import { noRoles, user } from '../../test-support/moderation-fakes';
import { RaidFloodWatch } from './raid-flood-watch';

describe('RaidFloodWatch', () => {
  it('answers once when more than N chatters never seen before speak within M of a raid', () => {
    const watch = new RaidFloodWatch({ newChatters: 2, withinMs: 1_000 });
    expect(watch.chatted('regular', noRoles, 0)).toBeNull();
    watch.raided(user('9', 'Raider'), 100);
    expect(watch.chatted('regular', noRoles, 200)).toBeNull();
    expect(watch.chatted('a', noRoles, 300)).toBeNull();
    // A second line of the same chatter is not another new chatter.
    expect(watch.chatted('a', noRoles, 350)).toBeNull();
    expect(watch.chatted('b', noRoles, 400)).toBeNull();
    expect(watch.chatted('c', noRoles, 500)).toEqual({ raider: { id: '9', login: 'raider', name: 'Raider' }, newChatters: 3, withinMs: 1_000 });
    expect(watch.chatted('d', noRoles, 600)).toBeNull();
  });

  it("the channel's moderators, VIPs and subscribers are not counted; a chatter after the window ends it", () => {
    const watch = new RaidFloodWatch({ newChatters: 1, withinMs: 1_000 });
    watch.raided(null, 0);
    expect(watch.chatted('m', { ...noRoles, moderator: true }, 10)).toBeNull();
    expect(watch.chatted('v', { ...noRoles, vip: true }, 20)).toBeNull();
    expect(watch.chatted('s', { ...noRoles, subscriber: true }, 30)).toBeNull();
    expect(watch.chatted('a', noRoles, 40)).toBeNull();
    expect(watch.chatted('b', noRoles, 2_000)).toBeNull();
    expect(watch.chatted('c', noRoles, 2_100)).toBeNull();
  });

  it('forgets the oldest chatters past what it remembers, and everything on reset', () => {
    const watch = new RaidFloodWatch({ newChatters: 0, withinMs: 1_000, remembered: 2 });
    watch.chatted('a', noRoles, 0);
    watch.chatted('b', noRoles, 0);
    watch.chatted('c', noRoles, 0);
    watch.raided(null, 10);
    // 'a' was forgotten: it counts as new again.
    expect(watch.chatted('a', noRoles, 20)).toMatchObject({ newChatters: 1 });
    watch.reset();
    watch.raided(null, 30);
    expect(watch.chatted('b', noRoles, 40)).toMatchObject({ newChatters: 1 });
  });
});

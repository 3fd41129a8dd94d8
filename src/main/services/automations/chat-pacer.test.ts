import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test-support/fake-clock';
import { automationChatLimit, ChatPacer } from './chat-pacer';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('ChatPacer', () => {
  it('keeps within the limit: a burst is spaced out in order, none dropped', async () => {
    const clock = createFakeClock(0);
    const pacer = new ChatPacer({ clock, limit: 20, windowMs: 30_000 });
    const sent: { n: number; at: number }[] = [];
    const all = Array.from({ length: 25 }, (_, n) => pacer.send(async () => void sent.push({ n, at: clock.now() })));
    await flush();
    expect(sent).toHaveLength(20);
    expect(pacer.waitingCount).toBe(5);
    clock.advance(29_999);
    await flush();
    expect(sent).toHaveLength(20);
    clock.advance(1);
    await flush();
    await Promise.all(all);
    expect(sent.map((s) => s.n)).toEqual(Array.from({ length: 25 }, (_, n) => n));
    expect(sent.slice(20).every((s) => s.at === 30_000)).toBe(true);
    // Never more than 20 in any 30 s.
    for (const [i, s] of sent.entries()) expect(sent.filter((t) => t.at > s.at - 30_000 && t.at <= s.at).length, `at message ${i}`).toBeLessThanOrEqual(20);
  });

  it("automations keep to the platform's limit for a viewer, so the broadcaster keeps room", () => {
    expect(automationChatLimit).toEqual({ limit: 20, windowMs: 30_000 });
  });

  it('refuses in words past the waiting bound, never silently', async () => {
    const clock = createFakeClock(0);
    const pacer = new ChatPacer({ clock, limit: 1, windowMs: 1000, maxWaiting: 2 });
    const first = pacer.send(async () => 'a');
    const waiting = [pacer.send(async () => 'b'), pacer.send(async () => 'c')];
    await expect(pacer.send(async () => 'd')).rejects.toThrow(/2 automation messages are already waiting for the chat rate limit \(1 every 1 s\)/);
    expect(await first).toBe('a');
    clock.advance(1000);
    clock.advance(1000);
    expect(await Promise.all(waiting)).toEqual(['b', 'c']);
  });

  it('a send that fails reaches its caller; the next still goes', async () => {
    const pacer = new ChatPacer({ clock: createFakeClock(0) });
    await expect(pacer.send(() => Promise.reject(new Error('dropped')))).rejects.toThrow('dropped');
    await expect(pacer.send(() => { throw new Error('thrown'); })).rejects.toThrow('thrown');
    expect(await pacer.send(async () => 'ok')).toBe('ok');
  });

  it('on dispose, what waits is refused and its timer cleared', async () => {
    const clock = createFakeClock(0);
    const pacer = new ChatPacer({ clock, limit: 1, windowMs: 1000 });
    await pacer.send(async () => 1);
    const waiting = pacer.send(async () => 2);
    pacer.dispose();
    await expect(waiting).rejects.toThrow(/closing/);
    expect(clock.pendingTimers()).toBe(0);
  });
});

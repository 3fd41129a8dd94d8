import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../test-support/fake-clock';
import { DockSessions } from './dock-sessions';

describe('DockSessions', () => {
  it('evicts the least recently used session with no open page before one with an open page', () => {
    const clock = createFakeClock();
    const sessions = new DockSessions(clock, { idleMs: 60_000, lifetimeMs: 600_000, max: 2 });
    const withPage = sessions.create();
    sessions.socketOpened(withPage);
    clock.advance(10);
    const idle = sessions.create();
    clock.advance(10);
    const third = sessions.create();
    expect([sessions.isLive(withPage), sessions.isLive(idle), sessions.isLive(third)]).toEqual([true, false, true]);
  });

  it('counts a closed page as its last use', () => {
    const clock = createFakeClock();
    const sessions = new DockSessions(clock, { idleMs: 1_000, lifetimeMs: 600_000, max: 4 });
    const token = sessions.create();
    sessions.socketOpened(token);
    clock.advance(5_000);
    sessions.socketClosed(token);
    clock.advance(999);
    expect(sessions.isLive(token)).toBe(true);
    clock.advance(1);
    expect(sessions.isLive(token)).toBe(false);
    expect(sessions.use(token)).toBe(false);
    expect(sessions.size).toBe(0);
  });
});

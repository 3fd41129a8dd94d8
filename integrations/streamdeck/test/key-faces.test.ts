/** What each key shows for a state: red while on, the ad countdown, a variable's value, the alert queue's count. */
import { describe, expect, it } from 'vitest';
import { alertsFace, countdown, quickActionFace, sceneFace, variableFace } from '../src/key-faces';
import type { ControlState } from '../src/sidestage-api';

const now = Date.parse('2026-12-02T12:00:00Z');
const state: ControlState = { signedIn: true, live: true, startedAt: null, viewers: 1, shieldMode: false, chatModes: { slowMode: false, followerMode: true, subscriberMode: false, emoteMode: false }, nextAdAt: null, adEndsAt: null };

describe('key faces', () => {
  it('puts Shield Mode and a chat mode in state 1 while on, and leaves the broadcaster’s title', () => {
    expect(quickActionFace('shieldMode', { ...state, shieldMode: true }, now)).toEqual({ state: 1, title: null });
    expect(quickActionFace('shieldMode', state, now)).toEqual({ state: 0, title: null });
    expect(quickActionFace('followerMode', state, now)).toEqual({ state: 1, title: null });
    expect(quickActionFace('slowMode', state, now)).toEqual({ state: 0, title: null });
    expect(quickActionFace('marker', state, now)).toEqual({ state: 0, title: null });
  });

  it('counts down to the next ad, or the one on air (red), rounding up', () => {
    expect(quickActionFace('ad', { ...state, nextAdAt: new Date(now + 61_500).toISOString() }, now)).toEqual({ state: 0, title: 'Ad in\n1:02' });
    expect(quickActionFace('ad', { ...state, adEndsAt: new Date(now + 30_000).toISOString(), nextAdAt: new Date(now + 3_600_000).toISOString() }, now)).toEqual({ state: 1, title: 'Ad\n0:30' });
    expect(quickActionFace('ad', { ...state, nextAdAt: new Date(now - 1000).toISOString() }, now)).toEqual({ state: 0, title: null });
    expect(countdown(3_725_000)).toBe('1:02:05');
    expect(countdown(1)).toBe('0:01');
  });

  it('shows nothing of its own before Sidestage has told the state', () => {
    expect(quickActionFace('shieldMode', null, now)).toEqual({ state: 0, title: null });
    expect(alertsFace(null)).toEqual({ state: 0, title: null });
  });

  it('shows a variable under its name, a long text cut, "?" until known', () => {
    expect(variableFace('deaths', { name: 'deaths', value: 7, updatedAt: '' })).toEqual({ state: 0, title: 'deaths\n7' });
    expect(variableFace('game', { name: 'game', value: 'A very long game name', updatedAt: '' }).title).toBe('game\nA very long…');
    expect(variableFace('deaths', undefined).title).toBe('deaths\n?');
  });

  it('shows the alert queue’s count, red while paused; a scene red while current', () => {
    expect(alertsFace({ paused: true, waiting: 4 })).toEqual({ state: 1, title: 'Paused\n4' });
    expect(alertsFace({ paused: false, waiting: 0 })).toEqual({ state: 0, title: 'Alerts\n0' });
    expect(sceneFace('BRB', 'BRB').state).toBe(1);
    expect(sceneFace('BRB', 'Live').state).toBe(0);
  });
});

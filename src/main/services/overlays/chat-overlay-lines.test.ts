import { describe, expect, it } from 'vitest';
import type { ChatDelta, ChatMessage } from '../../../shared/ipc/schemas/chat';
import { ChatOverlayLines } from './chat-overlay-lines';

const line = (id: string, removed: ChatMessage['removed'] = null): ChatMessage => ({
  id,
  userId: `u${id}`,
  userLogin: `u${id}`,
  userName: `U${id}`,
  color: id === 'c' ? '#00FF00' : 'red',
  badges: [],
  fragments: [],
  text: `text ${id}`,
  at: '2030-01-01T10:00:00Z',
  announcement: null,
  removed,
  removedBy: null,
});
const delta = (baseVersion: number, changes: Partial<ChatDelta>): ChatDelta => ({ baseVersion, version: baseVersion + 1, cleared: false, added: [], updated: [], selfId: null, ...changes });
const ids = (lines: ChatOverlayLines) => lines.current().map((l) => l.id);

describe('ChatOverlayLines', () => {
  it('starts from the last lines still in chat, then follows added and removed lines as deltas, in a ring', () => {
    const lines = new ChatOverlayLines(3);
    lines.reset({ version: 5, messages: [line('a'), line('b', 'deleted'), line('c'), line('d')] });
    expect(ids(lines)).toEqual(['a', 'c', 'd']);
    expect(lines.current()[1]).toEqual({ id: 'c', userName: 'Uc', color: '#00FF00', text: 'text c' });
    expect(lines.current()[0]!.color).toBe('');

    expect(lines.apply(delta(5, { added: [line('e')] }))).toBe(true);
    expect(ids(lines)).toEqual(['c', 'd', 'e']);
    expect(lines.apply(delta(6, { updated: [line('d', 'timedOut')] }))).toBe(true);
    expect(ids(lines)).toEqual(['c', 'e']);
    // A line removed after it left the ring changes nothing on screen.
    expect(lines.apply(delta(7, { updated: [line('a', 'banned')] }))).toBe(false);
    // Added already removed (removed in the same delta): not shown.
    expect(lines.apply(delta(8, { added: [line('f', 'deleted')] }))).toBe(false);
    expect(lines.apply(delta(9, { cleared: true, added: [line('g')] }))).toBe(true);
    expect(ids(lines)).toEqual(['g']);
  });

  it('a delta that does not follow on from the last one is refused (null): the caller starts over', () => {
    const lines = new ChatOverlayLines();
    expect(lines.apply(delta(0, { added: [line('a')] }))).toBeNull();
    lines.reset({ version: 2, messages: [] });
    expect(lines.apply(delta(3, { added: [line('a')] }))).toBeNull();
    expect(lines.apply(delta(2, { added: [line('a')] }))).toBe(true);
  });
});

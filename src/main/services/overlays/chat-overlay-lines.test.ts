import { describe, expect, it } from 'vitest';
import type { ChatDelta, ChatMessage } from '../../../shared/ipc/schemas/chat';
import type { ChatOverlayOptions } from '../../../shared/ipc/schemas/overlays';
import { CHAT_FADE_OUT_MS, ChatOverlayLines } from './chat-overlay-lines';

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

describe('ChatOverlayLines with options', () => {
  const none: ChatOverlayOptions = { hideOtherChannels: false, hideCommands: false, hideBot: false, fadeAfterSeconds: 0 };
  function withOptions(options: Partial<ChatOverlayOptions>, now = { ms: Date.parse('2030-01-01T10:00:00Z') }, botId: string | null = 'ubot') {
    let current = { ...none, ...options };
    const lines = new ChatOverlayLines(10, { options: () => current, botId: () => botId, now: () => now.ms });
    return { lines, now, set: (next: Partial<ChatOverlayOptions>) => (current = { ...current, ...next }) };
  }
  const shared = (id: string): ChatMessage => ({ ...line(id), sourceChannel: { id: '9', login: 'speedrun_sam', name: 'Speedrun_Sam' } });
  const command = (id: string): ChatMessage => ({ ...line(id), text: '  !uptime' });
  const fromBot = (id: string): ChatMessage => ({ ...line(id), userId: 'ubot' });
  const badged = (id: string): ChatMessage => ({ ...line(id), badges: [{ setId: 'bot-badge', id: '1' }] });
  const all = [line('a'), shared('s'), command('c'), fromBot('b'), badged('x')];

  it('shows every line, a shared one with its channel, when nothing is hidden', () => {
    const { lines } = withOptions({});
    lines.reset({ version: 1, messages: all });
    expect(ids(lines)).toEqual(['a', 's', 'c', 'b', 'x']);
    expect(lines.current()[1]).toMatchObject({ id: 's', sourceChannel: 'Speedrun_Sam' });
    expect(lines.current()[0]).not.toHaveProperty('sourceChannel');
  });

  it('leaves out commands, the bot’s lines (its account or the chat-bot badge) and other channels’ lines, each by its option', () => {
    expect(ids(withOptionsReset({ hideCommands: true }))).toEqual(['a', 's', 'b', 'x']);
    expect(ids(withOptionsReset({ hideBot: true }))).toEqual(['a', 's', 'c']);
    expect(ids(withOptionsReset({ hideOtherChannels: true }))).toEqual(['a', 'c', 'b', 'x']);
    // The same through deltas.
    const { lines } = withOptions({ hideCommands: true, hideBot: true, hideOtherChannels: true });
    lines.reset({ version: 1, messages: [] });
    expect(lines.apply(delta(1, { added: all }))).toBe(true);
    expect(ids(lines)).toEqual(['a']);
    expect(lines.apply(delta(2, { added: [command('c2')] }))).toBe(false);
  });

  function withOptionsReset(options: Partial<ChatOverlayOptions>) {
    const { lines } = withOptions(options);
    lines.reset({ version: 1, messages: all });
    return lines;
  }

  it('lets lines fade: each says how long it has left, and leaves once faded out', () => {
    const now = { ms: Date.parse('2030-01-01T10:00:00Z') };
    const { lines } = withOptions({ fadeAfterSeconds: 5 }, now);
    lines.reset({ version: 1, messages: [] });
    lines.apply(delta(1, { added: [line('a')] }));
    now.ms += 2_000;
    lines.apply(delta(2, { added: [line('b')] }));
    expect(lines.current()).toMatchObject([{ id: 'a', leavesInMs: 3_000 }, { id: 'b', leavesInMs: 5_000 }]);
    expect(lines.nextExpiry()).toBe(now.ms - 2_000 + 5_000 + CHAT_FADE_OUT_MS);
    now.ms += 3_000 + CHAT_FADE_OUT_MS - 1;
    expect(lines.expire()).toBe(false);
    now.ms += 1;
    expect(lines.expire()).toBe(true);
    expect(ids(lines)).toEqual(['b']);
    // Lines older than their time in a snapshot (a restart, a missed delta) stay gone.
    now.ms += 10_000;
    lines.reset({ version: 9, messages: [{ ...line('old'), at: new Date(now.ms - 60_000).toISOString() }, { ...line('new'), at: new Date(now.ms).toISOString() }] });
    expect(ids(lines)).toEqual(['new']);
  });

  it('without fading, lines carry no time left and never expire', () => {
    const { lines } = withOptions({});
    lines.reset({ version: 1, messages: [line('a')] });
    expect(lines.current()[0]).not.toHaveProperty('leavesInMs');
    expect(lines.nextExpiry()).toBeNull();
    expect(lines.expire()).toBe(false);
  });
});

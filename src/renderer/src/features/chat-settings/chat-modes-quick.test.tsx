import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ChatSettingsState } from '../../../../shared/ipc/contract';
import { createSidestageStore } from '../../store/create-store';
import { fakeDeps, ok } from '../../test-support/store-fakes';
import { ChatModesQuickView, toggleQuickMode, type ChatModesQuickViewProps } from './chat-modes-quick';
import { formatFollowerMinutes } from './chat-modes-quick-model';
import { chatModesOff } from '../../../../shared/test-support/chat-settings';

const values = { ...chatModesOff, emoteMode: true, slowMode: true, slowModeWaitTime: 45 };
const presets = [
  { id: 'raidShield', label: 'Raid shield', description: 'Followers-only and slow mode, reverted after 10 minutes.' },
  { id: 'emoteBreak', label: 'Emote break', description: 'Emote-only chat, reverted after 5 minutes.' },
];
const chatState = (over: Partial<ChatSettingsState> = {}): ChatSettingsState => ({
  values,
  pending: false,
  fetchedAt: '2030-01-01T10:00:00Z',
  error: null,
  presets,
  pendingRevert: null,
  revision: 1,
  ...over,
});
const noop = () => {};
const view = (props: Partial<ChatModesQuickViewProps>) =>
  renderToStaticMarkup(
    <ChatModesQuickView state={chatState()} applying={false} now={0} onToggle={noop} onPreset={noop} onRevertNow={noop} onKeep={noop} onOpenChatSettings={noop} {...props} />,
  );
/** The switch named `name` and whether it is on. */
const switchState = (html: string, name: string) => new RegExp(`role="switch"[^>]*aria-checked="(true|false)"[^>]*>(?:(?!</button>).)*${name}`).exec(html)?.[1];

describe('the Live view’s chat modes', () => {
  it('shows the platform’s state of the four modes, with the durations in words', () => {
    const html = view({});
    expect(switchState(html, 'Slow mode')).toBe('true');
    expect(switchState(html, 'Followers only')).toBe('false');
    expect(switchState(html, 'Subscribers only')).toBe('false');
    expect(switchState(html, 'Emote only')).toBe('true');
    expect(html).not.toContain('Unique chat');
    expect(html).toContain('>45 s<');
    expect(html).toContain('>any follower<');
    expect(formatFollowerMinutes(10)).toBe('10 min');
    expect(formatFollowerMinutes(120)).toBe('2 h');
    expect(formatFollowerMinutes(4320)).toBe('3 d');
  });

  it('offers the presets with their descriptions, the pending revert, and the way to the panel', () => {
    const html = view({ state: chatState({ pendingRevert: { presetId: 'emoteBreak', label: 'Emote break', dueAt: new Date(90_000).toISOString() } }), now: 0 });
    expect(html).toMatch(/<button type="button" title="Emote-only chat, reverted after 5 minutes." aria-describedby="([^"]+)">Emote break<\/button><span id="\1" class="visually-hidden">/);
    expect(html).toContain('Emote break reverts in 1:30.');
    expect(html).toContain('Revert now');
    expect(html).toContain('Keep these settings');
    expect(html).toContain('More in Chat settings');
    expect(view({ applying: true }).match(/disabled=""/g)).toHaveLength(2);
  });

  it('says what it is waiting for before the settings arrive, or why they did not', () => {
    expect(view({ state: null })).toContain('Loading chat settings…');
    expect(view({ state: chatState({ values: null, error: 'Only the broadcaster or a moderator can read chat settings.' }) })).toContain('Only the broadcaster or a moderator can read chat settings.');
  });

  it('a switch sends through the Chat settings panel’s action: the mode alone, keeping the duration it holds', async () => {
    const fake = fakeDeps();
    // Main's answer: the settings with the change, as the platform holds them.
    let held = { ...values };
    let revision = 1;
    const update = vi.fn(async (changes: Partial<typeof values>) => {
      held = { ...held, ...changes };
      return ok(chatState({ values: held, revision: ++revision }));
    });
    Object.assign(fake.bridge, { chatSettings: { update } });
    const store = createSidestageStore(fake.deps);
    store.getState().applyChatSettings(chatState());
    const spy = vi.spyOn(store.getState(), 'updateChatSettings');
    await toggleQuickMode(store, 'emoteMode', false);
    expect(spy).toHaveBeenCalledWith({ emoteMode: false });
    await toggleQuickMode(store, 'followerMode', true);
    expect(spy).toHaveBeenLastCalledWith({ followerMode: true });
    expect(update.mock.calls.map(([changes]) => changes)).toEqual([{ emoteMode: false }, { followerMode: true }]);
    expect(store.getState().chatSettings?.values).toMatchObject({ emoteMode: false, followerMode: true, followerModeDuration: 0 });
  });
});

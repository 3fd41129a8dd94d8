import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/ipc/contract';
import { ChatMessageLine } from './chat-message-line';

const message: ChatMessage = {
  id: 'm1',
  userId: 'u1',
  userLogin: 'hater_1',
  userName: 'hater_1',
  color: '',
  badges: [],
  fragments: [{ type: 'text', text: 'this stream is so boring', emoteUrl: null }],
  text: 'this stream is so boring',
  at: '2030-01-01T10:00:00Z',
  announcement: null,
  removed: null,
  removedBy: null,
};
const noop = () => {};
const line = (menuOpen: boolean) =>
  renderToStaticMarkup(<ChatMessageLine message={message} canModerate menuOpen={menuOpen} onMenu={noop} onModerate={noop} onOpenCard={noop} onWarn={async () => true} />);

describe('a chat line’s moderator menu', () => {
  it('is the button alone while closed: a line of a burst carries no menu', () => {
    const html = line(false);
    expect(html).toContain('aria-label="Moderate hater_1&#x27;s message"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('role="menu"');
  });

  it('shows its items when the chat view opens it', () => {
    const html = line(true);
    expect(html).toContain('aria-expanded="true"');
    expect(html).toContain('role="menu"');
    for (const item of ['Delete message', 'Timeout 10 min', 'Warn…', 'Ban…', 'hater_1&#x27;s card']) expect(html).toContain(item);
  });
});

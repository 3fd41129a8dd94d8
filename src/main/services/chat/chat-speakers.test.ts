import { describe, expect, it } from 'vitest';
import { ScriptedApi } from '../../test-support/moderation-fakes';
import { ApiError } from '../api/api-error';
import type { Logger } from '../logger';
import { silentLogger } from '../logger';
import { ChatSpeakers, type BotSpeaker } from './chat-speakers';

const body = { message: 'Hear ye', color: 'PRIMARY' };

function setup(options: { scopes?: string[]; botAnswer?: () => unknown; signedIn?: boolean } = {}) {
  const broadcasterApi = new ScriptedApi().answer('POST /helix/chat/announcements', undefined);
  const botApi = new ScriptedApi().answer('POST /helix/chat/announcements', options.botAnswer ?? (() => undefined));
  const bot: BotSpeaker = {
    userId: () => '99',
    canSpeak: () => options.signedIn ?? true,
    chatApi: new ScriptedApi(),
    userApi: botApi,
    hasScope: (scope) => (options.scopes ?? ['moderator:manage:announcements']).includes(scope),
  };
  const logged: string[] = [];
  const logger: Logger = { ...silentLogger, info: (message: string) => void logged.push(message) };
  return { broadcasterApi, botApi, logged, speakers: new ChatSpeakers(broadcasterApi, bot, logger) };
}

describe('ChatSpeakers.announce', () => {
  it('announces as the bot (its own token, as the moderator) when asked and allowed', async () => {
    const { broadcasterApi, botApi, speakers } = setup();
    await expect(speakers.announce('42', body, 'bot')).resolves.toBe('bot');
    expect(botApi.to('POST /helix/chat/announcements')[0]).toMatchObject({ query: { broadcaster_id: '42', moderator_id: '99' }, body });
    expect(broadcasterApi.sent).toEqual([]);
  });

  it("falls back to the broadcaster, the reason logged, when the bot's grant lacks the scope or the platform refuses the bot", async () => {
    const lacking = setup({ scopes: [] });
    await expect(lacking.speakers.announce('42', body, 'bot')).resolves.toBe('broadcaster');
    expect(lacking.botApi.sent).toEqual([]);
    expect(lacking.broadcasterApi.to('POST /helix/chat/announcements')[0]!.query).toEqual({ broadcaster_id: '42', moderator_id: '42' });
    expect(lacking.logged[0]).toMatch(/has not granted moderator:manage:announcements/);

    const refused = setup({ botAnswer: () => { throw new ApiError(403, 'Forbidden', 'The user is not a moderator.'); } });
    await expect(refused.speakers.announce('42', body, 'bot')).resolves.toBe('broadcaster');
    expect(refused.logged[0]).toMatch(/the platform refused the bot/);
  });

  it('another failure of the bot is not hidden; asked for the broadcaster, the bot is not tried', async () => {
    const failing = setup({ botAnswer: () => { throw new ApiError(500, 'Internal Server Error', null); } });
    await expect(failing.speakers.announce('42', body, 'bot')).rejects.toThrow();
    expect(failing.broadcasterApi.sent).toEqual([]);
    const plain = setup();
    await expect(plain.speakers.announce('42', body)).resolves.toBe('broadcaster');
    expect(plain.botApi.sent).toEqual([]);
  });
});

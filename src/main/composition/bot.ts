/**
 * The bot account: a second sign-in that speaks in chat, its tokens apart from the broadcaster's
 * (memory in demo mode, else `bot-tokens.enc`, encrypted like the broadcaster's). Built before chat,
 * whose sends may go out as the bot.
 */
import { join } from 'node:path';
import { registerBotIpc } from '../ipc/bot-ipc';
import { createAesFileCipher } from '../services/auth/aes-file-cipher';
import { BotAccount, botTokenStore } from '../services/auth/bot-account';
import { feature } from './feature-module';

export const botFeature = feature({
  name: 'bot',
  build: ({ options, config, dataDir, logger, notices, emulator }) =>
    new BotAccount({
      endpoints: { authUrl: config.authUrl, apiBaseUrl: config.baseUrl },
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      redirectUri: config.redirectUri,
      tokenStore: options.botTokenStore ?? botTokenStore({ demo: emulator !== null, dataDir, cipher: options.secretCipher ?? createAesFileCipher(join(dataDir, 'token.key')), logger, notices }),
      openUrl: options.openUrl,
      logger,
    }),
  serve: (router, bot) => registerBotIpc(router, bot),
  start: (bot) => bot.start(),
  dispose: (bot) => bot.dispose(),
});

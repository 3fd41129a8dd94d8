/** The Live view's chat: read from the channel-event stream, sent through the API. */
import { registerChatIpc } from '../ipc/chat-ipc';
import { ChatService } from '../services/chat/chat-service';
import { ChatSpeakers } from '../services/chat/chat-speakers';
import { feature } from './feature-module';

export const chatFeature = feature({
  name: 'chat',
  build: ({ logger }, _files, { platform, bot }) =>
    new ChatService({ api: platform.api, broadcaster: platform.broadcaster, channelEvents: platform.channelEvents, logger, speakers: new ChatSpeakers(platform.api, bot, logger) }),
  serve: (router, chat) => registerChatIpc(router, chat),
  start: (chat) => chat.start(),
  dispose: (chat) => chat.dispose(),
});

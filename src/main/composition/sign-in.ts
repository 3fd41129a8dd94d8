/**
 * Last in the list: EventSub connects and the saved sign-in is read only once every feature before
 * it has started listening, so that nothing reported at start is missed. Builds nothing new (the
 * platform, first in the list, disposes both).
 */
import { feature } from './feature-module';

export const signInFeature = feature({
  name: 'signIn',
  build: (_s, _files, { platform }) => ({ events: platform.events, auth: platform.auth }),
  serve: () => () => {},
  async start({ events, auth }) {
    events.start();
    await auth.start();
  },
});

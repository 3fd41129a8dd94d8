/** The app's appearance, kept in the settings so that the window and every dock show the same theme. */
import { registerAppearanceIpc } from '../ipc/appearance-ipc';
import { AppearanceService } from '../services/appearance/appearance-service';
import { feature } from './feature-module';

export const appearanceFeature = feature({
  name: 'appearance',
  build: ({ settings }) => new AppearanceService(settings),
  serve: (router, appearance) => registerAppearanceIpc(router, appearance),
});

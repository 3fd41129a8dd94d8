/**
 * The plugin's entry (bundled to bin/plugin.js, which Stream Deck starts with `-port -pluginUUID
 * -registerEvent -info`): one link to Sidestage, kept in the global settings, and the five keys.
 */
import streamDeck from '@elgato/streamdeck';
import { AlertsAction } from './actions/alerts-action';
import { AutomationAction } from './actions/automation-action';
import { QuickAction } from './actions/quick-action';
import { SceneAction } from './actions/scene-action';
import { VariableAction } from './actions/variable-action';
import { SidestageLink, messageOf, type LinkSettings } from './sidestage-link';

const link = new SidestageLink({
  clientName: 'Stream Deck',
  store: {
    load: () => streamDeck.settings.getGlobalSettings(),
    save: (settings: LinkSettings) => streamDeck.settings.setGlobalSettings(settings),
  },
});
// The plugin alone writes its global settings (the inspector asks it to), so it reads them once, at
// the start: listening to didReceiveGlobalSettings would also hear the answer to that first read,
// which can arrive after a port set in the inspector and put the old settings back.

for (const action of [new QuickAction(link), new SceneAction(link), new AutomationAction(link), new VariableAction(link), new AlertsAction(link)]) {
  streamDeck.actions.registerAction(action);
}

// Nothing Sidestage or Stream Deck sends may end the plugin: a failure is logged.
process.on('unhandledRejection', (reason) => streamDeck.logger.error(`Sidestage plugin: ${messageOf(reason)}`));

await streamDeck.connect();
await link.start();

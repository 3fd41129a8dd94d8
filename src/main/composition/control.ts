/**
 * The control API: decks, Companion and scripts drive the quick actions, the automations, the
 * alert queue and OBS's scenes, and read the state, through a loopback server that only paired
 * clients can use (its clients and port in `control-api.json`); the automations' variables too
 * (refused in words while automations are off).
 */
import { registerControlIpc } from '../ipc/control-ipc';
import { ControlClients } from '../services/control/control-clients';
import { ControlApi, controlDeckPortsFrom, controlPortsFrom } from '../services/control/control-api';
import { feature } from './feature-module';

export const controlFeature = feature({
  name: 'control',
  open: ({ dataDir, logger, notices }) => ControlClients.open({ dataDir, logger, notices }),
  build: ({ dataDir, logger, notices }, clients, { platform, live, moderation, automations, overlays, obs, liveView }) => {
    const deck = controlDeckPortsFrom({
      automations: automations.service,
      automationsProblem: () => automations.getState().problem ?? 'Automations are off.',
      variables: automations.variables,
      alertQueue: overlays.queue,
      obs,
      channelEvents: platform.channelEvents,
    });
    return new ControlApi(clients, { dataDir, logger, notices, deck, stream: live.stream, liveView, ports: controlPortsFrom({ ...live, shieldMode: moderation.shieldMode, broadcaster: platform.broadcaster, alerts: deck.alerts }) });
  },
  serve: (router, control) => registerControlIpc(router, control),
  start: (control) => control.start(),
  dispose: (control) => control.dispose(),
});

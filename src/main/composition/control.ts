/**
 * The control API: decks, Companion and scripts drive the quick actions and read the state through
 * a loopback server that only paired clients can use (its clients and port in `control-api.json`).
 */
import { registerControlIpc } from '../ipc/control-ipc';
import { ControlClients } from '../services/control/control-clients';
import { ControlApi, controlPortsFrom } from '../services/control/control-api';
import { feature } from './feature-module';

export const controlFeature = feature({
  name: 'control',
  open: ({ dataDir, logger, notices }) => ControlClients.open({ dataDir, logger, notices }),
  build: ({ dataDir, logger, notices }, clients, { platform, live, moderation }) =>
    new ControlApi(clients, { dataDir, logger, notices, ports: controlPortsFrom({ ...live, shieldMode: moderation.shieldMode, broadcaster: platform.broadcaster }) }),
  serve: (router, control) => registerControlIpc(router, control),
  start: (control) => control.start(),
  dispose: (control) => control.dispose(),
});

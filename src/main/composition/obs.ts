/** OBS Studio: its password in its own file, encrypted like the tokens; a marker on reconnect from the live controls. */
import { join } from 'node:path';
import { registerObsIpc } from '../ipc/obs-ipc';
import { createAesFileCipher } from '../services/auth/aes-file-cipher';
import { ingestTargetReader } from '../services/obs/ingest-target';
import { CipherFileObsPasswordStore } from '../services/obs/obs-password-store';
import { ObsService } from '../services/obs/obs-service';
import { feature } from './feature-module';

export const obsFeature = feature({
  name: 'obs',
  build: ({ options, dataDir, settings, logger, notices }, _files, { platform, live }) =>
    new ObsService({
      settings,
      passwords: new CipherFileObsPasswordStore(join(dataDir, 'obs-password.enc'), options.secretCipher ?? createAesFileCipher(join(dataDir, 'token.key')), logger, notices),
      logger,
      getIngestTarget: ingestTargetReader(platform.ingest),
      notifier: platform.notifier,
      dropMarker: (description) => live.markers.drop('obs-reconnect', description),
    }),
  serve: (router, obs) => registerObsIpc(router, obs),
  start: (obs) => obs.start(),
  dispose: (obs) => obs.dispose(),
});

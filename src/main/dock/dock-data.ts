/**
 * The dock's data directory opened as the CLI does it, in the order that keeps it private and
 * loses nothing: the directory 0700 first, the settings file checked before `conf` reads it, the
 * dock secret, the token store. Every damaged file found is in `recoveryNotices`.
 */
import { join } from 'node:path';
import Conf from 'conf';
import { createAesFileCipher, encryptedFileDescription } from '../services/auth/aes-file-cipher';
import { CipherFileTokenStore, type TokenCipher, type TokenStore } from '../services/auth/token-store';
import { DataRecoveryNotices } from '../services/common/data-recovery-notices';
import type { Logger } from '../services/logger';
import { openSettingsStore, settingsFileMode } from '../services/settings/settings-file';
import type { SettingsStore } from '../services/settings/settings-store';
import { loadOrCreateDockSecret } from './dock-secret';

export interface DockData {
  recoveryNotices: DataRecoveryNotices;
  settings: SettingsStore;
  secret: string;
  tokenStore: TokenStore;
  /** The one cipher over `token.key`, for the tokens and the OBS password alike. */
  secretCipher: TokenCipher;
}

export async function openDockData(dataDir: string, logger: Logger, recoveryNotices = new DataRecoveryNotices(logger)): Promise<DockData> {
  const settings = await openSettingsStore({
    path: join(dataDir, 'settings.json'),
    dataDir,
    notices: recoveryNotices,
    logger,
    open: () => new Conf({ cwd: dataDir, configName: 'settings', projectName: 'sidestage', configFileMode: settingsFileMode }),
  });
  const secret = await loadOrCreateDockSecret(dataDir, recoveryNotices);
  const secretCipher = createAesFileCipher(join(dataDir, 'token.key'));
  const tokenStore = new CipherFileTokenStore(
    join(dataDir, 'tokens.enc'),
    secretCipher,
    encryptedFileDescription,
    logger,
    recoveryNotices,
  );
  return { recoveryNotices, settings, secret, tokenStore, secretCipher };
}

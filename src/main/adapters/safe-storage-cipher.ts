/** Token encryption through the OS keychain (Electron's safeStorage), with an honest description. */
import { safeStorage } from 'electron';
import type { TokenCipher, TokenStoreDescription } from '../services/auth/token-store';

export function createSafeStorageCipher(): { cipher: TokenCipher; description: TokenStoreDescription } | null {
  if (!safeStorage.isEncryptionAvailable()) return null;
  // On Linux without a keyring Electron falls back to a hard-coded key: say so in the UI.
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os';
  const weak = backend === 'basic_text';
  return {
    cipher: {
      encrypt: (plain) => safeStorage.encryptString(plain),
      decrypt: (data) => safeStorage.decryptString(data),
    },
    description: {
      kind: 'safeStorage',
      secure: !weak,
      warning: weak
        ? 'No system keyring was found, so your sign-in is stored with weak (basic_text) encryption. Install and unlock a keyring (GNOME Keyring or KWallet) to protect it.'
        : null,
    },
  };
}

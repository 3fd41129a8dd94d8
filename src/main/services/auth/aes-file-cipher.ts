import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, renameSync } from 'node:fs';
import { setAsideName, writeFileAtomicSync } from '../common/atomic-json-file';
import type { TokenCipher, TokenStoreDescription } from './token-store';

const keyLength = 32;
const ivLength = 12;
const tagLength = 16;
/** First byte of every file, so a later format can be told apart. */
const formatVersion = 1;

/**
 * What an AES key-file store is worth: the key sits beside the tokens, so it only protects
 * against casual reading and backups of the token file alone, not against someone with the user's files.
 */
export const encryptedFileDescription: TokenStoreDescription = {
  kind: 'encrypted-file',
  secure: false,
  warning:
    'This system offers no secure credential storage, so your sign-in is encrypted with a key kept in your user profile. Anyone who can read your files could use it.',
};

/**
 * AES-256-GCM with a random key in `keyPath` (mode 0600), created on first use and re-used after.
 * Used where Electron's safeStorage is missing (dock mode) or has no real backend.
 * File layout: version (1 byte) | IV (12) | auth tag (16) | ciphertext.
 */
export function createAesFileCipher(keyPath: string): TokenCipher {
  let key: Buffer | null = null;
  // Loaded lazily so that an unreadable key file fails a load or save (signed out), not construction.
  const getKey = (): Buffer => (key ??= loadOrCreateKey(keyPath));

  return {
    encrypt(plain: string): Buffer {
      const iv = randomBytes(ivLength);
      const cipher = createCipheriv('aes-256-gcm', getKey(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([formatVersion]), iv, cipher.getAuthTag(), body]);
    },
    decrypt(data: Buffer): string {
      if (data.length < 1 + ivLength + tagLength || data[0] !== formatVersion) {
        throw new Error('not an encrypted token file');
      }
      const iv = data.subarray(1, 1 + ivLength);
      const tag = data.subarray(1 + ivLength, 1 + ivLength + tagLength);
      const decipher = createDecipheriv('aes-256-gcm', getKey(), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data.subarray(1 + ivLength + tagLength)), decipher.final()]).toString('utf8');
    },
  };
}

function loadOrCreateKey(keyPath: string): Buffer {
  try {
    const existing = readFileSync(keyPath);
    if (existing.length === keyLength) return existing;
    // A key of the wrong size is corrupt; a new one makes old tokens unreadable, which means signed
    // out (the token store sets them aside and says so). The damaged key is kept, not overwritten.
    try {
      renameSync(keyPath, setAsideName(keyPath));
    } catch {
      // Left in place; the rename below replaces it.
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(keyLength);
  writeFileAtomicSync(keyPath, key);
  return key;
}

/**
 * Where the sign-in and the OBS password are encrypted: the OS keyring through Electron's
 * safeStorage where there is a real one, else AES with a key file in the data directory.
 *
 * Which one is available can change between two starts (a keyring locked or not started on Linux,
 * another desktop session, a keyring installed later). The sign-in must survive that, or be told:
 * - one cipher reads both kinds, by the first byte (safeStorage's output starts with "v1", the
 *   key file's with its format byte), and writes with the best one available now;
 * - the tokens live in `tokens.bin` (keyring) or `tokens.enc` (key file); the newest file is read,
 *   and moved to the kind available now once read;
 * - a sign-in the keyring encrypted, while the keyring cannot be used, is kept untouched and the
 *   broadcaster is told why they are signed out and what to do, instead of a silent sign-out.
 * Electron's `basic_text` backend encrypts with a key fixed in Chromium's source: the key file
 * (random, readable only by this user) is the better of the two, so it is not used for writing.
 *
 * Structural types only, so that it is tested in Node with a fake safeStorage.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createAesFileCipher, encryptedFileDescription } from '../services/auth/aes-file-cipher';
import { CipherFileTokenStore, type StoredTokens, type TokenCipher, type TokenStore, type TokenStoreDescription } from '../services/auth/token-store';
import type { DataRecoveryNotices } from '../services/common/data-recovery-notices';
import type { Logger } from '../services/logger';

/** The part of Electron's safeStorage used here. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  getSelectedStorageBackend(): string;
  encryptString(plain: string): Buffer;
  decryptString(data: Buffer): string;
}

export interface Keyring {
  /** Encrypts with the OS keyring now (a real backend, not `basic_text`). */
  usable: boolean;
  /** Can decrypt what safeStorage wrote (`basic_text` can, for its own files). */
  readable: boolean;
  /** Linux's backend name (`gnome_libsecret`, `kwallet6`, `basic_text`...), `os` elsewhere. */
  backend: string;
}

/** Must be asked after the app is ready: before, safeStorage answers "not available" and "unknown". */
export function keyringOf(safe: SafeStorageLike, platform: NodeJS.Platform): Keyring {
  const readable = safe.isEncryptionAvailable();
  const backend = platform === 'linux' ? safe.getSelectedStorageBackend() : 'os';
  return { usable: readable && backend !== 'basic_text' && backend !== 'unknown', readable, backend };
}

const keyringDescription: TokenStoreDescription = { kind: 'safeStorage', secure: true, warning: null };

export class KeyringUnavailableError extends Error {
  constructor() {
    super('it is encrypted by your system keyring, which Sidestage cannot use now');
  }
}

/** safeStorage's output starts with its version, "v10" or "v11"; the key file's with byte 1. */
function isKeyringData(data: Buffer): boolean {
  return data.length >= 3 && data[0] === 0x76 && data[1] === 0x31;
}

/**
 * Whether safeStorage can open `data` now. On Linux "v11" is a keyring's key and "v10" the fixed
 * one: when the keyring cannot be reached, Chromium falls back to `basic_text` and still reports
 * encryption as available, but what a keyring encrypted opens only with that keyring.
 */
function keyringCanOpen(data: Buffer, keyring: Keyring): boolean {
  if (!keyring.readable) return false;
  const v11 = data[2] === 0x31;
  return !(v11 && keyring.backend !== 'os' && !keyring.usable);
}

/** One cipher for every secret file: writes with the keyring when usable, reads either kind. */
export function createSecretCipher(safe: SafeStorageLike, keyring: Keyring, keyFile: string): TokenCipher {
  const aes = createAesFileCipher(keyFile);
  return {
    encrypt: (plain) => (keyring.usable ? safe.encryptString(plain) : aes.encrypt(plain)),
    decrypt: (data) => {
      if (!isKeyringData(data)) return aes.decrypt(data);
      if (!keyringCanOpen(data, keyring)) throw new KeyringUnavailableError();
      return safe.decryptString(data);
    },
  };
}

export interface SecretStorageOptions {
  dataDir: string;
  safe: SafeStorageLike;
  keyring: Keyring;
  logger: Logger;
  notices: DataRecoveryNotices;
}

export function createSecretStorage(options: SecretStorageOptions): { cipher: TokenCipher; tokenStore: TokenStore } {
  const cipher = createSecretCipher(options.safe, options.keyring, join(options.dataDir, 'token.key'));
  return { cipher, tokenStore: new KeyringAwareTokenStore(options, cipher) };
}

/** The tokens in `tokens.bin` or `tokens.enc`, whichever was written last, kept in the kind available now. */
export class KeyringAwareTokenStore implements TokenStore {
  readonly description: TokenStoreDescription;
  private readonly keyringFile: string;
  private readonly keyFileFile: string;

  constructor(
    private readonly options: SecretStorageOptions,
    private readonly cipher: TokenCipher,
  ) {
    this.description = options.keyring.usable ? keyringDescription : encryptedFileDescription;
    this.keyringFile = join(options.dataDir, 'tokens.bin');
    this.keyFileFile = join(options.dataDir, 'tokens.enc');
  }

  async load(): Promise<StoredTokens | null> {
    const newest = await this.newestFile();
    if (!newest) return null;
    if (newest === this.keyringFile && !(await this.keyringCanOpenFile())) {
      this.options.notices.add({
        file: newest,
        setAsideAs: null,
        reason: `it is encrypted by your system keyring, which Sidestage cannot use now (it may be locked or not running, or this session has none)`,
        done: 'Kept it unchanged and started signed out',
        kept: 'your saved sign-in, for when the keyring is back',
        lost: null,
        consequence: 'Unlock or start your keyring (GNOME Keyring or KWallet) and restart Sidestage to be signed in again, or sign in again now, which replaces it.',
      });
      return null;
    }
    // Damaged, or encrypted by a keyring that cannot decrypt it: set aside and told, by the store.
    const tokens = await this.storeFor(newest).load();
    if (tokens && newest !== this.target()) {
      await this.save(tokens);
      this.options.logger.info(`sign-in moved to ${this.options.keyring.usable ? 'the system keyring' : 'the key-file encryption'}`, { backend: this.options.keyring.backend });
    }
    return tokens;
  }

  async save(tokens: StoredTokens): Promise<void> {
    await this.storeFor(this.target()).save(tokens);
    // The other kind holds an older sign-in, which must not come back after this one.
    await rm(this.target() === this.keyringFile ? this.keyFileFile : this.keyringFile, { force: true });
  }

  async clear(): Promise<void> {
    await Promise.all([rm(this.keyringFile, { force: true }), rm(this.keyFileFile, { force: true })]);
  }

  /** False where the keyring that wrote tokens.bin cannot be reached now (unreadable files are the store's to report). */
  private async keyringCanOpenFile(): Promise<boolean> {
    let head: Buffer;
    try {
      head = (await readFile(this.keyringFile)).subarray(0, 3);
    } catch {
      return true;
    }
    return !isKeyringData(head) || keyringCanOpen(head, this.options.keyring);
  }

  private target(): string {
    return this.options.keyring.usable ? this.keyringFile : this.keyFileFile;
  }

  private storeFor(file: string): CipherFileTokenStore {
    return new CipherFileTokenStore(file, this.cipher, this.description, this.options.logger, this.options.notices);
  }

  private async newestFile(): Promise<string | null> {
    const times = await Promise.all(
      [this.keyringFile, this.keyFileFile].map(async (file) => {
        try {
          return { file, mtime: (await stat(file)).mtimeMs };
        } catch {
          return null;
        }
      }),
    );
    const present = times.filter((t): t is { file: string; mtime: number } => t !== null);
    present.sort((a, b) => b.mtime - a.mtime);
    return present[0]?.file ?? null;
  }
}

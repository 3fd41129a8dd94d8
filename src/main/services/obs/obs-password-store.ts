/**
 * OBS's WebSocket password, encrypted with the same cipher as the sign-in tokens (Electron's
 * safeStorage, or AES with the key file) in one file of the data directory. It lives only in main:
 * no IPC result, log line or notice carries it.
 */
import { z } from 'zod';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import { EncryptedFile, type TokenCipher } from '../common/encrypted-file';
import type { Logger } from '../logger';

export interface ObsPasswordStore {
  /** The saved password, or null when none is saved (or the file could not be read: set aside and told). */
  load(): Promise<string | null>;
  save(password: string): Promise<void>;
  clear(): Promise<void>;
}

export class MemoryObsPasswordStore implements ObsPasswordStore {
  constructor(private password: string | null = null) {}
  async load(): Promise<string | null> {
    return this.password;
  }
  async save(password: string): Promise<void> {
    this.password = password;
  }
  async clear(): Promise<void> {
    this.password = null;
  }
}

const savedPasswordSchema = z.object({ password: z.string() });

/** The password in one encrypted file (`common/encrypted-file.ts`): a damaged one is set aside and told. */
export class CipherFileObsPasswordStore implements ObsPasswordStore {
  private readonly file: EncryptedFile<z.infer<typeof savedPasswordSchema>>;

  constructor(filePath: string, cipher: TokenCipher, logger?: Logger, notices?: DataRecoveryNotices) {
    this.file = new EncryptedFile({
      path: filePath,
      cipher,
      schema: savedPasswordSchema,
      lost: 'your saved OBS password',
      done: 'Enter the OBS WebSocket password again in the OBS section',
      logger,
      notices,
    });
  }

  async load(): Promise<string | null> {
    return (await this.file.load())?.password ?? null;
  }

  save(password: string): Promise<void> {
    return this.file.save({ password });
  }

  clear(): Promise<void> {
    return this.file.clear();
  }
}

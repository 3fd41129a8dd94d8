/**
 * The one encrypted file of a secret (the sign-in tokens, OBS's WebSocket password): a value checked
 * by its zod schema, as JSON encrypted by a `TokenCipher` (Electron's safeStorage, or AES with the
 * key file), written atomically with mode 0600. A file that cannot be read, decrypted or parsed is
 * set aside whole and named to the broadcaster (DataRecoveryNotices), never overwritten silently;
 * the secret then counts as not saved.
 */
import { rm } from 'node:fs/promises';
import type { z } from 'zod';
import type { Logger } from '../logger';
import { readRaw, recoverWhole, writeFileAtomic } from './atomic-json-file';
import type { DataRecoveryNotices } from './data-recovery-notices';

/** Turns a secret's JSON into bytes on disk and back. */
export interface TokenCipher {
  encrypt(plain: string): Buffer;
  /** Throws when the data cannot be decrypted (wrong key, corrupt file). */
  decrypt(data: Buffer): string;
}

export interface EncryptedFileOptions<T> {
  path: string;
  cipher: TokenCipher;
  schema: z.ZodType<T>;
  /** What is lost with a damaged file, in the broadcaster's words: "your saved sign-in". */
  lost: string;
  /** What Sidestage did about it: "Signed out; sign in again to continue". */
  done: string;
  logger?: Logger;
  notices?: DataRecoveryNotices;
}

export class EncryptedFile<T> {
  constructor(private readonly options: EncryptedFileOptions<T>) {}

  /** The saved value, or null when there is none (or it was damaged: set aside and told). */
  async load(): Promise<T | null> {
    const { path, cipher, schema, logger } = this.options;
    const raw = await readRaw(path);
    if (raw.kind === 'missing') return null;
    let reason: string;
    if (raw.kind === 'unreadable') {
      reason = raw.reason;
    } else {
      let plain: string | null = null;
      try {
        plain = cipher.decrypt(raw.data);
      } catch (error) {
        logger?.warn(`${this.options.lost}: the file could not be decrypted`, { error: error instanceof Error ? error.message : String(error) });
      }
      if (plain !== null) {
        const parsed = schema.safeParse(parseJson(plain));
        if (parsed.success) return parsed.data;
      }
      reason = plain === null ? 'it could not be decrypted (it is damaged, or its key changed)' : 'its contents are not in the form Sidestage expects';
    }
    const recovered = await recoverWhole(path, reason, this.options.lost);
    if (this.options.notices) this.options.notices.add({ ...recovered, done: this.options.done });
    else logger?.warn(`${this.options.lost}: the file was damaged and set aside`, { reason, setAsideAs: recovered.setAsideAs });
    return null;
  }

  async save(value: T): Promise<void> {
    await writeFileAtomic(this.options.path, this.options.cipher.encrypt(JSON.stringify(value)));
  }

  async clear(): Promise<void> {
    await rm(this.options.path, { force: true });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * OBS's WebSocket password, encrypted with the same cipher as the sign-in tokens (Electron's
 * safeStorage, or AES with the key file) in one file of the data directory. It lives only in main:
 * no IPC result, log line or notice carries it.
 */
import { rm } from 'node:fs/promises';
import { readRaw, recoverWhole, writeFileAtomic } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { TokenCipher } from '../auth/token-store';
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

export class CipherFileObsPasswordStore implements ObsPasswordStore {
  constructor(
    private readonly filePath: string,
    private readonly cipher: TokenCipher,
    private readonly logger?: Logger,
    private readonly notices?: DataRecoveryNotices,
  ) {}

  async load(): Promise<string | null> {
    const raw = await readRaw(this.filePath);
    if (raw.kind === 'missing') return null;
    let reason: string;
    if (raw.kind === 'unreadable') {
      reason = raw.reason;
    } else {
      try {
        const parsed: unknown = JSON.parse(this.cipher.decrypt(raw.data));
        if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { password?: unknown }).password === 'string') {
          return (parsed as { password: string }).password;
        }
        reason = 'its contents are not in the form Sidestage expects';
      } catch {
        reason = 'it could not be decrypted (it is damaged, or its key changed)';
      }
    }
    // Set aside rather than overwritten by the next save, and said to the broadcaster.
    const recovered = await recoverWhole(this.filePath, reason, 'your saved OBS password');
    if (this.notices) this.notices.add({ ...recovered, done: 'Enter the OBS WebSocket password again in the OBS section' });
    else this.logger?.warn('OBS password file damaged; treated as no password', { reason, setAsideAs: recovered.setAsideAs });
    return null;
  }

  async save(password: string): Promise<void> {
    await writeFileAtomic(this.filePath, this.cipher.encrypt(JSON.stringify({ password })));
  }

  async clear(): Promise<void> {
    await rm(this.filePath, { force: true });
  }
}

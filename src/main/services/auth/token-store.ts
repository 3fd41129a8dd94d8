import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { readRaw, recoverWhole, writeFileAtomic } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';

/** What Sidestage keeps of a sign-in. Lives only in main; never crosses IPC. */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string | null;
  /** ISO time the access token expires, when known. Refresh is driven by 401s, not by this. */
  expiresAt: string | null;
  scopes: string[];
  /** The client the tokens were issued to; tokens of another client are useless. */
  clientId: string;
  userId: string | null;
  login: string | null;
}

/** Matches the contract's `tokenStorage` (AppInfo), so the renderer can warn about weak storage. */
export interface TokenStoreDescription {
  kind: 'safeStorage' | 'encrypted-file' | 'memory';
  secure: boolean;
  warning: string | null;
}

export interface TokenStore {
  /** The saved tokens, or null when there are none or they cannot be read (treated as signed out). */
  load(): Promise<StoredTokens | null>;
  save(tokens: StoredTokens): Promise<void>;
  clear(): Promise<void>;
  readonly description: TokenStoreDescription;
}

const storedTokensSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().nullable(),
  expiresAt: z.string().nullable(),
  scopes: z.array(z.string()),
  clientId: z.string(),
  userId: z.string().nullable(),
  login: z.string().nullable(),
});

/** Parses what a store read back; anything unexpected is null (signed out) rather than a crash. */
export function parseStoredTokens(json: string): StoredTokens | null {
  try {
    const parsed = storedTokensSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export class MemoryTokenStore implements TokenStore {
  readonly description: TokenStoreDescription = {
    kind: 'memory',
    secure: true,
    warning: 'Your sign-in is kept in memory only; you will need to sign in again after a restart.',
  };
  private tokens: StoredTokens | null;

  constructor(initial: StoredTokens | null = null) {
    this.tokens = initial ? { ...initial, scopes: [...initial.scopes] } : null;
  }

  async load(): Promise<StoredTokens | null> {
    return this.tokens ? { ...this.tokens, scopes: [...this.tokens.scopes] } : null;
  }

  async save(tokens: StoredTokens): Promise<void> {
    this.tokens = { ...tokens, scopes: [...tokens.scopes] };
  }

  async clear(): Promise<void> {
    this.tokens = null;
  }
}

/** Turns the tokens' JSON into bytes on disk and back. Electron's safeStorage or AES with a key file. */
export interface TokenCipher {
  encrypt(plain: string): Buffer;
  /** Throws when the data cannot be decrypted (wrong key, corrupt file). */
  decrypt(data: Buffer): string;
}

/**
 * Tokens in one encrypted file, written atomically (temporary file + rename) with mode 0600,
 * so a crash mid-write never leaves half a file and other local users cannot read it.
 */
export class CipherFileTokenStore implements TokenStore {
  constructor(
    private readonly filePath: string,
    private readonly cipher: TokenCipher,
    readonly description: TokenStoreDescription,
    private readonly logger?: Logger,
    private readonly notices?: DataRecoveryNotices,
  ) {}

  async load(): Promise<StoredTokens | null> {
    const raw = await readRaw(this.filePath);
    if (raw.kind === 'missing') return null;
    let reason: string;
    if (raw.kind === 'unreadable') {
      reason = raw.reason;
    } else {
      let plain: string | null = null;
      try {
        plain = this.cipher.decrypt(raw.data);
      } catch (err) {
        this.logger?.warn('token file could not be decrypted', { error: errorMessage(err) });
      }
      const tokens = plain === null ? null : parseStoredTokens(plain);
      if (tokens) return tokens;
      reason = plain === null ? 'it could not be decrypted (it is damaged, or its key changed)' : 'its contents are not in the form Sidestage expects';
    }
    // Signed out, and said so: the damaged file is kept aside rather than overwritten by the next sign-in.
    const recovered = await recoverWhole(this.filePath, reason, 'your saved sign-in');
    if (this.notices) this.notices.add({ ...recovered, done: 'Signed out; sign in again to continue' });
    else this.logger?.warn('token file damaged; treating as signed out', { reason, setAsideAs: recovered.setAsideAs });
    return null;
  }

  async save(tokens: StoredTokens): Promise<void> {
    const data = this.cipher.encrypt(JSON.stringify(tokens));
    await writeFileAtomic(this.filePath, data);
  }

  async clear(): Promise<void> {
    await rm(this.filePath, { force: true });
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

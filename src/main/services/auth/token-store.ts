import { z } from 'zod';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import { EncryptedFile, type TokenCipher } from '../common/encrypted-file';
import type { Logger } from '../logger';

export type { TokenCipher } from '../common/encrypted-file';

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

/** Tokens in one encrypted file (`common/encrypted-file.ts`): written atomically, mode 0600, a damaged one set aside. */
export class CipherFileTokenStore implements TokenStore {
  private readonly file: EncryptedFile<StoredTokens>;

  constructor(
    filePath: string,
    cipher: TokenCipher,
    readonly description: TokenStoreDescription,
    logger?: Logger,
    notices?: DataRecoveryNotices,
  ) {
    this.file = new EncryptedFile({ path: filePath, cipher, schema: storedTokensSchema, lost: 'your saved sign-in', done: 'Signed out; sign in again to continue', logger, notices });
  }

  load(): Promise<StoredTokens | null> {
    return this.file.load();
  }

  save(tokens: StoredTokens): Promise<void> {
    return this.file.save(tokens);
  }

  clear(): Promise<void> {
    return this.file.clear();
  }
}

import { mkdtemp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAesFileCipher, encryptedFileDescription } from './aes-file-cipher';
import { CipherFileTokenStore, MemoryTokenStore, type StoredTokens, type TokenCipher } from './token-store';

const tokens: StoredTokens = {
  accessToken: 'access-SECRET-abcdef0123456789',
  refreshToken: 'refresh-SECRET-9876543210fedcba',
  expiresAt: '2025-01-01T04:00:00.000Z',
  scopes: ['channel:read:redemptions', 'user:read:broadcast'],
  clientId: 'abcdefghijklmnopqrstuvwxyz0123',
  userId: '141981764',
  login: 'demo_streamer',
};

const posix = process.platform !== 'win32';

describe('MemoryTokenStore', () => {
  it('keeps tokens until cleared and hands out copies', async () => {
    const store = new MemoryTokenStore();
    expect(await store.load()).toBeNull();
    await store.save(tokens);
    const loaded = await store.load();
    expect(loaded).toEqual(tokens);
    loaded!.scopes.push('mutated');
    expect((await store.load())!.scopes).toEqual(tokens.scopes);
    await store.clear();
    expect(await store.load()).toBeNull();
    expect(store.description.kind).toBe('memory');
  });
});

describe('CipherFileTokenStore with the AES key-file cipher', () => {
  let dir: string;
  let tokenPath: string;
  let keyPath: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sidestage-tokens-'));
    tokenPath = join(dir, 'data', 'tokens.enc');
    keyPath = join(dir, 'data', 'token.key');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const newStore = () => new CipherFileTokenStore(tokenPath, createAesFileCipher(keyPath), encryptedFileDescription);

  it('round-trips tokens and re-uses the key file across instances', async () => {
    await newStore().save(tokens);
    expect(await newStore().load()).toEqual(tokens);
  });

  it('never writes a token in plain text', async () => {
    await newStore().save(tokens);
    for (const file of [tokenPath, keyPath]) {
      const bytes = await readFile(file);
      for (const secret of [tokens.accessToken, tokens.refreshToken!, 'SECRET', tokens.login!]) {
        expect(bytes.includes(Buffer.from(secret))).toBe(false);
        expect(bytes.toString('base64').includes(Buffer.from(secret).toString('base64'))).toBe(false);
      }
    }
  });

  it.runIf(posix)('writes the token file and the key file with mode 0600', async () => {
    await newStore().save(tokens);
    expect((await stat(tokenPath)).mode & 0o777).toBe(0o600);
    expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
    expect((await stat(keyPath)).size).toBe(32);
  });

  it('replaces the file atomically, leaving no temporary files', async () => {
    const store = newStore();
    await store.save(tokens);
    await store.save({ ...tokens, accessToken: 'second' });
    expect(await readdir(join(dir, 'data'))).toEqual(['token.key', 'tokens.enc']);
    expect((await store.load())!.accessToken).toBe('second');
  });

  it('has nothing to load before the first save, and nothing after clear', async () => {
    const store = newStore();
    expect(await store.load()).toBeNull();
    await store.save(tokens);
    await store.clear();
    expect(await store.load()).toBeNull();
    await expect(store.clear()).resolves.toBeUndefined();
  });

  it('treats a corrupt token file as signed out', async () => {
    await newStore().save(tokens);
    const bytes = await readFile(tokenPath);
    bytes[bytes.length - 1]! ^= 0xff;
    await writeFile(tokenPath, bytes);
    expect(await newStore().load()).toBeNull();
    await writeFile(tokenPath, 'not encrypted at all');
    expect(await newStore().load()).toBeNull();
    await writeFile(tokenPath, Buffer.alloc(0));
    expect(await newStore().load()).toBeNull();
  });

  it('treats a token file encrypted under a lost key as signed out, and can save again', async () => {
    await newStore().save(tokens);
    await rm(keyPath);
    const store = newStore();
    expect(await store.load()).toBeNull();
    await store.save(tokens);
    expect(await store.load()).toEqual(tokens);
  });

  it('replaces a key file of the wrong size', async () => {
    await newStore().save(tokens);
    await writeFile(keyPath, 'short');
    const store = newStore();
    expect(await store.load()).toBeNull();
    await store.save(tokens);
    expect((await stat(keyPath)).size).toBe(32);
    expect(await newStore().load()).toEqual(tokens);
    // The damaged key and the tokens it could not open are kept aside, not overwritten.
    const names = await readdir(join(keyPath, '..'));
    expect(names.filter((n) => n.includes('.damaged-')).map((n) => n.replace(/\.damaged-.*/, '')).sort()).toEqual(
      [keyPath, tokenPath].map((p) => p.split('/').pop()).sort(),
    );
  });

  it('treats an unreadable token file as signed out', async () => {
    await mkdir(tokenPath, { recursive: true }); // a directory where the file should be: EISDIR
    expect(await newStore().load()).toBeNull();
  });

  it('treats decrypted data of the wrong shape as signed out', async () => {
    const cipher = createAesFileCipher(keyPath);
    await mkdir(join(dir, 'data'), { recursive: true });
    await writeFile(tokenPath, cipher.encrypt(JSON.stringify({ accessToken: 42 })));
    expect(await newStore().load()).toBeNull();
  });

  it('treats a cipher that cannot decrypt (e.g. a changed OS keychain) as signed out', async () => {
    const failing: TokenCipher = {
      encrypt: (plain) => Buffer.from(plain).reverse(),
      decrypt: () => {
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      },
    };
    const store = new CipherFileTokenStore(tokenPath, failing, { kind: 'safeStorage', secure: true, warning: null });
    await store.save(tokens);
    expect(await store.load()).toBeNull();
  });
});

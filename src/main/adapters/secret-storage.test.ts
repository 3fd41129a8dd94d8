import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataRecoveryNotices } from '../services/common/data-recovery-notices';
import { silentLogger } from '../services/logger';
import type { StoredTokens } from '../services/auth/token-store';
import { createSecretStorage, keyringOf, type SafeStorageLike } from './secret-storage';

/** Electron's safeStorage on a machine whose keyring is `backend` (or none): a keyring's data opens only with that keyring. */
function fakeSafeStorage(backend: 'gnome_libsecret' | 'kwallet6' | 'basic_text' | 'unavailable'): SafeStorageLike {
  const available = backend !== 'unavailable';
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => (available ? backend : 'basic_text'),
    encryptString: (plain) => Buffer.from(`${backend === 'basic_text' ? 'v10' : 'v11'}:${backend}:${Buffer.from(plain).toString('base64')}`),
    decryptString: (data) => {
      const [version, by, body] = data.toString('utf8').split(':');
      if (!available || (version === 'v11' && by !== backend)) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(body!, 'base64').toString('utf8');
    },
  };
}

const tokens = (accessToken: string): StoredTokens => ({ accessToken, refreshToken: 'refresh', expiresAt: null, scopes: ['user:read:email'], clientId: 'client', userId: '1', login: 'streamer' });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sidestage-secrets-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** One start of the app on a machine whose keyring is `backend`. */
function start(backend: Parameters<typeof fakeSafeStorage>[0], platform: NodeJS.Platform = 'linux') {
  const safe = fakeSafeStorage(backend);
  const notices = new DataRecoveryNotices(silentLogger);
  const storage = createSecretStorage({ dataDir: dir, safe, keyring: keyringOf(safe, platform), logger: silentLogger, notices });
  return { ...storage, notices };
}

const exists = async (name: string) => stat(join(dir, name)).then(() => true, () => false);

describe('keyringOf', () => {
  it('writes with a real keyring only: basic_text is a key fixed in Chromium, and "unknown" is before ready', () => {
    expect(keyringOf(fakeSafeStorage('gnome_libsecret'), 'linux')).toEqual({ usable: true, readable: true, backend: 'gnome_libsecret' });
    expect(keyringOf(fakeSafeStorage('basic_text'), 'linux')).toEqual({ usable: false, readable: true, backend: 'basic_text' });
    expect(keyringOf(fakeSafeStorage('unavailable'), 'linux')).toMatchObject({ usable: false, readable: false });
    expect(keyringOf({ ...fakeSafeStorage('gnome_libsecret'), getSelectedStorageBackend: () => 'unknown' }, 'linux').usable).toBe(false);
    // Elsewhere there is no backend to ask for (Electron's call is Linux-only).
    expect(keyringOf({ ...fakeSafeStorage('gnome_libsecret'), getSelectedStorageBackend: () => { throw new Error('linux only'); } }, 'win32')).toEqual({ usable: true, readable: true, backend: 'os' });
  });
});

describe('the sign-in across starts whose keyring differs', () => {
  it('with the keyring: kept in tokens.bin, described as the system keyring', async () => {
    const first = start('gnome_libsecret');
    await first.tokenStore.save(tokens('a'));
    expect(await exists('tokens.bin')).toBe(true);
    expect(await exists('tokens.enc')).toBe(false);
    expect(first.tokenStore.description).toEqual({ kind: 'safeStorage', secure: true, warning: null });
    expect(await start('gnome_libsecret').tokenStore.load()).toEqual(tokens('a'));
  });

  it('the keyring is locked next time: signed out and told why, the saved sign-in untouched, and back once the keyring is', async () => {
    await start('gnome_libsecret').tokenStore.save(tokens('a'));
    const saved = await readFile(join(dir, 'tokens.bin'));
    const locked = start('unavailable');
    expect(await locked.tokenStore.load()).toBeNull();
    expect(locked.notices.list()).toEqual([
      expect.objectContaining({
        file: 'tokens.bin',
        setAsideAs: null,
        reason: expect.stringMatching(/encrypted by your system keyring, which Sidestage cannot use now/),
        done: 'Kept it unchanged and started signed out',
        consequence: expect.stringMatching(/^Unlock or start your keyring/),
      }),
    ]);
    expect(await readFile(join(dir, 'tokens.bin'))).toEqual(saved);
    expect(locked.tokenStore.description.kind).toBe('encrypted-file');
    const back = start('gnome_libsecret');
    expect(await back.tokenStore.load()).toEqual(tokens('a'));
    expect(back.notices.list()).toEqual([]);
  });

  it('the keyring cannot be reached and Chromium falls back to basic_text (encryption "available"): kept and told, not set aside as damaged', async () => {
    await start('gnome_libsecret').tokenStore.save(tokens('a'));
    const saved = await readFile(join(dir, 'tokens.bin'));
    const fallback = start('basic_text');
    expect(await fallback.tokenStore.load()).toBeNull();
    expect(fallback.notices.list()).toEqual([expect.objectContaining({ file: 'tokens.bin', setAsideAs: null, done: 'Kept it unchanged and started signed out' })]);
    expect(await readFile(join(dir, 'tokens.bin'))).toEqual(saved);
    expect(() => fallback.cipher.decrypt(saved)).toThrow('it is encrypted by your system keyring, which Sidestage cannot use now');
    expect(await start('gnome_libsecret').tokenStore.load()).toEqual(tokens('a'));
  });

  it('signing in again while the keyring is locked replaces the old sign-in, which does not come back with the keyring', async () => {
    await start('gnome_libsecret').tokenStore.save(tokens('old'));
    const locked = start('unavailable');
    await locked.tokenStore.load();
    await locked.tokenStore.save(tokens('new'));
    expect(await exists('tokens.bin')).toBe(false);
    expect(await exists('tokens.enc')).toBe(true);
    // The keyring is back: the newer sign-in is read, and moved into the keyring.
    expect(await start('gnome_libsecret').tokenStore.load()).toEqual(tokens('new'));
    expect(await exists('tokens.bin')).toBe(true);
    expect(await exists('tokens.enc')).toBe(false);
  });

  it('a sign-in kept with the key file moves into the keyring once there is one', async () => {
    await start('unavailable').tokenStore.save(tokens('a'));
    const keyring = start('kwallet6');
    expect(await keyring.tokenStore.load()).toEqual(tokens('a'));
    expect(await exists('tokens.enc')).toBe(false);
    expect((await readFile(join(dir, 'tokens.bin'))).toString('utf8')).toMatch(/^v11:kwallet6:/);
    expect(await start('kwallet6').tokenStore.load()).toEqual(tokens('a'));
  });

  it('a sign-in basic_text encrypted (its key is public) moves to the key file', async () => {
    // What Sidestage wrote before it stopped writing with basic_text.
    await writeFile(join(dir, 'tokens.bin'), fakeSafeStorage('basic_text').encryptString(JSON.stringify(tokens('a'))));
    const basic = start('basic_text');
    expect(await basic.tokenStore.load()).toEqual(tokens('a'));
    expect(await exists('tokens.bin')).toBe(false);
    expect(await exists('tokens.enc')).toBe(true);
    expect(basic.tokenStore.description).toMatchObject({ kind: 'encrypted-file', secure: false });
  });

  it('encrypted by another keyring (GNOME Keyring, now KWallet): set aside and told, never silently', async () => {
    await start('gnome_libsecret').tokenStore.save(tokens('a'));
    const other = start('kwallet6');
    expect(await other.tokenStore.load()).toBeNull();
    expect(other.notices.list()).toEqual([expect.objectContaining({ file: 'tokens.bin', setAsideAs: expect.stringMatching(/^tokens\.bin\.damaged-/), done: 'Signed out; sign in again to continue' })]);
  });

  it('reads the newest of two files, and clear removes both', async () => {
    await writeFile(join(dir, 'tokens.bin'), fakeSafeStorage('gnome_libsecret').encryptString(JSON.stringify(tokens('older'))));
    const old = new Date(Date.now() - 60_000);
    await utimes(join(dir, 'tokens.bin'), old, old);
    await start('unavailable').tokenStore.save(tokens('newer'));
    // Written by hand, so that both are there.
    await writeFile(join(dir, 'tokens.bin'), fakeSafeStorage('gnome_libsecret').encryptString(JSON.stringify(tokens('older'))));
    await utimes(join(dir, 'tokens.bin'), old, old);
    const keyring = start('gnome_libsecret');
    expect(await keyring.tokenStore.load()).toEqual(tokens('newer'));
    await keyring.tokenStore.clear();
    expect(await exists('tokens.bin')).toBe(false);
    expect(await exists('tokens.enc')).toBe(false);
  });

  it('the OBS password (or any secret) written either way is read by the one cipher whenever its kind can be', () => {
    const withKeyring = start('gnome_libsecret').cipher;
    const withKeyFile = start('unavailable').cipher;
    const sealedByKeyring = withKeyring.encrypt('obs password');
    const sealedByKeyFile = withKeyFile.encrypt('obs password');
    expect(withKeyring.decrypt(sealedByKeyFile)).toBe('obs password');
    expect(withKeyFile.decrypt(sealedByKeyFile)).toBe('obs password');
    expect(withKeyring.decrypt(sealedByKeyring)).toBe('obs password');
    expect(() => withKeyFile.decrypt(sealedByKeyring)).toThrow('it is encrypted by your system keyring, which Sidestage cannot use now');
  });
});

import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAesFileCipher } from '../auth/aes-file-cipher';
import { DataRecoveryNotices } from '../common/data-recovery-notices';
import { silentLogger } from '../logger';
import { CipherFileObsPasswordStore } from './obs-password-store';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function store() {
  const dir = await mkdtemp(join(tmpdir(), 'obs-password-'));
  dirs.push(dir);
  const notices = new DataRecoveryNotices(silentLogger);
  const file = join(dir, 'obs-password.enc');
  return { dir, file, notices, store: new CipherFileObsPasswordStore(file, createAesFileCipher(join(dir, 'token.key')), silentLogger, notices) };
}

describe('CipherFileObsPasswordStore', () => {
  it('keeps the password encrypted on disk and reads it back; clear forgets it', async () => {
    const { file, store: passwords } = await store();
    expect(await passwords.load()).toBeNull();
    await passwords.save('correct horse battery');
    expect((await readFile(file)).toString('latin1')).not.toContain('correct horse');
    expect(await passwords.load()).toBe('correct horse battery');
    await passwords.clear();
    expect(await passwords.load()).toBeNull();
  });

  it('sets a damaged file aside and says so, treating it as no password', async () => {
    const { dir, file, notices, store: passwords } = await store();
    await writeFile(file, 'not encrypted at all');
    expect(await passwords.load()).toBeNull();
    expect(notices.list()).toHaveLength(1);
    expect(notices.list()[0]).toMatchObject({ lost: 'your saved OBS password' });
    expect((await readdir(dir)).some((name) => name.startsWith('obs-password.enc.damaged-'))).toBe(true);
  });
});

import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAesFileCipher } from '../auth/aes-file-cipher';
import { silentLogger } from '../logger';
import { DataRecoveryNotices } from './data-recovery-notices';
import { EncryptedFile } from './encrypted-file';

const schema = z.object({ secret: z.string().min(1) });

describe('EncryptedFile', () => {
  let dir: string;
  let notices: DataRecoveryNotices;
  let file: EncryptedFile<z.infer<typeof schema>>;
  const path = () => join(dir, 'secret.enc');

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sidestage-encrypted-file-'));
    notices = new DataRecoveryNotices(silentLogger);
    file = new EncryptedFile({ path: path(), cipher: createAesFileCipher(join(dir, 'key')), schema, lost: 'the test secret', done: 'Asked for it again', notices });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the value encrypted, readable only by the user, and clears it', async () => {
    expect(await file.load()).toBeNull();
    await file.save({ secret: 'hunter2-and-more' });
    expect((await readFile(path())).includes('hunter2')).toBe(false);
    expect((await stat(path())).mode & 0o777).toBe(0o600);
    expect(await file.load()).toEqual({ secret: 'hunter2-and-more' });
    await file.clear();
    expect(await file.load()).toBeNull();
  });

  it('sets a file it cannot decrypt aside and names it', async () => {
    await writeFile(path(), 'not encrypted at all');
    expect(await file.load()).toBeNull();
    const [notice] = notices.list();
    expect(notice).toMatchObject({ file: 'secret.enc', lost: 'the test secret', done: 'Asked for it again', reason: expect.stringMatching(/could not be decrypted/) });
    expect(await readdir(dir)).toContain(notice!.setAsideAs);
  });

  it('sets aside a file whose decrypted value its schema refuses', async () => {
    const cipher = createAesFileCipher(join(dir, 'key'));
    await writeFile(path(), cipher.encrypt(JSON.stringify({ secret: '' })));
    expect(await file.load()).toBeNull();
    expect(notices.list()[0]).toMatchObject({ reason: expect.stringMatching(/not in the form/) });
    await writeFile(path(), cipher.encrypt('{not json'));
    expect(await file.load()).toBeNull();
    expect(notices.list()).toHaveLength(2);
  });
});

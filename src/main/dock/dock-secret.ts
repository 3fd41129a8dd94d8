import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The per-install dock secret: created once, kept in the data directory with mode 0600. */
export async function loadOrCreateDockSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'dock-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (/^[A-Za-z0-9_-]{32,}$/.test(existing)) return existing;
  } catch {
    // none yet
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(24).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

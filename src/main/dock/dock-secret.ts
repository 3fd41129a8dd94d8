import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ensurePrivateDir, readRaw, recoverWhole, writeFileAtomic } from '../services/common/atomic-json-file';
import type { DataRecoveryNotices } from '../services/common/data-recovery-notices';

const dockSecretFileName = 'dock-secret';
const secretPattern = /^[A-Za-z0-9_-]{32,}$/;

/**
 * The per-install dock secret: created once, kept in the data directory with mode 0600.
 * A damaged one is set aside and replaced, and `notices` hears that the OBS dock URL changed
 * (a broadcaster's OBS dock stops working until the new URL is pasted in).
 */
export async function loadOrCreateDockSecret(dataDir: string, notices?: DataRecoveryNotices): Promise<string> {
  const file = join(dataDir, dockSecretFileName);
  const raw = await readRaw(file);
  if (raw.kind === 'read') {
    const existing = raw.data.toString('utf8').trim();
    if (secretPattern.test(existing)) return existing;
  }
  await ensurePrivateDir(dataDir);
  if (raw.kind !== 'missing') {
    const reason = raw.kind === 'unreadable' ? raw.reason : raw.data.length === 0 ? 'it is empty' : 'it does not hold a valid secret';
    const recovered = await recoverWhole(file, reason, 'the old dock secret');
    notices?.add({
      ...recovered,
      done: 'Made a new dock secret',
      consequence: 'The OBS dock URL has changed: copy the new "dock ready at" URL into OBS (Docks > Custom Browser Docks).',
    });
  }
  const secret = randomBytes(24).toString('base64url');
  await writeFileAtomic(file, secret);
  return secret;
}

/**
 * Opening the settings file, shared by the app (electron-store) and the dock (`conf`): both throw
 * a bare SyntaxError at construction on a damaged file, and both would silently reset it if told to
 * clear invalid files. So the file is checked first through the one atomic JSON file's read path:
 * a file that is not JSON is set aside whole; a setting whose value has the wrong type is dropped
 * alone (it falls back to its default) while every valid one is kept; the user is told either way.
 */
import { AtomicJsonFile, ensurePrivateDir } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';
import { BackedSettingsStore, MemorySettingsStore, settingKeys, settingSchemas, type KeyValueBackend, type SettingsStore } from './settings-store';

/** electron-store and `conf` store `a.b` keys nested (`{ a: { b } }`). */
function lookup(root: Record<string, unknown>, key: string): { parent: Record<string, unknown>; name: string } | null {
  const parts = key.split('.');
  let node: unknown = root;
  for (const part of parts.slice(0, -1)) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return null;
    node = (node as Record<string, unknown>)[part];
  }
  const name = parts[parts.length - 1]!;
  if (!node || typeof node !== 'object' || Array.isArray(node) || !Object.hasOwn(node, name)) return null;
  return { parent: node as Record<string, unknown>, name };
}

/** Drops each setting of the wrong type; keeps everything else (including keys Sidestage does not know). */
export function validateSettingsObject(raw: unknown): { value: Record<string, unknown>; dropped: number; lost: string; kept: string } | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const value = structuredClone(raw) as Record<string, unknown>;
  const reset: string[] = [];
  let present = 0;
  for (const key of settingKeys) {
    const found = lookup(value, key);
    if (!found) continue;
    present++;
    if (settingSchemas[key].safeParse(found.parent[found.name]).success) continue;
    delete found.parent[found.name];
    reset.push(key);
  }
  return {
    value,
    dropped: reset.length,
    lost: `${reset.length === 1 ? 'the setting' : 'the settings'} ${reset.join(', ')} went back to ${reset.length === 1 ? 'its default' : 'their defaults'}`,
    kept: `${present - reset.length} of ${present} settings`,
  };
}

/** Makes the settings file safe for electron-store or `conf` to open. */
export async function recoverSettingsFile(path: string, notices: DataRecoveryNotices): Promise<void> {
  const file = new AtomicJsonFile<Record<string, unknown>>(path, { describeAll: 'your saved settings (all are back to their defaults)' });
  const { recovered } = await file.read({}, validateSettingsObject);
  // The good part is written back before the library reads the file.
  await file.settled().catch(() => {});
  if (recovered) notices.add({ ...recovered, done: recovered.kept ? 'Kept every valid setting' : 'Started with default settings' });
}

export interface OpenSettingsOptions {
  /** The file electron-store or `conf` will use (`<dir>/config.json`, `<dir>/settings.json`). */
  path: string;
  dataDir: string;
  notices: DataRecoveryNotices;
  logger: Logger;
  /** Builds the library's store; called after the file has been checked. */
  open: () => KeyValueBackend;
}

/**
 * The data directory made private (0700) before anything is written into it, the settings file
 * checked, then the library opened. If the library still cannot open it, Sidestage starts on
 * default settings for this session and says so, rather than not starting.
 */
export async function openSettingsStore(options: OpenSettingsOptions): Promise<SettingsStore> {
  await ensurePrivateDir(options.dataDir);
  await recoverSettingsFile(options.path, options.notices);
  try {
    return new BackedSettingsStore(options.open());
  } catch (error) {
    options.logger.error('the settings file could not be opened', { file: options.path, error: (error as Error).name });
    options.notices.add({
      file: options.path,
      setAsideAs: null,
      reason: `it could not be opened (${(error as NodeJS.ErrnoException).code ?? (error as Error).name})`,
      done: 'Started with default settings for this session; changes will not be saved',
      lost: 'your saved settings, for this session',
      kept: null,
    });
    return new MemorySettingsStore();
  }
}

/** Settings files are private like every other file in the data directory. */
export const settingsFileMode = 0o600;

/**
 * The broadcaster's automations in one file of the data directory (`automations.json`), written
 * atomically; a damaged file is set aside and named, its readable automations kept. Also the
 * export and import of automations: JSON, versioned, checked whole, a file from a newer Sidestage
 * or a damaged one refused with the reason.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  automationSchema,
  automationsFormatName,
  automationsFormatVersion,
  type Automation,
  type AutomationInput,
  type AutomationsFile,
} from '../../../shared/ipc/contract';
import { migrateAutomation, readableAutomationsVersions } from '../../../shared/domain/automation-migration';
import { AtomicJsonFile, isDiskFull, keepValid } from '../common/atomic-json-file';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import { AppError } from '../app-error';

export const automationsFileName = 'automations.json';

function writeError(error: unknown): AppError {
  if (isDiskFull(error)) return new AppError('unavailable', 'Your disk is full, so Sidestage could not save your automations. Free some space and try again.');
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return new AppError('unavailable', `Sidestage could not save your automations${code ? ` (${code})` : ''}. Try again.`);
}

/** The file's version when this Sidestage reads it, else null. */
function readableVersion(version: unknown): number | null {
  return readableAutomationsVersions.find((v) => v === version) ?? null;
}

export function newAutomationId(): string {
  return randomUUID();
}

export class AutomationStore {
  private automations: Automation[];
  private paused: boolean;

  private constructor(
    private readonly file: AtomicJsonFile<AutomationsFile>,
    initial: AutomationsFile,
  ) {
    this.automations = initial.automations;
    this.paused = initial.paused ?? false;
  }

  static async open(dataDir: string, notices?: DataRecoveryNotices): Promise<AutomationStore> {
    const file = new AtomicJsonFile<AutomationsFile>(join(dataDir, automationsFileName), { describeAll: 'every automation' });
    const empty: AutomationsFile = { format: automationsFormatName, version: automationsFormatVersion, paused: false, automations: [] };
    const { value, recovered } = await file.read(empty, (raw) => {
      if (!raw || typeof raw !== 'object') return null;
      const fileValue = raw as Record<string, unknown>;
      // A file of another program, or of a newer Sidestage: set aside whole rather than misread.
      const version = readableVersion(fileValue.version);
      if (fileValue.format !== automationsFormatName || version === null || !Array.isArray(fileValue.automations)) return null;
      const items = fileValue.automations as unknown[];
      const seen = new Set<string>();
      // An older file is read in today's shape; the next save writes it so.
      const { kept, dropped } = keepValid(items, (item) => {
        const parsed = automationSchema.safeParse(migrateAutomation(item, version));
        if (!parsed.success || seen.has(parsed.data.id)) return null;
        seen.add(parsed.data.id);
        return parsed.data;
      });
      return {
        value: { ...empty, paused: fileValue.paused === true, automations: kept },
        dropped,
        lost: `${dropped} of ${items.length} automation${items.length === 1 ? '' : 's'}`,
        kept: `${kept.length} automation${kept.length === 1 ? '' : 's'}`,
      };
    });
    if (recovered) notices?.add({ ...recovered, done: recovered.kept ? 'Kept every readable automation' : 'Started with no automations' });
    return new AutomationStore(file, value);
  }

  list(): Automation[] {
    return this.automations;
  }

  get(id: string): Automation | undefined {
    return this.automations.find((a) => a.id === id);
  }

  isPaused(): boolean {
    return this.paused;
  }

  /** Creates (no id, or an id not kept) or replaces an automation; resolves once it is on disk. */
  async save(input: AutomationInput): Promise<Automation> {
    const automation: Automation = automationSchema.parse({ ...input, id: input.id ?? newAutomationId() });
    const index = this.automations.findIndex((a) => a.id === automation.id);
    const next = index === -1 ? [...this.automations, automation] : this.automations.map((a, i) => (i === index ? automation : a));
    await this.commit(next, this.paused);
    return automation;
  }

  async add(automations: Automation[]): Promise<void> {
    await this.commit([...this.automations, ...automations], this.paused);
  }

  async remove(id: string): Promise<void> {
    await this.commit(
      this.automations.filter((a) => a.id !== id),
      this.paused,
    );
  }

  async setPaused(paused: boolean): Promise<void> {
    await this.commit(this.automations, paused);
  }

  /** Written first, kept in memory after: a failed write changes nothing. */
  private async commit(automations: Automation[], paused: boolean): Promise<void> {
    try {
      await this.file.write({ format: automationsFormatName, version: automationsFormatVersion, paused, automations });
    } catch (error) {
      throw writeError(error);
    }
    this.automations = automations;
    this.paused = paused;
  }
}

/** An export: the chosen automations as a versioned JSON file. */
export function exportAutomations(automations: readonly Automation[], now: Date): { json: string; fileName: string } {
  const file: AutomationsFile = { format: automationsFormatName, version: automationsFormatVersion, automations: [...automations] };
  return { json: `${JSON.stringify(file, null, 2)}\n`, fileName: `sidestage-automations-${now.toISOString().slice(0, 10)}.json` };
}

/**
 * The automations of an exported file, checked whole: anything wrong refuses the file with the
 * reason (an import that takes half a file would leave the broadcaster guessing what is missing).
 */
export function parseAutomationsExport(json: string): Automation[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new AppError('invalid_argument', 'This file is not valid JSON (it may have been cut short): nothing was imported.');
  }
  if (!raw || typeof raw !== 'object' || (raw as { format?: unknown }).format !== automationsFormatName) {
    throw new AppError('invalid_argument', 'This is not a Sidestage automations file: nothing was imported.');
  }
  const { version, automations } = raw as { version?: unknown; automations?: unknown };
  if (typeof version === 'number' && Number.isInteger(version) && version > automationsFormatVersion) {
    throw new AppError('invalid_argument', `This file comes from a newer Sidestage (automations format ${version}; this one reads format ${automationsFormatVersion}). Update Sidestage to import it.`);
  }
  const readable = readableVersion(version);
  if (readable === null) throw new AppError('invalid_argument', 'This automations file is damaged: its format version is missing or unknown. Nothing was imported.');
  if (!Array.isArray(automations)) throw new AppError('invalid_argument', 'This automations file is damaged: it has no list of automations. Nothing was imported.');
  return automations.map((item, index) => {
    const parsed = automationSchema.safeParse(migrateAutomation(item, readable));
    if (parsed.success) return parsed.data;
    const name = item && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string' ? ` ("${String((item as { name: string }).name).slice(0, 40)}")` : '';
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new AppError('invalid_argument', `Automation ${index + 1}${name} in this file is damaged${where}: ${(issue?.message ?? 'not in the form Sidestage expects').replace(/\.$/, '')}. Nothing was imported.`);
  });
}

/**
 * What Sidestage had to do about damaged files in its data directory, kept until the user
 * dismisses it: the renderer shows each as a banner (`data:getNotices`, `data:changed`), and each
 * is logged once. Notices name files and counts only, never contents (they may hold tokens).
 */
import { basename } from 'node:path';
import type { DataRecoveryNotice } from '../../../shared/ipc/contract';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { Logger } from '../logger';
import type { Recovery } from './atomic-json-file';

export interface NoticeInput extends Recovery {
  /** What Sidestage did about it, e.g. "Started a new notification history". */
  done: string;
  /** A consequence the user must act on, e.g. "The OBS dock URL has changed". */
  consequence?: string | null;
}

export class DataRecoveryNotices {
  private notices: DataRecoveryNotice[] = [];
  private readonly changes = new Emitter<DataRecoveryNotice[]>();
  private seq = 0;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  add(input: NoticeInput): DataRecoveryNotice {
    const notice: DataRecoveryNotice = {
      id: `${this.now().getTime()}-${++this.seq}`,
      file: basename(input.file),
      setAsideAs: input.setAsideAs ? basename(input.setAsideAs) : null,
      reason: input.reason,
      done: input.done,
      lost: input.lost,
      kept: input.kept,
      consequence: input.consequence ?? null,
      at: this.now().toISOString(),
    };
    this.notices = [...this.notices, notice];
    this.logger.warn(`damaged data file ${notice.file}: ${notice.reason}; ${notice.done}`, {
      file: input.file,
      setAsideAs: input.setAsideAs,
      lost: notice.lost,
      kept: notice.kept,
      consequence: notice.consequence,
    });
    this.emit();
    return notice;
  }

  list(): DataRecoveryNotice[] {
    return [...this.notices];
  }

  dismiss(id: string): DataRecoveryNotice[] {
    const before = this.notices.length;
    this.notices = this.notices.filter((n) => n.id !== id);
    if (this.notices.length !== before) this.emit();
    return this.list();
  }

  onChange(listener: (notices: DataRecoveryNotice[]) => void): Disposer {
    return this.changes.on(listener);
  }

  private emit(): void {
    this.changes.fire(this.list());
  }
}

/** One line for a console (the dock CLI prints it before "dock ready"). */
export function formatNotice(notice: DataRecoveryNotice): string {
  const parts = [`${notice.file}: ${notice.reason}.`, `${notice.done}.`];
  if (notice.setAsideAs) parts.push(`The damaged file was kept as ${notice.setAsideAs}.`);
  if (notice.kept) parts.push(`Kept: ${notice.kept}.`);
  if (notice.lost) parts.push(`Could not be recovered: ${notice.lost}.`);
  if (notice.consequence) parts.push(notice.consequence);
  return parts.join(' ');
}

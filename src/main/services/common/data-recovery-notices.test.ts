import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { DataRecoveryNotices, formatNotice } from './data-recovery-notices';

describe('DataRecoveryNotices', () => {
  it('names the file, logs once without contents, announces changes and dismisses', () => {
    const lines: [string, unknown][] = [];
    const logger: Logger = { debug() {}, info() {}, warn: (m, f) => lines.push([m, f]), error() {} };
    const notices = new DataRecoveryNotices(logger, () => new Date(0));
    const seen: number[] = [];
    notices.onChange((list) => seen.push(list.length));
    const notice = notices.add({
      file: '/data/redemption-outbox.json',
      setAsideAs: '/data/redemption-outbox.json.damaged-x',
      reason: '1 part of it was damaged',
      lost: '1 of 3 pending actions',
      kept: '2 pending actions',
      done: 'Kept every readable action',
    });
    expect(notice).toMatchObject({ file: 'redemption-outbox.json', setAsideAs: 'redemption-outbox.json.damaged-x', consequence: null });
    expect(formatNotice(notice)).toContain('Could not be recovered: 1 of 3 pending actions.');
    expect(lines).toHaveLength(1);
    expect(lines[0]![0]).toContain('redemption-outbox.json');
    expect(notices.dismiss(notice.id)).toEqual([]);
    expect(seen).toEqual([1, 0]);
  });

  it('a listener that throws does not stop the others or the notice', () => {
    const logger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
    const notices = new DataRecoveryNotices(logger);
    const seen: number[] = [];
    notices.onChange(() => {
      throw new Error('listener broke');
    });
    notices.onChange((list) => seen.push(list.length));
    notices.add({ file: '/data/a.json', setAsideAs: null, reason: 'damaged', lost: null, kept: null, done: 'Started again' });
    expect(seen).toEqual([1]);
    expect(notices.list()).toHaveLength(1);
  });
});

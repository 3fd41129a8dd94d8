import { describe, expect, it } from 'vitest';
import { toChapterList, toCsv } from './marker-export';

const at = '2026-01-01T10:00:00Z';

describe('toChapterList', () => {
  it('orders by position and starts at 0:00', () => {
    const text = toChapterList([
      { positionSeconds: 5025, description: 'Boss fight', at },
      { positionSeconds: 65, description: 'Intro done', at },
    ]);
    expect(text).toBe('0:00 Start\n1:05 Intro done\n1:23:45 Boss fight\n');
  });
  it('uses a marker at the very start as the first chapter and merges equal seconds', () => {
    const text = toChapterList([
      { positionSeconds: 0, description: 'Intro', at },
      { positionSeconds: 30.2, description: 'A', at },
      { positionSeconds: 30.9, description: 'B', at },
      { positionSeconds: 90, description: '  ', at },
    ]);
    expect(text).toBe('0:00 Intro\n0:30 A / B\n1:30 Marker 4\n');
  });
  it('is a lone start line without markers', () => {
    expect(toChapterList([])).toBe('0:00 Start\n');
  });
});

describe('toCsv', () => {
  it('quotes fields and defuses formulas', () => {
    const csv = toCsv([
      { positionSeconds: 5025, description: 'Boss, "final"', at, result: 'created' },
      { positionSeconds: 1, description: '=HYPERLINK("x")', at },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'position,position_seconds,description,time,result',
      `1:23:45,5025,"Boss, ""final""",${at},created`,
      `0:01,1,"'=HYPERLINK(""x"")",${at},`,
      '',
    ]);
  });
});

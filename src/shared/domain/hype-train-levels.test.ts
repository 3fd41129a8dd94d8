import { describe, expect, it } from 'vitest';
import { hypeTrainLevelId, HypeTrainLevels } from './hype-train-levels';

describe('HypeTrainLevels', () => {
  it('a level counts once per train: the first time it is above the highest seen', () => {
    const levels = new HypeTrainLevels();
    expect(levels.isNewLevel('t1', 1)).toBe(true);
    expect(levels.isNewLevel('t1', 1)).toBe(false);
    expect(levels.isNewLevel('t1', 3)).toBe(true);
    // A late event of a lower level, and another train's own levels.
    expect(levels.isNewLevel('t1', 2)).toBe(false);
    expect(levels.isNewLevel('t2', 2)).toBe(true);
    expect(hypeTrainLevelId('t1', 3)).toBe('hype-level:t1:3');
  });

  it('remembers the latest 100 trains', () => {
    const levels = new HypeTrainLevels();
    for (let i = 0; i <= 100; i++) levels.isNewLevel(`t${i}`, 2);
    expect(levels.isNewLevel('t100', 2)).toBe(false);
    // The oldest was forgotten: its level counts again (a train that old does not come back).
    expect(levels.isNewLevel('t0', 2)).toBe(true);
  });
});

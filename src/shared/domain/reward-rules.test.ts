import { describe, expect, it } from 'vitest';
import { adoptedTitle, checkReward, type RewardFields } from './reward-rules';

const valid: RewardFields = {
  title: 'Hydrate!',
  cost: 100,
  prompt: '',
  backgroundColor: '#9147FF',
  maxPerStream: { isEnabled: false, value: 0 },
  maxPerUserPerStream: { isEnabled: false, value: 0 },
  globalCooldown: { isEnabled: false, seconds: 0 },
};

describe('checkReward', () => {
  it('accepts a valid reward', () => {
    expect(checkReward(valid, ['Song request'], 10)).toEqual({});
  });

  it('applies the platform\'s limits, each on its field', () => {
    const problems = checkReward(
      { ...valid, title: 'x'.repeat(46), cost: 0, prompt: 'p'.repeat(201), backgroundColor: 'purple', maxPerStream: { isEnabled: true, value: 0 }, globalCooldown: { isEnabled: true, seconds: 1.5 } },
      [],
      50,
    );
    expect(Object.keys(problems).sort()).toEqual(['backgroundColor', 'cost', 'count', 'globalCooldown', 'maxPerStream', 'prompt', 'title']);
    expect(problems.title).toBe('At most 45 characters (now 46).');
  });

  it('counts an emoji as one character and titles as unique ignoring case', () => {
    expect(checkReward({ ...valid, title: '🎉'.repeat(45) }, [], null)).toEqual({});
    expect(checkReward({ ...valid, title: ' hydrate! ' }, ['HYDRATE!'], null).title).toMatch(/Another reward/);
    expect(checkReward({ ...valid, title: '   ' }, [], null).title).toMatch(/required/);
  });
});

describe('adoptedTitle', () => {
  it('marks the copy, stays within 45 characters and unique', () => {
    expect(adoptedTitle('VIP for a day', ['VIP for a day'])).toBe('VIP for a day (Sidestage)');
    expect(adoptedTitle('VIP for a day', ['VIP for a day (sidestage)'])).toBe('VIP for a day (Sidestage 2)');
    expect([...adoptedTitle('x'.repeat(45), [])].length).toBe(45);
  });
});

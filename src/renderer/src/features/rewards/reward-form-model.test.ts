import { describe, expect, it } from 'vitest';
import type { CustomReward } from '../../../../shared/ipc/contract';
import { deleteWarning, draftOf, draftProblems, emptyDraft, inputOf, naturalCooldown, rewardAvailability } from './reward-form-model';

describe('reward form', () => {
  it('turns the draft into the contract\'s input (the cooldown in its unit to seconds)', () => {
    const input = inputOf({ ...emptyDraft, title: ' Stretch ', cost: '250', cooldownEnabled: true, cooldown: '2.5', cooldownUnit: 'minutes', maxPerStreamEnabled: true, maxPerStream: '3' });
    expect(input).toMatchObject({ title: 'Stretch', cost: 250, globalCooldown: { isEnabled: true, seconds: 150 }, maxPerStream: { isEnabled: true, value: 3 } });
    const cooldown = (text: string, unit: 'seconds' | 'minutes' | 'hours') => inputOf({ ...emptyDraft, cooldownEnabled: true, cooldown: text, cooldownUnit: unit }).globalCooldown.seconds;
    expect(cooldown('1', 'seconds')).toBe(1);
    expect(cooldown('0.1', 'minutes')).toBe(6);
    expect(cooldown('2', 'hours')).toBe(7200);
  });

  it('shows a cooldown in the largest unit it is a whole number of: 1 s is 1 second, not 0.0166… minutes', () => {
    expect(naturalCooldown(1)).toEqual({ text: '1', unit: 'seconds' });
    expect(naturalCooldown(90)).toEqual({ text: '90', unit: 'seconds' });
    expect(naturalCooldown(300)).toEqual({ text: '5', unit: 'minutes' });
    expect(naturalCooldown(5400)).toEqual({ text: '90', unit: 'minutes' });
    expect(naturalCooldown(7200)).toEqual({ text: '2', unit: 'hours' });
    expect(naturalCooldown(604_800)).toEqual({ text: '168', unit: 'hours' });
  });

  it('sends back what it was given: an unchanged reward saves the same seconds of cooldown and fields', () => {
    const reward: CustomReward = {
      id: 'r1',
      title: 'Hydrate!',
      prompt: 'Drink',
      cost: 300,
      backgroundColor: '#00C7AC',
      isEnabled: true,
      isPaused: false,
      isInStock: true,
      isUserInputRequired: true,
      maxPerStream: { isEnabled: true, value: 5 },
      maxPerUserPerStream: { isEnabled: false, value: 0 },
      globalCooldown: { isEnabled: true, seconds: 90 },
      shouldRedemptionsSkipRequestQueue: false,
      cooldownExpiresAt: null,
      manageable: true,
    };
    // The field shows a unit the number is whole in, the contract takes seconds.
    expect(draftOf(reward)).toMatchObject({ cooldown: '90', cooldownUnit: 'seconds' });
    expect(draftOf({ ...reward, globalCooldown: { isEnabled: true, seconds: 1 } })).toMatchObject({ cooldown: '1', cooldownUnit: 'seconds' });
    expect(draftOf({ ...reward, globalCooldown: { isEnabled: false, seconds: 0 } })).toMatchObject({ cooldown: '1', cooldownUnit: 'minutes' });
    const { id: _id, isPaused: _p, isInStock: _s, cooldownExpiresAt: _c, manageable: _m, ...sent } = reward;
    expect(inputOf(draftOf(reward))).toEqual({ ...sent, maxPerUserPerStream: { isEnabled: false, value: 1 } });
    for (const seconds of [1, 59, 100, 3600, 3601, 5400, 604_800]) {
      expect(inputOf(draftOf({ ...reward, globalCooldown: { isEnabled: true, seconds } })).globalCooldown).toEqual({ isEnabled: true, seconds });
    }
  });

  it('shows the platform\'s refusals before sending', () => {
    expect(draftProblems({ ...emptyDraft, title: 'Hydrate!', cost: '0' }, ['hydrate!'], 3)).toMatchObject({ title: expect.stringMatching(/Another reward/), cost: expect.any(String) });
    expect(draftProblems({ ...emptyDraft, title: 'New', cost: '1.5' }, [], 50)).toMatchObject({ cost: expect.any(String), count: expect.stringMatching(/at most 50/) });
    expect(draftProblems({ ...emptyDraft, title: 'New', cooldownEnabled: true, cooldown: '0' }, [], 1).globalCooldown).toBe('The cooldown must be more than 0 minutes.');
    expect(draftProblems({ ...emptyDraft, title: 'New', cooldownEnabled: true, cooldown: '' , cooldownUnit: 'hours' }, [], 1).globalCooldown).toBe('The cooldown must be more than 0 hours.');
    // Nothing is rounded behind the broadcaster's back: a fraction of a second is refused.
    expect(draftProblems({ ...emptyDraft, title: 'New', cooldownEnabled: true, cooldown: '1.5', cooldownUnit: 'seconds' }, [], 1).globalCooldown).toMatch(/whole seconds: 1.5 seconds is 1.5 seconds/);
    expect(draftProblems({ ...emptyDraft, title: 'New', cooldownEnabled: true, cooldown: '0.01', cooldownUnit: 'minutes' }, [], 1).globalCooldown).toMatch(/0.01 minutes is 0.6 seconds/);
    expect(draftProblems({ ...emptyDraft, title: 'New', cooldownEnabled: true, cooldown: '1.5', cooldownUnit: 'minutes' }, [], 1)).toEqual({});
    expect(draftProblems({ ...emptyDraft, title: 'Fine' }, [], 1)).toEqual({});
  });

  it('says what happens to open redemptions on delete', () => {
    expect(deleteWarning('Hydrate!', 3)).toMatch(/Its 3 redemptions waiting in the queue will be marked fulfilled/);
    expect(deleteWarning('Hydrate!', 0)).toMatch(/no redemptions waiting/);
  });

  it('says a reward on cooldown is on cooldown, with when it is back, not "out of stock"', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    const limits = { maxPerStream: { isEnabled: false, value: 1 } };
    expect(rewardAvailability({ ...limits, isInStock: false, cooldownExpiresAt: '2026-01-01T10:02:15Z' }, now)).toBe('on cooldown, back in 2:15');
    expect(rewardAvailability({ ...limits, isInStock: true, cooldownExpiresAt: null }, now)).toBeNull();
    // Read during a cooldown that has ended since: not "out of stock".
    expect(rewardAvailability({ ...limits, isInStock: false, cooldownExpiresAt: '2026-01-01T09:59:00Z' }, now)).toBeNull();
    expect(rewardAvailability({ ...limits, isInStock: false, cooldownExpiresAt: null }, now)).toBe('out of stock');
    expect(rewardAvailability({ maxPerStream: { isEnabled: true, value: 3 }, isInStock: false, cooldownExpiresAt: null }, now)).toBe('limit for this stream reached');
  });
});

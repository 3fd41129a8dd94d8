import { describe, expect, it } from 'vitest';
import { ApiError } from '../domain/api-error';
import { RequestParams } from './request-params';

const params = (query: Record<string, string | string[]>) => new RequestParams(query);

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.message}`;
    throw error;
  }
  throw new Error('no refusal');
}

describe('RequestParams.boolean', () => {
  it('takes true and false in any letter case', () => {
    for (const raw of ['true', 'True', 'TRUE', 'tRuE']) expect(params({ live_only: raw }).boolean('live_only', false), raw).toBe(true);
    for (const raw of ['false', 'False', 'FALSE']) expect(params({ live_only: raw }).boolean('live_only', true), raw).toBe(false);
    expect(params({}).boolean('live_only', true)).toBe(true);
    expect(params({ live_only: '' }).boolean('live_only', false)).toBe(false);
  });

  it('refuses anything else with a 400 naming the parameter', () => {
    for (const raw of ['1', '0', 'yes', 't', ' true', 'true ', 'truee']) {
      expect(refusal(() => params({ live_only: raw }).boolean('live_only', false)), raw).toBe('400 Invalid parameter "live_only": must be true or false');
    }
  });
});

describe('RequestParams.integer', () => {
  it('takes decimal digits with an optional sign', () => {
    expect(params({ first: '+5' }).integer('first', { min: 1, max: 100 })).toBe(5);
    expect(params({ first: '05' }).integer('first', { min: 1, max: 100 })).toBe(5);
    expect(params({ first: '-3' }).integer('first', {})).toBe(-3);
    // A repeated single-valued parameter: the first value counts.
    expect(params({ first: ['7', '9'] }).integer('first', {})).toBe(7);
  });

  it('refuses fractions, exponents, spaces and out-of-range values naming the parameter', () => {
    for (const raw of ['5.0', '1e1', ' 5', '5 ', '0x10', '++5', 'five']) {
      expect(refusal(() => params({ first: raw }).integer('first', { min: 1, max: 100 })), raw).toBe('400 Invalid parameter "first": must be an integer');
    }
    expect(refusal(() => params({ first: '101' }).integer('first', { min: 1, max: 100 }))).toBe('400 Invalid parameter "first": must be at most 100');
    expect(refusal(() => params({ first: '+0' }).integer('first', { min: 1, max: 100 }))).toBe('400 Invalid parameter "first": must be at least 1');
  });
});
